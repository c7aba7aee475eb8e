// The lines of the Bagh-Chal board (docs/rules.md, Bagh-Chal) as 25-bit tables.
//
// Point `i = rank * 5 + file` is bit `i` of a `UInt32`. Every point is joined to its
// orthogonal neighbours; a point with file + rank even is also joined to its diagonal
// neighbours. Because 5 is odd, file + rank has the parity of the index, so the
// points with diagonals are exactly the even indices.
//
// The step and jump tables are kept per direction, in bitboard form: for direction
// `d` with index offset `δ`, `steps` is the set of points that have a line to a
// neighbour in direction `d` (the neighbour of such a point `p` is `p + δ`), and
// `jumps` the set of points whose line runs on for two points (landing point
// `p + 2δ`, over `p + δ`). A whole set of pieces then moves in one direction with a
// mask and a shift, and a set never shifts off the board or wraps round a rank
// edge. The tables are integer constants (computed properties folded by the
// compiler), so no global initialiser is ever checked on a hot path.

extension BaghChal {
    /// One of the eight directions with its step and jump tables.
    @frozen @usableFromInline
    internal struct Direction: Sendable {
        /// The index offset of one step: +5 north, +1 east, +6 north-east, ...
        @usableFromInline let delta: Int
        /// The points with a line to a neighbour in this direction.
        @usableFromInline let steps: UInt32
        /// The points with a line running two points on in this direction.
        @usableFromInline let jumps: UInt32

        @inlinable @inline(__always)
        init(delta: Int, steps: UInt32, jumps: UInt32) {
            self.delta = delta
            self.steps = steps
            self.jumps = jumps
        }

        /// Each point of `b` moved by one index offset (no mask).
        @inlinable @inline(__always)
        func shift(_ b: UInt32) -> UInt32 {
            delta > 0 ? b &<< UInt32(truncatingIfNeeded: delta) : b &>> UInt32(truncatingIfNeeded: 0 &- delta)
        }

        /// Each point of `b` moved back by one index offset (no mask: only for points
        /// known to have come from a step in this direction).
        @inlinable @inline(__always)
        func shiftBack(_ b: UInt32) -> UInt32 {
            delta > 0 ? b &>> UInt32(truncatingIfNeeded: delta) : b &<< UInt32(truncatingIfNeeded: 0 &- delta)
        }

        /// The neighbours in this direction of the points of `b` that have one.
        @inlinable @inline(__always)
        func step(_ b: UInt32) -> UInt32 { shift(b & steps) }

        /// The landing points of jumps from the points of `b` over a point of `over`
        /// in this direction (the landing points are not checked for emptiness).
        @inlinable @inline(__always)
        func jump(_ b: UInt32, over: UInt32) -> UInt32 { shift(shift(b & jumps) & over) }
    }

    /// The board's constant sets and its eight directions.
    @usableFromInline
    internal enum Lines {
        /// All 25 points.
        @inlinable @inline(__always) static var all: UInt32 { 0x1FF_FFFF }
        /// File `a` (a1 a2 a3 a4 a5) and the files after it.
        @inlinable @inline(__always) static var fileA: UInt32 { 0x010_8421 }
        @inlinable @inline(__always) static var fileB: UInt32 { fileA &<< 1 }
        @inlinable @inline(__always) static var fileD: UInt32 { fileA &<< 3 }
        @inlinable @inline(__always) static var fileE: UInt32 { fileA &<< 4 }
        /// Rank 1 (a1 … e1) and the ranks above it.
        @inlinable @inline(__always) static var rank1: UInt32 { 0x1F }
        @inlinable @inline(__always) static var rank2: UInt32 { rank1 &<< 5 }
        @inlinable @inline(__always) static var rank4: UInt32 { rank1 &<< 15 }
        @inlinable @inline(__always) static var rank5: UInt32 { rank1 &<< 20 }
        /// The points with diagonal lines: file + rank even, i.e. the even indices.
        @inlinable @inline(__always) static var diagonalPoints: UInt32 { 0x155_5555 }
        /// The four corners, where the tigers start: a1, e1, a5, e5.
        @inlinable @inline(__always) static var corners: UInt32 { 0x110_0011 }

        // Points with a neighbour (steps) and with a point two on (jumps), by side of the board.
        @inlinable @inline(__always) static var northSteps: UInt32 { all & ~rank5 }
        @inlinable @inline(__always) static var southSteps: UInt32 { all & ~rank1 }
        @inlinable @inline(__always) static var eastSteps: UInt32 { all & ~fileE }
        @inlinable @inline(__always) static var westSteps: UInt32 { all & ~fileA }
        @inlinable @inline(__always) static var northJumps: UInt32 { all & ~(rank4 | rank5) }
        @inlinable @inline(__always) static var southJumps: UInt32 { all & ~(rank1 | rank2) }
        @inlinable @inline(__always) static var eastJumps: UInt32 { all & ~(fileD | fileE) }
        @inlinable @inline(__always) static var westJumps: UInt32 { all & ~(fileA | fileB) }

        @inlinable @inline(__always) static var north: Direction {
            Direction(delta: 5, steps: northSteps, jumps: northJumps)
        }
        @inlinable @inline(__always) static var northEast: Direction {
            Direction(delta: 6, steps: diagonalPoints & northSteps & eastSteps,
                      jumps: diagonalPoints & northJumps & eastJumps)
        }
        @inlinable @inline(__always) static var east: Direction {
            Direction(delta: 1, steps: eastSteps, jumps: eastJumps)
        }
        @inlinable @inline(__always) static var southEast: Direction {
            Direction(delta: -4, steps: diagonalPoints & southSteps & eastSteps,
                      jumps: diagonalPoints & southJumps & eastJumps)
        }
        @inlinable @inline(__always) static var south: Direction {
            Direction(delta: -5, steps: southSteps, jumps: southJumps)
        }
        @inlinable @inline(__always) static var southWest: Direction {
            Direction(delta: -6, steps: diagonalPoints & southSteps & westSteps,
                      jumps: diagonalPoints & southJumps & westJumps)
        }
        @inlinable @inline(__always) static var west: Direction {
            Direction(delta: -1, steps: westSteps, jumps: westJumps)
        }
        @inlinable @inline(__always) static var northWest: Direction {
            Direction(delta: 4, steps: diagonalPoints & northSteps & westSteps,
                      jumps: diagonalPoints & northJumps & westJumps)
        }

        /// Runs `body` for the eight directions in the fixed order N, NE, E, SE, S, SW, W, NW.
        /// Always inlined, so each call sees its direction's tables as constants.
        @inlinable @inline(__always)
        static func forEachDirection(_ body: (Direction) -> Void) {
            body(north); body(northEast); body(east); body(southEast)
            body(south); body(southWest); body(west); body(northWest)
        }

        /// The direction of index `d` in 0..<8 (the order of ``forEachDirection(_:)``).
        @inlinable
        static func direction(_ d: Int) -> Direction {
            switch d & 7 {
            case 0: return north
            case 1: return northEast
            case 2: return east
            case 3: return southEast
            case 4: return south
            case 5: return southWest
            case 6: return west
            default: return northWest
            }
        }

        /// The points joined by a line to some point of `b`.
        @inlinable @inline(__always)
        static func neighbours(_ b: UInt32) -> UInt32 {
            var n: UInt32 = 0
            forEachDirection { n |= $0.step(b) }
            return n
        }

        /// The bitboard of one point.
        @inlinable @inline(__always)
        static func bit(_ point: Int) -> UInt32 { 1 &<< UInt32(truncatingIfNeeded: point) }
    }

    /// The board's lines point by point, read from the tables (for tools and tests).
    public enum Board {
        /// The neighbour of `point` along a line in direction `direction` (0 north,
        /// 1 north-east, 2 east, 3 south-east, 4 south, 5 south-west, 6 west, 7 north-west),
        /// or `nil` when no line leaves `point` that way.
        public static func neighbour(of point: Int, direction: Int) -> Int? {
            guard (0..<25).contains(point), (0..<8).contains(direction) else { return nil }
            let d = Lines.direction(direction)
            return d.steps & Lines.bit(point) != 0 ? point + d.delta : nil
        }

        /// The landing point of a jump from `point` in direction `direction` (over the
        /// neighbour), or `nil` when the line does not run on for two points.
        public static func landing(from point: Int, direction: Int) -> Int? {
            guard (0..<25).contains(point), (0..<8).contains(direction) else { return nil }
            let d = Lines.direction(direction)
            return d.jumps & Lines.bit(point) != 0 ? point + 2 * d.delta : nil
        }

        /// The points joined to `point` by a line, as a bitboard.
        public static func neighbours(of point: Int) -> UInt32 {
            guard (0..<25).contains(point) else { return 0 }
            return Lines.neighbours(Lines.bit(point))
        }
    }
}
