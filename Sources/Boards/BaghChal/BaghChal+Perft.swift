// Perft's last two plies for Bagh-Chal in the placement phase, counted without
// playing either (benchmarks/c/perft_fast.c uses the same closed forms).

extension BaghChal {
    /// Perft two plies down without playing, in the placement phase (goats in hand);
    /// `nil` in the movement phase, where perft plays the moves.
    ///
    /// - Goats to move: the sum over the M placements x (the empty points) of the
    ///   tigers' moves after x. A step or jump onto an empty point stays legal unless x
    ///   is that point (M - 1 placements each); a jump over an empty point onto an
    ///   empty point becomes legal when x is the point jumped over (one each).
    /// - Tigers to move: after a step the goats have as many placements as there are
    ///   empty points now, after a jump one more (the jumped point), and none after the
    ///   fifth capture.
    @inlinable @inline(__always)
    public func leafCountTwoPlies() -> Int? {
        if inHand == 0 { return nil }
        if side == .first {
            // Only the goats can be to move after the fifth capture (see BaghChal).
            if Int(captured) >= Self.capturesToWin { return 0 }
            return goatsPlacingLeafCountTwoPlies()
        }
        return tigersPlacingLeafCountTwoPlies()
    }

    /// Perft three plies down in the placement phase: ``leafCountTwoPlies()`` summed
    /// over the children, each built from the generator's sets (as
    /// ``forEachChildWithoutHash(_:)`` does) and counted in this loop, with the checks
    /// that hold for every child made once here: a call of perft's closure a child
    /// (its prologue, the checks) was 15% of a child's instructions (callgrind). `nil`
    /// in the movement phase, and when the goats place their last goat (their children
    /// are in the movement phase). No closure around the closed forms: one written in
    /// this non-generic function, if not inlined, runs the Boards module's copy, built
    /// without the caller's CPU flags.
    @inlinable @inline(__always)
    public func leafCountThreePlies() -> Int? {
        if inHand == 0 { return nil }
        let empty = self.empty, g = _goats, t = _tigers
        var child = self
        child.side = side.opponent
        child.ply &+= 1
        var total = 0
        if side == .first {
            if Int(captured) >= Self.capturesToWin { return 0 }
            if inHand == 1 { return nil }
            // Every child has this node's captures: whether the tigers' jumps count (not
            // the fifth capture) is decided once here, not in the loop (a compare a child).
            // A child's empty points are this node's less the goat placed.
            var e = empty
            if Int(captured) &+ 1 < Self.capturesToWin {
                while e != 0 {
                    let x = e & (0 &- e)
                    total &+= Self.tigersPlacingLeafCountTwoPlies(goats: g | x, tigers: t, empty: empty ^ x,
                                                                  jumpsCount: true)
                    e &= e &- 1
                }
            } else {
                while e != 0 {
                    let x = e & (0 &- e)
                    total &+= Self.tigersPlacingLeafCountTwoPlies(goats: g | x, tigers: t, empty: empty ^ x,
                                                                  jumpsCount: false)
                    e &= e &- 1
                }
            }
            return total
        }
        var tt = t
        while tt != 0 {
            let tiger = tt & (0 &- tt)
            tt &= tt &- 1
            // A step lands next to the tiger, a jump two points away: the sets are
            // disjoint, and one loop over both has one copy of the goats' closed form.
            var steps: UInt32 = 0, jumps: UInt32 = 0
            Lines.forEachDirection { d in
                steps |= d.step(tiger) & empty
                jumps |= d.jump(tiger, over: g) & empty
            }
            var targets = steps | jumps
            while targets != 0 {
                let to = targets & (0 &- targets)
                targets &= targets &- 1
                child._tigers = t ^ tiger ^ to
                child._goats = g
                child.captured = captured
                if to & jumps != 0 {
                    // The goat jumped stands halfway (point rank * 5 + file): its index is
                    // the mean of the two ends' (a jump moves two points along a line).
                    child._goats ^= 1 &<< UInt32(truncatingIfNeeded:
                        (tiger.trailingZeroBitCount &+ to.trailingZeroBitCount) &>> 1)
                    child.captured &+= 1
                    // Only the goats can be to move after the fifth capture: no moves.
                    if Int(child.captured) >= Self.capturesToWin { continue }
                }
                total &+= child.goatsPlacingLeafCountTwoPlies()
            }
        }
        return total
    }

    /// ``leafCountTwoPlies()`` with the goats to place (fewer than 5 goats captured).
    @inlinable @inline(__always)
    internal func goatsPlacingLeafCountTwoPlies() -> Int {
        let empty = self.empty, t = _tigers, g = _goats
        var moves = 0, opened = 0
        Lines.forEachDirection { d in
            moves &+= (d.step(t) & empty).nonzeroBitCount &+ (d.jump(t, over: g) & empty).nonzeroBitCount
            opened &+= (d.jump(t, over: empty) & empty).nonzeroBitCount
        }
        return (empty.nonzeroBitCount &- 1) &* moves &+ opened
    }

    /// ``leafCountTwoPlies()`` with the tigers to move in the placement phase.
    @inlinable @inline(__always)
    internal func tigersPlacingLeafCountTwoPlies() -> Int {
        Self.tigersPlacingLeafCountTwoPlies(goats: _goats, tigers: _tigers, empty: empty,
                                            jumpsCount: Int(captured) &+ 1 < Self.capturesToWin)
    }

    /// ``tigersPlacingLeafCountTwoPlies()`` of the position with goats `g`, tigers `t`
    /// and empty points `empty`; `jumpsCount` false when a jump would be the fifth
    /// capture (the goats have no moves after it).
    @inlinable @inline(__always)
    internal static func tigersPlacingLeafCountTwoPlies(goats g: UInt32, tigers t: UInt32, empty: UInt32,
                                                        jumpsCount: Bool) -> Int {
        let m = empty.nonzeroBitCount
        var steps = 0, jumps = 0
        Lines.forEachDirection { d in
            steps &+= (d.step(t) & empty).nonzeroBitCount
            if jumpsCount { jumps &+= (d.jump(t, over: g) & empty).nonzeroBitCount }
        }
        return jumpsCount ? steps &* m &+ jumps &* (m &+ 1) : steps &* m
    }
}
