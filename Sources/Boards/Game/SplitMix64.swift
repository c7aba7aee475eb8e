/// The SplitMix64 generator of docs/rules.md: the seeded stream of every random choice here.
///
/// Small, fast and statistically sound for simulation; its exact output is part of
/// the Coin Sorter specification, so never change the constants.
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state: a 64-bit counter.
    public var state: UInt64

    /// A generator whose stream is fixed by `seed`.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective 64-bit mix (also used to derive Zobrist keys).
    @inlinable @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (`bound > 0`), by Lemire's multiply-shift with
    /// rejection, so every value is exactly equally likely.
    @inlinable @inline(__always)
    public mutating func next(below bound: Int) -> Int {
        let b = UInt64(truncatingIfNeeded: bound)
        var product = next().multipliedFullWidth(by: b)
        if product.low < b {
            let threshold = (0 &- b) % b
            while product.low < threshold { product = next().multipliedFullWidth(by: b) }
        }
        return Int(truncatingIfNeeded: product.high)
    }
}
