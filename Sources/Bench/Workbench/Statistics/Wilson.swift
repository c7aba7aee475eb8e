import Foundation

/// A proportion k/n with its 95% Wilson score interval (docs/statistics.md, "Wilson interval").
///
/// With p = k/n and z = 1.959964: centre (p + z²/2n) / (1 + z²/n), half-width
/// z / (1 + z²/n) · √(p(1−p)/n + z²/4n²). Unlike p ± z√(p(1−p)/n) it stays inside
/// [0, 1] and is not empty at k = 0 or k = n.
public struct Wilson: Sendable, Equatable, Encodable {
    public var count, total: Int

    public init(_ count: Int, of total: Int) {
        self.count = count
        self.total = total
    }

    /// The normal quantile of a two-sided 95% interval.
    public static let z = 1.959963984540054

    /// k/n, `nil` when n = 0.
    public var proportion: Double? { total == 0 ? nil : Double(count) / Double(total) }

    /// The 95% interval, `nil` when n = 0.
    public var interval: (low: Double, high: Double)? {
        guard total > 0 else { return nil }
        let n = Double(total), p = Double(count) / n, z2 = Self.z * Self.z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = Self.z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return (max(0, centre - half), min(1, centre + half))
    }

    /// `62.1% [59.1, 65.1]` (621 of 1,000), or `–` without a total.
    public var percentText: String {
        guard let p = proportion, let i = interval else { return "–" }
        return "\(Format.fixed(100 * p, 1))% [\(Format.fixed(100 * i.low, 1)), \(Format.fixed(100 * i.high, 1))]"
    }

    enum CodingKeys: String, CodingKey { case count, total, proportion, low, high }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        try c.encode(total, forKey: .total)
        try c.encode(Nullable(wrappedValue: proportion), forKey: .proportion)
        try c.encode(Nullable(wrappedValue: interval?.low), forKey: .low)
        try c.encode(Nullable(wrappedValue: interval?.high), forKey: .high)
    }
}
