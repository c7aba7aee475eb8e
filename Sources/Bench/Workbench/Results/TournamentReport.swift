import Foundation
import Search

/// Renders a ``TournamentSummary`` as Markdown, CSV, JSON and SVG.
enum TournamentReport {
    /// Writes summary.md, summary.csv, summary.json and the figures (docs/formats.md) into `folder`,
    /// each atomically (a reader never sees half a file).
    static func write(_ s: TournamentSummary, to folder: URL, shown: RecordLog.Shown? = nil) throws(WorkbenchError) {
        var files: [(String, String)] = [("summary.md", markdown(s)), ("summary.csv", csv(s)), ("summary.json", try JSON.text(s) + "\n")]
        files += TournamentFigures.files(s)
        files.append(("report.html", try ReportPage.tournament(s, folder: folder, files: files, shown: shown)))
        // Checked for every file before any is written.
        for (name, _) in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder), isFolder.boolValue {
                throw .runtime("cannot write \(folder.appendingPathComponent(name).path): a folder has that name")
            }
        }
        for (name, text) in files { try RunFolder.writeWhole(text, to: folder.appendingPathComponent(name)) }
    }

    /// A statistic with `places` decimals, "—" when undefined.
    static func f(_ x: Double?, _ places: Int = 1) -> String {
        guard let x, x.isFinite else { return "—" }
        return Format.fixed(x, places)
    }

    /// A share as a percentage, "—" when undefined.
    static func percent(_ x: Double?) -> String { x.map { f($0 * 100) + "%" } ?? "—" }

    /// "value ± error", "value ± —" when the error is undefined (so the value does not
    /// read as exact), "—" without a value.
    static func plusMinus(_ value: Double?, _ error: Double?) -> String {
        guard let value else { return "—" }
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
        o += ["# Tournament: \(s.game)", ""]
        if s.command.isEmpty {
            o.append("Produced by a program using the Workbench library (no command line).")
        } else {
            o += ["Produced by:", "", "```sh", s.command, "```"]
        }
        o.append("")
        o.append(ResolvedSpecs.markdown(names: s.resolvedAgents?.map(\.name) ?? [], resolved: s.resolvedAgents?.map(\.spec),
                                        version: s.version))
        o.append("Machine: \(s.run.machine); \(s.run.build); \(s.run.date).")
        o.append("\(s.games) games\(s.run.threads.map { " on \($0) thread\($0 == 1 ? "" : "s")" } ?? "")"
            + "\(s.run.gamesPerSecond.map { ", \(Format.fixed($0, 2)) games/s" } ?? "").")
        o.append("")
        if !s.ratings.isEmpty {
            o += ["## Ratings", ""]
            o.append("Bradley–Terry fit (MM, one virtual draw per pairing as prior), mean rating 0 (of the agents that played); "
                + "95% bootstrap interval (200 resamples of the independent units: game pairs from one opening, and games whose "
                + "other leg is missing). — : undefined (no games; fewer than two units, or every resample alike).")
            o += ["", "| rank | agent | rating | 95% interval | games | score |", "|---:|---|---:|---|---:|---:|"]
            for (i, r) in s.ratings.enumerated() {
                o.append("| \(i + 1) | `\(r.agent)` | \(f(r.rating)) | \(interval(r.low, r.high)) | \(r.games) | \(percent(r.score)) |")
            }
            o += ["", "## Pairings", ""]
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
            o += ["", "## By side", ""]
            o.append("| agent | as \(s.sides[0]): W-D-L | score | as \(s.sides[1]): W-D-L | score |")
            o.append("|---|---|---:|---|---:|")
            for p in s.perSide {
                o.append("| `\(p.agent)` | \(wdl(p.asFirst)) | \(percent(TournamentSummary.score(p.asFirst))) | \(wdl(p.asSecond)) | \(percent(TournamentSummary.score(p.asSecond))) |")
            }
            o.append("")
        }
        if let sprt = s.sprt {
            o += ["## SPRT", ""]
            o.append("Model: \(sprt.model). H0: elo = \(Format.number(sprt.elo0)), H1: elo = \(Format.number(sprt.elo1)) (normalised), "
                + "α = \(sprt.alpha), β = \(sprt.beta).")
            let verdict = SPRT.Decision.allCases.first { $0.code == sprt.decision }?.rawValue ?? sprt.decision
            o.append("LLR \(f(sprt.llr, 3)) in [\(f(sprt.lower, 3)), \(f(sprt.upper, 3))] after \(sprt.pairs) pairs "
                + "(pentanomial \(sprt.pentanomial.map(String.init).joined(separator: " "))): **\(verdict)**.")
            o.append("The same numbers: `bench sprt --pentanomial \(sprt.pentanomial.map(String.init).joined(separator: ",")) "
                + "--elo0 \(Format.number(sprt.elo0)) --elo1 \(Format.number(sprt.elo1)) --alpha \(Format.number(sprt.alpha)) --beta \(Format.number(sprt.beta))`.")
            o.append("")
        }
        if !s.puzzleAgents.isEmpty {
            o += ["## Scores", ""]
            let passes = s.puzzleAgents.contains { $0.pass != nil }
            o.append("Every agent plays the same seeded deals. Mean score with its 95% interval (t-distribution)"
                + (passes ? "; pass rate (deals reaching the target score) with its 95% Wilson interval" : "")
                + ". — : undefined (fewer than two deals, or no spread).")
            o.append("")
            o.append("| agent | deals | mean score | 95% interval | sd | min | max |" + (passes ? " passed | pass rate [95%] |" : ""))
            o.append("|---|---:|---:|---|---:|---:|---:|" + (passes ? "---:|---|" : ""))
            for a in puzzleTableOrder(s) {
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
                o += ["", Clairvoyance.tableNote]
            }
            o += ["", "## Paired differences", ""]
            let family = s.puzzleComparisons.count > 1
            o.append("Mean of A − B on the same deals with its 95% interval; paired t-test, and the Wilcoxon signed-rank test "
                + "(zero differences dropped; exact for at most 50 differences without zeros or ties, or at most 13 deals "
                + "(every sign pattern counted), else normal with tie correction)."
                + (family ? " With \(s.puzzleComparisons.count) comparisons, the Holm columns adjust both p-values for the whole table (Holm's step-down method)." : "")
                + " — : undefined.")
            o.append("")
            o.append("| agent A | agent B | deals | mean difference | 95% interval | t | p (t) |" + (family ? " Holm p (t) |" : "")
                + " W⁺ | p (Wilcoxon) |" + (family ? " Holm p (Wilcoxon) |" : ""))
            o.append("|---|---|---:|---:|---|---:|---:|" + (family ? "---:|" : "") + "---:|---:|" + (family ? "---:|" : ""))
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
            o += ["## Forfeits", ""]
            o.append(s.puzzleAgents.isEmpty
                ? "Games an agent lost by misbehaving (docs/protocol.md): no move in time, a crash, an illegal move, a protocol error."
                : "Deals an agent failed (scored 0) by misbehaving (docs/protocol.md): no move in time, a crash, an illegal move, a protocol error.")
            o += ["", "| agent | time | crash | illegal | protocol |", "|---|---:|---:|---:|---:|"]
            for x in forfeits { o.append("| `\(x.agent)` | \(x.time) | \(x.crash) | \(x.illegal) | \(x.protocol) |") }
            o.append("")
        }
        o += ["## Throughput", ""]
        o += ["| agent | moves | ms per move | nodes/s | playouts/s |", "|---|---:|---:|---:|---:|"]
        for t in s.run.throughput {
            o.append("| `\(t.agent)` | \(t.moves) | \(f(t.averageMillisecondsPerMove, 3)) | \(f(t.nodesPerSecond, 0)) | \(f(t.playoutsPerSecond, 0)) |")
        }
        o.append("")
        return o.joined(separator: "\n")
    }

    /// The puzzle agents in the order of the Scores table: best mean first.
    static func puzzleTableOrder(_ s: TournamentSummary) -> [TournamentSummary.PuzzleAgent] {
        s.puzzleAgents.sorted { ($0.scores.mean ?? -.infinity) > ($1.scores.mean ?? -.infinity) }
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

extension TournamentSummary {
    /// The tables as Markdown, with the command that produced them on top.
    public var markdown: String { TournamentReport.markdown(self) }

    /// The main table as CSV.
    public var csv: String { TournamentReport.csv(self) }

    /// Writes summary.md, summary.csv, summary.json and the figures into `folder`,
    /// each file whole (written aside, then renamed). After a run that appended to
    /// `log` (the folder's `games.jsonl`), the report page takes its games from what
    /// the log kept instead of reading the file back.
    public func write(to folder: URL, log: RecordLog? = nil) throws(WorkbenchError) {
        try TournamentReport.write(self, to: folder, shown: log?.shownRecords)
    }
}
