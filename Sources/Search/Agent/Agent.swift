import Boards

/// An agent for a two-player game: given the game so far and a budget, picks a move.
///
/// Agents are seeded at creation and keep their own random stream, so a game replays
/// exactly under depth, node or playout budgets. One agent instance plays one game
/// at a time; tournaments make one per game.
public protocol TwoPlayerAgent<Game> {
    associatedtype Game: TwoPlayerGame

    /// The spec the agent was made from, e.g. `alphabeta:depth=6`.
    var spec: String { get }

    /// The budget from the spec, used when a call gives none.
    var budget: SearchBudget { get }

    /// Picks a move for the side to move of `game.position`.
    mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move>
}

extension TwoPlayerAgent {
    /// Picks a move within the agent's own budget.
    public mutating func selectMove(_ game: GameHistory<Game>) -> SearchResult<Game.Move> {
        selectMove(game, budget: budget)
    }
}

/// An agent for a single-player stochastic puzzle. It sees only the state (coins,
/// turns, score), never the referee's random stream.
public protocol PuzzleAgent<Game> {
    associatedtype Game: StochasticPuzzle

    /// The spec the agent was made from.
    var spec: String { get }

    /// The budget from the spec.
    var budget: SearchBudget { get }

    /// Picks a move at a decision node.
    mutating func selectMove(_ state: Game, budget: SearchBudget) -> SearchResult<Game.Move>
}

extension PuzzleAgent {
    /// Picks a move within the agent's own budget.
    public mutating func selectMove(_ state: Game) -> SearchResult<Game.Move> {
        selectMove(state, budget: budget)
    }
}
