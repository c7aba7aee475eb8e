import Boards
import Foundation
import Search
import Synchronization

/// The agents of an agents file (`--agent-file FILE`, docs/protocol.md): programs in
/// any language that speak the agent protocol, each a kind of agent usable wherever
/// a spec goes once ``register(in:rules:)`` has added them to a game's catalog.
///
/// Reading the file starts each agent once to learn its options (its handshake); that
/// process then plays its first game. Processes are reused from game to game and
/// always ended: by ``close()`` (`quit`, then killed), when they misbehave, and on
/// Ctrl-C, SIGTERM or `exit`.
///
/// ```swift
/// let external = try ExternalAgents.load("agents.json")
/// defer { external.close() }
/// var catalog = BaghChal.agentCatalog
/// try external.register(in: &catalog, rules: BaghChal.defaultRules)
/// let entrant = try Entrant<BaghChal>(spec: "mybot:greed=0.8", catalog: catalog)
/// ```
public final class ExternalAgents: Sendable {
    /// The agents, in the file's order.
    public let definitions: [ExternalAgentDefinition]

    init(definitions: [ExternalAgentDefinition]) { self.definitions = definitions }

    deinit { close() }

    /// Reads the agents file at `path` and starts each agent to learn its options. A
    /// file that cannot be read is a runtime error; a malformed one, a program missing
    /// or not executable, a failed handshake, or a file option the agent does not
    /// declare (or a bad value) is a usage error naming the agent.
    public static func load(_ path: String) throws(WorkbenchError) -> ExternalAgents { try load([path]) }

    /// Reads every agents file of `paths` (`--agent-file` given more than once) and
    /// starts each agent to learn its options: the agents of all files, in order. Each
    /// file is read and checked as by ``load(_:)``; an agent name defined in two files
    /// is a usage error naming both files, found before any agent starts.
    public static func load(_ paths: [String]) throws(WorkbenchError) -> ExternalAgents {
        var entries: [(entry: AgentFileEntry, folder: String)] = []
        var defined: [String: String] = [:]
        for path in paths {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
            for entry in try Self.entries(path) {
                if let other = defined[entry.name] {
                    throw .usage(other == path ? "agent file \(path): agent '\(entry.name)' defined twice"
                                 : "agent '\(entry.name)' is defined in two agent files: \(other) and \(path)")
                }
                defined[entry.name] = path
                entries.append((entry, folder))
            }
        }
        var definitions: [ExternalAgentDefinition] = []
        do throws(WorkbenchError) {
            for (entry, folder) in entries { definitions.append(try ExternalAgentDefinition(entry, folder: folder)) }
        } catch {
            for d in definitions { d.close() }
            throw error
        }
        return ExternalAgents(definitions: definitions)
    }

    /// The error for an agents file that is not there.
    public static func missingFile(_ path: String) -> WorkbenchError { .runtime("agent file \(path): no such file") }

    /// The entries of the agents file at `path`, checked (not yet started).
    static func entries(_ path: String) throws(WorkbenchError) -> [AgentFileEntry] {
        let read: Data?
        // Every problem with the file is said of the agent file, as a missing one is.
        do { read = try RegularFile.contents(path) } catch {
            throw .runtime("agent file " + (error.message.hasPrefix(path) ? error.message : "\(path): \(error.message)"))
        }
        guard let data = read else { throw missingFile(path) }
        let entries: [AgentFileEntry]
        do {
            entries = try JSONDecoder().decode([AgentFileEntry.Checked].self, from: data).map(\.entry)
        } catch {
            throw .usage("agent file \(path): \(AgentFileEntry.describe(error))")
        }
        if let key = JSON.duplicateKey(in: data) { throw .usage("agent file \(path): key '\(key)' appears twice") }
        guard !entries.isEmpty else { throw .usage("agent file \(path): no agents (a JSON list of {name, command, ...})") }
        return entries
    }

    /// Adds every agent to `catalog`, the catalog of `game`, playing under `rules`; a
    /// name a kind of the catalog already has is a usage error.
    public func register<G: WorkbenchGame>(_ game: G.Type, in catalog: inout AgentCatalog<G.Agent>,
                                           rules: G.Rules = G.defaultRules) throws(WorkbenchError) {
        let rulesText = try JSON.text(rules)
        for d in definitions {
            let kind = AgentKind<G.Agent>(d.description) { spec, seed in
                G.Format.externalAgent(d, spec: spec, seed: seed, rules: rules, rulesText: rulesText)
            }
            do { try catalog.register(kind) } catch { throw .usage("agent file: \(error.message)") }
        }
    }

    /// ``register(_:in:rules:)`` for a two-player game.
    public func register<G: TwoPlayerWorkbenchGame>(in catalog: inout AgentCatalog<any TwoPlayerAgent<G>>,
                                                   rules: G.Rules) throws(WorkbenchError) { try register(G.self, in: &catalog, rules: rules) }

    /// ``register(_:in:rules:)`` for a puzzle.
    public func register<G: PuzzleWorkbenchGame>(in catalog: inout AgentCatalog<any PuzzleAgent<G>>,
                                                 rules: G.Rules = G.defaultRules) throws(WorkbenchError) {
        try register(G.self, in: &catalog, rules: rules)
    }

    /// Ends every idle process (`quit`, then killed after a second). Processes still
    /// playing end when their game does. Idempotent.
    public func close() { for d in definitions { d.close() } }
}

/// One agent of an agents file: how to start it, what it declared, and its idle processes.
public final class ExternalAgentDefinition: Sendable {
    /// The kind's name in specs.
    public let name: String
    /// The program and its arguments.
    public let command: [String]
    /// The working directory, absolute.
    public let directory: String
    /// Seconds a move may take when the budget has no time.
    public let moveTimeout: Double
    /// Seconds allowed beyond a `time` budget.
    public let margin: Double
    /// Seconds the handshake may take.
    public let handshakeTimeout: Double
    /// What the agent said in its handshake when the file was read.
    let handshake: Handshake
    /// The kind: the declared options (defaults from the file's `options`) and the budget keys.
    public let description: AgentDescription
    private let idle = Locked<[AgentConnection]>([])
    private let closed = Atomic<Bool>(false)

    init(_ entry: AgentFileEntry, folder: String) throws(WorkbenchError) {
        name = entry.name
        let problem = { (message: String) -> WorkbenchError in .usage("agent '\(entry.name)': \(message)") }
        guard entry.name.isPlainWord, (try? AgentSpec.Syntax(entry.name))?.name == entry.name else {
            throw problem("the name must be a plain word (letters, digits, '-', '_' and '.' only)")
        }
        guard !Self.reservedNames.contains(entry.name) else {
            throw problem("the name is reserved (human, and the built-in kinds: \(Self.builtInKinds.joined(separator: ", ")))")
        }
        guard !entry.command.isEmpty, !entry.command[0].isEmpty else { throw problem("'command' must name a program") }
        command = entry.command
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        directory = entry.dir.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path } ?? folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw problem("dir '\(directory)' is not a directory")
        }
        // A deadline of 0 s would forfeit every move: the timeouts must be positive.
        for (key, value) in [("timeout", entry.timeout), ("handshake", entry.handshake)] {
            if let value, !(value > 0 && value <= 86_400) {
                throw problem("'\(key)' must be seconds in (0, 86400], got \(Format.number(value))")
            }
        }
        if let value = entry.margin, !(value >= 0 && value <= 86_400) {
            throw problem("'margin' must be seconds in [0, 86400], got \(Format.number(value))")
        }
        moveTimeout = entry.timeout ?? 10
        margin = entry.margin ?? 0.25
        handshakeTimeout = entry.handshake ?? 10
        do { _ = try AgentProcess.resolve(command[0], directory: directory) } catch { throw problem(error.message) }
        let connection: AgentConnection
        do { connection = try AgentConnection.open(command: command, directory: directory, seconds: handshakeTimeout) } catch {
            let tail = error.stderr.last.map { " (stderr: \($0))" } ?? ""
            throw problem("\(error.reason)\(tail)")
        }
        handshake = connection.handshake
        // The file's options become the kind's defaults: declared options and budget keys.
        var parameters = handshake.options + Self.limits
        for (key, value) in (entry.options ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let i = parameters.firstIndex(where: { $0.name == key }) else {
                connection.process.end(gracefully: false)
                let valid = parameters.map(\.name).joined(separator: ", ")
                throw problem("unknown option '\(key)' in the agents file (valid: \(valid))")
            }
            do { parameters[i].defaultValue = try parameters[i].parse(value.text) } catch {
                connection.process.end(gracefully: false)
                throw problem("option \(error.message)")
            }
        }
        description = AgentDescription(name: entry.name, summary: "\(handshake.name): an external agent (\(command.joined(separator: " ")))",
                                       parameters: parameters)
        idle.withLock { $0.append(connection) }
    }

    /// The kinds built into the workbench, of every game: an agent of a file may not
    /// be named like one, even for a game that lacks it.
    static let builtInKinds: [String] = Array(Set(GameRegistry.games.flatMap { $0.agentDescriptions.map(\.name) })).sorted()

    /// Names an agent of a file may not take: `human` (`bench play`'s person) and
    /// the built-in kinds.
    static let reservedNames: Set<String> = Set(builtInKinds + ["human"])

    /// The budget keys every external agent takes, sent with `go`.
    static let limits: [Parameter] = [
        Parameter("time", .real(0.000_001...86_400), role: .limit, help: "seconds per move (also the deadline, plus the margin)"),
        Parameter("depth", .integer(1...1000), role: .limit, help: "depth limit, sent with go"),
        Parameter("nodes", .integer(1...Int.max), role: .limit, help: "node limit, sent with go"),
        Parameter("playouts", .integer(1...Int.max), role: .limit, help: "playout limit, sent with go"),
    ]

    /// An idle process, or a new one that has shaken hands.
    func checkout() throws(AgentFailure) -> AgentConnection {
        if let c = idle.withLock({ $0.popLast() }) { return c }
        return try AgentConnection.open(command: command, directory: directory, seconds: handshakeTimeout)
    }

    /// Takes back a process that finished a game in good order, or ends it once the
    /// definition is closed.
    func checkin(_ connection: AgentConnection) {
        if closed.load(ordering: .sequentiallyConsistent) {
            connection.process.end(gracefully: true)
            return
        }
        idle.withLock { $0.append(connection) }
        // Closed meanwhile: end what is idle now.
        if closed.load(ordering: .sequentiallyConsistent) { close() }
    }

    /// Ends every idle process; later check-ins end theirs.
    func close() {
        closed.store(true, ordering: .sequentiallyConsistent)
        let all = idle.withLock { exchange(&$0, with: []) }
        // All asked first, then each waited for: one second in all, not one each.
        for c in all { c.process.askToQuit() }
        for c in all { c.process.end(gracefully: true) }
    }
}

/// One entry of an agents file, as written.
struct AgentFileEntry: Decodable {
    var name: String
    var command: [String]
    var dir: String?
    var options: [String: OptionValue]?
    var timeout, margin, handshake: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, command, dir, options, timeout, margin, handshake }

    /// An entry whose keys are checked before it is decoded: an unknown key is an
    /// error, where the decoder would skip it.
    struct Checked: Decodable {
        var entry: AgentFileEntry
        init(from decoder: any Decoder) throws {
            let known = try decoder.container(keyedBy: JSON.Key.self)
            for key in known.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
                throw DecodingError.dataCorruptedError(forKey: key, in: known, debugDescription:
                    "unknown key '\(key.stringValue)' (known: \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            entry = try AgentFileEntry(from: decoder)
        }
    }

    /// A decoding error of an agents file in one line, in the workbench's words
    /// (where, and what was expected), never the decoder's own text.
    static func describe(_ error: any Error) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.enumerated().map { n, key in
                key.intValue.map { n == 0 ? "agent \($0 + 1)" : "item \($0 + 1)" } ?? "'\(key.stringValue)'"
            }.joined(separator: ", ")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let c):
            let at = place(c.codingPath)
            return "\(at.isEmpty ? "" : at + ": ")missing key '\(key.stringValue)'"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            // What the place holds, by its key (the decoder's type names are not for people).
            let what: String
            switch c.codingPath.count {
            case 0: what = "a JSON list of agents ({name, command, ...})"
            case 1: what = "an object ({name, command, ...})"
            default:
                switch c.codingPath.count == 2 ? c.codingPath[1].stringValue : "item" {
                case "command": what = "a list of words (the program and its arguments)"
                case "options": what = "an object of option values"
                case "timeout", "margin", "handshake": what = "a number of seconds"
                default: what = "text"
                }
            }
            let at = place(c.codingPath)
            return "\(at.isEmpty ? "the file" : at) must be \(what)"
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty { return "not JSON (a JSON list of agents: {name, command, ...})" }
            // Our own messages (an unknown key) are already in the workbench's words.
            let own = c.debugDescription.hasPrefix("unknown key") || c.debugDescription.hasPrefix("an option")
            return "\(place(c.codingPath)): \(own ? c.debugDescription : "not a valid value")"
        default:
            return "not a valid agents file"
        }
    }

    /// An option's value in the file: a number, a flag or text, read as a spec's text.
    struct OptionValue: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { text = b ? "true" : "false"; return }
            if let n = try? c.decode(Int.self) { text = String(n); return }
            if let x = try? c.decode(Double.self) { text = "\(x)"; return }
            guard let t = try? c.decode(String.self) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "an option's value must be a number, a flag or text")
            }
            text = t
        }
    }
}
