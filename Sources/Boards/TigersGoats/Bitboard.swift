/// Bitboard helpers for 8x8 boards: bit `i` of a `UInt64` is square `i = rank * 8 + file`.
///
/// Every helper is a few branch-free instructions, inlined into the move generator.
/// Constants are computed properties so that no global initialiser is ever checked.
@usableFromInline
internal enum Bitboard {
    @inlinable @inline(__always) static var fileA: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable @inline(__always) static var fileH: UInt64 { 0x8080_8080_8080_8080 }
    @inlinable @inline(__always) static var notFileA: UInt64 { ~fileA }
    @inlinable @inline(__always) static var notFileH: UInt64 { ~fileH }
    /// The 28 perimeter squares, where the goats start.
    @inlinable @inline(__always) static var perimeter: UInt64 { 0xFF81_8181_8181_81FF }

    // MARK: Shifts by one square; the file masks stop wrap-around between ranks.

    @inlinable @inline(__always) static func north(_ b: UInt64) -> UInt64 { b &<< 8 }
    @inlinable @inline(__always) static func south(_ b: UInt64) -> UInt64 { b &>> 8 }
    @inlinable @inline(__always) static func east(_ b: UInt64) -> UInt64 { (b &<< 1) & notFileA }
    @inlinable @inline(__always) static func west(_ b: UInt64) -> UInt64 { (b &>> 1) & notFileH }
    @inlinable @inline(__always) static func northEast(_ b: UInt64) -> UInt64 { (b &<< 9) & notFileA }
    @inlinable @inline(__always) static func northWest(_ b: UInt64) -> UInt64 { (b &<< 7) & notFileH }
    @inlinable @inline(__always) static func southEast(_ b: UInt64) -> UInt64 { (b &>> 7) & notFileA }
    @inlinable @inline(__always) static func southWest(_ b: UInt64) -> UInt64 { (b &>> 9) & notFileH }

    /// The squares orthogonally next to any square of `b`.
    @inlinable @inline(__always)
    static func orthogonalNeighbours(_ b: UInt64) -> UInt64 {
        north(b) | south(b) | east(b) | west(b)
    }

    /// The squares next to any square of `b`, diagonals included.
    @inlinable @inline(__always)
    static func neighbours(_ b: UInt64) -> UInt64 {
        orthogonalNeighbours(b) | northEast(b) | northWest(b) | southEast(b) | southWest(b)
    }

    // MARK: Rook rays, computed rather than looked up (no table to load or initialise)

    /// The squares above `square` on its file.
    @inlinable @inline(__always) static func rayNorth(_ square: Int) -> UInt64 {
        0x0101_0101_0101_0100 &<< UInt64(truncatingIfNeeded: square)
    }
    /// The squares below `square` on its file.
    @inlinable @inline(__always) static func raySouth(_ square: Int) -> UInt64 {
        0x0080_8080_8080_8080 &>> UInt64(truncatingIfNeeded: 63 &- square)
    }
    /// The squares right of `square` on its rank.
    @inlinable @inline(__always) static func rayEast(_ square: Int) -> UInt64 {
        (0xFE &<< UInt64(truncatingIfNeeded: square)) & (0xFF &<< UInt64(truncatingIfNeeded: square & 56))
    }
    /// The squares left of `square` on its rank.
    @inlinable @inline(__always) static func rayWest(_ square: Int) -> UInt64 {
        ((1 &<< UInt64(truncatingIfNeeded: square)) &- 1) & (0xFF &<< UInt64(truncatingIfNeeded: square & 56))
    }

    /// The part of an increasing ray up to and including its first occupied square.
    @inlinable @inline(__always)
    static func clipIncreasing(_ ray: UInt64, _ occupied: UInt64) -> UInt64 {
        let blockers = ray & occupied
        // blockers ^ (blockers - 1) is every bit up to the lowest blocker, or all bits.
        return ray & (blockers ^ (blockers &- 1))
    }

    /// The part of a decreasing ray down to and including its first occupied square.
    @inlinable @inline(__always)
    static func clipDecreasing(_ ray: UInt64, _ occupied: UInt64) -> UInt64 {
        // Bit 0 is a sentinel: with no blocker the mask keeps the whole ray.
        let blockers = (ray & occupied) | 1
        let highest = UInt64(truncatingIfNeeded: 63 &- blockers.leadingZeroBitCount)
        return ray & ~((1 &<< highest) &- 1)
    }

    /// The bitboard of one square.
    @inlinable @inline(__always)
    static func bit(_ square: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: square) }
}
