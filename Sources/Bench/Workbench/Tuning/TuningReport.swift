import Boards
import Foundation
import Search

/// Renders a tuning run: the settings (printed when it starts), `summary.md` (the
/// settings, the final weights and the verification) and `trajectory.svg`.
enum TuningReport {
    /// A number in at most 6 significant digits (`100`, `0.002`, `2.5e-05`), never "-0".
    static func g(_ x: Double) -> String {
        guard x.isFinite else { return "—" }
        let text = String(format: "%.6g", x)
        return text == "-0" ? "0" : text
    }

    /// A signed number with `places` decimals: `+0.52`, `-1.30`, `0.00`.
    static func signed(_ x: Double, _ places: Int) -> String {
        let text = Format.fixed(x, places)
        return text.hasPrefix("-") || Double(text) == 0 ? text : "+" + text
    }

    // MARK: - Settings

    static func settings<R>(_ s: TuningSettings<R>, resumedWith: String?, threads: Int?) -> String {
        var o: [String] = []
        o += ["# Tuning: \(s.game), `\(s.agent)`", "", "Produced by:", ""]
        o += ["```sh", s.command.isEmpty ? "(the Workbench library)" : s.command, "```", ""]
        if let resumed = resumedWith {
            o += ["Resumed with:", "", "```sh", resumed, "```", ""]
        }
        o += ["## Settings", ""]
        let n = s.schedule.iterations
        let perIteration, resultBound: String
        switch s.kind {
        case .twoPlayer:
            if let pool = s.opponents {
                let games = 2 * s.batch * pool.count
                perIteration = "\(s.batch) game pair\(s.batch == 1 ? "" : "s") against each of \(pool.count) opponent\(pool.count == 1 ? "" : "s") (\(games) games), played by θ+ and again by θ− (the same openings of \(s.openingPlies) plies, sides and seeds): \(pool.map { "`\($0)`" }.joined(separator: ", "))"
                resultBound = "a result is at most ±\(games) here (\(games) paired games, each s₊ − s₋ in {−1, −½, 0, ½, 1})"
            } else {
                perIteration = "\(s.batch) game pair\(s.batch == 1 ? "" : "s") (\(2 * s.batch) games): θ+ against θ−, each pair from one random opening of \(s.openingPlies) plies with the sides swapped"
                resultBound = "a result is at most ±\(2 * s.batch) here (\(2 * s.batch) games, each s₊ − s₋ in {−1, 0, 1})"
            }
        case .puzzle:
            perIteration = "\(s.batch) deal\(s.batch == 1 ? "" : "s"), each played by θ+ and by θ− (the same deal seeds and agent seeds)"
            resultBound = "a result is the mean of \(s.batch) paired point differences (points per deal)"
        }
        o += ["| setting | value |", "|---|---|"]
        let rules = (try? JSON.text(s.rules)) ?? "?"
        o.append("| game | \(s.game)\(rules == "{}" ? "" : ", rules `\(rules)`") |")
        o.append("| baseline agent | `\(s.agent)` |")
        if let resolved = s.resolvedAgent {
            let pool = s.resolvedOpponents.map { "; opponents " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? ""
            o.append("| as resolved | `\(resolved)`\(pool) (bench \(s.version ?? "version not recorded"); every setting explicit: what the names meant in this run) |")
        } else {
            o.append("| as resolved | not recorded (a run of a version before 0.9.0): the names mean what that version's defaults made of them |")
        }
        o.append("| method | SPSA: θ± = θ ± cₖΔ (Δ a seeded Rademacher vector), result = Σ (score of θ+ − score of θ−)\(s.kind == .puzzle ? " / deals" : ""), gᵢ = result / (2cₖΔᵢ), θᵢ ← θᵢ + aₖgᵢ, clamped to the bounds |")
        o.append("| iterations | \(n) |")
        o.append("| per iteration | \(perIteration) |")
        o.append("| schedules | cₖ = c / (k + 1)^\(g(s.schedule.gamma)), aₖ = a / (A + k + 1)^\(g(s.schedule.alpha)), A = \(g(s.schedule.A)); c = c_end · N^γ, a = r_end · c_end² · (A + N)^α |")
        o.append("| seed | \(s.seed): iteration k's Δ from the derived seed of purpose 16, its games from purpose 17 |")
        switch (s.kind, s.verification) {
        case (_, 0): o.append("| verification | none |")
        case (.twoPlayer, let v) where s.opponents != nil:
            o.append("| verification | a round robin of tuned, baseline and the opponents, \(v) game pairs (\(2 * v) games) per pairing, on seeds of purpose 18 (never used in tuning) |")
        case (.twoPlayer, let v): o.append("| verification | \(v) game pairs (\(2 * v) games), tuned against baseline, on seeds of purpose 18 (never used in tuning) |")
        case (.puzzle, let v): o.append("| verification | \(v) deals, tuned and baseline on the same deals, seeds of purpose 18 (no deal shared with tuning) |")
        }
        if let threads { o.append("| threads | \(threads) (the weights do not depend on it) |") }
        if let spec = try? AgentSpec.Syntax(s.agent),
           spec.items.contains(where: { $0.key == "time" || ($0.key == "threads" && $0.value != "1") }) {
            o.append("| note | the agent searches under a time budget or on several threads, so its games, and the weights, cannot be reproduced exactly |")
        }
        o.append("")
        o.append("| \(s.options == true ? "option" : "weight") | start | bounds | c_end | r_end | c | a | c₀ | a₀ | Σ aₖ/(2cₖ) |")
        o.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (p, gains) in zip(s.parameters, s.gains) {
            o.append("| \(s.label(p.name)) | \(g(p.start)) | [\(g(p.lower)), \(g(p.upper))] | \(g(p.cEnd)) | \(g(p.rEnd)) | \(g(gains.c)) | \(g(gains.a)) | \(g(gains.c(at: 0))) | \(g(gains.a(at: 0))) | \(g(gains.movePerUnitResult)) |")
        }
        o.append("")
        o.append("Σ aₖ/(2cₖ) is how far a weight would move over the whole run if every iteration's result were +1; \(resultBound).")
        o.append("")
        return o.joined(separator: "\n")
    }

    // MARK: - Results

    static func results<R>(_ r: TuningOutcome<R>) -> String {
        let s = r.settings
        var o: [String] = []
        o += ["## Final weights", ""]
        o.append("| \(s.options == true ? "option" : "weight") | start | final | tuned | change in c_end | bounds |")
        o.append("|---|---:|---:|---:|---:|---|")
        for (p, theta) in zip(s.parameters, r.theta) {
            let atBound = theta == p.lower ? "at the lower bound" : theta == p.upper ? "at the upper bound" : ""
            o.append("| \(s.label(p.name)) | \(g(p.start)) | \(g(theta)) | \(p.rounded(theta)) | \(signed((theta - p.start) / p.cEnd, 2)) | \(atBound) |")
        }
        o.append("")
        let n = s.schedule.iterations
        if r.nonZeroResults == 0 {
            o.append("**No iteration had a non-zero result**: θ+ and θ− always scored the same (two-player: typically every game drawn), so the weights never moved. A different agent, more games per iteration or a larger c_end may give the tuner something to measure.")
        } else {
            o.append("\(r.nonZeroResults) of \(n) iterations had a non-zero result (the others left θ where it was).")
        }
        o += ["", "`tuned.txt`: the baseline, then the tuned agent (usable in any command):", ""]
        o += ["```", s.agent, r.tunedSpec, "```", ""]
        o.append(ResolvedSpecs.markdown(names: [s.agent, r.tunedSpec], resolved: [r.resolvedBaseline, r.resolvedTuned],
                                        version: WorkbenchVersion.current))
        o += ["## Verification", ""]
        if let v = r.verification {
            o += verification(v)
        } else {
            o += [r.verificationSkipped ?? "none", ""]
        }
        o += ["## Run", ""]
        var line = "\(n) iterations, \(r.iterationsThisRun) of them in this run on \(r.threads) thread\(r.threads == 1 ? "" : "s")"
        if let mean = r.meanSeconds { line += "; \(Format.fixed(mean, 3)) s per iteration on average" }
        if let mean = r.meanSecondsThisRun, r.iterationsThisRun < n { line += " (\(Format.fixed(mean, 3)) s in this run)" }
        o.append(line + ". Every iteration is a line of `tuning.jsonl`; the settings are in `tune.json`; `trajectory.svg` charts the weights.")
        o += ["", "Machine: \(Machine.description); \(Machine.build); \(Machine.date).", ""]
        return o.joined(separator: "\n")
    }

    static func verification(_ v: TuningVerification) -> [String] {
        var o: [String] = []
        let f = TournamentReport.f
        switch v.kind {
        case .twoPlayer:
            o.append("The tuned agent against the baseline: \(v.count) game pairs, each from a fresh random opening with the sides swapped. The seeds derive from the run's seed by a stream the tuning never uses (purpose 18, seed \(v.seed)); an opening may still repeat one of the tuning's by chance. Games and tables: `verify/`.")
            o.append("")
            guard let p = v.summary.pairings.first else { return o + ["No games were played.", ""] }
            let penta = Pentanomial(counts: p.pentanomial)
            let n = penta.pairs, mean = penta.mean, variance = penta.variance
            let half: Double? = n >= 2 && variance > 0 ? 1.96 * (variance / Double(n)).squareRoot() : nil
            let interval = half.map { "[\(Format.fixed(mean - $0, 3)), \(Format.fixed(mean + $0, 3))]" } ?? "—"
            o.append("| pairs | tuned W-D-L | pairs scoring 0, ¼, ½, ¾, 1 | pair score | 95% interval | Elo (pairs) | nElo | LOS (pairs) |")
            o.append("|---:|---|---|---:|---|---:|---:|---:|")
            o.append("| \(n) | \(TournamentReport.wdl(p.overall)) | \(p.pentanomial.map(String.init).joined(separator: " ")) | \(n > 0 ? Format.fixed(mean, 3) : "—") | \(interval) | \(TournamentReport.plusMinus(p.paired.elo, p.paired.eloError)) | \(TournamentReport.plusMinus(p.paired.normalizedElo, p.paired.normalizedEloError)) | \(TournamentReport.percent(p.paired.los)) |")
            o.append("")
            let verdict: String
            if let half {
                if mean - half > 0.5 {
                    verdict = "**Better than the baseline with 95% confidence**: the pair score's interval lies above ½."
                } else if mean + half < 0.5 {
                    verdict = "**Worse than the baseline with 95% confidence**: the pair score's interval lies below ½."
                } else {
                    verdict = "**Not shown to be better**: the pair score's 95% interval contains ½, so this match cannot tell the tuned agent from the baseline."
                }
            } else {
                verdict = "**Undecided**: the interval is undefined (\(n < 2 ? "fewer than two pairs" : "every pair scored the same"))."
            }
            o.append(verdict + " The interval is s̄ ± 1.96·√(v/N) from the pair variance v (docs/statistics.md).")
            if let pool = v.opponents {
                o.append("")
                o.append("Against the pool (each pairing of the round robin plays the same openings; the agents' seeds differ by pairing):")
                o.append("")
                o.append("| opponent | tuned W-D-L | tuned score | baseline W-D-L | baseline score |")
                o.append("|---|---|---:|---|---:|")
                func against(_ agent: String, _ opponent: String) -> (String, String) {
                    guard let q = v.summary.pairings.first(where: { Set([$0.agentA, $0.agentB]) == Set([agent, opponent]) && agent != opponent }) else {
                        return ("—", "—")
                    }
                    let t = q.agentA == agent ? q.overall : q.overall.mirrored
                    return (TournamentReport.wdl(t), f(TournamentSummary.score(t), 3))
                }
                for opponent in pool {
                    let (tw, ts) = opponent == v.tuned ? ("(itself)", "—") : against(v.tuned, opponent)
                    let (bw, bs) = opponent == v.baseline ? ("(itself)", "—") : against(v.baseline, opponent)
                    o.append("| `\(opponent)` | \(tw) | \(ts) | \(bw) | \(bs) |")
                }
            }
        case .puzzle:
            o.append("The tuned agent and the baseline on the same \(v.count) deals. The deal seeds derive from the run's seed by a stream the tuning never uses (purpose 18, seed \(v.seed); checked to share no deal with any iteration). Games and tables: `verify/`.")
            o.append("")
            let agents = v.summary.puzzleAgents
            guard let comparison = v.summary.puzzleComparisons.first, agents.count == 2 else { return o + ["No deals were played.", ""] }
            let d = comparison.comparison.difference
            o.append("| deals | baseline mean | tuned mean | tuned − baseline | 95% interval | t | p (paired t) | p (Wilcoxon) |")
            o.append("|---:|---:|---:|---:|---|---:|---:|---:|")
            o.append("| \(d.count) | \(f(agents[0].scores.mean, 3)) | \(f(agents[1].scores.mean, 3)) | \(f(d.mean, 3)) | \(TournamentReport.interval(d.interval?.low, d.interval?.high, 3)) | \(f(comparison.comparison.t, 2)) | \(TournamentReport.pValue(comparison.comparison.pValue)) | \(TournamentReport.pValue(comparison.wilcoxon.pValue)) |")
            o.append("")
            let verdict: String
            if let p = comparison.comparison.pValue, let mean = d.mean {
                if p < 0.05 {
                    verdict = mean > 0 ? "**Better than the baseline at the 5% level**: the paired t-test rejects no difference (p = \(TournamentReport.pValue(p))) and the tuned agent scores more."
                        : "**Worse than the baseline at the 5% level**: the paired t-test rejects no difference (p = \(TournamentReport.pValue(p))) and the tuned agent scores less."
                } else {
                    verdict = "**Not shown to be better**: the paired t-test finds no difference at the 5% level (p = \(TournamentReport.pValue(p)))."
                }
            } else {
                verdict = "**Undecided**: the t-test is undefined (fewer than two deals, or every difference the same)."
            }
            o.append(verdict + " Two-sided paired t-test of the per-deal differences (docs/statistics.md).")
        }
        o += ["", "The same games, as a tournament:", "", "```sh", v.command, "```", ""]
        return o
    }

    // MARK: - Trajectory chart

    /// Each weight over the iterations as a line of (θ − start) / c_end, so weights
    /// of any scale share one axis (in units of their final perturbation); the axis
    /// spans at least ±1. The legend names each weight with start → final and c_end.
    static func trajectorySVG<R>(_ settings: TuningSettings<R>, _ points: [(iteration: Int, theta: [Double])]) -> String {
        let params = settings.parameters
        let series = params.indices.map { i in
            let p = params[i]
            let final = points.last?.theta[i] ?? p.start
            return LineChart.Series(name: "\(settings.label(p.name)): \(g(p.start)) → \(g(final)) (c_end \(g(p.cEnd)))",
                                    points: points.map { (Double($0.iteration), ($0.theta[i] - p.start) / p.cEnd) }, style: i)
        }
        let chart = LineChart(title: "\(settings.game), \(settings.agent): SPSA trajectory of the \(settings.options == true ? "options" : "weights")",
                              series: series, xTitle: "iteration",
                              yTitle: "(θ − start) / c_end (final perturbations)", yIncluding: [-1, 1],
                              xIncluding: [0, Double(max(1, settings.iterations))], reference: 0)
        return chart.svg
    }
}

extension TuningSettings {
    /// The settings section of `summary.md` (title, command, the command that resumed
    /// the run, settings and the weights' gains), what `bench tune` prints before it starts.
    public func markdown(threads: Int?, resumedWith: String? = nil) -> String {
        TuningReport.settings(self, resumedWith: resumedWith, threads: threads)
    }
}
