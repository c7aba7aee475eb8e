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
