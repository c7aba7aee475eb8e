extension BaghChal {
    /// A move, packed in 16 bits: destination (5 bits), origin (5 bits), kind (2 bits).
    ///
    /// The kind is never 0, so no move packs to 0 (the tables' "no move").
    @frozen
    public struct Move: CompactMove {
        /// The packed bits: `to | from << 5 | kind << 10`, kind 1 placement, 2 step, 3 capture.
        public let raw: UInt16

        /// The move of some packed bits.
        @inlinable @inline(__always)
        public init(raw: UInt16) { self.raw = raw }

        @inlinable @inline(__always)
        internal init(kind: Int, from: Int, to: Int) {
            raw = UInt16(truncatingIfNeeded: to | from &<< 5 | kind &<< 10)
        }

        /// A goat placed from hand on `point` (0–24).
        @inlinable @inline(__always)
        public init(placing point: Int) { self.init(kind: 1, from: point, to: point) }

        /// A step along a line from `from` to the neighbour `to`; with `isCapture`, a
        /// tiger's jump from `from` to the landing point `to`.
        @inlinable @inline(__always)
        public init(from: Int, to: Int, isCapture: Bool = false) {
            self.init(kind: isCapture ? 3 : 2, from: from, to: to)
        }

        /// The point the piece lands on (the placed point for a placement).
        @inlinable @inline(__always)
        public var to: Int { Int(raw & 31) }

        /// The point the piece leaves (the placed point for a placement).
        @inlinable @inline(__always)
        public var from: Int { Int((raw &>> 5) & 31) }

        /// Whether the move puts a goat from hand on the board.
        @inlinable @inline(__always)
        public var isPlacement: Bool { raw &>> 10 == 1 }

        /// Whether the move jumps a goat.
        @inlinable @inline(__always)
        public var isCapture: Bool { raw &>> 10 == 3 }

        /// The point of the jumped goat: halfway between `from` and `to` on their line
        /// (the landing point is two steps of the same offset from the origin).
        @inlinable @inline(__always)
        public var capturedPoint: Int { (from &+ to) &>> 1 }
    }
}
