/// Zobrist keys for Tigers & Goats, derived from the square by the SplitMix64 mix.
///
/// A mix of a constant costs a few multiplies, about what a table lookup costs once
/// the bounds check and the global's lazy initialiser are counted, and needs no table.
@usableFromInline
internal enum Zobrist {
    @inlinable @inline(__always)
    static func goat(_ square: Int) -> UInt64 {
        SplitMix64.mix(UInt64(truncatingIfNeeded: square &+ 1) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inlinable @inline(__always)
    static func tiger(_ square: Int) -> UInt64 {
        SplitMix64.mix(UInt64(truncatingIfNeeded: square &+ 65) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inlinable @inline(__always)
    static var tigersToMove: UInt64 { 0x6A09_E667_F3BC_C909 }
}
