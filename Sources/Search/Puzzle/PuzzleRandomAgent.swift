import Boards

/// Plays a uniformly random legal move of any puzzle, drawn by the puzzle's
/// ``StochasticPuzzle/randomMove(using:)`` from the agent's seeded stream (so a puzzle
/// whose moves cannot be listed still has a random agent).
public struct PuzzleRandomAgent<Game: StochasticPuzzle>: PuzzleAgent {
    public let spec: String
    public var budget: SearchBudget { SearchBudget() }
    @usableFromInline var rng: SplitMix64

    public init(spec: String, seed: UInt64) {
        self.spec = spec
        rng = SplitMix64(seed: seed)
    }

    @inlinable
    public mutating func selectMove(_ state: Game, budget: SearchBudget) -> SearchResult<Game.Move> {
        guard !state.isOver, let move = state.randomMove(using: &rng) else { return SearchResult(move: nil) }
        var r = SearchResult(move: move)
        r.nodes = 1
        return r
    }
}
