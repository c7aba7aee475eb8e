import Foundation
import XCTest
import Boards
import Search
@testable import Workbench

/// report.html (docs/report.md): written beside summary.md, self-contained, its embedded
/// positions the engine's (what `bench replay` prints), and Bagh-Chal's perfect-play marks.
final class ReportPageTests: XCTestCase {
    func folder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("report-\(name)-\(UUID().uuidString)")
    }

    /// The viewer's JSON of a page.
    func data(_ page: String) throws -> [String: Any] {
        let start = try XCTUnwrap(page.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    func testATournamentFolderGetsASelfContainedPageWhosePositionsAreTheEnginesReplay() throws {
        let out = folder("tg")
        defer { try? FileManager.default.removeItem(at: out) }
        let t = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn("greedy")], gamesPerPairing: 2, seed: 5)
        _ = try t.run(in: out, threads: 1)
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        // No address anywhere: nothing the page could fetch, no external script or font.
        XCTAssertNil(page.range(of: "http://"))
        XCTAssertNil(page.range(of: "https://"))
        XCTAssertNil(page.range(of: "<script src"))
        XCTAssertNil(page.range(of: "<link"))
        XCTAssertNotNil(page.range(of: "Content-Security-Policy\" content=\"default-src 'none'"))
        XCTAssertNotNil(page.range(of: "<svg"), "the ratings figure is inlined")
        XCTAssertNotNil(page.range(of: "<h3>Ratings</h3>"))
        let d = try data(page)
        let games = try XCTUnwrap(d["games"] as? [[String: Any]])
        XCTAssertEqual(games.count, 2)
        XCTAssertEqual(d["kept"] as? Int, 2)
        let records = try RecordLog.read(out.appendingPathComponent("games.jsonl")).records.sorted { $0.index < $1.index }
        for (g, r) in zip(games, records) {
            XCTAssertEqual(g["i"] as? Int, r.index)
            let texts = try XCTUnwrap(g["P"] as? [String])
            let plies = r.opening + r.moves
            XCTAssertEqual(texts.count, plies.count + 1)
            // Ply p is what `bench replay` of the first p plies prints (Replay.play).
            for p in [0, 1, plies.count / 2, plies.count] {
                XCTAssertEqual(texts[p], try Replay.play(Array(plies.prefix(p)), from: TigersGoats()).position.text, "game \(r.index) ply \(p)")
            }
        }
    }

    func testALargeRunsPageHoldsAPairOfEveryPairingAtATimeUpToTheGameBudget() throws {
        let out = folder("budget")
        defer { try? FileManager.default.removeItem(at: out) }
        // Three pairings of four games: indices 0-3, 4-7, 8-11.
        let t = try Tournament<BaghChal>(entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("alphabeta:depth=1")],
                                         gamesPerPairing: 4, seed: 9)
        let summary = try t.run(in: out, threads: 2)
        let page = try ReportPage.tournament(summary, folder: out, files: [], positionBudget: 1, gameBudget: 6)
        let d = try data(page)
        let games = try XCTUnwrap(d["games"] as? [[String: Any]])
        XCTAssertEqual(games.map { $0["i"] as? Int }, [0, 1, 4, 5, 8, 9], "the first pair of each pairing, listed by index")
        XCTAssertEqual(d["total"] as? Int, 12)
        XCTAssertEqual(d["shown"] as? Int, 6)
        // Positions follow the same order: a budget of one byte keeps the first game's.
        XCTAssertEqual(d["kept"] as? Int, 1)
        XCTAssertEqual(games.filter { $0["P"] != nil }.map { $0["i"] as? Int }, [0])
        let whole = try data(try ReportPage.tournament(summary, folder: out, files: []))
        XCTAssertEqual((whole["games"] as? [[String: Any]])?.count, 12)
        XCTAssertEqual(whole["kept"] as? Int, 12)
    }

    func testARunsPageFromTheRecordsItsLogKeptIsThePageReadBackFromItsFolder() throws {
        let out = folder("kept")
        defer { try? FileManager.default.removeItem(at: out) }
        let t = try Tournament<BaghChal>(entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("alphabeta:depth=1")],
                                         gamesPerPairing: 4, seed: 9)
        _ = try t.run(in: out, threads: 2)
        // The log cut to its first five records and the run resumed: the page's games
        // come from the records read on resume and from those the run appended.
        let log = out.appendingPathComponent("games.jsonl")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        try (lines.prefix(5).joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let summary = try t.run(in: out, resume: true, threads: 2)
        let written = try data(String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8))
        let readBack = try data(ReportPage.tournament(summary, folder: out, files: []))
        XCTAssertEqual(written["total"] as? Int, 12)
        XCTAssertEqual(written["shown"] as? Int, 12)
        XCTAssertEqual(written as NSDictionary, readBack as NSDictionary)
    }

    func testMoveTimesAreWrittenToThreeSignificantDigitsAsPrintfRoundsThem() {
        var rng = SplitMix64(seed: 4)
        var values: [Double] = [0, 1, 0.5, 1e-6, 9.995e-5, 0.00012345, 123.45, 999.5, 1234.5, 3.2759999157860875e-06]
        for _ in 0..<20_000 {
            values.append(Double(rng.next() % 1_000_000_000) * [1e-12, 1e-9, 1e-6, 1e-3][Int(rng.next() % 4)])
        }
        for x in values {
            let ours = ReplayData.seconds(x), printf = String(format: "%.3g", x)
            XCTAssertEqual(Double(ours), Double(printf), "\(x): \(ours) against printf's \(printf)")
            XCTAssertLessThanOrEqual(ours.count, max(printf.count, 8), "\(x): \(ours)")
        }
    }

    func testCoinSorterCascadeStepsEndOnTheRefereesPositions() throws {
        let out = folder("cs")
        defer { try? FileManager.default.removeItem(at: out) }
        let t = try Tournament<CoinSorter>(entrants: [.builtIn("greedy")], deals: 3, seed: 2)
        _ = try t.run(in: out, threads: 1)
        let d = try data(try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8))
        let records = try RecordLog.read(out.appendingPathComponent("games.jsonl")).records.sorted { $0.index < $1.index }
        for (g, r) in zip(try XCTUnwrap(d["games"] as? [[String: Any]]), records) {
            let texts = try XCTUnwrap(g["P"] as? [String]), steps = try XCTUnwrap(g["S"] as? [[Any]])
            XCTAssertEqual(steps.count, r.moves.count)
            for (k, turn) in steps.enumerated() {
                let referee = try Replay.play(Array(r.moves.prefix(k + 1)), seed: r.seed, game: CoinSorter.self)
                XCTAssertEqual(texts[k + 1], referee.state.text)
                // The last wave's board is the referee's position after the swap.
                let last = turn.count > 1 ? (turn.last as? [Any])?[2] as? String : nil
                if let last { XCTAssertEqual(last, referee.state.text) }
            }
        }
    }

    func testBallsChainIsTheSimulatorsResult() throws {
        for seed in UInt64(1)...20 {
            let dealt = BallsReferee(seed: seed, level: BallsLevel(8)!).state
            let b = dealt.ball(Int(seed) % dealt.ballCount, atTick: 40)
            let tap = BallsTap(t: 40, x: min(max(b.x, 0), 319), y: min(max(b.y, 0), 479))
            let chain = dealt.chain(tap), outcome = dealt.simulate(tap)
            XCTAssertEqual(chain.count - 1, outcome.score)
            XCTAssertNil(chain[0].ball)
            XCTAssertEqual(Set(chain.dropFirst().compactMap(\.ball)).count, outcome.score)
            // Each caught ball is where the closed form puts it at that tick.
            for e in chain.dropFirst() {
                let at = dealt.ball(e.ball!, atTick: e.tick)
                XCTAssertEqual([at.x, at.y], [e.x, e.y])
            }
            // The level ends when the last explosion is gone.
            XCTAssertEqual(outcome.ticks, chain.map { $0.birth + 122 }.max())
            let steps = try XCTUnwrap(Balls.replaySteps(seed: seed, rules: BallsRules(level: 8), moves: [tap]))
            XCTAssertTrue(steps.hasPrefix("{\"tap\":[40,"), steps)
        }
    }

    func testMarksClassifyAMoveByTheMoversValueBeforeAndAfter() {
        let w = ExactValue(.win, plies: 5), d = ExactValue(.draw), l = ExactValue(.loss, plies: 4)
        // The value after a move is the opponent's: its loss is the mover's win.
        XCTAssertEqual(MoveMark.of(before: w, after: l), .kept)
        XCTAssertEqual(MoveMark.of(before: w, after: d), .winToDraw)
        XCTAssertEqual(MoveMark.of(before: w, after: w), .winToLoss)
        XCTAssertEqual(MoveMark.of(before: d, after: d), .kept)
        XCTAssertEqual(MoveMark.of(before: d, after: w), .drawToLoss)
        XCTAssertEqual(MoveMark.of(before: l, after: w), .kept)
        XCTAssertEqual(MoveMark.of(before: l, after: d), .kept, "better than the table says is not a blunder")
        XCTAssertNil(MoveMark.of(before: nil, after: w))
        XCTAssertEqual(ExactValue(.win, plies: 3).forMover, ExactValue(.loss, plies: 4))
        XCTAssertEqual([w.code, d.code, l.code, ExactValue(.win).code], ["W5", "D", "L4", "W"])
    }

    func testMarksOfAGameFromAStubTable() {
        // Positions by ply, valued for their side to move (a stub for the tables).
        let values: [ExactValue?] = [ExactValue(.draw), ExactValue(.draw), ExactValue(.win, plies: 9), nil,
                                     ExactValue(.loss, plies: 6), ExactValue(.win, plies: 5)]
        XCTAssertEqual(MoveMark.marks(values), [.kept, .drawToLoss, nil, nil, .kept])
    }

    func testBaghChalMarksWhenTheTablesArePresent() throws {
        let (lookup, note) = BaghChal.perfectPlay()
        guard let lookup else {
            // Without the tables (this checkout), the page says how to make them.
            XCTAssertTrue(note.contains("bench solve --game bagh-chal"), note)
            XCTAssertTrue(note.contains("--placement-all"), note)
            throw XCTSkip("the Bagh-Chal tables are not here (\(BaghChal.defaultTablebaseFile))")
        }
        // The start is a draw (Lim & Nievergelt), when its layer is there.
        if let v = lookup(BaghChal(rules: .standard)) { XCTAssertEqual(v.kind, .draw) }
    }

    func testMarkdownTablesBecomeHTMLTables() {
        let html = ReportPage.markdownHTML("# T\n\n```sh\nbench x\n```\n\n| a | b |\n|---|---:|\n| `x` | 1 |\n\ntext **bold**\n",
                                           skippingCommand: true)
        XCTAssertEqual(html, "<h2>T</h2>\n<div class=\"table\"><table><thead><tr><th>a</th><th class=\"num\">b</th></tr></thead>"
            + "<tbody>\n<tr><td><code>x</code></td><td class=\"num\">1</td></tr>\n</tbody></table></div>\n<p>text <strong>bold</strong></p>\n")
        XCTAssertEqual(ReportPage.inlineSVG("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\"/>"),
                       "<svg width=\"2\"/>")
    }
}
