import Boards
import Search

/// One game of an external agent: the process it holds (taken from its definition's
/// pool at the first move, given back when the game is over), the options its spec
/// sets, and why it failed, if it did.
///
/// Owned by one agent value, used by one thread at a time; hence `@unchecked Sendable`.
final class ExternalSession: @unchecked Sendable {
    let definition: ExternalAgentDefinition
    /// Every declared option's value for this spec, as `set` sends it.
    let options: [(name: String, text: String)]
    /// The `newgame` line.
    let newGame: String
    private var connection: AgentConnection?
    private var started = false
    private(set) var failure: AgentFailure?

    init(definition: ExternalAgentDefinition, spec: AgentSpec, game: String, seed: UInt64, side: String, rulesText: String) {
        self.definition = definition
        options = definition.handshake.options.compactMap { p in
            spec.value(p.name).map { (p.name, AgentConnection.text(of: $0)) }
        }
        newGame = "newgame \(game) seed=\(seed) side=\(side) rules=\(rulesText)"
    }

    deinit {
        // A process that played in good order goes back to the pool for the next game.
        if let connection { definition.checkin(connection) }
    }

    /// Asks for a move: `position` (the `position` line and any `moves`), the legal
    /// moves if the agent wants them (`legal()` is called only then), and `go` with
    /// `budget`. Throws how the agent misbehaved, which the caller notes with
    /// ``fail(_:)``: its process is then ended, and a next request starts a new one.
    func move(position: [String], legal: () -> [String], budget: SearchBudget) throws(AgentFailure) -> AgentConnection.Reply {
        failure = nil
        if connection == nil {
            connection = try definition.checkout()
            started = false
        }
        let c = connection!
        var lines: [String] = []
        if !started {
            for (name, text) in options where c.optionValues[name] != text {
                lines.append("set \(name) \(text)")
                c.optionValues[name] = text
            }
            lines.append(newGame)
            started = true
        }
        lines += position
        if c.handshake.wantsLegal { lines.append((["legal"] + legal()).joined(separator: " ")) }
        var go = "go"
        if let t = budget.seconds { go += " time=\(t)" }
        if let d = budget.depth { go += " depth=\(d)" }
        if let n = budget.nodes { go += " nodes=\(n)" }
        if let p = budget.playouts { go += " playouts=\(p)" }
        lines.append(go)
        let seconds: Double, limit: String
        if let t = budget.seconds {
            seconds = t + definition.margin
            limit = "\(Format.number(seconds)) s (time \(Format.number(t)) + margin \(Format.number(definition.margin)))"
        } else {
            seconds = definition.moveTimeout
            limit = "the move timeout of \(Format.number(seconds)) s"
        }
        return try c.request(lines, deadline: Clock.now + seconds, limit: limit)
    }

    /// The search result of a request (``move(position:legal:budget:)``): the move
    /// `parse` reads from the reply, with the counts of its `info`; no move when the
    /// agent misbehaved, or answered a move `parse` refuses in the position `text`
    /// (an illegal move, ``failure`` says so).
    func result<M>(position: [String], legal: () -> [String], budget: SearchBudget, in text: @autoclosure () -> String,
                   parse: (String) throws(ParseError) -> M) -> SearchResult<M> {
        let reply: AgentConnection.Reply
        do { reply = try move(position: position, legal: legal, budget: budget) } catch {
            fail(error)
            return SearchResult(move: nil)
        }
        let move: M
        do { move = try parse(reply.move) } catch {
            fail(AgentFailure(.illegal, "move '\(ProtocolLine.clip(reply.move))' in \(text()): \(error.message)"))
            return SearchResult(move: nil)
        }
        var result = SearchResult(move: move)
        result.nodes = reply.nodes
        result.playouts = reply.playouts
        result.depth = reply.depth
        result.value = reply.value
        result.seconds = reply.seconds
        return result
    }

    /// Tells the process how the game ended (`gameover`), if it asked to be told and
    /// played this game. A process that does not take the line is ended, not reused.
    func gameOver(_ end: GameEnd) {
        guard let c = connection, started, c.handshake.wantsGameOver else { return }
        if !c.process.send([end.line], until: Clock.now + 1) {
            c.process.end(gracefully: false)
            connection = nil
        }
    }

    /// Notes `failure`, with the agent's last lines of standard error, and ends the
    /// process: its next game starts a new one.
    func fail(_ f: AgentFailure) {
        var f = f
        if f.stderr.isEmpty, let process = connection?.process { f.stderr = process.failure(f.termination, f.reason).stderr }
        failure = f
        connection?.process.end(gracefully: false)
        connection = nil
    }
}

/// A two-player agent that is a process speaking the agent protocol (docs/protocol.md).
struct ExternalTwoPlayerAgent<G: TwoPlayerWorkbenchGame>: TwoPlayerAgent, FailureReporting, GameEndListening {
    let spec: String
    let budget: SearchBudget
    private let definition: ExternalAgentDefinition
    private let agentSpec: AgentSpec
    private let seed: UInt64
    private let rulesText: String
    private let start: G
    /// Made at the first request, when the side it plays is known.
    private var session: ExternalSession?
    /// The notation of the game's moves so far, kept so each request costs one move's notation.
    private var notation: [String] = []
    private var replayed: GameHistory<G>?

    init(definition: ExternalAgentDefinition, spec: AgentSpec, seed: UInt64, rules: G.Rules, rulesText: String) {
        self.spec = spec.text
        budget = spec.budget
        self.definition = definition
        agentSpec = spec
        self.seed = seed
        self.rulesText = rulesText
        start = G.start(rules)
    }

    var failure: AgentFailure? { session?.failure }

    func gameOver(_ end: GameEnd) { session?.gameOver(end) }

    mutating func selectMove(_ game: GameHistory<G>, budget: SearchBudget) -> SearchResult<G.Move> {
        if session == nil {
            session = ExternalSession(definition: definition, spec: agentSpec, game: G.name, seed: seed,
                                      side: G.sideName(game.position.sideToMove), rulesText: rulesText)
        }
        // The notation of every move since the start, extended by the moves new since
        // the last request (a new start or a shorter game starts over).
        if replayed?.initialPosition != game.initialPosition || notation.count > game.moves.count
            || !game.moves.starts(with: replayed!.moves) {
            replayed = GameHistory(game.initialPosition)
            notation = []
        }
        for m in game.moves.dropFirst(notation.count) {
            notation.append(replayed!.position.notation(of: m))
            replayed!.play(m)
        }
        var position = [game.initialPosition == start ? "position start" : "position text " + game.initialPosition.text]
        if !notation.isEmpty { position.append((["moves"] + notation).joined(separator: " ")) }
        let now = game.position
        return session!.result(position: position, legal: { now.legalMoves.map(now.notation(of:)) }, budget: budget,
                               in: now.text) { text throws(ParseError) in try now.parseMove(text) }
    }
}

/// A puzzle agent that is a process speaking the agent protocol: it gets the state's
/// text, never the referee's seed.
struct ExternalPuzzleAgent<G: PuzzleWorkbenchGame>: PuzzleAgent, FailureReporting, GameEndListening {
    let spec: String
    let budget: SearchBudget
    let session: ExternalSession

    init(definition: ExternalAgentDefinition, spec: AgentSpec, seed: UInt64, rulesText: String) {
        self.spec = spec.text
        budget = spec.budget
        session = ExternalSession(definition: definition, spec: spec, game: G.name, seed: seed, side: "player", rulesText: rulesText)
    }

    var failure: AgentFailure? { session.failure }

    func gameOver(_ end: GameEnd) { session.gameOver(end) }

    mutating func selectMove(_ state: G, budget: SearchBudget) -> SearchResult<G.Move> {
        session.result(position: ["position text " + state.text], legal: { state.legalMoves.map(state.notation(of:)) },
                       budget: budget, in: state.text) { text throws(ParseError) in try state.parseMove(text) }
    }
}
