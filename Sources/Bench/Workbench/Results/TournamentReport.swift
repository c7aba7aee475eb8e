import Foundation
import Search

/// Renders a ``TournamentSummary`` as Markdown, CSV, JSON and SVG.
enum TournamentReport {
    /// Writes summary.md, summary.csv, summary.json and the chart(s) into `folder`,
    /// each atomically (a reader never sees half a file).
    static func write(_ s: TournamentSummary, to folder: URL) throws(WorkbenchError) {
        var files: [(String, String)] = [("summary.md", markdown(s)), ("summary.csv", csv(s)), ("summary.json", try JSON.text(s) + "\n")]
        if s.puzzleAgents.isEmpty {
            files.append(("ratings.svg", RatingChart.svg(s)))
        } else {
            files.append(("scores.svg", ScoreChart.svg(s)))
        }
        files.append(("report.html", try ReportPage.tournament(s, folder: folder, files: files)))
        // Checked for every file before any is written.
        for (name, _) in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder), isFolder.boolValue {
                throw .runtime("cannot write \(folder.appendingPathComponent(name).path): a folder has that name")
            }
        }
        for (name, text) in files {
            do { try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic) } catch {
                throw .runtime("cannot write \(folder.appendingPathComponent(name).path): \(error.localizedDescription)")
            }
        }
    }

    /// A statistic with `places` decimals, "—" when undefined.
    static func f(_ x: Double?, _ places: Int = 1) -> String {
        guard let x, x.isFinite else { return "—" }
        return Format.fixed(x, places)
    }

    /// A share as a percentage, "—" when undefined.
    static func percent(_ x: Double?) -> String { x.map { f($0 * 100) + "%" } ?? "—" }

    /// "value ± error", the value alone when the error is undefined, "—" without a value.
    static func plusMinus(_ value: Double?, _ error: Double?) -> String {
        guard let value else { return "—" }
        guard let error else { return f(value) }
        return "\(f(value)) ± \(f(error))"
    }

    /// "[low, high]" or "—".
    static func interval(_ low: Double?, _ high: Double?, _ places: Int = 1) -> String {
        guard let low, let high else { return "—" }
        return "[\(f(low, places)), \(f(high, places))]"
    }

    static func wdl(_ t: Trinomial) -> String { "\(t.wins)-\(t.draws)-\(t.losses)" }

    static func markdown(_ s: TournamentSummary) -> String {
        var o: [String] = []
        o.append("# Tournament: \(s.game)")
        o.append("")
        if s.command.isEmpty {
            o.append("Produced by a program using the Workbench library (no command line).")
        } else {
            o.append("Produced by:")
            o.append("")
            o.append("```sh")
            o.append(s.command)
            o.append("```")
        }
        o.append("")
        o.append("Machine: \(s.run.machine); \(s.run.build); \(s.run.date).")
        o.append("\(s.games) games\(s.run.threads.map { " on \($0) thread\($0 == 1 ? "" : "s")" } ?? "")"
            + "\(s.run.gamesPerSecond.map { ", \(Format.fixed($0, 2)) games/s" } ?? "").")
        o.append("")
        if !s.ratings.isEmpty {
            o.append("## Ratings")
            o.append("")
            o.append("Bradley–Terry fit (MM, one virtual draw per pairing as prior), mean rating 0; 95% bootstrap interval "
                + "(200 resamples of the independent units: game pairs from one opening, and games whose other leg is missing). "
                + "— : undefined (fewer than two units, or every resample alike).")
            o.append("")
            o.append("| rank | agent | rating | 95% interval | games | score |")
            o.append("|---:|---|---:|---|---:|---:|")
            for (i, r) in s.ratings.enumerated() {
                o.append("| \(i + 1) | `\(r.agent)` | \(f(r.rating)) | \(interval(r.low, r.high)) | \(r.games) | \(percent(r.score)) |")
            }
            o.append("")
            o.append("## Pairings")
            o.append("")
            o.append("W-D-L of agent A, overall and by the side A played (\(s.sides[0]) / \(s.sides[1])). "
                + "**Per pair** (the games of one opening are one unit): pentanomial counts of pairs scoring 0, ¼, ½, ¾, 1 for A, "
                + "Elo ± (95%) and LOS from the pair variance, normalised Elo. **Per game** (trinomial, as if games were "
                + "independent): Elo ± and LOS. — : undefined (no pairs, fewer than two, or no spread).")
            o.append("")
            o.append("| agent A | agent B | games | W-D-L | A as \(s.sides[0]) | A as \(s.sides[1]) | score | draws | pentanomial | Elo (pairs) | LOS (pairs) | nElo | Elo (games) | LOS (games) |")
            o.append("|---|---|---:|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|")
            for p in s.pairings {
                let pair = p.paired
                var row = "| `\(p.agentA)` | `\(p.agentB)` | \(p.overall.games) | \(wdl(p.overall)) | \(wdl(p.asFirst)) | \(wdl(p.asSecond)) | "
                row += "\(percent(p.score)) | \(percent(p.drawRatio)) | \(p.pentanomial.map(String.init).joined(separator: " ")) | "
                row += "\(plusMinus(pair.elo, pair.eloError)) | \(percent(pair.los)) | \(plusMinus(pair.normalizedElo, pair.normalizedEloError)) | "
                row += "\(plusMinus(p.elo, p.eloError)) | \(percent(p.los)) |"
                o.append(row)
            }
            o.append("")
            o.append("## By side")
            o.append("")
            o.append("| agent | as \(s.sides[0]): W-D-L | score | as \(s.sides[1]): W-D-L | score |")
            o.append("|---|---|---:|---|---:|")
            for p in s.perSide {
                o.append("| `\(p.agent)` | \(wdl(p.asFirst)) | \(percent(TournamentSummary.score(p.asFirst))) | \(wdl(p.asSecond)) | \(percent(TournamentSummary.score(p.asSecond))) |")
            }
            o.append("")
        }
        if let sprt = s.sprt {
            o.append("## SPRT")
            o.append("")
            o.append("Model: \(sprt.model). H0: elo = \(f(sprt.elo0)), H1: elo = \(f(sprt.elo1)) (normalised), α = \(sprt.alpha), β = \(sprt.beta).")
            let verdict = SPRT.Decision.allCases.first { $0.code == sprt.decision }?.rawValue ?? sprt.decision
            o.append("LLR \(f(sprt.llr, 3)) in [\(f(sprt.lower, 3)), \(f(sprt.upper, 3))] after \(sprt.pairs) pairs "
                + "(pentanomial \(sprt.pentanomial.map(String.init).joined(separator: " "))): **\(verdict)**.")
            o.append("The same numbers: `bench sprt --pentanomial \(sprt.pentanomial.map(String.init).joined(separator: ",")) "
                + "--elo0 \(Format.number(sprt.elo0)) --elo1 \(Format.number(sprt.elo1)) --alpha \(Format.number(sprt.alpha)) --beta \(Format.number(sprt.beta))`.")
            o.append("")
        }
        if !s.puzzleAgents.isEmpty {
            o.append("## Scores")
            o.append("")
            let passes = s.puzzleAgents.contains { $0.pass != nil }
            o.append("Every agent plays the same seeded deals. Mean score with its 95% interval (t-distribution)"
                + (passes ? "; pass rate (deals reaching the target score) with its 95% Wilson interval" : "")
                + ". — : undefined (fewer than two deals, or no spread).")
            o.append("")
            o.append("| agent | deals | mean score | 95% interval | sd | min | max |" + (passes ? " passed | pass rate [95%] |" : ""))
            o.append("|---|---:|---:|---|---:|---:|---:|" + (passes ? "---:|---|" : ""))
            for a in s.puzzleAgents.sorted(by: { ($0.scores.mean ?? -.infinity) > ($1.scores.mean ?? -.infinity) }) {
                let m = a.scores
                let range = m.interval
                let mark = Clairvoyance.isOracle(a.agent) ? " (sees the future draws)" : ""
                var row = "| `\(a.agent)`\(mark) | \(m.count) | \(f(m.mean, 3)) | \(interval(range?.low, range?.high, 3)) | \(f(m.standardDeviation, 3)) | \(a.minimum.map(String.init) ?? "—") | \(a.maximum.map(String.init) ?? "—") |"
                if passes {
                    row += a.pass.map { " \($0.count)/\($0.total) | \($0.percentText) |" } ?? " — | — |"
                }
                o.append(row)
            }
            if s.puzzleAgents.contains(where: { Clairvoyance.isOracle($0.agent) }) {
                o.append("")
                o.append(Clairvoyance.tableNote)
            }
            o.append("")
            o.append("## Paired differences")
            o.append("")
            let family = s.puzzleComparisons.count > 1
            o.append("Mean of A − B on the same deals with its 95% interval; paired t-test, and the Wilcoxon signed-rank test "
                + "(zero differences dropped; exact below 51 untied differences, else normal with tie correction)."
                + (family ? " With \(s.puzzleComparisons.count) comparisons, the Holm columns adjust both p-values for the whole table (Holm's step-down method)." : "")
                + " — : undefined.")
            o.append("")
            if family {
                o.append("| agent A | agent B | deals | mean difference | 95% interval | t | p (t) | Holm p (t) | W⁺ | p (Wilcoxon) | Holm p (Wilcoxon) |")
                o.append("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
            } else {
                o.append("| agent A | agent B | deals | mean difference | 95% interval | t | p (t) | W⁺ | p (Wilcoxon) |")
                o.append("|---|---|---:|---:|---|---:|---:|---:|---:|")
            }
            for c in s.puzzleComparisons {
                let d = c.comparison.difference, range = d.interval
                var row = "| `\(c.agentA)` | `\(c.agentB)` | \(d.count) | \(f(d.mean, 3)) | \(interval(range?.low, range?.high, 3)) | "
                row += "\(f(c.comparison.t, 2)) | \(pValue(c.comparison.pValue)) | "
                if family { row += "\(pValue(c.holmT)) | " }
                row += "\(f(c.wilcoxon.positiveRankSum, 1)) | \(pValue(c.wilcoxon.pValue)) |"
                if family { row += " \(pValue(c.holmWilcoxon)) |" }
                o.append(row)
            }
            o.append("")
        }
        if let forfeits = s.forfeits {
            o.append("## Forfeits")
            o.append("")
            o.append(s.puzzleAgents.isEmpty
                ? "Games an agent lost by misbehaving (docs/protocol.md): no move in time, a crash, an illegal move, a protocol error."
                : "Deals an agent failed (scored 0) by misbehaving (docs/protocol.md): no move in time, a crash, an illegal move, a protocol error.")
            o.append("")
            o.append("| agent | time | crash | illegal | protocol |")
            o.append("|---|---:|---:|---:|---:|")
            for x in forfeits { o.append("| `\(x.agent)` | \(x.time) | \(x.crash) | \(x.illegal) | \(x.protocol) |") }
            o.append("")
        }
        o.append("## Throughput")
        o.append("")
        o.append("| agent | moves | ms per move | nodes/s | playouts/s |")
        o.append("|---|---:|---:|---:|---:|")
        for t in s.run.throughput {
            o.append("| `\(t.agent)` | \(t.moves) | \(f(t.averageMillisecondsPerMove, 3)) | \(f(t.nodesPerSecond, 0)) | \(f(t.playoutsPerSecond, 0)) |")
        }
        o.append("")
        return o.joined(separator: "\n")
    }

    /// Below double precision (1 − CDF rounds to 0) the p-value is shown as a bound.
    static func pValue(_ p: Double?) -> String {
        guard let p else { return "—" }
        return p < 1e-16 ? "< 1e-16" : p < 1e-4 ? String(format: "%.1e", p) : Format.fixed(p, 4)
    }

    static func csv(_ s: TournamentSummary) -> String {
        func q(_ x: String) -> String { "\"" + x.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        // An undefined statistic is an empty field.
        func n(_ x: Double?) -> String { x.map { "\($0)" } ?? "" }
        var rows: [String] = []
        if s.puzzleAgents.isEmpty {
            rows.append("agent_a,agent_b,games,wins,draws,losses,score,game_elo,game_elo_error,game_los,draw_ratio,penta_0,penta_1,penta_2,penta_3,penta_4,pair_elo,pair_elo_error,pair_los,nelo,nelo_error,a_first_wins,a_first_draws,a_first_losses,a_second_wins,a_second_draws,a_second_losses")
            for p in s.pairings {
                var fields: [String] = [q(p.agentA), q(p.agentB), "\(p.overall.games)", "\(p.overall.wins)", "\(p.overall.draws)",
                    "\(p.overall.losses)", n(p.score), n(p.elo), n(p.eloError), n(p.los), n(p.drawRatio)]
                fields += p.pentanomial.map(String.init)
                fields += [n(p.paired.elo), n(p.paired.eloError), n(p.paired.los), n(p.paired.normalizedElo), n(p.paired.normalizedEloError)]
                fields += ["\(p.asFirst.wins)", "\(p.asFirst.draws)", "\(p.asFirst.losses)",
                           "\(p.asSecond.wins)", "\(p.asSecond.draws)", "\(p.asSecond.losses)"]
                rows.append(fields.joined(separator: ","))
            }
        } else {
            let passes = s.puzzleAgents.contains { $0.pass != nil }
            rows.append("agent,deals,mean,ci_low,ci_high,sd,min,max" + (passes ? ",passed,pass_rate,pass_low,pass_high" : ""))
            for a in s.puzzleAgents {
                let m = a.scores, range = m.interval
                var fields = [q(a.agent), "\(m.count)", n(m.mean), n(range?.low), n(range?.high),
                              n(m.standardDeviation), a.minimum.map(String.init) ?? "", a.maximum.map(String.init) ?? ""]
                if passes { fields += [a.passes.map(String.init) ?? "", n(a.passRate), n(a.passLow), n(a.passHigh)] }
                rows.append(fields.joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}

/// Hand-written SVG charts (SVG is text; no library needed).
enum RatingChart {
    /// The ratings as points with their 95% intervals, one row per agent.
    static func svg(_ s: TournamentSummary) -> String {
        let rows = s.ratings
        let width = 720.0, left = 230.0, right = 30.0, top = 40.0, rowHeight = 28.0
        let height = top + Double(rows.count) * rowHeight + 40
        let finite = rows.flatMap { [$0.low, $0.high, $0.rating] }.compactMap { $0 }.filter(\.isFinite)
        var lo = (finite.min() ?? -100), hi = (finite.max() ?? 100)
        if hi - lo < 1 { lo -= 50; hi += 50 }
        let pad = (hi - lo) * 0.05
        lo -= pad; hi += pad
        func x(_ v: Double) -> Double { left + (min(max(v, lo), hi) - lo) / (hi - lo) * (width - left - right) }
        var o = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
                 "<text x=\"\(Int(width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">\(escape(s.game)): Bradley–Terry ratings, 95% bootstrap intervals</text>"]
        let zero = x(0)
        o.append("<line x1=\"\(f(zero))\" y1=\"\(f(top - 8))\" x2=\"\(f(zero))\" y2=\"\(f(height - 32))\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>")
        for (i, r) in rows.enumerated() {
            let y = top + Double(i) * rowHeight + rowHeight / 2
            o.append("<text x=\"\(f(left - 10))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(r.agent))</text>")
            if let low = r.low, let high = r.high {
                o.append("<line x1=\"\(f(x(low)))\" y1=\"\(f(y))\" x2=\"\(f(x(high)))\" y2=\"\(f(y))\" stroke=\"#3465a4\" stroke-width=\"2\"/>")
            }
            o.append("<circle cx=\"\(f(x(r.rating)))\" cy=\"\(f(y))\" r=\"4\" fill=\"#204a87\"/>")
            o.append("<text x=\"\(f(x(r.high ?? r.rating) + 6))\" y=\"\(f(y + 4))\" fill=\"#555\">\(TournamentReport.f(r.rating))</text>")
        }
        let axisY = height - 30
        o.append("<line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(width - right))\" y2=\"\(f(axisY))\" stroke=\"black\"/>")
        for k in 0...4 {
            let v = lo + (hi - lo) * Double(k) / 4
            o.append("<line x1=\"\(f(x(v)))\" y1=\"\(f(axisY))\" x2=\"\(f(x(v)))\" y2=\"\(f(axisY + 5))\" stroke=\"black\"/>")
            o.append("<text x=\"\(f(x(v)))\" y=\"\(f(axisY + 18))\" text-anchor=\"middle\">\(Int(v.rounded()))</text>")
        }
        o.append("</svg>")
        return o.joined(separator: "\n") + "\n"
    }

    static func f(_ v: Double) -> String { Format.fixed(v, 1) }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Coin Sorter: each agent's score distribution (a histogram row) and its mean ± 95%.
enum ScoreChart {
    static func svg(_ s: TournamentSummary) -> String {
        let agents = s.puzzleAgents
        let maxScore = max(agents.map { $0.histogram.count - 1 }.max() ?? 1, 1)
        let width = 760.0, left = 230.0, right = 30.0, top = 40.0, rowHeight = 70.0
        let height = top + Double(agents.count) * rowHeight + 40
        let binWidth = (width - left - right) / Double(maxScore + 1)
        func x(_ v: Double) -> Double { left + (v + 0.5) * binWidth }
        var o = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
                 "<text x=\"\(Int(width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">\(RatingChart.escape(s.game)): score distributions, mean with 95% interval</text>"]
        for (i, a) in agents.enumerated() {
            let base = top + Double(i + 1) * rowHeight - 12
            let peak = Double(max(a.histogram.max() ?? 1, 1))
            o.append("<text x=\"\(RatingChart.f(left - 10))\" y=\"\(RatingChart.f(base - 20))\" text-anchor=\"end\">\(RatingChart.escape(a.agent))</text>")
            for (score, count) in a.histogram.enumerated() where count > 0 {
                let h = Double(count) / peak * (rowHeight - 24)
                o.append("<rect x=\"\(RatingChart.f(x(Double(score)) - binWidth * 0.4))\" y=\"\(RatingChart.f(base - h))\" width=\"\(RatingChart.f(binWidth * 0.8))\" height=\"\(RatingChart.f(h))\" fill=\"#8ae234\" stroke=\"#4e9a06\"/>")
            }
            let m = a.scores
            if let range = m.interval {
                o.append("<line x1=\"\(RatingChart.f(x(range.low)))\" y1=\"\(RatingChart.f(base + 6))\" x2=\"\(RatingChart.f(x(range.high)))\" y2=\"\(RatingChart.f(base + 6))\" stroke=\"#a40000\" stroke-width=\"2\"/>")
            }
            if let mean = m.mean {
                o.append("<circle cx=\"\(RatingChart.f(x(mean)))\" cy=\"\(RatingChart.f(base + 6))\" r=\"3.5\" fill=\"#a40000\"/>")
            }
        }
        let axisY = height - 30
        o.append("<line x1=\"\(RatingChart.f(left))\" y1=\"\(RatingChart.f(axisY))\" x2=\"\(RatingChart.f(width - right))\" y2=\"\(RatingChart.f(axisY))\" stroke=\"black\"/>")
        let step = max(1, maxScore / 10)
        for v in stride(from: 0, through: maxScore, by: step) {
            o.append("<text x=\"\(RatingChart.f(x(Double(v))))\" y=\"\(RatingChart.f(axisY + 16))\" text-anchor=\"middle\">\(v)</text>")
        }
        o.append("</svg>")
        return o.joined(separator: "\n") + "\n"
    }
}


extension TournamentSummary {
    /// The tables as Markdown, with the command that produced them on top.
    public var markdown: String { TournamentReport.markdown(self) }

    /// The main table as CSV.
    public var csv: String { TournamentReport.csv(self) }

    /// Writes summary.md, summary.csv, summary.json and the chart into `folder`,
    /// each file whole (written aside, then renamed).
    public func write(to folder: URL) throws(WorkbenchError) { try TournamentReport.write(self, to: folder) }
}
