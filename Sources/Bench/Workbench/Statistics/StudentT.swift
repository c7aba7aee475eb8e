import Foundation

/// Student's t distribution: CDF through the regularised incomplete beta function
/// (continued fraction, after Lentz), quantiles by bisection.
public enum StudentT {
    /// P(T ≤ t) with `dof` degrees of freedom.
    public static func cdf(_ t: Double, dof: Double) -> Double {
        let x = dof / (dof + t * t)
        let tail = 0.5 * incompleteBeta(x, a: dof / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The two-sided p-value of `t`.
    public static func twoSidedP(_ t: Double, dof: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        return min(1, 2 * (1 - cdf(abs(t), dof: dof)))
    }

    /// The q-quantile (0 < q < 1).
    public static func quantile(_ q: Double, dof: Double) -> Double {
        var lo = -1e3, hi = 1e3
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if cdf(mid, dof: dof) < q { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The regularised incomplete beta function I_x(a, b).
    public static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logGammas + logPowers
        // The continued fraction converges fast for x < (a+1)/(a+b+2); else use symmetry.
        if x < (a + 1) / (a + b + 2) { return exp(logFront) * betaFraction(x, a, b) / a }
        return 1 - exp(logFront) * betaFraction(1 - x, b, a) / b
    }

    private static func betaFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        // One step of Lentz's method with the coefficient `k`: the factor h takes.
        func step(_ k: Double) -> Double {
            d = 1 + k * d; if abs(d) < tiny { d = tiny }
            c = 1 + k / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            return d * c
        }
        for m in 1...300 {
            let m = Double(m)
            let evenNumerator: Double = m * (b - m) * x
            let evenDenominator: Double = (a + 2 * m - 1) * (a + 2 * m)
            h *= step(evenNumerator / evenDenominator)
            let oddNumerator: Double = -(a + m) * (a + b + m) * x
            let oddDenominator: Double = (a + 2 * m) * (a + 2 * m + 1)
            let delta = step(oddNumerator / oddDenominator)
            h *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return h
    }
}

/// Mean with a 95% interval (t-distribution), and the paired comparison of two
/// agents on the same deals (docs/statistics.md, "Coin Sorter"). What a sample
/// cannot say is `nil`: no mean without values, no spread or interval below two
/// values or without spread.
public struct SampleSummary: Codable, Equatable, Sendable {
    public let count: Int
    @Nullable public var mean: Double?
    @Nullable public var standardDeviation: Double?
    /// Half-width of the 95% interval of the mean.
    @Nullable public var halfWidth: Double?

    public init(_ values: [Double]) {
        var moments = Moments()
        for v in values { moments.add(v) }
        self.init(moments)
    }

    /// The summary of values seen only through their running moments.
    public init(_ moments: Moments) {
        count = moments.count
        mean = count > 0 ? defined(moments.mean) : nil
        let sd = count > 1 ? (moments.sumOfSquares / Double(count - 1)).squareRoot() : 0
        standardDeviation = count > 1 ? defined(sd) : nil
        halfWidth = count > 1 && sd > 0
            ? defined(StudentT.quantile(0.975, dof: Double(count - 1)) * sd / Double(count).squareRoot())
            : nil
    }

    /// The 95% interval of the mean, when it exists.
    public var interval: (low: Double, high: Double)? {
        guard let mean, let halfWidth else { return nil }
        return (mean - halfWidth, mean + halfWidth)
    }
}

/// Count, mean and sum of squared deviations of a stream of values (Welford's
/// update), so a sample is summarised without being kept.
public struct Moments: Codable, Equatable, Sendable {
    public private(set) var count = 0
    public private(set) var mean = 0.0
    /// Σ (xᵢ − mean)².
    public private(set) var sumOfSquares = 0.0

    public init() {}

    public mutating func add(_ x: Double) {
        count += 1
        let delta = x - mean
        mean += delta / Double(count)
        sumOfSquares += delta * (x - mean)
    }
}

/// A paired t-test of `a − b` over the same deals; `t` and the p-value are
/// undefined (`nil`) with fewer than two deals or differences without spread.
public struct PairedComparison: Codable, Equatable, Sendable {
    public let difference: SampleSummary
    @Nullable public var t: Double?
    @Nullable public var pValue: Double?

    public init(_ a: [Double], _ b: [Double]) {
        self.init(differences: SampleSummary(zip(a, b).map { $0 - $1 }))
    }

    /// The test from the summary of the differences a − b.
    public init(differences: SampleSummary) {
        difference = differences
        guard let mean = differences.mean, let sd = differences.standardDeviation, sd > 0 else {
            t = nil; pValue = nil
            return
        }
        let value = mean / (sd / Double(differences.count).squareRoot())
        t = defined(value)
        pValue = defined(StudentT.twoSidedP(value, dof: Double(differences.count - 1)))
    }
}
