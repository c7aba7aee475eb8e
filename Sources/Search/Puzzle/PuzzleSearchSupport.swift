import Boards

/// A move with its greedy ranking value (``PuzzleEvaluator/rankingValue(of:in:)``).
@frozen @usableFromInline
struct RankedMove<Move: BitwiseCopyable>: BitwiseCopyable {
    @usableFromInline var value: Double
    @usableFromInline var move: Move

    @inlinable init(value: Double, move: Move) {
        self.value = value
        self.move = move
    }
}

extension PuzzleEvaluator {
    /// Ranks every move of the decision node `state` and writes the best `count` to
    /// `top`, best first; returns how many it wrote (fewer when there are fewer
    /// moves). Among equal values the move generated earlier comes first, so the
    /// ranking is reproducible. `moves` is scratch storage; `top` holds `count`.
    ///
    /// Insertion into a sorted buffer, as the first Coin Sorter agents ranked swaps:
    /// `count` is small (a search width), and nothing is allocated.
    @inlinable
    func bestMoves(_ state: Game, count: Int, moves: inout MoveList<Game.Move>,
                   into top: UnsafeMutablePointer<RankedMove<Game.Move>>) -> Int {
        assert(count >= 1, "a ranking keeps at least one move")
        moves.removeAll()
        state.generateMoves(into: &moves)
        var n = 0
        for k in 0..<moves.count {
            let move = moves[k]
            let v = rankingValue(of: move, in: state)
            guard n < count || v > top[n - 1].value else { continue }
            // Shift the worse moves down one (the last falls off a full buffer); ties
            // keep the earlier move above.
            var i = n < count ? n : count - 1
            while i > 0 && top[i - 1].value < v {
                top[i] = top[i - 1]
                i -= 1
            }
            top[i] = RankedMove(value: v, move: move)
            if n < count { n += 1 }
        }
        return n
    }
}

extension StochasticPuzzle {
    /// Applies chance outcomes drawn from `generator` (the agent's own stream, never
    /// the referee's) until a decision node or the end: one sampled future.
    @inlinable @inline(__always)
    mutating func resolveChance(using generator: inout SplitMix64) {
        while isChanceNode { applyChance(chanceOutcome(generator.next(below: chanceOutcomeCount))) }
    }
}
