extension BaghChal {
    /// Zobrist keys for Bagh-Chal, derived by the SplitMix64 mix from the point (or the
    /// number of goats in hand), like the Tigers & Goats keys: no table to initialise.
    ///
    /// A position's hash is the XOR of the keys of its goats and tigers, of its goats in
    /// hand, and of ``tigersToMove`` when the tigers are to move: everything the
    /// repetition rule compares (the captured count follows from the others).
    @usableFromInline
    internal enum Zobrist {
        @inlinable @inline(__always)
        static func key(_ n: Int) -> UInt64 {
            SplitMix64.mix(UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 ^ 0xB4C6_C4A1_0000_0000)
        }

        @inlinable @inline(__always)
        static func goat(_ point: Int) -> UInt64 { key(point &+ 1) }

        @inlinable @inline(__always)
        static func tiger(_ point: Int) -> UInt64 { key(point &+ 33) }

        /// The key of `count` goats in hand (0–20).
        @inlinable @inline(__always)
        static func inHand(_ count: Int) -> UInt64 { key(count &+ 65) }

        @inlinable @inline(__always)
        static var tigersToMove: UInt64 { 0xBB67_AE85_84CA_A73B }
    }
}
