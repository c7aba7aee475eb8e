import Boards
import Search

/// Everything the workbench needs to know about a game, in one conformance per game.
///
/// The engines in Boards know the rules; this protocol adds what the workbench needs
/// around them, OpenSpiel-style: what kind of game it is (players, chance, moves), its
/// rule options each with default, range and help, the agent kinds it offers
/// (``agentCatalog``), its match format, and the default line-up. Commands and
/// tournaments are generic over a game type and ask it, never its name:
/// ``GameRegistry`` maps a name to its type and hands the type to a ``GameVisitor``.
///
/// A game conforms through one of the two kinds below, ``TwoPlayerWorkbenchGame`` or
/// ``PuzzleWorkbenchGame``, and names the ``MatchFormat`` of that kind
/// (``ColourSwappedPairs`` or ``SharedDeals``); README.md, "Adding a game", lists the steps.
public protocol WorkbenchGame: Sendable {
    /// The rule variants of a game (the ply limit, a capture variant), stored in a
    /// tournament's `tournament.json` beside its other settings.
    associatedtype Rules: Sendable, Equatable, Codable

    /// What plays the game in a tournament: `any TwoPlayerAgent<Self>` or `any PuzzleAgent<Self>`
    /// (fixed by the kind of conformance).
    associatedtype Agent

    /// How the game's tournaments are played, checked and scored: ``ColourSwappedPairs``
    /// for a two-player game, ``SharedDeals`` for a puzzle.
    associatedtype Format: MatchFormat where Format.Game == Self

    /// The name on the command line and in records, e.g. `tigers-goats`.
    static var name: String { get }

    /// The name in prose, e.g. `Tigers & Goats`.
    static var title: String { get }

    /// The number of players: 2, or 1 for a puzzle (given by the kind of conformance).
    static var players: Int { get }

    /// Where chance enters the game.
    static var chance: Chance { get }

    /// What a move is, in a few words (`a step or a jump of one piece`).
    static var moveSummary: String { get }

    /// The rules when no option changes them.
    static var defaultRules: Rules { get }

    /// The rule options, each with type, range, default and help: `ply-limit` is set by
    /// `--ply-limit N` on the command line.
    static var ruleParameters: [Parameter] { get }

    /// The rules `values` set (each already checked against its parameter); a
    /// combination the game refuses is a usage error.
    static func rules(_ values: RuleValues) throws(WorkbenchError) -> Rules

    /// The agents of the default tournament, as spec strings.
    static var defaultAgents: [String] { get }

    /// The agent kinds the game offers by spec (``TwoPlayerAgents`` for every two-player
    /// game with an evaluation); a library user adds own kinds to a copy (``AgentCatalog/register(_:)``).
    static var agentCatalog: AgentCatalog<Agent> { get }

    /// The built-in agent kinds, described (the catalog's, by default).
    static var agentDescriptions: [AgentDescription] { get }

    /// Whether commas separate the moves of a `--moves` list (as well as blanks): not
    /// for a game whose notation holds commas (Balls!' `37@100,100`).
    static var movesSeparatedByCommas: Bool { get }

    /// Plays game `index` of `tournament` (``MatchFormat/play(_:in:)``); not for a game
    /// to implement. A requirement, not an extension method, for speed: the default's
    /// witness in each game's conformance is compiled for that game, and so is the
    /// game loop under it. Reached from generic code instead, the loop ran generic, and
    /// a tournament of cheap agents spent most of its time in the runtime's type
    /// look-ups and value witnesses.
    static func playGame(_ index: Int, in tournament: Tournament<Self>) throws(WorkbenchError) -> GameRecord
}

/// Where chance enters a game (OpenSpiel's chance mode).
public enum Chance: String, Sendable, Codable, CaseIterable {
    /// Deterministic: no chance at all.
    case none
    /// Only in the deal: the start is random, the play after it deterministic.
    case deal
    /// At every turn (new coins after a match).
    case everyTurn = "every-turn"
}

/// What a game is, in one value: what `bench agents --json` and `tournament.json` say.
public struct GameDescription: Sendable, Equatable {
    public var name, title: String
    public var players: Int
    public var chance: Chance
    public var moves: String
    public var rules: [Parameter]
}

extension WorkbenchGame {
    public static var movesSeparatedByCommas: Bool { true }

    public static func playGame(_ index: Int, in tournament: Tournament<Self>) throws(WorkbenchError) -> GameRecord {
        try Format.play(index, in: tournament)
    }

    public static var agentDescriptions: [AgentDescription] { agentCatalog.descriptions }

    /// The moves of a `--moves` list for this game (``Replay/split(_:commas:)``).
    public static func splitMoves(_ list: String) throws(WorkbenchError) -> [String] {
        try Replay.split(list, commas: movesSeparatedByCommas)
    }

    /// The spec `text` of one of the game's built-in agent kinds, checked.
    public static func parseAgent(_ text: String) throws(ParseError) -> AgentSpec {
        let syntax = try AgentSpec.Syntax(text)
        guard let kind = agentDescriptions.first(where: { $0.name == syntax.name }) else {
            throw ParseError("unknown agent '\(syntax.name)' for \(name) (valid: \(agentDescriptions.map(\.name).joined(separator: ", ")))")
        }
        return try kind.parse(syntax, text: text)
    }

    /// The game described.
    public static var gameDescription: GameDescription {
        GameDescription(name: name, title: title, players: players, chance: chance, moves: moveSummary, rules: ruleParameters)
    }
}

/// A deterministic two-player game in the workbench (Tigers & Goats, Bagh-Chal).
public protocol TwoPlayerWorkbenchGame: WorkbenchGame, TwoPlayerGame where Agent == any TwoPlayerAgent<Self> {
    /// The evaluation that the built-in agents search with; its named weights are
    /// the ones `w.NAME=value` sets in a spec.
    associatedtype Evaluator: Search.Evaluator where Evaluator.Game == Self

    /// The start position under `rules`.
    static func start(_ rules: Rules) -> Self

    /// The position of `text` under `rules`, throwing an error that names the problem.
    static func position(parsing text: String, rules: Rules) throws(ParseError) -> Self

    /// The board for a person at a terminal (`bench play`), `color` for ANSI colours.
    static func board(_ position: Self, color: Bool) -> String
}

extension TwoPlayerWorkbenchGame {
    public static var players: Int { 2 }
    public static var chance: Chance { .none }

    @inlinable
    public static var agentCatalog: AgentCatalog<any TwoPlayerAgent<Self>> { TwoPlayerAgents<Evaluator>.catalog }

    /// The side names in turn order, e.g. `["goats", "tigers"]`.
    public static var sideNames: [String] { Player.allCases.map(sideName) }
}

/// A single-player puzzle in the workbench (Coin Sorter).
public protocol PuzzleWorkbenchGame: WorkbenchGame, StochasticPuzzle where Agent == any PuzzleAgent<Self> {
    /// The owner of the seeded random stream that deals and refills the game.
    associatedtype Referee: PuzzleReferee where Referee.State == Self, Referee.Rules == Rules

    /// The board for a person at a terminal (`bench play`).
    static func board(_ state: Self) -> String

    /// The score that passes a deal under `rules`, for a game with a pass target
    /// (a Balls! level); `nil` for a game scored by points alone. Tournament tables
    /// then give each agent's pass rate beside its mean score.
    static func passTarget(_ rules: Rules) -> Int?

    /// Facts of a state beyond its score, as whole numbers named for JSON
    /// (`bench replay --json`): Balls!' `ticks` once the level is over. None by default.
    static func measures(_ state: Self) -> [(name: String, value: Int)]

    /// A display command of the game at the terminal (`bench play`), such as Balls!'
    /// `show T`: the text to print, `nil` when `command` is not one, an error for a bad one.
    static func view(_ state: Self, command: String) throws(ParseError) -> String?

    /// The display commands in a few words, for the prompt's help; `nil` for none.
    static var viewHelp: String? { get }
}

extension PuzzleWorkbenchGame {
    public static var players: Int { 1 }
    public static func passTarget(_ rules: Rules) -> Int? { nil }
    public static func measures(_ state: Self) -> [(name: String, value: Int)] { [] }
    public static func view(_ state: Self, command: String) throws(ParseError) -> String? { nil }
    public static var viewHelp: String? { nil }

    /// Whether `score` passes a deal under `rules`; `nil` for a game without a pass target.
    public static func passed(score: Int, rules: Rules) -> Bool? { passTarget(rules).map { score >= $0 } }
}

/// What a command does with a game type: one method per kind of game, each generic,
/// so the caller never names a game (the visitor pattern over ``WorkbenchGame``).
public protocol GameVisitor {
    associatedtype Result
    /// Runs for a two-player game.
    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> Result
    /// Runs for a puzzle.
    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> Result
}

/// A ``GameVisitor`` that does the same for every kind of game: one generic method,
/// which both of the visitor's methods call.
public protocol UniformGameVisitor: GameVisitor {
    /// Runs for any game.
    func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> Result
}

extension UniformGameVisitor {
    public func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> Result { try visit(game) }
    public func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> Result { try visit(game) }
}

/// The values of a game's rule options: those given, each checked against its
/// ``Parameter``, and the defaults of the others.
public struct RuleValues: Sendable {
    /// The game's rule parameters.
    public let parameters: [Parameter]
    /// The values given, by parameter name.
    public private(set) var given: [String: ParameterValue] = [:]

    /// No value given: every rule at its default.
    public init(parameters: [Parameter]) { self.parameters = parameters }

    /// Sets parameter `name` from `text`; an unknown name or a bad value throws a
    /// usage error whose field is the parameter's name (`ply-limit`).
    public mutating func set(_ name: String, _ text: String) throws(WorkbenchError) {
        guard let p = parameters.named(name) else {
            throw .usage("unknown rule '\(name)' (known: \(parameters.map(\.name).joined(separator: ", ")))", field: name)
        }
        do { given[p.name] = try p.parse(text) } catch { throw .usage(error.message, field: p.name) }
    }

    /// Sets the flag `name` on.
    public mutating func set(_ name: String, flag: Bool) { given[name] = .flag(flag) }

    /// The value of `name`: given, else its default.
    public func value(_ name: String) -> ParameterValue? { given[name] ?? parameters.named(name)?.defaultValue }

    /// ``value(_:)`` as a whole number (the parameter must be an integer with a default).
    public func int(_ name: String) -> Int { value(name)?.int ?? 0 }

    /// ``value(_:)`` as a flag (off when absent).
    public func bool(_ name: String) -> Bool { value(name)?.bool ?? false }
}

/// The referee of a puzzle: deals from a seed and draws every chance event from the
/// seeded stream, so a seed and the moves give one game. Agents never see it.
public protocol PuzzleReferee: Sendable {
    associatedtype State: StochasticPuzzle
    /// The game's rule variants (a Balls! level); ``NoRules`` for a game without.
    associatedtype Rules: Sendable = NoRules
    /// Deals the game of `seed` under `rules`.
    init(seed: UInt64, rules: Rules)
    /// The game now, at a decision node or over.
    var state: State { get }
    /// Plays a legal move and resolves the chance events it calls for.
    mutating func play(_ move: State.Move)
}
