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

/// A stand-in for the best possible play of a puzzle, not an agent under the rules:
/// it is handed a copy of the game's *referee*, so it can play swaps on the copy and
/// see every future draw of the seeded stream. docs/rules.md, "What an agent may
/// know", forbids that to agents; such a player is allowed only as an explicitly
/// named upper bound (spec name `oracle`), and every table and command says so.
///
/// The referee is handed over in one place only: the workbench's puzzle move
/// (`Match.selectMove`), which checks for this protocol once per move. Every other
/// agent gets ``PuzzleAgent/selectMove(_:budget:)`` with the state alone, and the
/// referee keeps its stream private, so a copy shows the future only by being played.
/// Called with the state alone, a referee-reading agent plays nothing.
public protocol RefereeReadingAgent<Game, Referee>: PuzzleAgent {
    associatedtype Game
    /// The game's referee, the owner of the seeded stream (``CoinSorterReferee``).
    associatedtype Referee: Sendable

    /// Picks a move for `referee.state`, free to play any moves on `referee` (a copy)
    /// to see what the real stream will draw.
    mutating func selectMove(referee: Referee, budget: SearchBudget) -> SearchResult<Game.Move>
}

extension PuzzleAgent {
    /// Whether this agent reads the referee (an oracle: it sees the future draws).
    public var readsReferee: Bool { self is any RefereeReadingAgent }
}

extension RefereeReadingAgent {
    /// Picks a move within the agent's own budget.
    public mutating func selectMove(referee: Referee) -> SearchResult<Game.Move> {
        selectMove(referee: referee, budget: budget)
    }
}

/// How agents that read the referee are named and announced, in one place.
public enum Clairvoyance {
    /// The spec name of every referee-reading agent.
    public static let specName = "oracle"

    /// Whether `spec` (e.g. `oracle:beam=300`) names a referee-reading agent.
    public static func isOracle(_ spec: String) -> Bool {
        (try? AgentSpec.Syntax(spec))?.name == specName
    }

    /// What commands print when `spec` plays.
    public static func notice(_ spec: String) -> String {
        "'\(spec)' reads the referee's random stream: it sees the future draws, so its score is "
            + "a ceiling on what any agent could score, not a real agent's result"
    }

    /// The line under a table naming referee-reading agents.
    public static let tableNote = "`oracle` reads the referee's random stream (it sees the future draws): "
        + "its score is a ceiling, not a real agent's result."
}
