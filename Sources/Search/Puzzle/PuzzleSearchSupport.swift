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

/// What both puzzle searches (expectimax and open-loop MCTS) keep while they run: the
/// evaluation, the search width, the agent's chance stream and the scratch storage
/// the ranking writes into. Nothing here allocates per node.
@usableFromInline
struct PuzzleSearchScratch<E: PuzzleEvaluator> {
    @usableFromInline typealias Game = E.Game

    @usableFromInline let evaluator: E
    /// Moves kept per ranking (at least 1).
    @usableFromInline let width: Int
    /// The agent's own chance stream, never the referee's.
    @usableFromInline var rng: SplitMix64
    /// Where a state generates its moves; free again once they are ranked.
    @usableFromInline var moves: MoveList<Game.Move>
    /// Ranked moves, `width` per slot (the caller decides how many slots).
    @usableFromInline let ranked: UnsafeMutablePointer<RankedMove<Game.Move>>

    @inlinable
    init(evaluator: E, width: Int, rng: SplitMix64, ranked: UnsafeMutablePointer<RankedMove<Game.Move>>) {
        self.evaluator = evaluator
        self.width = width
        self.rng = rng
        self.ranked = ranked
        moves = MoveList(filler: Game.nullMove)
    }

    /// Runs `body` with scratch storage of `slots` ranking slots of `width` moves,
    /// drawing chance from `rng` (which continues where the search left it); the
    /// storage is freed afterwards. One allocation per search, none per node.
    @inlinable
    static func with<R>(evaluator: E, width: Int, slots: Int, rng: inout SplitMix64,
                        _ body: (inout PuzzleSearchScratch) -> R) -> R {
        let ranked = UnsafeMutablePointer<RankedMove<Game.Move>>.allocate(capacity: slots * width)
        defer { ranked.deallocate() }
        var scratch = PuzzleSearchScratch(evaluator: evaluator, width: width, rng: rng, ranked: ranked)
        let result = body(&scratch)
        rng = scratch.rng
        return result
    }

    /// Ranks the moves of `s` into slot `slot` of ``ranked``, best first; returns how
    /// many (at most `count`, itself at most ``width``).
    @inlinable @inline(__always)
    mutating func rank(_ s: Game, count: Int, slot: Int = 0) -> Int {
        evaluator.bestMoves(s, count: count, moves: &moves, into: ranked + slot * width)
    }

    /// Samples the chance events pending in `s` from the agent's stream.
    @inlinable @inline(__always)
    mutating func sampleChance(_ s: inout Game) {
        s.resolveChance(using: &rng)
    }

    /// Plays `move` and samples the chance events it calls for from the agent's stream.
    @inlinable @inline(__always)
    mutating func play(_ s: inout Game, _ move: Game.Move) {
        s.play(move)
        s.resolveChance(using: &rng)
    }
}

/// A puzzle search agent's search, compiled where the agent is made, and its chance
/// stream. The agent's inlinable initialiser makes the closure, so a caller holding
/// the agent as `any PuzzleAgent` still runs code specialised for the puzzle.
@usableFromInline
struct PuzzleSearcher<Game: StochasticPuzzle> {
    /// The agent's own seeded stream for chance, never the referee's.
    @usableFromInline var rng: SplitMix64
    /// One search of a decision node to a limit (depth or playouts) within optional
    /// seconds, drawing chance from the stream.
    @usableFromInline let search: (Game, Int, Double?, inout SplitMix64) -> SearchResult<Game.Move>

    @inlinable
    init(seed: UInt64, search: @escaping (Game, Int, Double?, inout SplitMix64) -> SearchResult<Game.Move>) {
        rng = SplitMix64(seed: seed)
        self.search = search
    }

    /// Searches `state` to `limit` within `seconds`; no move at the end or at a chance node.
    @inlinable
    mutating func run(_ state: Game, limit: Int, seconds: Double?) -> SearchResult<Game.Move> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        return search(state, limit, seconds, &rng)
    }
}
