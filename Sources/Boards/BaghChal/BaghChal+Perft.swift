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
        let empty = self.empty, t = _tigers, g = _goats
        let m = empty.nonzeroBitCount
        var moves = 0
        if side == .first {
            // Only the goats can be to move after the fifth capture (see BaghChal).
            if Int(captured) >= Self.capturesToWin { return 0 }
            var opened = 0
            Lines.forEachDirection { d in
                moves &+= (d.step(t) & empty).nonzeroBitCount &+ (d.jump(t, over: g) & empty).nonzeroBitCount
                opened &+= (d.jump(t, over: empty) & empty).nonzeroBitCount
            }
            return (m &- 1) &* moves &+ opened
        }
        var steps = 0, jumps = 0
        Lines.forEachDirection { d in
            steps &+= (d.step(t) & empty).nonzeroBitCount
            jumps &+= (d.jump(t, over: g) & empty).nonzeroBitCount
        }
        return steps &* m &+ (Int(captured) &+ 1 >= Self.capturesToWin ? 0 : jumps &* (m &+ 1))
    }
}
