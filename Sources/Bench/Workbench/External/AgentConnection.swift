import Boards
import Search

/// What an agent said in its handshake (docs/protocol.md, "Handshake").
struct Handshake: Sendable, Equatable {
    /// Its `name` line: name and version, free text.
    var name: String
    /// Its declared options, in the order declared.
    var options: [Parameter]
    /// Whether it asked for the legal moves before each `go`.
    var wantsLegal: Bool
    /// Whether it asked to be told how each game ended (`want gameover`).
    var wantsGameOver = false
}

/// A started agent process that has shaken hands, with the option values it holds now.
final class AgentConnection: @unchecked Sendable {
    /// The protocol version this workbench speaks.
    static let version = 1
    /// What an agent may ask for in its handshake (`want FEATURE`).
    enum Feature: String, CaseIterable {
        /// The legal moves before each `go`.
        case legal
        /// A `gameover` line when each game ends (docs/protocol.md, "The game's end").
        case gameover
    }
    /// Names an agent may not declare: the budget and the deadline are the workbench's.
    static let reservedNames: Set<String> = ["time", "depth", "nodes", "playouts", "timeout", "margin"]
    /// Most lines, and bytes, answering one request.
    static let maxReplyLines = 1_000
    static let maxReplyBytes = 1 << 20

    let process: AgentProcess
    let handshake: Handshake
    /// The value of each option as the process has it (its text), by name.
    var optionValues: [String: String]

    private init(process: AgentProcess, handshake: Handshake) {
        self.process = process
        self.handshake = handshake
        optionValues = Dictionary(uniqueKeysWithValues: handshake.options.compactMap { p in
            p.defaultValue.map { (p.name, Self.text(of: $0)) }
        })
    }

    /// A value as `set` sends it: flags as `true`/`false`, numbers plain.
    static func text(of value: ParameterValue) -> String {
        if case .flag(let b) = value { return b ? "true" : "false" }
        return value.description
    }

    /// Starts `command` in `directory` and shakes hands within `seconds`. A program
    /// that cannot start is a ``AgentFailure`` of kind crash; a bad handshake, protocol.
    static func open(command: [String], directory: String, seconds: Double) throws(AgentFailure) -> AgentConnection {
        let process: AgentProcess
        do { process = try AgentProcess.start(command, directory: directory) } catch { throw AgentFailure(.crash, error.message) }
        let deadline = Clock.now + seconds
        func fail(_ t: Termination, _ reason: String) -> AgentFailure {
            let failure = process.failure(t, reason)
            process.end(gracefully: false)
            return failure
        }
        guard process.send(["protocol \(version)"], until: deadline) else { throw fail(.crash, "handshake: cannot write") }
        var name: String? = nil, options: [Parameter] = [], wantsLegal = false, wantsGameOver = false, lines = 0, bytes = 0
        while true {
            let read = process.readLine(until: deadline)
            if case .line(let l) = read, l.trimmingBlanks.isEmpty {
                bytes += l.utf8.count + 1
                if bytes > maxReplyBytes { throw fail(.protocol, "handshake: more than 1 MiB") }
                continue  // blank lines are ignored
            }
            lines += 1
            if lines > maxReplyLines { throw fail(.protocol, "handshake: more than \(maxReplyLines) lines") }
            switch read {
            case .timeout: throw fail(.protocol, "handshake: no 'ok' within \(Format.number(seconds)) s")
            case .closed: throw fail(.crash, "handshake: output closed before 'ok'")
            case .tooLong: throw fail(.protocol, "handshake: a line over \(AgentProcess.maxLineBytes) bytes")
            case .line(let line):
                let words = ProtocolLine.words(line)
                guard let head = words.first else { continue }
                switch head {
                case "name":
                    let rest = ProtocolLine.rest(of: line, after: "name")
                    guard !rest.isEmpty else { throw fail(.protocol, "handshake: 'name' without a name") }
                    name = rest
                case "option":
                    let p: Parameter
                    do { p = try ProtocolLine.option(words.dropFirst()) } catch { throw fail(.protocol, "handshake: \(error.message)") }
                    guard !options.contains(where: { $0.name == p.name }) else {
                        throw fail(.protocol, "handshake: option '\(p.name)' declared twice")
                    }
                    options.append(p)
                case "want":
                    guard words.count == 2, let feature = Feature(rawValue: String(words[1])) else {
                        let known = Feature.allCases.map { "want \($0.rawValue)" }.joined(separator: ", ")
                        throw fail(.protocol, "handshake: unknown request '\(ProtocolLine.clip(line))' (known: \(known))")
                    }
                    switch feature {
                    case .legal: wantsLegal = true
                    case .gameover: wantsGameOver = true
                    }
                case "ok":
                    guard let name else { throw fail(.protocol, "handshake: 'ok' before a 'name' line") }
                    return AgentConnection(process: process, handshake: Handshake(name: name, options: options, wantsLegal: wantsLegal,
                                                                                  wantsGameOver: wantsGameOver))
                case "error":
                    throw fail(.protocol, "handshake: the agent said: \(ProtocolLine.rest(of: line, after: "error"))")
                default:
                    throw fail(.protocol, "handshake: unexpected line '\(ProtocolLine.clip(line))'")
                }
            }
        }
    }

    /// The reply to a move request: the move's text and what its `info` lines said.
    struct Reply {
        var move: String
        var nodes = 0, playouts = 0, depth = 0
        var value: Double? = nil
        /// Wall-clock seconds from the request to the move.
        var seconds = 0.0
    }

    /// Sends `lines` (the last one a `go`) and reads the reply before `deadline`.
    func request(_ lines: [String], deadline: Double, limit: String) throws(AgentFailure) -> Reply {
        func fail(_ t: Termination, _ reason: String) -> AgentFailure { process.failure(t, reason) }
        if let extra = process.unreadOutput() {
            if extra.isEmpty { throw fail(.protocol, "output after its last move (one move per go)") }
            throw fail(.protocol, "'\(ProtocolLine.clip(extra))' after its last move (one move per go)")
        }
        if !process.send(lines, until: deadline) {
            throw Clock.now >= deadline ? fail(.time, "its input was not read within \(limit)") : fail(.crash, "cannot write to it")
        }
        let start = Clock.now
        var reply = Reply(move: ""), count = 0, bytes = 0
        while true {
            switch process.readLine(until: deadline) {
            case .timeout: throw fail(.time, "no move within \(limit)")
            case .closed: throw fail(.crash, "its output closed before a move")
            case .tooLong: throw fail(.protocol, "a line over \(AgentProcess.maxLineBytes) bytes")
            case .line(let line):
                // Blank lines are ignored (docs/protocol.md, "Lines"), but their bytes count.
                bytes += line.utf8.count + 1
                let words = ProtocolLine.words(line)
                if !words.isEmpty { count += 1 }
                if count > Self.maxReplyLines || bytes > Self.maxReplyBytes {
                    throw fail(.protocol, "more than \(Self.maxReplyLines) lines or 1 MiB in answer to one go")
                }
                guard let head = words.first else { continue }
                // Written before it read the whole request: a stale line, after its last move.
                if process.unreadInput() > 0 {
                    throw fail(.protocol, "'\(ProtocolLine.clip(line))' before it read the request: a line after its last move (one move per go)")
                }
                switch head {
                case "move":
                    guard words.count == 2 else { throw fail(.illegal, "'\(ProtocolLine.clip(line))' is not one move") }
                    reply.move = String(words[1])
                    reply.seconds = Clock.now - start
                    return reply
                case "info":
                    do { try ProtocolLine.info(words.dropFirst(), into: &reply) } catch { throw fail(.protocol, error.message) }
                case "error":
                    throw fail(.protocol, "the agent said: \(ProtocolLine.rest(of: line, after: "error"))")
                default:
                    throw fail(.protocol, "unexpected line '\(ProtocolLine.clip(line))' in answer to go (only info and move)")
                }
            }
        }
    }
}

/// Reading and writing the protocol's lines.
enum ProtocolLine {
    /// The words of `line`, split at blanks.
    static func words(_ line: String) -> [Substring] { line.split(whereSeparator: { $0 == " " || $0 == "\t" }) }

    /// What follows the first word `word` of `line`, trimmed.
    static func rest(of line: String, after word: String) -> String {
        guard let range = line.range(of: word) else { return "" }
        return String(line[range.upperBound...]).trimmingBlanks
    }

    /// `line` cut for a message.
    static func clip(_ line: String) -> String { line.count > 80 ? String(line.prefix(80)) + "…" : line }

    /// A declared option, from the words after `option`.
    static func option(_ words: ArraySlice<Substring>) throws(ParseError) -> Parameter {
        let kv = try words.map { w throws(ParseError) in
            guard let eq = w.firstIndex(of: "="), eq != w.startIndex else { throw ParseError("option: '\(w)' is not key=value") }
            return (String(w[..<eq]), String(w[w.index(after: eq)...]))
        }
        var d: [String: String] = [:]
        for (k, v) in kv {
            guard ["name", "type", "default", "min", "max", "choices"].contains(k) else {
                throw ParseError("option: unknown key '\(k)' (known: name, type, default, min, max, choices)")
            }
            guard d[k] == nil else { throw ParseError("option: '\(k)' given twice") }
            d[k] = v
        }
        guard let name = d["name"], let type = d["type"], let text = d["default"] else {
            throw ParseError("option: needs name=, type= and default=")
        }
        guard name.isPlainWord, name.first?.isLetter == true else {
            throw ParseError("option name '\(name)' is not a plain word starting with a letter")
        }
        guard !AgentConnection.reservedNames.contains(name) else {
            throw ParseError("option '\(name)' is reserved for the workbench's budget and deadline")
        }
        let kind: Parameter.Kind
        switch type {
        case "integer":
            guard let lo = d["min"].flatMap({ NumberText.wholeNumber($0) }), let hi = d["max"].flatMap({ NumberText.wholeNumber($0) }), lo <= hi else {
                throw ParseError("option '\(name)': an integer needs whole min= and max=, min <= max")
            }
            kind = .integer(lo...hi)
        case "real":
            guard let lo = d["min"].flatMap({ NumberText.real($0) }), let hi = d["max"].flatMap({ NumberText.real($0) }), lo <= hi else {
                throw ParseError("option '\(name)': a real needs min= and max= numbers, min <= max")
            }
            kind = .real(lo...hi)
        case "flag": kind = .flag
        case "choice":
            let choices = (d["choices"] ?? "").split(separator: ",").map(String.init)
            guard !choices.isEmpty else { throw ParseError("option '\(name)': a choice needs choices=a,b,...") }
            kind = .choice(choices)
        case "text": kind = .text
        default:
            throw ParseError("option '\(name)': unknown type '\(type)' (integer, real, flag, choice, text)")
        }
        var parameter = Parameter(name, kind, help: "declared by the agent")
        do { parameter.defaultValue = try parameter.parse(text) } catch { throw ParseError("option default: \(error.message)") }
        return parameter
    }

    /// Reads the words after `info` into `reply`.
    static func info(_ words: ArraySlice<Substring>, into reply: inout AgentConnection.Reply) throws(ParseError) {
        var rest = words
        while let w = rest.first {
            if w == "string" { return }  // free text to the end of the line
            rest = rest.dropFirst()
            guard let eq = w.firstIndex(of: "=") else { throw ParseError("info: '\(w)' is not key=value") }
            let key = w[..<eq], value = w[w.index(after: eq)...]
            switch key {
            case "nodes", "playouts", "depth":
                guard let n = NumberText.wholeNumber(value), n >= 0 else {
                    throw ParseError("info: \(key) must be a whole number >= 0, got '\(value)'")
                }
                if key == "nodes" { reply.nodes = n } else if key == "playouts" { reply.playouts = n } else { reply.depth = n }
            case "value":
                guard let v = NumberText.real(value) else { throw ParseError("info: value must be a number, got '\(value)'") }
                reply.value = v
            default:
                continue  // keys of later versions
            }
        }
    }
}

extension String {
    /// Letters, digits, `_`, `-` and `.` only (docs/protocol.md's "plain word"): a name
    /// that reads the same in a spec, a protocol line and a file.
    var isPlainWord: Bool { !isEmpty && allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) } }

    /// The string without blanks at either end.
    var trimmingBlanks: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
