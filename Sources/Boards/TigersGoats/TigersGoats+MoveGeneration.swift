// Move generation for Tigers & Goats.
//
// Goat steps are generated set-wise: shifting all goats one square in a direction
// and masking with the empty squares gives every destination in that direction at
// once. Tigers are few (four), so each is handled alone: its four rook rays are
// clipped at the first piece, which is also the only goat it could jump.

extension TigersGoats {
    /// The destinations of the tiger on `square`: empty squares it slides to, and
    /// landing squares of its captures. A landing square names its capture uniquely.
    @inlinable @inline(__always)
    internal func tigerTargets(_ square: Int) -> (slides: UInt64, captures: UInt64) {
        typealias B = Bitboard
        let occupied = goats | tigers, empty = ~occupied, tiger = B.bit(square)
        let north = B.clipIncreasing(B.rayNorth(square), occupied)
        let east = B.clipIncreasing(B.rayEast(square), occupied)
        let south = B.clipDecreasing(B.raySouth(square), occupied)
        let west = B.clipDecreasing(B.rayWest(square), occupied)
        let slides = (north | east | south | west) & empty
        let g = goats
        let captures: UInt64
        if longRange {
            // The first piece on each ray, if a goat, is jumped onto the square beyond.
            captures = B.north(north & g) & empty | B.east(east & g) & empty
                | B.south(south & g) & empty | B.west(west & g) & empty
        } else {
            // The standard rule: the jumped goat stands next to the tiger.
            captures = (B.north(B.north(tiger) & g) | B.east(B.east(tiger) & g)
                | B.south(B.south(tiger) & g) | B.west(B.west(tiger) & g)) & empty
        }
        return (slides, captures)
    }

    /// Appends every legal move in a fixed order: for goats by direction (N, NE, E,
    /// SE, S, SW, W, NW) then destination; for tigers by square, captures first.
    /// Appends nothing once the tigers have won by captures.
    // Always inlined: a call would run the Boards module's copy, built without the
    // caller's CPU flags (popcount, BMI).
    @inlinable @inline(__always)
    public func generateMoves(into moves: inout MoveList<Move>) {
        if Int(captured) >= Self.capturesToWin { return }
        typealias B = Bitboard
        let empty = self.empty
        // The count stays in a register until the end (MoveList._store).
        var n = moves.count
        if side == .first {
            let g = goats
            Self.appendSteps(B.north(g) & empty, delta: 8, into: &moves, at: &n)
            Self.appendSteps(B.northEast(g) & empty, delta: 9, into: &moves, at: &n)
            Self.appendSteps(B.east(g) & empty, delta: 1, into: &moves, at: &n)
            Self.appendSteps(B.southEast(g) & empty, delta: -7, into: &moves, at: &n)
            Self.appendSteps(B.south(g) & empty, delta: -8, into: &moves, at: &n)
            Self.appendSteps(B.southWest(g) & empty, delta: -9, into: &moves, at: &n)
            Self.appendSteps(B.west(g) & empty, delta: -1, into: &moves, at: &n)
            Self.appendSteps(B.northWest(g) & empty, delta: 7, into: &moves, at: &n)
        } else {
            var t = tigers
            while t != 0 {
                let from = t.trailingZeroBitCount
                t &= t &- 1
                let (slides, captures) = tigerTargets(from)
                var c = captures
                while c != 0 {
                    moves._store(Move(from: from, to: c.trailingZeroBitCount, isCapture: true), at: n)
                    n &+= 1
                    c &= c &- 1
                }
                var s = slides
                while s != 0 {
                    moves._store(Move(from: from, to: s.trailingZeroBitCount), at: n)
                    n &+= 1
                    s &= s &- 1
                }
            }
        }
        moves._setCount(n)
    }

    /// Stores a step to each square of `destinations` from the square `delta` behind
    /// it, from index `n` of `moves` on, and advances `n`.
    @inlinable @inline(__always)
    internal static func appendSteps(_ destinations: UInt64, delta: Int, into moves: inout MoveList<Move>,
                                     at n: inout Int) {
        var d = destinations
        while d != 0 {
            let to = d.trailingZeroBitCount
            moves._store(Move(from: to &- delta, to: to), at: n)
            n &+= 1
            d &= d &- 1
        }
    }

    /// Perft's children without a move list: each goat step and tiger slide builds the
    /// child from the target sets' bits; a capture (rare) is played as a move.
    // Always inlined, like generateMoves(into:), for the caller's CPU flags.
    @inlinable @inline(__always)
    public func forEachChildWithoutHash(_ body: (Self) -> Void) -> Bool {
        if Int(captured) >= Self.capturesToWin { return true }
        typealias B = Bitboard
        let g = goats, t = tigers, empty = self.empty
        var child = self
        child.side = side.opponent
        child.ply &+= 1
        if side == .first {
            Self.forEachStep(B.north(g) & empty, back: 0, goats: g, child: &child, body)
            Self.forEachStep(B.northEast(g) & empty, back: 1, goats: g, child: &child, body)
            Self.forEachStep(B.east(g) & empty, back: 2, goats: g, child: &child, body)
            Self.forEachStep(B.southEast(g) & empty, back: 3, goats: g, child: &child, body)
            Self.forEachStep(B.south(g) & empty, back: 4, goats: g, child: &child, body)
            Self.forEachStep(B.southWest(g) & empty, back: 5, goats: g, child: &child, body)
            Self.forEachStep(B.west(g) & empty, back: 6, goats: g, child: &child, body)
            Self.forEachStep(B.northWest(g) & empty, back: 7, goats: g, child: &child, body)
            return true
        }
        var tt = t
        while tt != 0 {
            let from = tt.trailingZeroBitCount
            let origin = tt & (0 &- tt)
            tt &= tt &- 1
            let (slides, captures) = tigerTargets(from)
            var s = slides
            while s != 0 {
                child._tigers = t ^ origin ^ (s & (0 &- s))
                body(child)
                s &= s &- 1
            }
            var c = captures
            while c != 0 {
                var jump = self
                jump.playWithoutHash(Move(from: from, to: c.trailingZeroBitCount, isCapture: true))
                body(jump)
                c &= c &- 1
            }
        }
        return true
    }

    /// Calls `body` with `child` after each goat step onto a square of `destinations`
    /// from the square one step back: direction `back` 0 south (the steps went north),
    /// 1 south-west, 2 west, 3 north-west, 4 north, 5 north-east, 6 east, 7 south-east.
    @inlinable @inline(__always)
    internal static func forEachStep(_ destinations: UInt64, back: Int, goats g: UInt64, child: inout Self,
                                     _ body: (Self) -> Void) {
        var d = destinations
        while d != 0 {
            let to = d & (0 &- d)
            child._goats = g ^ to ^ stepBack(to, back)
            body(child)
            d &= d &- 1
        }
    }

    /// The square one goat step back from `to` (a single bit) in direction `back`, as
    /// in ``forEachStep(_:back:goats:child:_:)``; a constant shift once inlined.
    @inlinable @inline(__always)
    internal static func stepBack(_ to: UInt64, _ back: Int) -> UInt64 {
        // Unmasked shifts: `to` came from a goat one step back.
        switch back {
        case 0: return to &>> 8
        case 1: return to &>> 9
        case 2: return to &>> 1
        case 3: return to &<< 7
        case 4: return to &<< 8
        case 5: return to &<< 9
        case 6: return to &<< 1
        default: return to &>> 7
        }
    }

    /// The number of legal moves, counted with popcounts and no list (perft's last ply).
    // Always inlined: a call would run the Boards module's copy, built without the
    // caller's CPU flags (popcount, BMI).
    @inlinable @inline(__always)
    public func moveCount() -> Int {
        if Int(captured) >= Self.capturesToWin { return 0 }
        typealias B = Bitboard
        let empty = self.empty
        if side == .first {
            let g = goats
            return (B.north(g) & empty).nonzeroBitCount + (B.south(g) & empty).nonzeroBitCount
                + (B.east(g) & empty).nonzeroBitCount + (B.west(g) & empty).nonzeroBitCount
                + (B.northEast(g) & empty).nonzeroBitCount + (B.northWest(g) & empty).nonzeroBitCount
                + (B.southEast(g) & empty).nonzeroBitCount + (B.southWest(g) & empty).nonzeroBitCount
        }
        var n = 0
        var t = tigers
        while t != 0 {
            let (slides, captures) = tigerTargets(t.trailingZeroBitCount)
            n &+= slides.nonzeroBitCount &+ captures.nonzeroBitCount
            t &= t &- 1
        }
        return n
    }

    /// The goats that some tiger could capture on its next move, whoever is to move
    /// (the app shows them red). Empty once the game is won by captures.
    @inlinable
    public var goatsInDanger: UInt64 {
        if Int(captured) >= Self.capturesToWin { return 0 }
        if !longRange {
            // Set-wise: a goat with a tiger on one side and an empty square on the other.
            typealias B = Bitboard
            let t = tigers, e = empty
            return goats & (B.north(t) & B.south(e) | B.south(t) & B.north(e)
                | B.east(t) & B.west(e) | B.west(t) & B.east(e))
        }
        var danger: UInt64 = 0
        var t = tigers
        while t != 0 {
            let from = t.trailingZeroBitCount
            t &= t &- 1
            var c = tigerTargets(from).captures
            while c != 0 {
                danger |= Bitboard.bit(Move(from: from, to: c.trailingZeroBitCount, isCapture: true).capturedSquare)
                c &= c &- 1
            }
        }
        return danger
    }
}

extension TigersGoats {
    /// The tigers' legal moves in total, and the tigers that have none (trapped),
    /// whoever is to move: the mobility terms of an evaluation.
    @inlinable
    public var tigerMobility: (moves: Int, trapped: Int) {
        var moves = 0, trapped = 0
        var t = tigers
        while t != 0 {
            let (slides, captures) = tigerTargets(t.trailingZeroBitCount)
            let n = slides.nonzeroBitCount &+ captures.nonzeroBitCount
            moves &+= n
            if n == 0 { trapped &+= 1 }
            t &= t &- 1
        }
        return (moves, trapped)
    }
}
