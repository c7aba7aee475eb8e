import Foundation
import Search
import Workbench

/// One option of a command, declared once: its name, value type and range, default and
/// help (a ``Parameter``, the type of agents' and rules' settings), how it takes values
/// and which games take it. Parsing, range checks, reads and `--help` all come from it.
///
/// ```swift
/// .int("games", in: TournamentConfig.gamesRange, default: 20, help: "games per pairing, even")
/// ```
struct CommandOption: Sendable {
    /// Which games take an option: to any other it is unknown.
    enum Games: Sendable { case all, twoPlayer, puzzles }

    /// The name without `--`, the type and range, the default (`nil`: none, or
    /// required) and the help.
    let parameter: Parameter
    var form: Options.Kind = .value
    /// What the help shows for its value: `N`, `DIR`, `SPEC...`.
    var placeholder = ""
    /// A seed: an unsigned 64-bit decimal number (``Parameter/Kind`` has no such type).
    var isSeed = false
    var isRequired = false
    /// The default in words, for one that is not a fixed value ("the active cores").
    var shownDefault: String? = nil
    var games = Games.all
    /// The option (`--out`) this one means nothing without: given alone it is a usage
    /// error, never silently ignored.
    var needed: String? = nil

    /// `--name`.
    var flag: String { "--" + parameter.name }

    /// What a path option names, by its placeholder (`DIR`, `DIR...`: a folder; `FILE`,
    /// `PATH`: a file), `nil` for any other option: an empty path is refused.
    var pathKind: String? { placeholder.hasPrefix("DIR") ? "folder" : ["FILE", "PATH"].contains(placeholder) ? "file" : nil }

    /// Whether a game with `players` players takes it.
    func isTaken(players: Int) -> Bool { games == .all || (games == .twoPlayer) == (players == 2) }

    /// The same option, refused unless `flag` is given too.
    func needs(_ flag: String) -> CommandOption {
        var option = self
        option.needed = flag
        return option
    }

    /// The same option, taken by `games` only.
    func only(_ games: Games) -> CommandOption {
        var option = self
        option.games = games
        return option
    }

    // MARK: - Declaring

    init(_ name: String, _ kind: Parameter.Kind, _ placeholder: String, default value: ParameterValue? = nil, shown: String? = nil,
         required: Bool = false, form: Options.Kind = .value, games: Games = .all, help: String) {
        parameter = Parameter(name, kind, default: value, help: help)
        (self.placeholder, shownDefault, isRequired, self.form, self.games) = (placeholder, shown, required, form, games)
    }

    /// A whole number in `range`.
    static func int(_ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, default value: Int? = nil,
                    shown: String? = nil, required: Bool = false, help: String) -> CommandOption {
        CommandOption(name, .integer(range), placeholder, default: value.map { .integer($0) }, shown: shown, required: required, help: help)
    }

    /// A finite real number in `range`.
    static func real(_ name: String, _ placeholder: String, in range: ClosedRange<Double>, default value: Double? = nil,
                     required: Bool = false, help: String) -> CommandOption {
        CommandOption(name, .real(range), placeholder, default: value.map { .real($0) }, required: required, help: help)
    }

    /// Free text (a path, a spec, a list in one word).
    static func text(_ name: String, _ placeholder: String, default value: String? = nil, shown: String? = nil,
                     required: Bool = false, games: Games = .all, help: String) -> CommandOption {
        CommandOption(name, .text, placeholder, default: value.map { .text($0) }, shown: shown, required: required, games: games, help: help)
    }

    /// An unsigned 64-bit seed, 1 unless given.
    static func seed(help: String) -> CommandOption {
        var option = CommandOption("seed", .text, "S", default: .text("1"), help: help)
        option.isSeed = true
        return option
    }

    /// On when given.
    static func flag(_ name: String, games: Games = .all, help: String) -> CommandOption {
        CommandOption(name, .flag, "", form: .flag, games: games, help: help)
    }

    /// A game's rule option, from its parameter.
    static func rule(_ p: Parameter) -> CommandOption {
        CommandOption(p.name, p.kind, p.kind == .text ? "TEXT" : "N", form: p.kind == .flag ? .flag : .value, help: p.help)
    }

    // MARK: - Options many commands share

    /// The range of every `--threads`.
    static let threadsRange = 1...1024

    static let game = text("game", "NAME", default: GameRegistry.defaultGame.name, help: "the game: \(GameRegistry.names)")
    /// `--game` of a command for the games offering `capability` (read before the parse).
    static func game<C>(offering capability: Capability<C>) -> CommandOption {
        text("game", "NAME", required: true, help: "the game: \(GameRegistry.names(offering: capability))")
    }
    static let json = flag("json", help: "print one JSON object")
    static let agentFile = CommandOption(AgentFileOption.name.dropFirst(2).description, .text, "FILE", form: .lines,
                                         help: "agents in any language, as processes speaking docs/protocol.md (may be given more than once)")
    static let position = text("position", "TEXT", shown: "the start position", games: .twoPlayer,
                               help: "two-player games: start from this position")

    /// `--threads N`, by default the active cores.
    static func threads(default value: Int? = nil, help: String = "worker threads") -> CommandOption {
        int("threads", in: threadsRange, default: value ?? ProcessInfo.processInfo.activeProcessorCount, shown: value == nil ? "the active cores" : nil,
            help: help)
    }

    /// The smallest range holding all of `ranges` (a static table's range for a setting
    /// whose range differs by game; the game's own is checked once it is known).
    static func span<T: Comparable>(_ ranges: [ClosedRange<T>], else none: ClosedRange<T>) -> ClosedRange<T> {
        guard let first = ranges.first else { return none }
        return ranges.reduce(first) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
    }

    // MARK: - Help

    /// Its line in `--help`: name, placeholder, help, then the range and the default,
    /// wrapped to 100 columns under the help's column.
    var helpLine: String {
        var facts = parameter.typeName == "integer" || parameter.typeName == "real" ? [parameter.rangeText] : []
        if isRequired {
            facts.append("required")
        } else if let shownDefault {
            facts.append("default: " + shownDefault)
        } else if let value = parameter.defaultValue, form == .value {
            facts.append("default \(value)")
        }
        let text = parameter.help + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
        return Self.helpLine(flag + (placeholder.isEmpty ? "" : " " + placeholder), text)
    }

    /// `usage` padded to the help's column, then `text` wrapped to 100 columns.
    static func helpLine(_ usage: String, _ text: String) -> String {
        var lines = ["  " + usage.padding(toLength: max(18, usage.count + 1), withPad: " ", startingAt: 0)]
        for word in text.split(separator: " ") {
            if lines[lines.count - 1].count + word.count > 100 { lines.append(String(repeating: " ", count: 20)) }
            lines[lines.count - 1] += (lines[lines.count - 1].last == " " ? "" : " ") + word
        }
        return lines.joined(separator: "\n")
    }
}

extension Array where Element == CommandOption {
    /// How each option takes values.
    var declared: [String: Options.Kind] { Dictionary(map { ($0.flag, $0.form) }, uniquingKeysWith: { a, _ in a }) }

    /// A command's `--help`: the usage lines, what it does, a line per option, and `footer`.
    func help(usage: [String], about: String, footer: String = "") -> String {
        let usage = usage.enumerated().map { ($0 == 0 ? "usage: " : "       ") + $1 }.joined(separator: "\n")
        return ([usage, "", about, helpLines] + (footer.isEmpty ? [] : [footer])).joined(separator: "\n")
    }

    /// A line per option.
    var helpLines: String { map(\.helpLine).joined(separator: "\n") }
}
