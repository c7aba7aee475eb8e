import Boards

/// An agent kind: its description and how to make an agent from a spec of it.
///
/// `Agent` is the type a game's agents are held as: `any TwoPlayerAgent<G>` or
/// `any PuzzleAgent<G>`. The maker is called once per game, never inside a search.
public struct AgentKind<Agent>: Sendable {
    /// What the kind is and takes.
    public let description: AgentDescription
    @usableFromInline let maker: @Sendable (AgentSpec, UInt64) throws(ParseError) -> Agent

    /// A kind described by `description` whose agent for a spec and a seed is
    /// `make(spec, seed)`; the spec reaching `make` has been checked against `description`.
    @inlinable
    public init(_ description: AgentDescription,
                make: @escaping @Sendable (_ spec: AgentSpec, _ seed: UInt64) throws(ParseError) -> Agent) {
        self.description = description
        maker = make
    }
}

/// The agent kinds a game offers, by name: the built-in ones and any a library user
/// registers. Parsing, validation and construction of every agent spec go through it.
///
/// ```swift
/// var catalog = TigersGoats.agentCatalog
/// try catalog.register(AgentKind(AgentDescription(name: "mine", summary: "…")) { spec, seed in Mine(seed: seed) })
/// let spec = try catalog.parse("mine")
/// ```
public struct AgentCatalog<Agent>: Sendable {
    /// The game's name, for messages.
    public let game: String
    @usableFromInline var _kinds: [AgentKind<Agent>]
    /// The kinds, in the order lists show them.
    public var kinds: [AgentKind<Agent>] { _kinds }

    @inlinable
    public init(game: String, kinds: [AgentKind<Agent>]) {
        self.game = game
        _kinds = kinds
    }

    /// The descriptions of the kinds.
    public var descriptions: [AgentDescription] { kinds.map(\.description) }

    /// Adds `kind`; a name already taken, or not a plain name, throws.
    public mutating func register(_ kind: AgentKind<Agent>) throws(ParseError) {
        let name = kind.description.name
        let syntax = try AgentSpec.Syntax(name)
        guard syntax.name == name, syntax.items.isEmpty, !name.contains(":") else {
            throw ParseError("agent kind name '\(name)' must be a plain word (no ':', ',', '=' or blank)")
        }
        guard !kinds.contains(where: { $0.description.name == name }) else {
            throw ParseError("agent kind '\(name)' is already in the \(game) catalog")
        }
        _kinds.append(kind)
    }

    /// The kind called `name`; an unknown name throws, listing the known ones.
    public func kind(named name: String) throws(ParseError) -> AgentKind<Agent> {
        guard let kind = kinds.first(where: { $0.description.name == name }) else {
            let names = kinds.map { $0.description.readsReferee ? "\($0.description.name) (reads the future draws: a ceiling, not an agent)" : $0.description.name }
            throw ParseError("unknown agent '\(name)' for \(game) (valid: \(names.joined(separator: ", ")))")
        }
        return kind
    }

    /// The spec `text` spells, checked against its kind.
    public func parse(_ text: String) throws(ParseError) -> AgentSpec {
        let syntax = try AgentSpec.Syntax(text)
        return try kind(named: syntax.name).description.parse(syntax, text: text)
    }

    /// The spec a run recorded as resolved (``AgentSpec/resolved``), read as that run
    /// played it: a parameter added to the kind since, missing from `text`, takes the
    /// value that plays as the kind did before it (``Parameter/valueBefore``), not
    /// today's default. A parameter removed since, or a value out of today's range,
    /// throws as ``parse(_:)`` does.
    public func parseRecorded(_ text: String) throws(ParseError) -> AgentSpec {
        let syntax = try AgentSpec.Syntax(text)
        let description = try kind(named: syntax.name).description
        var added: [String] = []
        for p in description.parameters where !syntax.items.contains(where: { p.isNamed($0.key) }) {
            if let before = p.valueBefore { added.append("\(p.name)=\(before)") }
        }
        guard !added.isEmpty else { return try description.parse(syntax, text: text) }
        return try description.parse(text + (syntax.items.isEmpty ? ":" : ",") + added.joined(separator: ","))
    }

    /// The agent of `spec`, seeded with `seed`.
    @inlinable
    public func make(_ spec: AgentSpec, seed: UInt64) throws(ParseError) -> Agent {
        let kind = try kind(named: spec.kind)
        // A spec read by another catalog's kind of the same name is read again by this
        // one, so a maker always sees the values and defaults its own kind declares.
        let own = spec.kindDescription == kind.description ? spec : try kind.description.parse(spec.text)
        return try kind.maker(own, seed)
    }

    /// Parses `text` and makes its agent in one step.
    @inlinable
    public func make(_ text: String, seed: UInt64) throws(ParseError) -> Agent {
        try make(parse(text), seed: seed)
    }
}
