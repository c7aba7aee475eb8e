import Foundation

/// The Wilcoxon signed-rank test of paired differences (docs/statistics.md, "Coin
/// Sorter"): does A − B lean to one side, without assuming the differences are
/// normal?
///
/// Zero differences are dropped (Wilcoxon's own rule); the others are ranked by
/// absolute value, ties sharing the mean of their ranks. W⁺ is the sum of the ranks
/// of the positive differences. The two-sided p-value is exact (the distribution of
/// W⁺ counted by dynamic programming) when at most 50 differences remain and none
/// tie or was zero, or (every sign pattern counted) when there are at most 13 deals;
/// otherwise it is the normal approximation with the tie-corrected variance and no
/// continuity correction. That is the rule SciPy's `wilcoxon` follows by
/// default, so the two agree.
public struct WilcoxonSignedRank: Codable, Equatable, Sendable {
    /// The non-zero differences ranked.
    public let count: Int
    /// W⁺: the rank sum of the positive differences.
    public let positiveRankSum: Double
    /// The two-sided p-value; `nil` when no difference is non-zero.
    @Nullable public private(set) var pValue: Double?
    /// Whether `pValue` is exact (else the normal approximation).
    public let exact: Bool

    /// The test of differences given as (value, how many times) pairs.
    public init(differences: [(value: Double, count: Int)]) {
        // |d| ascending, zeros dropped; +d and −d of one size tie.
        var sizes: [Double: (positive: Int, negative: Int)] = [:]
        var zeros = 0
        for (v, c) in differences where v == 0 && c > 0 { zeros += c }
        for (v, c) in differences where v != 0 && c > 0 {
            if v > 0 { sizes[abs(v), default: (0, 0)].positive += c } else { sizes[abs(v), default: (0, 0)].negative += c }
        }
        var rank = 0, wPlus = 0.0, tieTerm = 0.0, ties = false
        var ranks: [Double] = []
        for size in sizes.keys.sorted() {
            let (p, m) = sizes[size]!
            let t = p + m
            // Ranks rank+1 ... rank+t share their mean.
            let mean = Double(rank) + Double(t + 1) / 2
            wPlus += Double(p) * mean
            if ranks.count <= 13 { ranks += repeatElement(mean, count: min(t, 14)) }
            if t > 1 { ties = true; tieTerm += Double(t) * Double(t) * Double(t) - Double(t) }
            rank += t
        }
        let n = rank
        count = n
        positiveRankSum = wPlus
        guard n > 0 else { pValue = nil; exact = false; return }
        let nd = Double(n)
        let total = n + zeros
        if total <= 50 && !ties && zeros == 0 {
            exact = true
            pValue = Self.exactTwoSided(n: n, wPlus: Int(wPlus.rounded()))
        } else if total <= 13 {
            exact = true
            pValue = Self.enumeratedTwoSided(ranks: ranks, wPlus: wPlus)
        } else {
            exact = false
            let mean = nd * (nd + 1) / 4
            let variance = nd * (nd + 1) * (2 * nd + 1) / 24 - tieTerm / 48
            if variance > 0 {
                let z = (wPlus - mean) / variance.squareRoot()
                pValue = min(1, erfc(abs(z) / 2.0.squareRoot()))
            } else {
                pValue = nil
            }
        }
    }

    /// 2 · min(P(W⁺ ≤ w), P(W⁺ ≥ w)), capped at 1, over every sign pattern of `ranks`
    /// (at most 13 of them, possibly tied).
    static func enumeratedTwoSided(ranks: [Double], wPlus: Double) -> Double {
        let n = ranks.count
        var below = 0, above = 0
        // Rank sums are multiples of ½: compare with a tolerance far below that.
        for pattern in 0..<(1 << n) {
            var sum = 0.0
            for i in 0..<n where pattern & (1 << i) != 0 { sum += ranks[i] }
            if sum <= wPlus + 1e-9 { below += 1 }
            if sum >= wPlus - 1e-9 { above += 1 }
        }
        let all = Double(1 << n)
        return min(1, 2 * min(Double(below) / all, Double(above) / all))
    }

    /// 2 · min(P(W⁺ ≤ w), P(W⁺ ≥ w)), capped at 1, for n untied non-zero differences.
    static func exactTwoSided(n: Int, wPlus: Int) -> Double {
        let top = n * (n + 1) / 2
        // ways[s]: subsets of {1…n} summing to s, as a fraction of 2ⁿ (kept as
        // probabilities so n = 50 does not overflow).
        var ways = [Double](repeating: 0, count: top + 1)
        ways[0] = 1
        for k in 1...n {
            for s in stride(from: top, through: k, by: -1) { ways[s] = (ways[s] + ways[s - k]) / 2 }
            for s in stride(from: min(k - 1, top), through: 0, by: -1) { ways[s] /= 2 }
        }
        let w = min(max(wPlus, 0), top)
        let lower = ways[0...w].reduce(0, +)
        let upper = ways[w...top].reduce(0, +)
        return min(1, 2 * min(lower, upper))
    }
}
