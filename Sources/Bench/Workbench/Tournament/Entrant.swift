import Boards
import Search

/// An agent taking part in a tournament: a name for the tables and a way to make a
/// fresh agent, seeded, for each game (two-player) or deal (puzzle).
///
/// Each game gets its own agent, so agents keep no state between games and games can
/// run on different threads. Make one from a spec of the game's catalog with
/// ``builtIn(_:)`` or ``init(spec:catalog:)`` (a catalog with your own kinds
/// registered takes them the same way), or from any type conforming to the game's
/// agent protocol (`TwoPlayerAgent`, `PuzzleAgent`) with `init(name:make:)`.
public struct Entrant<G: WorkbenchGame>: Sendable {
    /// The name in records and tables (a spec's text).
    public let name: String
    /// What the name means, every setting explicit (``AgentSpec/resolved``); the name
    /// itself for an agent not made from a spec.
    public var resolved: String
    /// Whether the agent reads the referee, and so sees a puzzle's future draws: an
    /// oracle, a ceiling rather than a real agent (``RefereeReadingAgent``).
    public let readsFutureDraws: Bool
    @usableFromInline let make: @Sendable (_ seed: UInt64) throws(ParseError) -> G.Agent

    /// The agent of `spec`, a spec of `catalog`, named `name`.
    @inlinable
    public init(name: String, spec: AgentSpec, catalog: AgentCatalog<G.Agent>) {
        self.init(name: name, readsFutureDraws: spec.kindDescription.readsReferee,
                  maker: { seed throws(ParseError) in try catalog.make(spec, seed: seed) })
        resolved = spec.resolved.text
    }

    /// The agent of `text`, a spec of `catalog`; a bad spec is a usage error naming
    /// the problem (an unknown kind, parameter or weight lists the valid ones).
    @inlinable
    public init(spec text: String, catalog: AgentCatalog<G.Agent>) throws(WorkbenchError) {
        self.init(spec: try catalog.checkedSpec(text), catalog: catalog)
    }

    /// The agent of `spec`, a spec of `catalog`.
    @inlinable
    public init(spec: AgentSpec, catalog: AgentCatalog<G.Agent>) {
        self.init(name: spec.text, spec: spec, catalog: catalog)
    }

    /// A built-in agent of the game from its spec (e.g. `alphabeta:depth=4`).
    @inlinable
    public static func builtIn(_ spec: String) throws(WorkbenchError) -> Entrant {
        try Entrant(spec: spec, catalog: G.agentCatalog)
    }

    @usableFromInline
    init(name: String, readsFutureDraws: Bool, maker: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> G.Agent) {
        self.name = name
        resolved = name
        self.readsFutureDraws = readsFutureDraws
        self.make = maker
    }

    /// The agent for one game; one that cannot be made is an error naming the entrant: a
    /// runtime error when a file it reads is missing or damaged, a usage error when its
    /// spec asks for something the kind cannot make (as `bench search` says it).
    func agent(seed: UInt64) throws(WorkbenchError) -> G.Agent {
        // The catalog's message may name the agent already: named once.
        do { return try make(seed) } catch {
            throw (error.isRuntime ? WorkbenchError.runtime(error.message) : .usage(error.message)).prefixed("agent '\(name)'")
        }
    }
}

extension Entrant where G: TwoPlayerWorkbenchGame {
    /// An entrant whose agent for each game is `make(seed)`.
    public init<A: TwoPlayerAgent & SendableMetatype>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.init(name: name, readsFutureDraws: false, maker: { seed in make(seed) })
    }
}

extension Entrant where G: PuzzleWorkbenchGame {
    /// An entrant whose agent for each deal is `make(seed)`.
    public init<A: PuzzleAgent & SendableMetatype>(name: String, make: @escaping @Sendable (_ seed: UInt64) -> A) where A.Game == G {
        self.init(name: name, readsFutureDraws: A.self is any RefereeReadingAgent.Type, maker: { seed in make(seed) })
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
