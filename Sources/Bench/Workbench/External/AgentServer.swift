import Boards
import Foundation
import Search

/// An agent of a catalog spoken over the agent protocol (docs/protocol.md): what
/// `bench serve` runs on standard input and output. Its options are the kind's
/// settings and weights, their defaults the spec's values; `go` without a budget
/// searches with the spec's.
///
/// Served agents play exactly as in process: the same seed (from `newgame`), the same
/// game history (start and moves), the same budget — which is how the tests check the
/// protocol's whole path.
public struct AgentServer<Agent> {
    /// The catalog the spec's kind comes from.
    public let catalog: AgentCatalog<Agent>
    /// The spec served, before any `set`.
    public let spec: AgentSpec
    private var items: [(key: String, text: String)]

    /// A server of `spec`; an agent that reads the referee (an oracle) cannot be served.
    public init(spec: AgentSpec, catalog: AgentCatalog<Agent>) throws(WorkbenchError) {
        guard !spec.kindDescription.readsReferee else {
            throw .usage("'\(spec.kind)' reads the referee's random stream, which no process outside the workbench can")
        }
        self.spec = spec
        self.catalog = catalog
        items = ((try? AgentSpec.Syntax(spec.text))?.items ?? []).map { ($0.key, $0.value) }
        // Made once now, so that what only making it finds (an eval file that cannot
        // be read) is refused at the start, not at the first newgame.
        _ = try catalog.checkedMake(spec.text, seed: 0)
    }

    /// The options declared in the handshake: every setting of the kind and its weights.
    var options: [String] {
        var lines: [String] = []
        // A setting named like a budget key (expectimax's `depth`) is not declared: the
        // spec's value stays, and `go depth=N` still reaches the agent as its budget.
        for p in spec.kindDescription.parameters where p.role == .setting && !AgentConnection.reservedNames.contains(p.name) {
            var line = "option name=\(p.name) type=\(p.typeName)"
            if let v = spec.value(p.name) { line += " default=\(AgentConnection.text(of: v))" } else { continue }
            switch p.kind {
            case .integer(let r): line += " min=\(r.lowerBound) max=\(r.upperBound)"
            case .real(let r): line += " min=\(r.lowerBound) max=\(r.upperBound)"
            case .choice(let words): line += " choices=\(words.joined(separator: ","))"
            case .flag, .text: break
            }
            lines.append(line)
        }
        let weights = spec.evaluationWeights
        let range = HeuristicWeights.valueRange
        for (name, value) in zip(weights.names, weights.values) {
            lines.append("option name=w.\(name) type=real default=\(value) min=\(range.lowerBound) max=\(range.upperBound)")
        }
        return lines
    }

    /// Sets option `name` to `text` (a setting or `w.NAME`), for the next game.
    mutating func set(_ name: String, _ text: String) throws(WorkbenchError) {
        let parameter = spec.kindDescription.parameters.named(name)
        let known = name.hasPrefix("w.") ? spec.evaluationWeights.names.contains(String(name.dropFirst(2))) : parameter?.role == .setting
        guard known else { throw .usage("set: no option '\(name)'") }
        items.removeAll { $0.key == name || (parameter?.isNamed($0.key) ?? false) }
        items.append((name, text))
        do { _ = try catalog.parse(currentText) } catch { throw .usage("set \(name) \(text): \(error.message)") }
    }

    /// The spec with every `set` so far.
    var currentText: String { items.isEmpty ? spec.kind : spec.kind + ":" + items.map { "\($0.key)=\($0.text)" }.joined(separator: ",") }

    /// The budget of a `go` line's words (after `go`); `nil` when it gives none.
    static func budget(_ words: ArraySlice<Substring>) throws(WorkbenchError) -> SearchBudget? {
        var b = SearchBudget(), any = false
        for w in words {
            guard let eq = w.firstIndex(of: "=") else { throw .usage("go: '\(w)' is not key=value") }
            let key = w[..<eq], value = w[w.index(after: eq)...]
            switch key {
            case "time":
                guard let t = NumberText.real(value), t > 0 else { throw .usage("go: time must be a positive number") }
                b.seconds = t
            case "depth", "nodes", "playouts":
                guard let n = NumberText.wholeNumber(value), n > 0 else { throw .usage("go: \(key) must be a whole number > 0") }
                if key == "depth" { b.depth = n } else if key == "nodes" { b.nodes = n } else { b.playouts = n }
            default: continue  // keys of later versions
            }
            any = true
        }
        return any ? b : nil
    }

    /// The `newgame` line's seed and rules (after `newgame`): the game must be
    /// `game`, the side one of `sides`, the rules the game's, every key known.
    static func newGame<Rules: Codable>(_ words: ArraySlice<Substring>, game: String, sides: [String],
                                        rules: Rules.Type) throws(WorkbenchError) -> (seed: UInt64, rules: Rules) {
        guard let name = words.first else { throw .usage("newgame: no game") }
        guard name == game else { throw .usage("newgame: this server plays \(game), not '\(ProtocolLine.clip(String(name)))'") }
        var seed: UInt64?, rulesText = "{}"
        for w in words.dropFirst() {
            if w.hasPrefix("seed=") {
                guard let s = NumberText.unsigned(w.dropFirst(5)) else { throw .usage("newgame: bad seed '\(ProtocolLine.clip(String(w)))'") }
                seed = s
            } else if w.hasPrefix("side=") {
                let side = String(w.dropFirst(5))
                guard sides.contains(side) else {
                    throw .usage("newgame: \(game) has no side '\(ProtocolLine.clip(side))' (sides: \(sides.joined(separator: ", ")))")
                }
            } else if w.hasPrefix("rules=") {
                rulesText = String(w.dropFirst(6))
            }
        }
        guard let seed else { throw .usage("newgame: no seed=") }
        return (seed, try Self.rules(rulesText, Rules.self))
    }

    /// The rules of a `newgame` line: a JSON object of the game's rule keys (those
    /// `tournament.json` has), each with a valid value; an unknown key is refused.
    static func rules<Rules: Codable>(_ text: String, _ type: Rules.Type) throws(WorkbenchError) -> Rules {
        let data = Data(text.utf8)
        guard let given = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .usage("newgame: rules must be a JSON object without blanks, got '\(ProtocolLine.clip(text))'")
        }
        let rules: Rules
        do { rules = try JSONDecoder().decode(Rules.self, from: data) } catch {
            throw .usage("newgame: rules \(ProtocolLine.clip(text)): \(describe(error))")
        }
        let known = (try? JSONSerialization.jsonObject(with: try JSONEncoder().encode(rules))) as? [String: Any] ?? [:]
        if let unknown = given.keys.sorted().first(where: { known[$0] == nil }) {
            let names = known.keys.sorted().joined(separator: ", ")
            throw .usage("newgame: unknown rule '\(ProtocolLine.clip(unknown))' (known: \(names.isEmpty ? "none" : names))")
        }
        return rules
    }

    /// A decoding error of rules in one line, in the workbench's words.
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted(let c) where !c.codingPath.isEmpty:
            return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))': \(c.debugDescription)"
        default:
            return "not the game's rules"
        }
    }

    /// Checks a `gameover` line's words (after `gameover`): `result=` one of
    /// `results`, `termination=` a termination; other keys are of later versions.
    static func gameOver(_ words: ArraySlice<Substring>, results: [String]) throws(WorkbenchError) {
        var result: String?, termination: String?
        for w in words {
            guard let eq = w.firstIndex(of: "="), eq != w.startIndex else {
                throw .usage("gameover: '\(ProtocolLine.clip(String(w)))' is not key=value")
            }
            let key = w[..<eq], value = String(w[w.index(after: eq)...])
            switch key {
            case "result": result = value
            case "termination": termination = value
            case "score":
                guard NumberText.wholeNumber(value) != nil else { throw .usage("gameover: score must be a whole number") }
            default: continue
            }
        }
        guard let result, results.contains(result) else {
            throw .usage("gameover: result must be one of \(results.joined(separator: ", "))")
        }
        guard let termination, Termination(rawValue: termination) != nil else {
            throw .usage("gameover: termination must be one of \(Termination.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The reply to a search: `info` with its counts, then `move`.
    static func reply<M>(_ r: SearchResult<M>, notation: (M) -> String) -> [String] {
        var info = "info nodes=\(r.nodes) playouts=\(r.playouts) depth=\(r.depth)"
        if let v = r.value, v.isFinite { info += " value=\(v)" }
        guard let move = r.move else { return [info, "error no legal move"] }
        return [info, "move " + notation(move)]
    }
}

extension AgentServer {
    /// Speaks the protocol until `quit` or the end of input: `input` gives the lines
    /// read, `output` takes the lines of each reply, to write and flush at once. A line it cannot follow
    /// is a usage error naming it (`bench serve` then exits with one line on stderr).
    /// What the game asked about is kept by the game's format (``MatchFormat/Served``).
    public mutating func run<G: WorkbenchGame>(
        game: G.Type, input: () -> String?, output: ([String]) -> Void
    ) throws(WorkbenchError) where Agent == G.Agent {
        var agent: Agent? = nil
        var served = G.Format.Served()
        while let line = input() {
            let words = ProtocolLine.words(line)
            guard let head = words.first else { continue }
            switch head {
            case "protocol":
                guard words.count == 2, words[1] == "\(AgentConnection.version)" else {
                    output(["error unsupported protocol version"])
                    return
                }
                output(["name bench serve \(spec.text)"] + options + ["want gameover", "ok"])
            case "set":
                guard words.count == 3 else { throw .usage("set: needs a name and a value: '\(ProtocolLine.clip(line))'") }
                try set(String(words[1]), String(words[2]))
            case "quit":
                return
            case "newgame":
                let (seed, rules) = try Self.newGame(words.dropFirst(), game: G.name, sides: G.Format.Served.sides, rules: G.Rules.self)
                do { agent = try catalog.checkedMake(currentText, seed: seed) } catch { throw error.prefixed("newgame") }
                served.newGame(rules: rules)
            case "position":
                try served.position(words, line: line)
            case "moves":
                try served.moves(words)
            case "gameover":
                try Self.gameOver(words.dropFirst(), results: G.Format.Served.results)
                agent = nil
            case "go":
                guard var a = agent else { throw .usage("go before newgame") }
                let reply = try served.go(&a) { () throws(WorkbenchError) -> SearchBudget? in try Self.budget(words.dropFirst()) }
                agent = a
                output(reply)
            default:
                continue  // commands of later versions
            }
        }
    }
}

/// What `bench serve` keeps of the game it is asked about between requests, for one
/// kind of game (``MatchFormat/Served``): a two-player game's history, a puzzle's state.
public protocol ServedGame {
    associatedtype Game: WorkbenchGame
    /// The sides a `newgame` line may name.
    static var sides: [String] { get }
    /// The results a `gameover` line may give.
    static var results: [String] { get }
    /// Nothing asked yet.
    init()
    /// A new game under `rules`.
    mutating func newGame(rules: Game.Rules)
    /// Reads a `position` line (`words` its words).
    mutating func position(_ words: [Substring], line: String) throws(WorkbenchError)
    /// Reads a `moves` line.
    mutating func moves(_ words: [Substring]) throws(WorkbenchError)
    /// The reply to `go`: `agent`'s search of the position asked, with the budget of
    /// the `go` line (`budget()`), or the agent's own when it gives none.
    mutating func go(_ agent: inout Game.Agent, budget: () throws(WorkbenchError) -> SearchBudget?) throws(WorkbenchError) -> [String]
}

/// A two-player game served: the position asked for (a `position` line and its
/// moves) and the game history held; a request that extends the last one plays only
/// the new moves.
public struct ServedHistory<G: TwoPlayerWorkbenchGame>: ServedGame {
    public typealias Game = G
    public static var sides: [String] { G.sideNames }
    public static var results: [String] { ["win", "loss", "draw"] }
    var rules = G.defaultRules
    var history = GameHistory(G.start(G.defaultRules))
    var asked: (base: String, moves: [Substring]) = ("start", []), held: (base: String, moves: [Substring]) = ("start", [])

    public init() {}

    public mutating func newGame(rules: G.Rules) {
        self.rules = rules
        history = GameHistory(G.start(rules))
        held = ("start", [])
    }

    public mutating func position(_ words: [Substring], line: String) throws(WorkbenchError) {
        if words.count == 2 && words[1] == "start" {
            asked = ("start", [])
        } else if words.count > 2 && words[1] == "text" {
            asked = (ProtocolLine.rest(of: line, after: "text"), [])
        } else {
            throw .usage("position: expected 'start' or 'text TEXT', got '\(ProtocolLine.clip(line))'")
        }
    }

    public mutating func moves(_ words: [Substring]) throws(WorkbenchError) { asked.moves = Array(words.dropFirst()) }

    public mutating func go(_ agent: inout any TwoPlayerAgent<G>, budget: () throws(WorkbenchError) -> SearchBudget?) throws(WorkbenchError) -> [String] {
        if asked.base != held.base || !asked.moves.starts(with: held.moves) {
            do {
                history = GameHistory(asked.base == "start" ? G.start(rules) : try G.position(parsing: asked.base, rules: rules))
            } catch { throw .usage("position: \(error.message)") }
            held = (asked.base, [])
        }
        for w in asked.moves.dropFirst(held.moves.count) {
            do { history.play(try history.position.parseMove(String(w))) } catch {
                throw .usage("moves: \(error.message)")
            }
        }
        held.moves = asked.moves
        let r = agent.selectMove(history, budget: try budget() ?? agent.budget)
        return AgentServer<any TwoPlayerAgent<G>>.reply(r, notation: history.position.notation)
    }
}

/// A puzzle served: each `position text` is the state.
public struct ServedState<G: PuzzleWorkbenchGame>: ServedGame {
    public typealias Game = G
    public static var sides: [String] { ["player"] }
    public static var results: [String] { ["score"] }
    var state: G? = nil

    public init() {}

    public mutating func newGame(rules: G.Rules) { state = nil }

    public mutating func position(_ words: [Substring], line: String) throws(WorkbenchError) {
        guard words.count > 2 && words[1] == "text" else {
            throw .usage("position: a puzzle needs 'text TEXT', got '\(ProtocolLine.clip(line))'")
        }
        do { state = try G(parsing: ProtocolLine.rest(of: line, after: "text")) } catch {
            throw .usage("position: \(error.message)")
        }
    }

    public mutating func moves(_ words: [Substring]) throws(WorkbenchError) {
        throw .usage("moves: a puzzle is sent as 'position text' alone, never with moves")
    }

    public mutating func go(_ agent: inout any PuzzleAgent<G>, budget: () throws(WorkbenchError) -> SearchBudget?) throws(WorkbenchError) -> [String] {
        guard let s = state else { throw .usage("go before position") }
        let r = agent.selectMove(s, budget: try budget() ?? agent.budget)
        return AgentServer<any PuzzleAgent<G>>.reply(r, notation: s.notation)
    }
}
