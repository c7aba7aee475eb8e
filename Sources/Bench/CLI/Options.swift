import Boards
import Search
import Workbench

/// The options of one command, parsed against the options it declares
/// (``CommandOption``): every value given is checked against its declaration as it is
/// parsed, and a read takes its default from there (`try options.int("--games")`).
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, list options that
/// take every following word up to the next `--option`, and lines: options given any
/// number of times, each taking the next word as it is (it may start with `--`, as a
/// Slurm line does). Anything undeclared, a missing value or a repeated option (other
/// than a line) is a usage error naming it.
struct Options {
    /// How a declared option takes values.
    enum Kind { case value, flag, list, lines }

    let command: String
    private(set) var values: [String: String] = [:]
    private(set) var lists: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var lineValues: [String: [String]] = [:]
    /// The command's declarations by `--name` (its rule options are not among them).
    private(set) var table: [String: CommandOption] = [:]

    /// Parses `arguments` against the command's `options` and the rule options `rules`;
    /// every value given is checked against its declaration, and an option that
    /// `players`' games do not take, or one given without the option it needs, is refused.
    init(command: String, arguments: [String], options: [CommandOption], players: Int? = nil,
         rules: [Parameter] = []) throws(WorkbenchError) {
        try self.init(command: command, arguments: arguments, declared: (options + rules.map(CommandOption.rule)).declared)
        for option in options where isGiven(option.flag) {
            if let players, !option.isTaken(players: players) {
                throw .usage("\(command): \(option.flag) is for \(option.games == .puzzles ? "puzzles" : "two-player games")")
            }
        }
        table = Dictionary(options.map { ($0.flag, $0) }, uniquingKeysWith: { a, _ in a })
        for option in options where values[option.flag] != nil { try check(option) }
        // An empty path would name the current folder, or nothing.
        for option in options {
            guard let kind = option.pathKind else { continue }
            let given = (values[option.flag].map { [$0] } ?? []) + (lists[option.flag] ?? []) + (lineValues[option.flag] ?? [])
            if given.contains("") { throw .usage("\(command): \(option.flag) needs a \(kind) name, got ''") }
        }
        for option in options where isGiven(option.flag) {
            if let needed = option.needed, !isGiven(needed) {
                let placeholder = table[needed].map { $0.placeholder.isEmpty ? "" : " " + $0.placeholder } ?? ""
                throw .usage("\(command): \(option.flag) needs \(needed)\(placeholder)")
            }
        }
    }

    /// Parses `arguments` against the `options` that `game` takes and its rule options.
    init<G: WorkbenchGame>(command: String, arguments: [String], options: [CommandOption], game: G.Type) throws(WorkbenchError) {
        try self.init(command: command, arguments: arguments, options: options, players: G.players, rules: G.ruleParameters)
    }

    private init(command: String, arguments: [String], declared: [String: Kind]) throws(WorkbenchError) {
        self.command = command
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw .usage("\(command): unexpected argument '\(word)' (options start with --; see bench \(command) --help)")
            }
            var name = word, inline: String? = nil
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            guard let kind = declared[name] else {
                let known = declared.keys.sorted().joined(separator: " ")
                throw .usage("\(command): unknown option '\(name)' (known: \(known))")
            }
            if isGiven(name) && kind != .lines {
                throw .usage("\(command): option \(name) given twice")
            }
            i += 1
            switch kind {
            case .flag:
                if inline != nil { throw .usage("\(command): option \(name) takes no value") }
                flags.insert(name)
            case .value, .lines:
                let value: String
                if let inline {
                    value = inline
                } else {
                    // A line takes the next word as it is, even one that starts with --.
                    guard i < arguments.count, kind == .lines || !arguments[i].hasPrefix("--") else {
                        throw .usage("\(command): option \(name) needs a value")
                    }
                    value = arguments[i]
                    i += 1
                }
                if kind == .lines { lineValues[name, default: []].append(value) } else { values[name] = value }
            case .list:
                var items: [String] = inline.map { [$0] } ?? []
                while i < arguments.count, !arguments[i].hasPrefix("--") {
                    items.append(arguments[i])
                    i += 1
                }
                guard !items.isEmpty else { throw .usage("\(command): option \(name) needs at least one value") }
                lists[name] = items
            }
        }
    }

    /// A `--game` given anywhere in `arguments` (before the full parse, which needs
    /// the game's own options); `nil` when absent.
    static func gameName(in arguments: [String]) -> String? {
        for (i, word) in arguments.enumerated() {
            if word.hasPrefix("--game=") { return String(word.dropFirst(7)) }
            if word == "--game", i + 1 < arguments.count { return arguments[i + 1] }
        }
        return nil
    }

    /// The game's rules from its options, each value checked against its parameter;
    /// a bad value names the command and the option.
    func rules<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> G.Rules {
        var v = RuleValues(parameters: G.ruleParameters)
        do throws(WorkbenchError) {
            for p in G.ruleParameters {
                if p.kind == .flag {
                    if has("--" + p.name) { v.set(p.name, flag: true) }
                } else if let text = values["--" + p.name] {
                    // A rule's option has the rule's name (and says so itself).
                    do { try v.set(p.name, text) } catch {
                        var e = error.inside("option --" + p.name)
                        e.field = nil
                        throw e
                    }
                }
            }
            return try G.rules(v)
        } catch { throw error.prefixed(command) }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `name` was given, in any form.
    func isGiven(_ name: String) -> Bool { values[name] != nil || lists[name] != nil || flags.contains(name) || lineValues[name] != nil }

    func string(_ name: String) -> String? { values[name] }

    func list(_ name: String) -> [String]? { lists[name] }

    /// Every value of a `.lines` option, in the order given (none: empty).
    func lines(_ name: String) -> [String] { lineValues[name] ?? [] }

    func missing(_ name: String) -> WorkbenchError { .usage("\(command): missing required option \(name)") }

    /// The declaration of `name`: reading an undeclared option is a mistake in the command.
    func declaration(_ name: String) -> Parameter {
        guard let option = table[name] else { preconditionFailure("\(command): \(name) is read but not declared") }
        return option.parameter
    }

    /// Checks the value given for `option` against its declaration.
    func check(_ option: CommandOption) throws(WorkbenchError) {
        let name = option.flag
        if option.isSeed { _ = try uint64(name); return }
        switch option.parameter.kind {
        case .integer: _ = try int(name)
        case .real(let range):
            guard range.contains(try real(name)) else {
                throw .usage("\(command): option \(name): \(values[name]!) is out of range \(option.parameter.rangeText)")
            }
        case .choice(let words) where !words.contains(values[name]!):
            throw .usage("\(command): option \(name): '\(values[name]!)' is not one of \(words.joined(separator: ", "))")
        default: break
        }
    }

    // MARK: - Reads by the declaration: its default and range (the value was checked as parsed)

    /// The whole number given for `name`, else `fallback` (a default that differs by
    /// game), else its default; missing without either is a usage error. Plain decimal
    /// only (``NumberText``): no `+`, no `0x`, no blanks.
    func int(_ name: String, default fallback: Int? = nil) throws(WorkbenchError) -> Int {
        guard case .integer(let range) = declaration(name).kind else { preconditionFailure("\(name) is not a whole number") }
        guard let text = values[name] else {
            guard let value = fallback ?? declaration(name).defaultValue?.int else { throw missing(name) }
            return value
        }
        guard let v = NumberText.wholeNumber(text) else {
            throw .usage("\(command): option \(name): '\(text)' is not a whole number (plain decimal digits)")
        }
        guard range.contains(v) else {
            throw .usage("\(command): option \(name): \(v) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// The seed given for `name`, else its default: an unsigned 64-bit number, decimal
    /// digits only, as everywhere else.
    func uint64(_ name: String) throws(WorkbenchError) -> UInt64 {
        let text = try text(name)
        guard let v = NumberText.unsigned(text) else {
            throw .usage("\(command): option \(name): '\(text)' is not an unsigned 64-bit decimal number")
        }
        return v
    }

    /// The finite real number given for `name`, else its default; missing without one
    /// is a usage error. Plain decimal with an optional exponent (``NumberText/real(_:)``).
    func real(_ name: String) throws(WorkbenchError) -> Double {
        guard let text = values[name] else {
            guard let value = declaration(name).defaultValue?.double else { throw missing(name) }
            return value
        }
        guard let v = NumberText.real(text) else { throw .usage("\(command): option \(name): '\(text)' is not a finite number") }
        return v
    }

    /// The text given for `name`, else its default; missing without one is a usage error.
    func text(_ name: String) throws(WorkbenchError) -> String {
        guard let v = values[name] ?? declaration(name).defaultValue?.description else { throw missing(name) }
        return v
    }
}

extension Options {
    /// `--shard K/N`, if given; with `folder`, that option must be given too (each
    /// shard writes its own folder).
    func shard(folder: String?) throws(WorkbenchError) -> Shard? {
        guard let text = string("--shard") else { return nil }
        guard let shard = Shard(parsing: text) else {
            throw .usage("\(command): option --shard: '\(text)' is not K/N with N in 1...\(Shard.countRange.upperBound) and K in 0...N-1")
        }
        if let folder, string(folder) == nil { throw .usage("\(command): --shard needs \(folder) DIR (each shard its own folder)") }
        return shard
    }
}
