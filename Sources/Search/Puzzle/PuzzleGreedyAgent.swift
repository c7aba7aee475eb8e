import Boards

/// Greedy for any puzzle: the move with the most sure points, then the best
/// evaluation of the state it leaves (``PuzzleEvaluator/rankingValue(of:in:)``); ties
/// broken by the agent's seeded stream, each tied move equally likely.
public struct PuzzleGreedyAgent<E: PuzzleEvaluator>: PuzzleAgent {
    public typealias Game = E.Game

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: 1) }
    public let evaluator: E
    @usableFromInline var rng: SplitMix64
    @usableFromInline var moves = MoveList<Game.Move>(filler: Game.nullMove)

    public init(spec: String, evaluator: E, seed: UInt64) {
        self.spec = spec
        self.evaluator = evaluator
        rng = SplitMix64(seed: seed)
    }

    @inlinable
    public mutating func selectMove(_ state: Game, budget: SearchBudget) -> SearchResult<Game.Move> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        moves.removeAll()
        state.generateMoves(into: &moves)
        guard !moves.isEmpty else { return SearchResult(move: nil) }
        var best = -Double.infinity, chosen = 0, ties = 0
        for i in 0..<moves.count {
            let v = evaluator.rankingValue(of: moves[i], in: state)
            if v > best {
                best = v; chosen = i; ties = 1
            } else if v == best {
                // Reservoir sampling: each tied move is equally likely to be chosen.
                ties += 1
                if rng.next(below: ties) == 0 { chosen = i }
            }
        }
        var r = SearchResult(move: moves[chosen])
        // The value in points (the ranking key weighs points by 1000).
        let v = evaluator.immediateValue(of: moves[chosen], in: state)
        r.value = Double(v.points) + v.evaluation
        r.nodes = moves.count
        r.depth = 1
        r.seconds = clock.elapsed
        return r
    }
}
