extension CoinSorter {
    /// A move: trade the coins of two different cells. Stored with the lower cell first,
    /// so `a1:c3` and `c3:a1` are the same move.
    @frozen
    public struct Swap: Hashable, Sendable, BitwiseCopyable {
        /// The lower cell index (0–24).
        public let first: UInt8
        /// The higher cell index (0–24).
        public let second: UInt8

        /// The swap of cells `a` and `b` (different, 0–24), in either order.
        @inlinable @inline(__always)
        public init(_ a: Int, _ b: Int) {
            first = UInt8(truncatingIfNeeded: min(a, b))
            second = UInt8(truncatingIfNeeded: max(a, b))
        }
    }
}
