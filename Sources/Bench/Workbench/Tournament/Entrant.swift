import Boards
import Search

/// An agent taking part in a two-player tournament: a name for the tables and a way
/// to make a fresh agent, seeded, for each game.
///
/// Each game gets its own agent, so agents keep no state between games and games can
/// run on different threads. Make one from a spec of the game's catalog with
/// ``builtIn(_:)`` or ``init(spec:catalog:)`` (a catalog with your own kinds
/// registered takes them the same way), or from any type conforming to
/// `TwoPlayerAgent` with ``init(name:make:)``.
public struct Entrant<G: TwoPlayerGame>: CatalogEntrant {
    /// The name in records and tables (a spec's text).
    public let name: String
    /// What the name means, every setting explicit (``AgentSpec/resolved``); the name
    /// itself for an agent not made from a spec.
    public var resolved: String
    @usableFromInline let make: @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>

    /// An entrant whose agent for each game is `make(seed)`.
    public init<A: TwoPlayerAgent & SendableMetatype>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.name = name
        resolved = name
        self.make = { seed in make(seed) }
    }

    /// The agent of `spec`, a spec of `catalog`, named `name`.
    @inlinable
    public init(name: String, spec: AgentSpec, catalog: AgentCatalog<any TwoPlayerAgent<G>>) {
        self.init(name: name, maker: { seed throws(ParseError) in try catalog.make(spec, seed: seed) })
        resolved = spec.resolved.text
    }

    /// A built-in agent of the game from its spec (e.g. `alphabeta:depth=4`).
    @inlinable
    public static func builtIn(_ spec: String) throws(WorkbenchError) -> Entrant where G: TwoPlayerWorkbenchGame {
        try Entrant(spec: spec, catalog: G.agentCatalog)
    }

    @usableFromInline
    init(name: String, maker: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>) {
        self.name = name
        resolved = name
        self.make = maker
    }

    /// The agent for one game; one that cannot be made (a file it reads is missing) is
    /// a runtime error naming the entrant.
    func agent(seed: UInt64) throws(WorkbenchError) -> any TwoPlayerAgent<G> {
        // The catalog's message may name the agent already: named once.
        do { return try make(seed) } catch { throw WorkbenchError.runtime(error.message).prefixed("agent '\(name)'") }
    }
}

/// An agent taking part in a puzzle tournament: a name and a way to make a fresh,
/// seeded agent for each deal.
public struct PuzzleEntrant<G: StochasticPuzzle>: CatalogEntrant {
    /// The name in records and tables.
    public let name: String
    /// What the name means, every setting explicit (``AgentSpec/resolved``).
    public var resolved: String
    @usableFromInline let make: @Sendable (_ seed: UInt64) throws(ParseError) -> any PuzzleAgent<G>

    /// Whether the agent reads the referee, and so sees the future draws: an oracle,
    /// a ceiling rather than a real agent (``RefereeReadingAgent``).
    public let readsFutureDraws: Bool

    /// An entrant whose agent for each deal is `make(seed)`.
    public init<A: PuzzleAgent & SendableMetatype>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.name = name
        resolved = name
        self.make = { seed in make(seed) }
        readsFutureDraws = A.self is any RefereeReadingAgent.Type
    }

    /// The agent of `spec`, a spec of `catalog`, named `name`.
    @inlinable
    public init(name: String, spec: AgentSpec, catalog: AgentCatalog<any PuzzleAgent<G>>) {
        self.init(name: name, readsFutureDraws: spec.kindDescription.readsReferee,
                  maker: { seed throws(ParseError) in try catalog.make(spec, seed: seed) })
        resolved = spec.resolved.text
    }

    /// A built-in agent of the puzzle from its spec (e.g. `expectimax:depth=2`).
    @inlinable
    public static func builtIn(_ spec: String) throws(WorkbenchError) -> PuzzleEntrant where G: PuzzleWorkbenchGame {
        try PuzzleEntrant(spec: spec, catalog: G.agentCatalog)
    }

    @usableFromInline
    init(name: String, readsFutureDraws: Bool,
         maker: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any PuzzleAgent<G>) {
        self.name = name
        resolved = name
        self.readsFutureDraws = readsFutureDraws
        self.make = maker
    }

    func agent(seed: UInt64) throws(WorkbenchError) -> any PuzzleAgent<G> {
        // The catalog's message may name the agent already: named once.
        do { return try make(seed) } catch { throw WorkbenchError.runtime(error.message).prefixed("agent '\(name)'") }
    }
}

/// What ``Entrant`` and ``PuzzleEntrant`` share: either is made from a spec of a
/// catalog of its agents (`any TwoPlayerAgent<G>` or `any PuzzleAgent<G>`).
public protocol CatalogEntrant: Sendable {
    associatedtype Agent
    /// The agent of `spec`, a spec of `catalog`, named `name`.
    init(name: String, spec: AgentSpec, catalog: AgentCatalog<Agent>)
}

extension CatalogEntrant {
    /// The agent of `text`, a spec of `catalog`; a bad spec is a usage error naming
    /// the problem (an unknown kind, parameter or weight lists the valid ones).
    @inlinable
    public init(spec text: String, catalog: AgentCatalog<Agent>) throws(WorkbenchError) {
        self.init(spec: try catalog.checkedSpec(text), catalog: catalog)
    }

    /// The agent of `spec`, a spec of `catalog`.
    @inlinable
    public init(spec: AgentSpec, catalog: AgentCatalog<Agent>) {
        self.init(name: spec.text, spec: spec, catalog: catalog)
    }
}

extension AgentCatalog {
    /// The spec `text` of this catalog; a bad spec is a usage error naming the problem
    /// (an unknown kind, parameter or weight lists the valid ones). What entrants,
    /// tuning and grading read a spec with.
    @inlinable
    public func checkedSpec(_ text: String) throws(WorkbenchError) -> AgentSpec {
        do { return try parse(text) } catch { throw .usage(error.message) }
    }

    /// The agent of spec `text`: a spec that does not parse, or whose values do not go
    /// together, is a usage error; one whose file is missing, unreadable or damaged
    /// (``ParseError/isRuntime``) a runtime error, as the tournament treats it.
    @inlinable
    public func checkedMake(_ text: String, seed: UInt64) throws(WorkbenchError) -> Agent {
        let spec = try checkedSpec(text)
        do { return try make(spec, seed: seed) } catch { throw error.isRuntime ? .runtime(error.message) : .usage(error.message) }
    }
}
