import Boards
import Foundation

/// The generalised sequential probability ratio test of docs/statistics.md ("SPRT"):
/// normalised Elo on pentanomial pairs, with the exact log-likelihood ratio that
/// fishtest computes (Van den Bergh, "Normalized Elo: practical", §4.1).
public struct SPRT: Codable, Equatable, Sendable {
    public var elo0: Double, elo1: Double, alpha: Double, beta: Double

    /// The false-positive and false-negative rates accepted: at least 10⁻⁹, below ½.
    /// Below ½ so that the bounds are on either side of 0; the floor keeps both bounds
    /// finite (ln((1 − β)/α) is infinite for a subnormal α such as 5e-324, and a test
    /// that can never stop is no test) with room to spare: ln(10⁹) ≈ 20.7.
    public static let rates: Range<Double> = 1e-9..<0.5
    /// The normalised Elo bounds elo0 and elo1 may take.
    public static let eloRange: ClosedRange<Double> = -1000...1000

    /// Why `rate` cannot be an α or β (a phrase to follow the option's name), or `nil`.
    public static func rateProblem(_ rate: Double) -> String? {
        rates.contains(rate) ? nil : "must be in [1e-9, 0.5), got \(rate)"
    }

    /// Parses `elo0,elo1,alpha,beta`: four plain decimal numbers (``NumberText``),
    /// nothing empty, no blanks.
    public init(parsing text: String) throws(WorkbenchError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { NumberText.real($0) }
        guard parts.count == 4, let e0 = parts[0], let e1 = parts[1], let a = parts[2], let b = parts[3] else {
            throw .usage("needs elo0,elo1,alpha,beta as plain decimal numbers (e.g. 0,10,0.05,0.05), got '\(text)'", field: "sprt")
        }
        guard abs(e0) <= 1000, abs(e1) <= 1000 else {
            throw .usage("elo0 and elo1 must be finite numbers in -1000...1000, got '\(text)'", field: "sprt")
        }
        guard e0 < e1 else { throw .usage("needs elo0 < elo1", field: "sprt") }
        guard Self.rates.contains(a), Self.rates.contains(b) else {
            throw .usage("alpha and beta must be in [1e-9, 0.5), got '\(text)'", field: "sprt")
        }
        elo0 = e0; elo1 = e1; alpha = a; beta = b
    }

    public init(elo0: Double, elo1: Double, alpha: Double, beta: Double) {
        self.elo0 = elo0; self.elo1 = elo1; self.alpha = alpha; self.beta = beta
    }

    /// ln(β / (1 − α)): at or below it, H0 is accepted.
    public var lowerBound: Double { log(beta / (1 - alpha)) }
    /// ln((1 − β) / α): at or above it, H1 is accepted.
    public var upperBound: Double { log((1 - beta) / alpha) }

    /// The log-likelihood ratio of H1 (nElo = elo1) against H0 (nElo = elo0).
    ///
    /// LLR = N · Σᵢ p̂ᵢ · ln(p₁ᵢ / p₀ᵢ): p̂ is the empirical distribution of the pair
    /// scores with every empty count raised to 10⁻³, N the sum of those raised counts
    /// (both as fishtest has them), and pₖ the most likely distribution of p̂ whose
    /// normalised score (μ − ½)/σ is tₖ = nEloₖ · √2 · ln 10 / 800. 0 with no pairs.
    public func llr(_ p: Pentanomial) -> Double {
        Self.llr(counts: p.counts, elo0: elo0, elo1: elo1)
    }

    /// The LLR of `counts` (pairs scoring 0, ¼, ½, ¾, 1) for nElo `elo1` against `elo0`.
    package static func llr(counts: [Int], elo0: Double, elo1: Double) -> Double {
        guard counts.count == PairScoreFit.scores.count, counts.allSatisfy({ $0 >= 0 }),
              counts.contains(where: { $0 > 0 }) else { return 0 }
        if elo0 == elo1 { return 0 }
        let (n, observed) = PairScoreFit.regularised(counts)
        let p0 = PairScoreFit.fit(observed, t: tValue(elo0))
        let p1 = PairScoreFit.fit(observed, t: tValue(elo1))
        var sum = 0.0
        for i in observed.indices { sum += observed[i] * (log(p1[i]) - log(p0[i])) }
        let result = n * sum
        // The fit only ever returns positive, finite probabilities; this is a last guard
        // so a stopping rule can never see NaN.
        return result.isFinite ? result : 0
    }

    /// The pair-score t-value (μ − ½)/σ of a normalised Elo: nElo · √2 · ln 10 / 800.
    /// nElo is per game, with a game's standard deviation taken as √2 times a pair's
    /// (a pair's score is the mean of two games), as in ``Pentanomial/normalizedElo``.
    package static func tValue(_ nElo: Double) -> Double {
        nElo * 2.0.squareRoot() / Pentanomial.nEloScale
    }

    /// What the test says after some pairs (the raw values are the summary's wording).
    public enum Decision: String, Codable, Sendable, CaseIterable {
        case h0 = "H0 accepted", h1 = "H1 accepted", none = "continue"

        /// The short form of JSON output: "H0", "H1" or "continue".
        public var code: String {
            switch self {
            case .h0: "H0"
            case .h1: "H1"
            case .none: "continue"
            }
        }
    }

    /// The decision for the pairs counted in `p`.
    public func decision(_ p: Pentanomial) -> Decision {
        decision(llr: llr(p))
    }

    /// The decision for an LLR already computed.
    public func decision(llr l: Double) -> Decision {
        l >= upperBound ? .h1 : l <= lowerBound ? .h0 : .none
    }
}

/// The constrained maximum-likelihood fit behind the LLR: the distribution p over the
/// five pair scores that maximises Σᵢ p̂ᵢ ln pᵢ subject to (μ − ½)/σ = t.
///
/// Stationarity of the Lagrangian gives pᵢ = p̂ᵢ / (1 + x·gᵢ) with
/// gᵢ = aᵢ − ½ − t·σ/2 − t·(aᵢ − μ)²/(2σ), where μ and σ are p's own moments and x solves
/// the secular equation Σᵢ p̂ᵢ gᵢ / (1 + x·gᵢ) = 0. Like fishtest, we start from the
/// uniform distribution and repeat (moments → g → x → p) until p stops changing; unlike
/// fishtest we iterate to ~1e-10 rather than stopping after ten rounds, and solve the
/// secular equation without losing precision near its poles. Starting where fishtest
/// starts matters: for lopsided data and large |t| the iteration has more than one
/// fixed point, and we want fishtest's.
enum PairScoreFit {
    /// The pair scores aᵢ.
    static let scores: [Double] = [0, 0.25, 0.5, 0.75, 1]
    /// fishtest's stand-in for an empty count.
    static let emptyCount = 1e-3
    /// Largest relative change of any pᵢ at which the iteration has converged. Rounding
    /// leaves a jitter of a few 1e-13, so much tighter would never be met.
    static let tolerance = 1e-10
    static let maxIterations = 500

    /// The regularised total N and the empirical distribution p̂ (all cells > 0).
    static func regularised(_ counts: [Int]) -> (n: Double, p: [Double]) {
        let raised = counts.map { $0 == 0 ? emptyCount : Double($0) }
        let n = raised.reduce(0, +)
        return (n, raised.map { $0 / n })
    }

    /// Mean and standard deviation of the score under `p`.
    static func moments(_ p: [Double]) -> (mean: Double, sd: Double) {
        var mean = 0.0
        for i in p.indices { mean += p[i] * scores[i] }
        var variance = 0.0
        for i in p.indices { variance += p[i] * (scores[i] - mean) * (scores[i] - mean) }
        return (mean, variance.squareRoot())
    }

    /// The constrained MLE for `observed` (p̂, every cell > 0) at t-value `t`; always
    /// positive and finite.
    static func fit(_ observed: [Double], t: Double) -> [Double] {
        let uniform = [Double](repeating: 1 / Double(observed.count), count: observed.count)
        if let p = iterate(observed, t: t, from: uniform) { return p }
        return continuation(observed, t: t)
    }

    /// Where fishtest's iteration cannot go on (for |t| of a few hundred nElo the g of
    /// the uniform start can all have one sign, so the secular equation has no root):
    /// follow the solution from t = 0 (where g does not depend on p, so one step is
    /// exact) towards `t` in steps, each started from the last solution, halving a step
    /// that fails and doubling one that succeeds.
    static func continuation(_ observed: [Double], t: Double) -> [Double] {
        let uniform = [Double](repeating: 1 / Double(observed.count), count: observed.count)
        guard var current = iterate(observed, t: 0, from: uniform) else { return observed }
        var reached = 0.0, step = t
        for _ in 0..<10_000 where reached != t {
            var next = reached + step
            if (step > 0 && next > t) || (step < 0 && next < t) { next = t }
            if let p = iterate(observed, t: next, from: current) {
                current = p
                reached = next
                step *= 2
            } else {
                step /= 2
                // No step is small enough: keep the nearest solution reached (never seen
                // in testing, but the LLR must stay finite).
                if abs(step) < 1e-12 * max(1, abs(t)) { break }
            }
        }
        return current
    }

    /// The fixed-point iteration from `start`; `nil` if a secular equation has no root
    /// or it does not converge.
    static func iterate(_ observed: [Double], t: Double, from start: [Double]) -> [Double]? {
        var p = start
        var g = [Double](repeating: 0, count: observed.count)
        for _ in 0..<maxIterations {
            let (mean, sd) = moments(p)
            guard sd > 0, sd.isFinite else { return nil }
            for i in g.indices {
                let d = scores[i] - mean
                g[i] = scores[i] - 0.5 - t * sd / 2 - t * d * d / (2 * sd)
            }
            guard let denominators = secularDenominators(observed, g) else { return nil }
            var next = observed
            var total = 0.0
            for i in next.indices {
                next[i] = observed[i] / denominators[i]
                total += next[i]
            }
            // At the root Σ pᵢ = 1 exactly; dividing removes the rounding.
            var change = 0.0
            for i in next.indices {
                next[i] /= total
                guard next[i] > 0, next[i].isFinite else { return nil }
                change = max(change, abs(next[i] / p[i] - 1))
            }
            p = next
            if change < tolerance { return p }
        }
        return nil
    }

    /// The denominators dᵢ = 1 + x·gᵢ at the root x of Σᵢ p̂ᵢ gᵢ / (1 + x·gᵢ) = 0, all
    /// positive; `nil` when the gᵢ do not take both signs (then there is no root).
    ///
    /// The left side falls strictly from +∞ to −∞ between the poles −1/g_max and
    /// −1/g_min, so the root is unique. When some p̂ᵢ is tiny (an empty cell among many
    /// pairs) the root sits very close to a pole and dᵢ = 1 + x·gᵢ would be mostly
    /// cancellation; so x is written as pole ± y and dᵢ computed from y directly, which
    /// keeps every dᵢ to a few ulps.
    static func secularDenominators(_ observed: [Double], _ g: [Double]) -> [Double]? {
        guard let gMax = g.max(), let gMin = g.min(), gMax > 0, gMin < 0 else { return nil }
        var atZero = 0.0
        for i in g.indices { atZero += observed[i] * g[i] }
        if atZero == 0 { return [Double](repeating: 1, count: g.count) }
        // The sum falls with x, so its sign at x = 0 says on which side of 0 the root is.
        // Root in (0, −1/g_min): x = −1/g_min − y, dᵢ = (g_min − gᵢ)/g_min − y·gᵢ.
        // Root in (−1/g_max, 0): x = −1/g_max + y, dᵢ = (g_max − gᵢ)/g_max + y·gᵢ.
        let pole = atZero > 0 ? gMin : gMax
        let sign = atZero > 0 ? -1.0 : 1.0
        var offset = [Double](repeating: 0, count: g.count)
        var slope = [Double](repeating: 0, count: g.count)
        for i in g.indices {
            offset[i] = (pole - g[i]) / pole
            slope[i] = sign * g[i]
        }
        // In y the sum, sign-adjusted, rises from −∞ at y = 0+ to |its value at x = 0|
        // at y = 1/|pole|. Newton's method from that end, kept inside a bracket that
        // every step shrinks; a Newton step that leaves the bracket is replaced by
        // bisection, geometric while the bracket spans orders of magnitude (the root can
        // lie many decades below 1/|pole|), so the root is found whatever the data.
        var low = 0.0, high = 1 / abs(pole), y = high
        for _ in 0..<500 {
            var value = 0.0, derivative = 0.0, inside = true
            for i in g.indices {
                let d = offset[i] + y * slope[i]
                guard d > 0 else { inside = false; break }
                value += observed[i] * g[i] / d
                derivative += observed[i] * g[i] * g[i] / (d * d)
            }
            value = inside ? -sign * value : -.infinity
            if value == 0 { break }
            if value < 0 { low = y } else { high = y }
            var next = inside ? y - value / derivative : .nan
            if !(next > low && next < high) {
                next = low == 0 ? high / 16 : high > 4 * low ? (low * high).squareRoot() : (low + high) / 2
            }
            guard next > low, next < high else { break }
            let converged = abs(next - y) <= 1e-15 * y
            y = next
            if converged { break }
        }
        // Every d is positive at the last y unless it stepped past the pole; `high`
        // always has a finite sum, so every d is positive there.
        var d = [Double](repeating: 0, count: g.count)
        for i in g.indices { d[i] = offset[i] + y * slope[i] }
        if !d.allSatisfy({ $0 > 0 }) {
            for i in g.indices { d[i] = offset[i] + high * slope[i] }
        }
        guard d.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        return d
    }
}
