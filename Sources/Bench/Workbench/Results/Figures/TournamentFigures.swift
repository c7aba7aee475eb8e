import Foundation

/// The figures of a tournament folder, each an SVG file (the HTML report embeds the
/// same text). Agents are in the order of the summary's tables.
enum TournamentFigures {
    /// (file name, SVG text) for every figure the summary has data for.
    static func files(_ s: TournamentSummary) -> [(String, String)] {
        var files: [(String, String)] = []
        if s.puzzleAgents.isEmpty {
            files.append(("ratings.svg", RatingChart.svg(s)))
            if s.sprt != nil { files.append(("sprt.svg", SPRTChart.svg(s))) }
        } else {
            files.append(("scores.svg", ScoreChart.svg(s)))
            if !s.puzzleComparisons.isEmpty { files.append(("differences.svg", DifferencesChart.svg(s))) }
            if s.puzzleAgents.contains(where: { $0.pass != nil }) { files.append(("pass-rates.svg", PassRateChart.svg(s))) }
        }
        return files
    }

    /// The widest a row label may be before it is replaced by a short name.
    static let labelWidth = RowChart.maxLabelWidth

    /// Labels for `agents` (in table order): their names, or short names with legend lines.
    static func labels(_ agents: [String], width: Double = labelWidth) -> (labels: [String], legend: [String]) {
        let names = RowLabels(agents, width: width)
        return (names.labels, names.lines(width: RowChart.width - 20))
    }
}

/// Two-player: each agent's Bradley–Terry rating with its 95% bootstrap interval.
enum RatingChart {
    static func svg(_ s: TournamentSummary) -> String {
        let (labels, legend) = TournamentFigures.labels(s.ratings.map(\.agent))
        let rows = zip(s.ratings, labels).map { r, label in RowChart.Row(label: label, value: r.rating, low: r.low, high: r.high) }
        let undefined = s.ratings.contains { $0.low == nil || $0.high == nil }
        let chart = RowChart(title: "\(s.game): Bradley–Terry ratings with 95% bootstrap intervals", rows: rows, legend: legend,
                             xTitle: "rating (Elo, mean of the agents 0)", reference: 0,
                             note: "Point: rating; bar: 95% bootstrap interval. Agents in the order of the Ratings table (best first)."
                                + (undefined ? " No bar: interval undefined (fewer than two units, or every resample alike)." : ""))
        return chart.svg
    }
}

/// Puzzle: each agent's mean score with its 95% interval over the histogram of its scores.
enum ScoreChart {
    static func svg(_ s: TournamentSummary) -> String {
        let agents = TournamentReport.puzzleTableOrder(s)
        let (labels, legend) = TournamentFigures.labels(agents.map(\.agent))
        let width = RowChart.width, rowHeight = 56.0
        let labelWidth = labels.map { SVG.textWidth($0) }.max() ?? 0
        let left = max(60, labelWidth + 24), right = 24.0
        let title = "\(s.game): score per deal, mean with 95% interval over the distribution"
        let titleLines = Text.wrap(title, width: width - 20, size: 14)
        let top = 16 + Double(titleLines.count) * 18 + 10
        let lowest = agents.compactMap(\.minimum).min() ?? 0, highest = agents.compactMap(\.maximum).max() ?? 1
        let means = agents.flatMap { [$0.scores.mean, $0.scores.interval?.low, $0.scores.interval?.high] }.compactMap { $0 }
        var axis = Axis(covering: [Double(lowest), Double(highest)] + means)
        // Bins of one point, or of a round width when the scores spread wide.
        let span = highest - lowest + 1
        let bin = span > 60 ? max(1, Int(Axis(covering: [Double(lowest), Double(highest)], target: 40).step.rounded())) : 1
        let firstBin = Int((Double(lowest) / Double(bin)).rounded(.down)) * bin
        axis.low = min(axis.low, Double(firstBin) - 0.5)
        axis.high = max(axis.high, Double(Int((Double(highest) / Double(bin)).rounded(.down)) * bin + bin) - 0.5)
        let plot = PlotArea(left: left, top: top, width: width - left - right, height: max(1, Double(agents.count)) * rowHeight, x: axis, y: nil)
        let note = "Grey bars: share of the agent's deals with each score\(bin > 1 ? " (bins of \(bin) points)" : ""), scaled to its most frequent; "
            + "point and bar: mean score and its 95% interval (t-distribution). Agents in the order of the Scores table."
        let noteLines = Text.wrap(note, width: width - 20)
        let height = plot.bottom + 50 + Double(noteLines.count + legend.count) * 16 + 6
        var svg = SVG(width: width, height: height)
        svg.title(titleLines)
        plot.draw(on: &svg, xTitle: "score per deal (points)", yTitle: nil)
        for (i, a) in agents.enumerated() {
            let y0 = top + Double(i) * rowHeight
            if i > 0 { svg.line(left, y0, plot.right, y0, stroke: Palette.grid) }
            svg.text(labels[i], x: left - 10, y: y0 + rowHeight / 2 + 4, anchor: .end, cls: "row")
            var counts: [Int: Int] = [:]
            if let minimum = a.minimum, !a.histogram.isEmpty {
                for (score, count) in a.histogram.enumerated() where score >= minimum && count > 0 {
                    counts[Int((Double(score) / Double(bin)).rounded(.down)) * bin, default: 0] += count
                }
            }
            let peak = Double(counts.values.max() ?? 1)
            for (start, count) in counts.sorted(by: { $0.key < $1.key }) {
                let h = Double(count) / peak * (rowHeight - 22)
                let x0 = plot.px(Double(start) - 0.5), x1 = plot.px(Double(start + bin) - 0.5)
                svg.rect(x: x0 + 0.5, y: y0 + 6 + (rowHeight - 22) - h, width: max(0.5, x1 - x0 - 1), height: h, fill: Palette.bar)
            }
            let y = y0 + rowHeight - 9
            if let range = a.scores.interval { svg.horizontalErrorBar(low: plot.px(range.low), high: plot.px(range.high), y: y, cap: 3.5) }
            if let mean = a.scores.mean { svg.marker(.circle, x: plot.px(mean), y: y, color: "black", size: 3.5) }
        }
        var lineY = plot.bottom + 58
        for line in noteLines { svg.text(line, x: 10, y: lineY, fill: "#333333"); lineY += 16 }
        for line in legend { svg.text(line, x: 10, y: lineY, cls: "legend"); lineY += 16 }
        return svg.document(title: title)
    }
}

/// Puzzle: the paired differences A − B on the same deals, with their 95% intervals.
enum DifferencesChart {
    static func svg(_ s: TournamentSummary) -> String {
        // Short names as in the other figures (by the Scores table's order), but
        // narrower: a row names two agents.
        let order = TournamentReport.puzzleTableOrder(s).map(\.agent)
        let (labels, legend) = TournamentFigures.labels(order, width: 140)
        let label = Dictionary(zip(order, labels), uniquingKeysWith: { a, _ in a })
        let rows = s.puzzleComparisons.map { c in
            let d = c.comparison.difference
            return RowChart.Row(label: "\(label[c.agentA] ?? c.agentA) − \(label[c.agentB] ?? c.agentB)",
                                value: d.mean, low: d.interval?.low, high: d.interval?.high)
        }
        var chart = RowChart(title: "\(s.game): paired differences of score on the same deals, A − B, with 95% intervals",
                             rows: rows, legend: legend, xTitle: "mean difference A − B (points per deal)", reference: 0,
                             note: "Point: mean of the per-deal differences; bar: its 95% interval (t-distribution); open point: the interval contains 0. "
                                + "Rows in the order of the Paired differences table.")
        chart.openWhenContainsReference = true
        return chart.svg
    }
}

/// Puzzle with a pass target (a Balls! level): each agent's pass rate with its 95% Wilson interval.
enum PassRateChart {
    static func svg(_ s: TournamentSummary) -> String {
        let agents = TournamentReport.puzzleTableOrder(s)
        let (labels, legend) = TournamentFigures.labels(agents.map(\.agent))
        let rows = zip(agents, labels).map { a, label in
            RowChart.Row(label: label, value: a.pass?.proportion, low: a.pass?.interval?.low, high: a.pass?.interval?.high)
        }
        var chart = RowChart(title: "\(s.game): pass rate (deals reaching the target score) with 95% Wilson intervals",
                             rows: rows, legend: legend, xTitle: "pass rate (% of deals)",
                             note: "Point: share of the deals passed; bar: 95% Wilson score interval. Agents in the order of the Scores table.")
        chart.domain = (0, 1)
        chart.percent = true
        return chart.svg
    }
}

/// Two-player with an SPRT: the log-likelihood ratio after each game pair against
/// the bounds at which the test stops.
enum SPRTChart {
    static func svg(_ s: TournamentSummary) -> String {
        guard let t = s.sprt else { return "" }
        let width = 760.0, plotHeight = 300.0
        let agents = s.pairings.first.map { "\($0.agentA) against \($0.agentB)" } ?? "the first pairing"
        let title = "\(s.game): SPRT of \(agents), log-likelihood ratio after each game pair"
        let titleLines = Text.wrap(title, width: width - 20, size: 14)
        let top = 16 + Double(titleLines.count) * 18 + 12
        let path = [TournamentSummary.SPRTResult.Point(pairs: 0, llr: 0)] + t.path
        let x = Axis(covering: [0, Double(max(1, t.pairs))])
        let y = Axis(covering: path.map(\.llr) + [t.llr], including: [t.lower, t.upper, 0])
        let left = 30 + PlotArea.labelWidth(y) + 14
        let plot = PlotArea(left: left, top: top, width: width - left - 24, height: plotHeight, x: x, y: y)
        let verdict = SPRT.Decision.allCases.first { $0.code == t.decision }?.rawValue ?? t.decision
        var note = "H0: nElo = \(Format.number(t.elo0)), H1: nElo = \(Format.number(t.elo1)) (normalised Elo), α = \(Format.number(t.alpha)), β = \(Format.number(t.beta)); "
            + "\(verdict) after \(t.pairs) pair\(t.pairs == 1 ? "" : "s") at LLR \(Format.fixed(t.llr, 3)). Dashed: the bounds ln(β/(1−α)) and ln((1−β)/α)."
        if let first = t.path.first, first.pairs > 1 {
            note += " The path is drawn through every \(first.pairs)th pair (thinned)."
        }
        let noteLines = Text.wrap(note, width: width - 20)
        let height: Double = plot.bottom + 56 + Double(noteLines.count) * 16
        var svg = SVG(width: width, height: height)
        svg.title(titleLines)
        plot.draw(on: &svg, xTitle: "game pairs played (the first pairing, in schedule order)", yTitle: "log-likelihood ratio (LLR)")
        svg.line(plot.left, plot.py(0), plot.right, plot.py(0), stroke: Palette.reference, width: 0.8)
        for (bound, name) in [(t.upper, "accept H1"), (t.lower, "accept H0")] {
            svg.line(plot.left, plot.py(bound), plot.right, plot.py(bound), stroke: Palette.color(2), width: 1.5, dash: "7 3")
            let labelY: Double = plot.py(bound) + (bound > 0 ? -6.0 : 14.0)
            svg.text("\(name) (\(Axis.label(bound, decimals: 2)))", x: plot.right - 6, y: labelY, anchor: .end, fill: Palette.color(2))
        }
        svg.polyline(path.map { p in (x: plot.px(Double(p.pairs)), y: plot.py(p.llr)) }, stroke: Palette.color(1), width: 1.8)
        svg.marker(.circle, x: plot.px(Double(t.pairs)), y: plot.py(t.llr), color: Palette.color(1))
        var lineY = plot.bottom + 58
        for line in noteLines { svg.text(line, x: 10, y: lineY, fill: "#333333"); lineY += 16 }
        return svg.document(title: title)
    }
}
