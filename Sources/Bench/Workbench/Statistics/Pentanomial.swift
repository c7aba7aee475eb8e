import Foundation

/// Game-pair statistics (docs/statistics.md, "Per game pair"): the five counts of pair
/// scores 0, ¼, ½, ¾, 1 and the normalised Elo with its 95% interval.
public struct Pentanomial: Codable, Equatable, Sendable {
    /// counts[k]: pairs scoring k/4.
    public var counts = [0, 0, 0, 0, 0]

    public var pairs: Int { counts.reduce(0, +) }

    /// The mean pair score s̄.
    public var mean: Double {
        guard pairs > 0 else { return 0.5 }
        return counts.enumerated().reduce(0) { $0 + Double($1.offset) / 4 * Double($1.element) } / Double(pairs)
    }

    /// The pair variance v = mean of (sᵢ − s̄)².
    public var variance: Double {
        guard pairs > 0 else { return 0 }
        let m = mean
        return counts.enumerated().reduce(0) { acc, e in
            let d = Double(e.offset) / 4 - m
            return acc + Double(e.element) * d * d
        } / Double(pairs)
    }

    public static var nEloScale: Double { 800 / log(10) }

    /// nElo = (s̄ − ½) / √(2v) · 800 / ln 10; 0 when there is no spread.
    public var normalizedElo: Double {
        let v = variance
        guard v > 0 else { return mean == 0.5 ? 0 : (mean > 0.5 ? .infinity : -.infinity) }
        return (mean - 0.5) / (2 * v).squareRoot() * Self.nEloScale
    }

    /// The ± of nElo: from s̄ ± 1.96 · √(v / N), on the nElo scale.
    public var normalizedEloError: Double {
        let v = variance
        guard v > 0, pairs > 0 else { return .infinity }
        return 1.96 * (v / Double(pairs)).squareRoot() / (2 * v).squareRoot() * Self.nEloScale
    }

    /// Adds a pair: the first agent's two scores, each 0, ½ or 1.
    public mutating func add(_ a: Double, _ b: Double) {
        counts[Int(((a + b) * 2).rounded())] += 1
    }
}

/// The sequential probability ratio test of docs/statistics.md on pentanomial pairs
/// (fishtest's normalised Gaussian model).
public struct SPRT: Codable, Equatable, Sendable {
    public var elo0: Double, elo1: Double, alpha: Double, beta: Double

    /// Parses `elo0,elo1,alpha,beta`.
    public init(parsing text: String) throws(WorkbenchError) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let e0 = parts[0], let e1 = parts[1], let a = parts[2], let b = parts[3] else {
            throw .usage("--sprt needs elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05), got '\(text)'")
        }
        guard e0.isFinite, e1.isFinite, abs(e0) <= 1000, abs(e1) <= 1000 else {
            throw .usage("--sprt elo0 and elo1 must be finite numbers in -1000...1000, got '\(text)'")
        }
        guard e0 < e1 else { throw .usage("--sprt needs elo0 < elo1") }
        guard a > 0, a < 0.5, b > 0, b < 0.5 else { throw .usage("--sprt alpha and beta must be in (0, 0.5)") }
        elo0 = e0; elo1 = e1; alpha = a; beta = b
    }

    public init(elo0: Double, elo1: Double, alpha: Double, beta: Double) {
        self.elo0 = elo0; self.elo1 = elo1; self.alpha = alpha; self.beta = beta
    }

    public var lowerBound: Double { log(beta / (1 - alpha)) }
    public var upperBound: Double { log((1 - beta) / alpha) }

    /// LLR = N/2 · (t1 − t0) · (2t − t0 − t1), t = (s̄ − ½)/√v, tₖ = nEloₖ · √2 · ln10 / 800.
    ///
    /// When every pair scores the same (v = 0, where the formula is undefined), empty
    /// counts are raised to 10⁻³ as fishtest regularises them, so such a match still
    /// reaches a decision; otherwise the counts are used as they are.
    public func llr(_ p: Pentanomial) -> Double {
        guard p.pairs > 0 else { return 0 }
        let counts = p.variance > 0 ? p.counts.map(Double.init) : p.counts.map { max(Double($0), 1e-3) }
        let n = counts.reduce(0, +)
        let mean = counts.enumerated().reduce(0) { $0 + Double($1.offset) / 4 * $1.element } / n
        let v = counts.enumerated().reduce(0) { acc, e in
            let d = Double(e.offset) / 4 - mean
            return acc + e.element * d * d
        } / n
        guard v > 0 else { return 0 }
        let t = (mean - 0.5) / v.squareRoot()
        let t0 = elo0 * 2.0.squareRoot() / Pentanomial.nEloScale
        let t1 = elo1 * 2.0.squareRoot() / Pentanomial.nEloScale
        return Double(p.pairs) / 2 * (t1 - t0) * (2 * t - t0 - t1)
    }

    public enum Decision: String, Codable, Sendable { case h0 = "H0 accepted", h1 = "H1 accepted", none = "continue" }

    public func decision(_ p: Pentanomial) -> Decision {
        let l = llr(p)
        return l >= upperBound ? .h1 : l <= lowerBound ? .h0 : .none
    }
}
