// Move generation for Bagh-Chal.
//
// Placements iterate the empty set. Steps are generated set-wise: the pieces that have
// a line in a direction, shifted one point along it and masked with the empty points,
// give every destination in that direction at once (Lines.swift). A capture is two
// such shifts: onto a goat, then onto an empty point. Counting (perft's last ply) is
// a popcount per direction, with no list.

extension BaghChal {
    /// The destinations of the tiger on the single point of `tiger`: empty neighbours it
    /// steps to, and landing points of its captures. A landing point names its capture
    /// uniquely (one landing point per direction).
    @inlinable @inline(__always)
    internal func tigerTargets(_ tiger: UInt32) -> (steps: UInt32, captures: UInt32) {
        let empty = self.empty, g = _goats
        var steps: UInt32 = 0, captures: UInt32 = 0
        Lines.forEachDirection { d in
            steps |= d.step(tiger)
            captures |= d.jump(tiger, over: g)
        }
        return (steps & empty, captures & empty)
    }

    /// Appends every legal move in a fixed order: placements by point; goat steps by
    /// direction (N, NE, E, SE, S, SW, W, NW) then destination; tigers by point, each
    /// tiger's captures before its steps, each by destination. Appends nothing once
    /// the tigers have won by captures.
    // Always inlined: a call would run the Boards module's copy, built without the
    // caller's CPU flags (popcount, BMI).
    @inlinable @inline(__always)
    public func generateMoves(into moves: inout MoveList<Move>) {
        let empty = self.empty
        // The count stays in a register until the end (MoveList._store).
        var n = moves.count
        defer { moves._setCount(n) }
        if side == .first {
            // Only the goats can be to move after the fifth capture (see BaghChal).
            if Int(captured) >= Self.capturesToWin { return }
            if inHand > 0 {
                var e = empty
                while e != 0 {
                    moves._store(Move(placing: e.trailingZeroBitCount), at: n)
                    n &+= 1
                    e &= e &- 1
                }
                return
            }
            let g = _goats
            Lines.forEachDirection { d in
                var to = d.step(g) & empty
                while to != 0 {
                    let point = to.trailingZeroBitCount
                    moves._store(Move(from: point &- d.delta, to: point), at: n)
                    n &+= 1
                    to &= to &- 1
                }
            }
        } else {
            var t = _tigers
            while t != 0 {
                let from = t.trailingZeroBitCount
                let (steps, captures) = tigerTargets(t & (0 &- t))
                t &= t &- 1
                var c = captures
                while c != 0 {
                    moves._store(Move(from: from, to: c.trailingZeroBitCount, isCapture: true), at: n)
                    n &+= 1
                    c &= c &- 1
                }
                var s = steps
                while s != 0 {
                    moves._store(Move(from: from, to: s.trailingZeroBitCount), at: n)
                    n &+= 1
                    s &= s &- 1
                }
            }
        }
    }

    /// Perft's children without a move list: each placement, step and capture builds
    /// the child from the target sets' bits (within one direction a tiger has at most
    /// one step and one capture).
    // Always inlined, like generateMoves(into:), for the caller's CPU flags.
    @inlinable @inline(__always)
    public func forEachChildWithoutHash(_ body: (Self) -> Void) -> Bool {
        let empty = self.empty, g = _goats, t = _tigers
        var child = self
        child.side = side.opponent
        child.ply &+= 1
        if side == .first {
            // Only the goats can be to move after the fifth capture (see BaghChal).
            if Int(captured) >= Self.capturesToWin { return true }
            if inHand > 0 {
                child.inHand &-= 1
                var e = empty
                while e != 0 {
                    child._goats = g | (e & (0 &- e))
                    body(child)
                    e &= e &- 1
                }
                return true
            }
            Lines.forEachDirection { d in
                var to = d.step(g) & empty
                while to != 0 {
                    let point = to & (0 &- to)
                    child._goats = g ^ point ^ d.shiftBack(point)
                    body(child)
                    to &= to &- 1
                }
            }
            return true
        }
        var tt = t
        while tt != 0 {
            let tiger = tt & (0 &- tt)
            tt &= tt &- 1
            child._goats = g
            child.captured = captured
            Lines.forEachDirection { d in
                let to = d.step(tiger) & empty
                if to != 0 {
                    child._tigers = t ^ tiger ^ to
                    body(child)
                }
            }
            child.captured = captured &+ 1
            Lines.forEachDirection { d in
                let to = d.jump(tiger, over: g) & empty
                if to != 0 {
                    child._tigers = t ^ tiger ^ to
                    child._goats = g ^ d.shift(tiger)
                    body(child)
                }
            }
        }
        return true
    }

    /// The number of legal moves, counted with popcounts and no list (perft's last ply).
    // Always inlined: a call would run the Boards module's copy, built without the
    // caller's CPU flags (popcount, BMI).
    @inlinable @inline(__always)
    public func moveCount() -> Int {
        let empty = self.empty
        if side == .first {
            // Tested on the goats' side only: after a goat's move, perft's last ply
            // then counts the tigers' moves with no test of the captures (9% of
            // Bagh-Chal perft 8; the C compiler drops that test by itself).
            if Int(captured) >= Self.capturesToWin { return 0 }
            if inHand > 0 { return empty.nonzeroBitCount }
            let g = _goats
            var n = 0
            Lines.forEachDirection { n &+= (($0.step(g) & empty).nonzeroBitCount) }
            return n
        }
        // Within one direction each origin has at most one destination, so the
        // popcounts of the eight directions add up to the moves of all four tigers.
        let t = _tigers, g = _goats
        var n = 0
        Lines.forEachDirection { d in
            n &+= (d.step(t) & empty).nonzeroBitCount &+ (d.jump(t, over: g) & empty).nonzeroBitCount
        }
        return n
    }

    /// The goats that some tiger could capture on its next move, whoever is to move
    /// (shown red on the board). Empty once the game is won by captures.
    @inlinable
    public var goatsInDanger: UInt32 {
        if Int(captured) >= Self.capturesToWin { return 0 }
        let t = _tigers, g = _goats, e = empty
        var danger: UInt32 = 0
        Lines.forEachDirection { d in
            // Goats next to a tiger along a line that runs on; the empty point beyond,
            // shifted back by one step, marks the goat.
            let over = d.shift(t & d.jumps) & g
            danger |= d.shiftBack(d.shift(over) & e)
        }
        return danger
    }

    /// The tigers' legal moves in total, and the tigers that have none (trapped),
    /// whoever is to move: the mobility terms of an evaluation.
    @inlinable
    public var tigerMobility: (moves: Int, trapped: Int) {
        var moves = 0, trapped = 0
        var t = _tigers
        while t != 0 {
            let (steps, captures) = tigerTargets(t & (0 &- t))
            let n = steps.nonzeroBitCount &+ captures.nonzeroBitCount
            moves &+= n
            if n == 0 { trapped &+= 1 }
            t &= t &- 1
        }
        return (moves, trapped)
    }

    /// Whether the goats are still placing (some goats in hand).
    @inlinable @inline(__always)
    public var isPlacementPhase: Bool { inHand > 0 }
}
