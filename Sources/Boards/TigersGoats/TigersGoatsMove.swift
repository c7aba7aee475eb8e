extension TigersGoats {
    /// A move, packed in 16 bits: origin (6 bits), destination (6 bits), capture flag.
    @frozen
    public struct Move: CompactMove {
        /// The packed bits: `from | to << 6 | capture << 12`.
        public let raw: UInt16

        /// The move of some packed bits.
        @inlinable @inline(__always)
        public init(raw: UInt16) { self.raw = raw }

        /// A step, slide or capture from `from` to `to` (square indices 0–63).
        @inlinable @inline(__always)
        public init(from: Int, to: Int, isCapture: Bool = false) {
            raw = UInt16(truncatingIfNeeded: from | to &<< 6 | (isCapture ? 1 << 12 : 0))
        }

        /// The square the piece leaves.
        @inlinable @inline(__always)
        public var from: Int { Int(raw & 63) }

        /// The square the piece lands on.
        @inlinable @inline(__always)
        public var to: Int { Int((raw &>> 6) & 63) }

        /// Whether the move jumps a goat.
        @inlinable @inline(__always)
        public var isCapture: Bool { raw & (1 << 12) != 0 }

        /// The square of the jumped goat: the square before `to`, seen from `from`
        /// (next to `from` in the standard rule, anywhere on the line in the long-range variant).
        @inlinable @inline(__always)
        public var capturedSquare: Int {
            let from = self.from, to = self.to
            // Same rank: one file back towards `from`; same file: one rank back.
            if from &>> 3 == to &>> 3 { return to > from ? to &- 1 : to &+ 1 }
            return to > from ? to &- 8 : to &+ 8
        }
    }
}
