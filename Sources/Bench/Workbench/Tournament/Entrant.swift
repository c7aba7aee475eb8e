import Boards
import Search

/// An agent taking part in a two-player tournament: a name for the tables and a way
/// to make a fresh agent, seeded, for each game.
///
/// Each game gets its own agent, so agents keep no state between games and games can
/// run on different threads. Make one from any type conforming to `TwoPlayerAgent`
/// with ``init(name:make:)``, or from a built-in spec string with ``builtIn(_:)``.
public struct Entrant<G: TwoPlayerGame>: Sendable {
    /// The name in records and tables (a built-in agent's spec string).
    public let name: String
    let make: @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>

    /// An entrant whose agent for each game is `make(seed)`.
    public init<A: TwoPlayerAgent>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.name = name
        self.make = { seed in make(seed) }
    }

    /// A built-in agent from its spec string (e.g. `alphabeta:depth=4`); a bad spec
    /// is a usage error listing the valid agents, parameters or weights.
    @inlinable
    public static func builtIn(_ spec: String) throws(WorkbenchError) -> Entrant where G: TwoPlayerWorkbenchGame {
        do { _ = try G.makeAgent(spec, seed: 0) } catch { throw .usage(error.message) }
        return Entrant(name: spec, maker: { seed throws(ParseError) in try G.makeAgent(spec, seed: seed) })
    }

    @usableFromInline
    init(name: String, maker: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>) {
        self.name = name
        self.make = maker
    }

    /// The agent for one game.
    func agent(seed: UInt64) throws(WorkbenchError) -> any TwoPlayerAgent<G> {
        do { return try make(seed) } catch { throw .usage("agent '\(name)': \(error.message)") }
    }
}

/// An agent taking part in a puzzle tournament: a name and a way to make a fresh,
/// seeded agent for each deal.
public struct PuzzleEntrant<G: StochasticPuzzle>: Sendable {
    /// The name in records and tables.
    public let name: String
    let make: @Sendable (_ seed: UInt64) throws(ParseError) -> any PuzzleAgent<G>

    /// Whether the agent reads the referee, and so sees the future draws: an oracle,
    /// a ceiling rather than a real agent (``RefereeReadingAgent``).
    public let readsFutureDraws: Bool

    /// An entrant whose agent for each deal is `make(seed)`.
    public init<A: PuzzleAgent>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.name = name
        self.make = { seed in make(seed) }
        readsFutureDraws = A.self is any RefereeReadingAgent.Type
    }

    /// A built-in agent from its spec string (e.g. `expectimax:depth=2`).
    public static func builtIn(_ spec: String) throws(WorkbenchError) -> PuzzleEntrant where G: PuzzleWorkbenchGame {
        let sample: any PuzzleAgent<G>
        do { sample = try G.makeAgent(spec, seed: 0) } catch { throw .usage(error.message) }
        return PuzzleEntrant(name: spec, readsFutureDraws: sample.readsReferee,
                             maker: { seed throws(ParseError) in try G.makeAgent(spec, seed: seed) })
    }

    init(name: String, readsFutureDraws: Bool,
         maker: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any PuzzleAgent<G>) {
        self.name = name
        self.readsFutureDraws = readsFutureDraws
        self.make = maker
    }

    func agent(seed: UInt64) throws(WorkbenchError) -> any PuzzleAgent<G> {
        do { return try make(seed) } catch { throw .usage("agent '\(name)': \(error.message)") }
    }
}
