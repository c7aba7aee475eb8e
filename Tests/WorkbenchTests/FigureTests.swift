import Boards
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Search
@testable import Workbench
import XCTest

/// The SVG figures: round ticks, labels that fit, agents in the tables' order,
/// intervals where the summary has them, the SPRT's path, well-formed and
/// deterministic output.
final class FigureTests: XCTestCase {
    static let roundRobin = TournamentTallyTests.roundRobin
    static let deals = TournamentTallyTests.deals

    func summary(_ t: (config: TournamentConfig, records: [GameRecord])) throws -> TournamentSummary {
        try TournamentSummary(config: t.config, records: t.records, wallSeconds: nil, gamesThisRun: 0, threads: nil)
    }

    /// A puzzle summary whose agents have long specs and a pass target.
    func longNamedPuzzle() throws -> TournamentSummary {
        var s = try summary(Self.deals)
        let long = ["greedy:eval=results/coin-sorter-learning/weights.bin",
                    "expectimax:depth=2,samples=24,width=16,eval=results/coin-sorter-learning/weights.bin",
                    "expectimax:depth=2,eval=results/coin-sorter-learning/weights.bin"]
        var renamed: [String: String] = [:]
        for i in s.puzzleAgents.indices {
            renamed[s.puzzleAgents[i].agent] = long[i]
            s.puzzleAgents[i].agent = long[i]
            s.puzzleAgents[i].passes = [1, 5, 8][i]
            s.puzzleAgents[i].passTotal = 8
        }
        for k in s.puzzleComparisons.indices {
            s.puzzleComparisons[k].agentA = renamed[s.puzzleComparisons[k].agentA]!
            s.puzzleComparisons[k].agentB = renamed[s.puzzleComparisons[k].agentB]!
        }
        return s
    }

    /// The text elements of an SVG: content, position, anchor, size, class.
    final class Texts: NSObject, XMLParserDelegate {
        struct Text { var content = "", x = 0.0, y = 0.0, anchor = "start", size = SVG.fontSize, cls = "", rotated = false }
        var width = 0.0, texts: [Text] = [], intervals = 0
        private var current: Text?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes a: [String: String] = [:]) {
            if name == "svg" { width = Double(a["width"] ?? "") ?? 0 }
            if name == "g", a["class"] == "interval" { intervals += 1 }
            if name == "text" {
                current = Text(x: Double(a["x"]!)!, y: Double(a["y"]!)!, anchor: a["text-anchor"] ?? "start",
                               size: a["font-size"].flatMap(Double.init) ?? SVG.fontSize, cls: a["class"] ?? "",
                               rotated: a["transform"] != nil)
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current?.content += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let t = current { texts.append(t); current = nil }
        }
    }

    func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> Texts {
        let parser = XMLParser(data: Data(svg.utf8))
        let texts = Texts()
        parser.delegate = texts
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
        return texts
    }

    // MARK: - Axes

    func testTicksAreOneTwoFiveMultiplesCoveringTheData() {
        let ranges: [[Double]] = [[-443, 358], [-4.2, 4.2], [-8.4, 8.4], [7, 23], [0, 1], [0.0003, 0.0011], [29.9, 30],
                                  [5, 5], [0, 0], [-1e6, 3.3e6], [1e300, 1e300 + 1e290], [1_000_000_000, 1_000_000_001], [0, 299], [-2.944, 2.944, 2.961], [11.3, 11.55]]
        for values in ranges {
            let axis = Axis(covering: values)
            XCTAssertTrue([1, 2, 5].contains(axis.multiple), "\(values)")
            XCTAssertEqual(axis.step, Double(axis.multiple) * pow(10, Double(axis.exponent)), accuracy: axis.step * 1e-12)
            XCTAssertLessThanOrEqual(axis.low, values.min()!, "\(values)")
            XCTAssertGreaterThanOrEqual(axis.high, values.max()!, "\(values)")
            let ticks = axis.ticks
            XCTAssertTrue((3...8).contains(ticks.count), "\(values): \(ticks)")
            XCTAssertEqual(ticks.first, axis.low)
            XCTAssertEqual(ticks.last!, axis.high, accuracy: axis.step * 1e-9)
            for t in ticks {
                let k = t / axis.step
                XCTAssertEqual(k, k.rounded(), accuracy: 1e-6, "\(t) is a multiple of \(axis.step)")
                let label = axis.label(t)
                XCTAssertFalse(label.contains("e") || label == "−0" || label.hasPrefix("-"), label)
            }
        }
        // The defects of issue 40: ratings ticks at −443, −242, …; a tuning axis at ±4.2 and ±8.4.
        XCTAssertEqual(Axis(covering: [-443, 358]).ticks, [-600, -400, -200, 0, 200, 400])
        XCTAssertEqual(Axis(covering: [-8.4, 8.4]).ticks, [-10, -5, 0, 5, 10])
        XCTAssertEqual(Axis(covering: [0, 299]).ticks, [0, 50, 100, 150, 200, 250, 300])
        XCTAssertEqual(Axis(covering: [-20.3, 5]).ticks, [-25, -20, -15, -10, -5, 0, 5])
        XCTAssertEqual(Axis(covering: [-1234.5, 0]).label(-1000), "−1,000")
    }

    func testTheTickLabelsOfEveryTournamentFigureAreRound() throws {
        for s in [try summary(Self.roundRobin), try longNamedPuzzle()] {
            for (name, svg) in TournamentFigures.files(s) {
                let ticks = parse(svg).texts.filter { $0.cls == "tick" }.map { $0.content.replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: ",", with: "") }
                XCTAssertGreaterThanOrEqual(ticks.count, 3, name)
                let values = ticks.compactMap(Double.init)
                XCTAssertEqual(values.count, ticks.count, "\(name): \(ticks)")
                let steps = Set(zip(values, values.dropFirst()).map { (($1 - $0) * 1e6).rounded() / 1e6 })
                XCTAssertEqual(steps.count, 1, "\(name): evenly spaced \(values)")
                let step = try XCTUnwrap(steps.first)
                let mantissa = step / pow(10, log10(step).rounded(.down))
                XCTAssertTrue([1, 2, 5].contains { abs($0 - mantissa) < 1e-6 }, "\(name): step \(step)")
            }
        }
    }

    // MARK: - Labels

    func testNoLabelIsWiderThanItsSpaceAndLongSpecsGetShortNamesWithALegend() throws {
        let s = try longNamedPuzzle()
        let files = TournamentFigures.files(s)
        XCTAssertEqual(files.map(\.0), ["scores.svg", "differences.svg", "pass-rates.svg"])
        for (name, svg) in files {
            let t = parse(svg)
            XCTAssertEqual(t.width, RowChart.width)
            for text in t.texts where !text.rotated {
                let w = SVG.textWidth(text.content, size: text.size)
                let (from, to) = text.anchor == "end" ? (text.x - w, text.x) : text.anchor == "middle" ? (text.x - w / 2, text.x + w / 2) : (text.x, text.x + w)
                XCTAssertGreaterThanOrEqual(from, 0, "\(name): \(text.content)")
                XCTAssertLessThanOrEqual(to, t.width, "\(name): \(text.content)")
            }
            // Row labels stay left of the plot, whose frame starts at the widest label + 24.
            let rows = t.texts.filter { $0.cls == "row" }
            XCTAssertFalse(rows.isEmpty, name)
            for r in rows { XCTAssertLessThanOrEqual(SVG.textWidth(r.content), TournamentFigures.labelWidth + 140, name) }
            // Every long spec is spelled out whole in the legend (its lines joined), and
            // the labels are distinct.
            let legend = t.texts.filter { $0.cls == "legend" }.map { $0.content.trimmingCharacters(in: .whitespaces) }.joined()
            for a in s.puzzleAgents { XCTAssertTrue(legend.contains(a.agent.replacingOccurrences(of: " ", with: "")), "\(name): \(a.agent)") }
            XCTAssertEqual(Set(rows.map(\.content)).count, rows.count, "\(name): distinct labels \(rows.map(\.content))")
        }
        // The short names are the same in every figure: the agent's place in the Scores table.
        let order = TournamentReport.puzzleTableOrder(s).map(\.agent)
        let scores = parse(files[0].1).texts.filter { $0.cls == "legend" }.map(\.content)
        for (i, agent) in order.enumerated() {
            XCTAssertTrue(scores.contains { $0.hasPrefix("\(RowLabels.code(i)) = ") && agent.hasPrefix($0.dropFirst(4)) }, agent)
        }
    }

    func testTextIsWrappedNotCut() {
        let long = "A = expectimax:depth=2,samples=24,width=16,eval=results/coin-sorter-learning/weights.bin"
        let lines = Text.wrap(long, width: 200, indent: "  ")
        XCTAssertGreaterThan(lines.count, 1)
        for l in lines { XCTAssertLessThanOrEqual(SVG.textWidth(l), 200) }
        XCTAssertEqual(lines.joined().replacingOccurrences(of: " ", with: ""), long.replacingOccurrences(of: " ", with: ""))
    }

    // MARK: - Order and intervals

    func testAgentsAppearInTheTablesOrder() throws {
        let two = try summary(Self.roundRobin)
        let ratings = parse(RatingChart.svg(two)).texts.filter { $0.cls == "row" }.sorted { $0.y < $1.y }.map(\.content)
        XCTAssertEqual(ratings, two.ratings.map(\.agent))
        let puzzle = try summary(Self.deals)
        // The Scores table of summary.md, best mean first.
        let table = puzzle.markdown.split(separator: "\n").drop { $0 != "## Scores" }.filter { $0.hasPrefix("| `") }
            .prefix(puzzle.puzzleAgents.count).map { String($0.split(separator: "`")[1]) }
        for file in [ScoreChart.svg(puzzle), PassRateChart.svg(puzzle)] {
            XCTAssertEqual(parse(file).texts.filter { $0.cls == "row" }.sorted { $0.y < $1.y }.map(\.content), table)
        }
        let differences = parse(DifferencesChart.svg(puzzle)).texts.filter { $0.cls == "row" }.sorted { $0.y < $1.y }.map(\.content)
        XCTAssertEqual(differences, puzzle.puzzleComparisons.map { "\($0.agentA) − \($0.agentB)" })
    }

    func testIntervalsAreDrawnWhereTheSummaryHasThem() throws {
        var two = try summary(Self.roundRobin)
        XCTAssertEqual(parse(RatingChart.svg(two)).intervals, two.ratings.filter { $0.low != nil && $0.high != nil }.count)
        XCTAssertGreaterThan(parse(RatingChart.svg(two)).intervals, 0)
        two.ratings[0].low = nil
        XCTAssertEqual(parse(RatingChart.svg(two)).intervals, two.ratings.filter { $0.low != nil && $0.high != nil }.count)
        let puzzle = try longNamedPuzzle()
        XCTAssertEqual(parse(ScoreChart.svg(puzzle)).intervals, puzzle.puzzleAgents.filter { $0.scores.interval != nil }.count)
        XCTAssertEqual(parse(DifferencesChart.svg(puzzle)).intervals, puzzle.puzzleComparisons.filter { $0.comparison.difference.interval != nil }.count)
        XCTAssertEqual(parse(PassRateChart.svg(puzzle)).intervals, puzzle.puzzleAgents.count, "a Wilson interval for every agent")
        XCTAssertFalse(TournamentFigures.files(try summary(Self.deals)).contains { $0.0 == "pass-rates.svg" }, "no pass target, no pass rates")
    }

    // MARK: - SPRT

    func testTheSPRTFigureDrawsTheLLRAfterEachPairAgainstItsBounds() throws {
        let t = try Tournament<TigersGoats>(entrants: [.builtIn("greedy"), .builtIn("random")], gamesPerPairing: 60,
                                            seed: 2, openingPlies: 2, sprt: SPRT(elo0: 0, elo1: 200, alpha: 0.1, beta: 0.1))
        let records = try (0..<t.config.totalGames).map { try t.play($0) }
        let s = try TournamentSummary(config: t.config, records: records, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        let sprt = try XCTUnwrap(s.sprt)
        XCTAssertEqual(sprt.path.map(\.pairs), Array(1...sprt.pairs))
        XCTAssertEqual(sprt.path.last?.llr, sprt.llr)
        var penta = Pentanomial()
        for (k, point) in sprt.path.enumerated() {
            penta.add(records[2 * k].score(of: "greedy")!, records[2 * k + 1].score(of: "greedy")!)
            XCTAssertEqual(point.llr, t.config.sprt!.llr(penta), accuracy: 1e-12)
        }
        XCTAssertFalse(try JSON.text(s).contains("\"path\""), "the path is a figure's, not summary.json's")
        let files = TournamentFigures.files(s)
        XCTAssertEqual(files.map(\.0), ["ratings.svg", "sprt.svg"])
        let texts = parse(files[1].1).texts.map(\.content)
        XCTAssertTrue(texts.contains("accept H1 (\(Axis.label(sprt.upper, decimals: 2)))"), "\(texts)")
        XCTAssertTrue(texts.contains("accept H0 (\(Axis.label(sprt.lower, decimals: 2)))"))
        XCTAssertEqual(files[1].1.components(separatedBy: "<polyline").count - 1, 1)
    }

    func testTheLLRPathKeepsBoundedMemoryEvenlySpaced() {
        var path = LLRPath()
        for k in 1...100_000 { path.add(pairs: k, llr: Double(k)) }
        XCTAssertLessThan(path.points.count, 2 * LLRPath.capacity)
        XCTAssertGreaterThanOrEqual(path.points.count, LLRPath.capacity)
        let gaps = Set(zip(path.points, path.points.dropFirst()).map { $1.pairs - $0.pairs })
        XCTAssertEqual(gaps, [path.stride])
        XCTAssertEqual(path.points.first?.pairs, path.stride)
    }

    // MARK: - Line charts

    func testTheLearningCurveHasItsDataAndASmoothedLine() {
        let curve = (1...200).map { CoinSorterTraining.CurvePoint(episodes: $0 * 1000, count: 1000, meanScore: 10 + sin(Double($0)) + Double($0) / 100) }
        let svg = CoinSorterTraining.svg(curve)
        let t = parse(svg)
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 2, "the raw means and the moving average")
        XCTAssertTrue(t.texts.contains { $0.content.hasPrefix("moving average over 11 points (11,000 episodes)") }, "\(t.texts.map(\.content))")
        XCTAssertTrue(t.texts.contains { $0.content == "training episodes" })
        XCTAssertTrue(t.texts.contains { $0.content == "mean score per deal (points)" })
        XCTAssertEqual(CoinSorterTraining.svg(curve), svg)
        XCTAssertEqual(LineChart.movingAverage([1, 2, 3, 4, 10], window: 3), [1, 2, 3, 17.0 / 3, 10])
        // No data, one point: still a figure.
        _ = parse(CoinSorterTraining.svg([]))
        _ = parse(CoinSorterTraining.svg([curve[0]]))
    }

    func testTheTuningTrajectoryNamesItsParametersOnRoundTicks() throws {
        let settings = try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: 600,
                                          batch: 4, seed: 2, verification: 0,
                                          cEnd: PerWeight(label: "c_end", all: 0.5), rEnd: PerWeight(label: "r_end", all: 1))
        let params = settings.parameters
        var rng = SplitMix64(seed: 1)
        var theta = settings.start
        var points: [(iteration: Int, theta: [Double])] = [(0, theta)]
        for k in 1...600 {
            for i in theta.indices { theta[i] += (Double(rng.next(below: 3)) - 1) * 0.1 * Double(i + 1) }
            points.append((k, theta))
        }
        let svg = TuningReport.trajectorySVG(settings, points)
        let t = parse(svg)
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, params.count)
        for p in params { XCTAssertTrue(t.texts.contains { $0.content.hasPrefix(settings.label(p.name) + ": ") }, p.name) }
        XCTAssertTrue(t.texts.contains { $0.content == "iteration" })
        XCTAssertTrue(t.texts.contains { $0.content.hasPrefix("(θ − start) / c_end") && $0.rotated })
        let ticks = t.texts.filter { $0.cls == "tick" }.map(\.content)
        XCTAssertTrue(ticks.contains("600") && ticks.contains("0"), "\(ticks)")
        // Each line has its own dash pattern: not told apart by colour alone.
        let dashes = Set(svg.split(separator: "\n").filter { $0.hasPrefix("<polyline") }.map { $0.contains("stroke-dasharray") ? String($0.split(separator: "stroke-dasharray=")[1]) : "solid" })
        XCTAssertEqual(dashes.count, params.count)
        XCTAssertEqual(TuningReport.trajectorySVG(settings, points), svg)
    }

    // MARK: - Output

    func testFiguresAreWellFormedXMLAndDeterministic() throws {
        for s in [try summary(Self.roundRobin), try summary(Self.deals), try longNamedPuzzle()] {
            let first = TournamentFigures.files(s), second = TournamentFigures.files(s)
            XCTAssertEqual(first.map(\.1), second.map(\.1))
            for (name, svg) in first {
                _ = parse(svg)
                XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), name)
                XCTAssertFalse(svg.contains("NaN") || svg.contains("inf") || svg.contains("-0.0"), name)
            }
        }
        // A name with XML's reserved characters is escaped.
        var s = try summary(Self.roundRobin)
        s.ratings[0].agent = "a<b>&\"c\""
        XCTAssertTrue(parse(RatingChart.svg(s)).texts.contains { $0.content == "a<b>&\"c\"" })
    }
}
