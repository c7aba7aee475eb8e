import Foundation

/// One SPSA iteration as `tuning.jsonl` keeps it (one JSON object a line): the
/// point before, the perturbation and gains, the two probes and their games, the
/// result, the gradient estimate and the point after. Every field but `seconds` is
/// a function of the settings and the games' scores, so `--resume` recomputes each
/// line and refuses one that does not add up.
public struct TuningRecord: Codable, Equatable, Sendable {
    /// The record format this code writes. Format 2 made a puzzle iteration's result
    /// the mean of its deals' differences (format 1 summed them); a two-player result
    /// is the same in both, so format-1 two-player logs are still read.
    public static var currentFormat: Int { 2 }

    public var format: Int
    /// k, from 0.
    public var iteration: Int
    /// The seed of the iteration's match (its openings, deals and agents' seeds derive from it).
    public var seed: UInt64
    /// θ before the iteration, one value per tuned weight.
    public var thetaBefore: [Double]
    /// Δ: +1 or −1 per weight.
    public var delta: [Int]
    /// cₖ and aₖ per weight.
    public var c, a: [Double]
    /// The probes played: θ ± cₖΔ, clamped to the bounds.
    public var thetaPlus, thetaMinus: [Double]
    /// Per game (two-player: 1, ½ or 0) or deal (puzzle: points), in game order:
    /// θ+'s score and θ−'s.
    public var plus, minus: [Double]
    /// Two-player: Σ (plus − minus) over the games, in game order. Puzzle: the same
    /// sum divided by the deals, the mean point difference per deal.
    public var result: Double
    /// gᵢ = result / (2 cₖ Δᵢ).
    public var gradient: [Double]
    /// θ after: θ + aₖ · g, clamped to the bounds.
    public var thetaAfter: [Double]
    /// Wall-clock seconds the iteration took (the only field that depends on the machine).
    public var seconds: Double

    public init(iteration: Int, seed: UInt64, thetaBefore: [Double], delta: [Int], c: [Double], a: [Double],
                thetaPlus: [Double], thetaMinus: [Double], plus: [Double], minus: [Double], result: Double,
                gradient: [Double], thetaAfter: [Double], seconds: Double) {
        format = Self.currentFormat
        self.iteration = iteration
        self.seed = seed
        self.thetaBefore = thetaBefore
        self.delta = delta
        self.c = c
        self.a = a
        self.thetaPlus = thetaPlus
        self.thetaMinus = thetaMinus
        self.plus = plus
        self.minus = minus
        self.result = result
        self.gradient = gradient
        self.thetaAfter = thetaAfter
        self.seconds = seconds
    }
}

/// What an iteration plays before its games: its seed, Δ, gains and probes.
struct IterationPlan: Sendable {
    var iteration: Int
    var seed: UInt64
    var delta: [Int]
    var c, a, plus, minus: [Double]
}

extension TuningSettings {
    /// The plan of iteration `k` from the point `theta`.
    func plan(_ k: Int, from theta: [Double]) -> IterationPlan {
        let gains = self.gains
        let delta = SPSA.perturbation(seed: derivedSeed(.perturbation, k), count: parameters.count)
        let c = gains.map { $0.c(at: k) }, a = gains.map { $0.a(at: k) }
        let probes = SPSA.probes(theta: theta, delta: delta, c: c, bounds: bounds)
        return IterationPlan(iteration: k, seed: derivedSeed(.tuningGames, k), delta: delta, c: c, a: a,
                             plus: probes.plus, minus: probes.minus)
    }

    /// The record of `plan` played from `theta` with these scores: the result summed
    /// in game order (for a puzzle, divided by the deals), the gradient estimate and
    /// the step.
    ///
    /// A puzzle's result is a mean because points are not wins: 16 deals differ by
    /// ±10 points or more by chance, and a summed result made early steps jump whole
    /// weights to their bounds. As a mean, more deals per iteration lower the noise of
    /// a step instead of enlarging it, and `r_end` means the same for any `--deals`.
    func record(_ plan: IterationPlan, from theta: [Double], plus: [Double], minus: [Double],
                seconds: Double, format: Int = TuningRecord.currentFormat) -> TuningRecord {
        var result = 0.0
        for i in plus.indices { result += plus[i] - minus[i] }
        if kind == .puzzle && format >= 2 && !plus.isEmpty { result /= Double(plus.count) }
        let step = SPSA.step(theta: theta, delta: plan.delta, c: plan.c, a: plan.a, result: result, bounds: bounds)
        return TuningRecord(iteration: plan.iteration, seed: plan.seed, thetaBefore: theta, delta: plan.delta, c: plan.c,
                            a: plan.a, thetaPlus: plan.plus, thetaMinus: plan.minus, plus: plus, minus: minus,
                            result: result, gradient: step.gradient, thetaAfter: step.theta, seconds: seconds)
    }

    /// Checks line `line` of a log, expected to be iteration `k` starting from
    /// `theta`: its format, number, the scores' shape, and every derived field
    /// recomputed from the settings and its scores. A mismatch is a runtime error
    /// naming the line.
    func check(_ r: TuningRecord, iteration k: Int, from theta: [Double], line: Int, source: String) throws(WorkbenchError) {
        func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line): \(what)") }
        guard r.format == TuningRecord.currentFormat || (r.format == 1 && kind == .twoPlayer) else {
            if r.format == 1 {
                throw fail("record format 1 summed the deals' point differences, this version takes their mean; start a new run")
            }
            throw fail("record format \(r.format) is not one this version reads (\(TuningRecord.currentFormat))")
        }
        guard r.iteration == k else { throw fail("iteration \(r.iteration), expected \(k) (iterations are numbered from 0, one a line)") }
        guard k < iterations else { throw fail("iteration \(k) is beyond the run's \(iterations) iterations") }
        guard r.thetaBefore == theta else {
            throw fail(k == 0 ? "θ before is not the start values of tune.json" : "θ before is not θ after of the line before")
        }
        let games = gamesPerIteration
        guard r.plus.count == games, r.minus.count == games else {
            throw fail("\(r.plus.count) and \(r.minus.count) scores, expected \(games) each")
        }
        for (p, m) in zip(r.plus, r.minus) {
            switch kind {
            case .twoPlayer:
                // Against a pool θ+ and θ− play apart, so their scores need not add up to 1.
                guard [0, 0.5, 1].contains(p), [0, 0.5, 1].contains(m), opponents != nil || p + m == 1 else {
                    throw fail("game scores \(p) and \(m) are not a two-player result")
                }
            case .puzzle:
                guard p >= 0, m >= 0, p.rounded() == p, m.rounded() == m else { throw fail("deal scores \(p) and \(m) are not points") }
            }
        }
        var expected = record(plan(k, from: theta), from: theta, plus: r.plus, minus: r.minus, seconds: r.seconds, format: r.format)
        expected.format = r.format
        guard r == expected else {
            throw fail("the seed, perturbation, gains, probes or step do not follow from tune.json and the scores")
        }
    }
}
