import Boards
import Search

/// Everything the workbench needs to know about a game, in one conformance per game.
///
/// The engines in Boards know the rules; this protocol adds what the workbench needs
/// around them: the game's rule options on the command line, the agents it offers by
/// spec string, and the default line-up. Commands and tournaments are generic over a
/// game type and never switch on a game's name: ``GameRegistry`` maps a name to its
/// type and hands the type to a ``GameVisitor``.
///
/// A game conforms through one of the two kinds below, ``TwoPlayerWorkbenchGame`` or
/// ``PuzzleWorkbenchGame``; adding a game is its engine in Boards, one conformance
/// in `Workbench/Games/` and one line in ``GameRegistry``.
public protocol WorkbenchGame: Sendable {
    /// The rule variants of a game (the ply limit, a capture variant), stored in a
    /// tournament's `tournament.json` beside its other settings.
    associatedtype Rules: Sendable, Equatable, Codable

    /// The name on the command line and in records, e.g. `tigers-goats`.
    static var name: String { get }

    /// The name in prose, e.g. `Tigers & Goats`.
    static var title: String { get }

    /// The rules when no option changes them.
    static var defaultRules: Rules { get }

    /// The command-line options that set ``Rules`` (e.g. `--ply-limit`), with help.
    static var ruleOptions: [RuleOption] { get }

    /// The rules the options set; a bad value is a usage error naming the option.
    static func rules(_ options: RuleOptionValues) throws(WorkbenchError) -> Rules

    /// The agents of the default tournament, as spec strings.
    static var defaultAgents: [String] { get }

    /// The agent kinds this game offers by spec string, with their parameters.
    static var agentKinds: [(name: String, parameters: [String])] { get }

    /// The heuristic weights the agent of `spec` evaluates with (the evaluation's
    /// defaults with the spec's `w.NAME=value` overrides), in the evaluation's order;
    /// none for an agent without an evaluation. What `bench tune` tunes. A bad spec
    /// throws the message ``makeAgent`` would.
    static func weights(of spec: String) throws(ParseError) -> HeuristicWeights
}

/// A deterministic two-player game in the workbench (Tigers & Goats).
public protocol TwoPlayerWorkbenchGame: WorkbenchGame, TwoPlayerGame {
    /// The evaluation that the built-in agents search with; its named weights are
    /// the ones `w.NAME=value` sets in a spec.
    associatedtype Evaluator: Search.Evaluator where Evaluator.Game == Self

    /// The start position under `rules`.
    static func start(_ rules: Rules) -> Self

    /// The position of `text` under `rules`, throwing an error that names the problem.
    static func position(parsing text: String, rules: Rules) throws(ParseError) -> Self

    /// A built-in agent made from a spec string, seeded with `seed`.
    static func makeAgent(_ spec: String, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<Self>

    /// The board for a person at a terminal (`bench play`), `color` for ANSI colours.
    static func board(_ position: Self, color: Bool) -> String
}

extension TwoPlayerWorkbenchGame {
    @inlinable
    public static func makeAgent(_ spec: String, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<Self> {
        try AgentFactory<Evaluator>.make(spec, seed: seed)
    }

    public static var agentKinds: [(name: String, parameters: [String])] { AgentFactory<Evaluator>.kinds }

    /// The weights of the ``Evaluator`` as the spec sets them (none for `random`).
    public static func weights(of spec: String) throws(ParseError) -> HeuristicWeights {
        try AgentFactory<Evaluator>.weights(AgentSpec(parsing: spec))
    }

    /// The side names in turn order, e.g. `["goats", "tigers"]`.
    public static var sideNames: [String] { Player.allCases.map(sideName) }
}

/// A single-player puzzle with chance in the workbench (Coin Sorter).
public protocol PuzzleWorkbenchGame: WorkbenchGame, StochasticPuzzle {
    /// The owner of the seeded random stream that deals and refills the game.
    associatedtype Referee: PuzzleReferee where Referee.State == Self

    /// A built-in agent made from a spec string, seeded with `seed`.
    static func makeAgent(_ spec: String, seed: UInt64) throws(ParseError) -> any PuzzleAgent<Self>

    /// The board for a person at a terminal (`bench play`).
    static func board(_ state: Self) -> String
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

/// A command-line option that sets a game's rules, e.g. `--ply-limit N`.
public struct RuleOption: Sendable {
    /// The option, with its dashes: `--ply-limit`.
    public var name: String
    /// Whether it takes a value (`--ply-limit 200`) or is a flag (`--long-range`).
    public var takesValue: Bool
    /// One line of help, e.g. `--ply-limit N     draw at ply N (default 300)`.
    public var help: String

    public init(name: String, takesValue: Bool, help: String) {
        self.name = name
        self.takesValue = takesValue
        self.help = help
    }
}

/// The values given for a game's ``RuleOption``s, for ``WorkbenchGame/rules(_:)``.
public struct RuleOptionValues: Sendable {
    /// Values of options that take one, by option name (`--ply-limit`).
    public var values: [String: String]
    /// Flags that were given.
    public var flags: Set<String>

    public init(values: [String: String] = [:], flags: Set<String> = []) {
        self.values = values
        self.flags = flags
    }

    /// The whole number given for `name`, `fallback` when absent, checked against `range`.
    public func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(WorkbenchError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let v = Int(text), range.contains(v) else {
            throw .usage("option \(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return v
    }
}

/// The referee of a puzzle: deals from a seed and draws every chance event from the
/// seeded stream, so a seed and the moves give one game. Agents never see it.
public protocol PuzzleReferee: Sendable {
    associatedtype State: StochasticPuzzle
    /// Deals the game of `seed`.
    init(seed: UInt64)
    /// The game now, at a decision node or over.
    var state: State { get }
    /// Plays a legal move and resolves the chance events it calls for.
    mutating func play(_ move: State.Move)
}
