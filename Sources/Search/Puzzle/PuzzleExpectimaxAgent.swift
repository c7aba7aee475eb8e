import Boards

/// Expectimax for any puzzle, with sampled chance: at each decision the `width` best
/// moves by the greedy ranking (``PuzzleEvaluator/rankingValue(of:in:)``) are
/// searched; a move that calls for chance events is averaged over `samples` sampled
/// futures (drawn from the agent's own seeded stream, never the referee's), down to
/// `depth` turns, where the evaluation scores the state (or, for an evaluation that
/// values afterstates, ``PuzzleEvaluator/rankingIsValue``, the last turn is the best
/// ranked move's value, unsampled). A time limit, if any, makes
/// the evaluation stand in for the rest of the search once it passes.
///
/// The value is the expected further points. A budget given to
/// ``selectMove(_:budget:)`` without a depth searches the agent's own depth (one turn
/// if that has none either).
///
/// The search is compiled where the agent is made: the inlinable initialiser stores
/// it as a closure, so a caller holding the agent as `any PuzzleAgent` still runs code
/// specialised for the puzzle (as ``AlphaBetaAgent`` does).
public struct PuzzleExpectimaxAgent<E: PuzzleEvaluator>: PuzzleAgent, SearchAgentIdentity {
    public typealias Game = E.Game

    public var core: SearchAgentCore<E>
    /// Sampled futures per move that calls for chance (at least 1).
    public let samples: Int
    /// Moves searched per decision node (at least 1).
    public let width: Int
    /// ``PuzzleExpectimaxSearch/run(_:depth:seconds:evaluator:samples:width:rng:)`` for
    /// this agent, specialised where the agent was made.
    @usableFromInline var searcher: PuzzleSearcher<Game>

    @inlinable
    public init(spec: String, evaluator: E, budget: SearchBudget, samples: Int, width: Int, seed: UInt64) {
        core = SearchAgentCore(spec: spec, budget: budget, evaluator: evaluator)
        let samples = max(1, samples), width = max(1, width)
        self.samples = samples
        self.width = width
        searcher = PuzzleSearcher(seed: seed) { state, depth, seconds, rng in
            PuzzleExpectimaxSearch.run(state, depth: depth, seconds: seconds, evaluator: evaluator,
                                       samples: samples, width: width, rng: &rng)
        }
    }

    public mutating func selectMove(_ state: Game, budget: SearchBudget) -> SearchResult<Game.Move> {
        searcher.run(state, limit: max(1, budget.depth ?? self.budget.depth ?? 1), seconds: budget.seconds)
    }
}

/// One expectimax search: its counters, clock and scratch storage.
@usableFromInline
struct PuzzleExpectimaxSearch<E: PuzzleEvaluator> {
    @usableFromInline typealias Game = E.Game

    /// Its ``PuzzleSearchScratch/ranked`` holds `width` ranked moves per depth left (1
    /// to the root's depth): a node's candidates stay in their slot while its
    /// children, one turn shallower, use the next slot down.
    @usableFromInline var scratch: PuzzleSearchScratch<E>
    @usableFromInline let samples: Int
    @usableFromInline let clock: Clock
    @usableFromInline var nodes = 0
    @usableFromInline var outOfTime = false

    @inlinable
    init(scratch: PuzzleSearchScratch<E>, samples: Int, clock: Clock) {
        self.scratch = scratch
        self.samples = samples
        self.clock = clock
    }

    /// Searches the decision node `state` `depth` turns deep, drawing chance from `rng`.
    @inlinable
    static func run(_ state: Game, depth: Int, seconds: Double?, evaluator: E, samples: Int, width: Int,
                    rng: inout SplitMix64) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: seconds)
        return PuzzleSearchScratch.with(evaluator: evaluator, width: width, slots: depth + 1, rng: &rng) { scratch in
            var search = PuzzleExpectimaxSearch(scratch: scratch, samples: samples, clock: clock)
            let (value, move) = search.decide(state, depth: depth)
            scratch = search.scratch
            var r = SearchResult(move: move)
            r.value = move == nil ? nil : value
            r.nodes = search.nodes
            r.depth = depth
            r.seconds = clock.elapsed
            return r
        }
    }

/// The best expected further points from a decision node, and the move.
    @inlinable
    mutating func decide(_ state: Game, depth: Int) -> (Double, Game.Move?) {
        let count = scratch.rank(state, count: scratch.width, slot: depth)
        let candidates = scratch.ranked + depth * scratch.width
        nodes += scratch.moves.count
        guard count > 0 else { return (0, nil) }
        // One turn from the horizon, an evaluation that values afterstates has already
        // said what each move is worth on average: no sampling needed.
        if depth == 1 && scratch.evaluator.rankingIsValue { return (candidates[0].value, candidates[0].move) }
        var best = -Double.infinity, bestMove = candidates[0].move
        for k in 0..<count {
            let move = candidates[k].move
            let v = expectation(state, move, depth: depth)
            if v > best { best = v; bestMove = move }
        }
        return (best, bestMove)
    }

    /// The expected further points of playing `move`, then searching `depth - 1` turns.
    @inlinable
    mutating func expectation(_ state: Game, _ move: Game.Move, depth: Int) -> Double {
        var after = state
        after.play(move)
        if !after.isChanceNode { return Double(after.score - state.score) + value(after, depth: depth - 1) }
        var total = 0.0
        for _ in 0..<samples {
            var sample = after
            scratch.sampleChance(&sample)
            total += Double(sample.score - state.score) + value(sample, depth: depth - 1)
        }
        return total / Double(samples)
    }

    /// The value of a decision node with `depth` turns of search left.
    @inlinable
    mutating func value(_ state: Game, depth: Int) -> Double {
        if state.isOver { return 0 }
        nodes += 1
        // Out of time: the evaluation stands in for the rest of the search. The clock
        // is a system call, so it is read every 64 nodes.
        if !outOfTime && nodes & 63 == 0 && clock.expired { outOfTime = true }
        if depth <= 0 || outOfTime { return scratch.evaluator.evaluate(state) }
        return decide(state, depth: depth).0
    }
}
