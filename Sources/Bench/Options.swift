/// A command-line mistake: printed as one line on stderr, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The options of one command, parsed against the options it declares.
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, and list options that
/// take every following word up to the next `--option`. Anything undeclared, a
/// missing value or a repeated option is a ``UsageError`` naming it.
struct Options {
    /// How a declared option takes values.
    enum Kind { case value, flag, list }

    let command: String
    private(set) var values: [String: String] = [:]
    private(set) var lists: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    init(command: String, arguments: [String], declared: [String: Kind]) throws(UsageError) {
        self.command = command
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw UsageError("\(command): unexpected argument '\(word)' (options start with --; see bench \(command) --help)")
            }
            var name = word, inline: String? = nil
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            guard let kind = declared[name] else {
                let known = declared.keys.sorted().joined(separator: " ")
                throw UsageError("\(command): unknown option '\(name)' (known: \(known))")
            }
            if values[name] != nil || lists[name] != nil || flags.contains(name) {
                throw UsageError("\(command): option \(name) given twice")
            }
            i += 1
            switch kind {
            case .flag:
                if inline != nil { throw UsageError("\(command): option \(name) takes no value") }
                flags.insert(name)
            case .value:
                if let inline {
                    values[name] = inline
                } else {
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                        throw UsageError("\(command): option \(name) needs a value")
                    }
                    values[name] = arguments[i]
                    i += 1
                }
            case .list:
                var items: [String] = inline.map { [$0] } ?? []
                while i < arguments.count, !arguments[i].hasPrefix("--") {
                    items.append(arguments[i])
                    i += 1
                }
                guard !items.isEmpty else { throw UsageError("\(command): option \(name) needs at least one value") }
                lists[name] = items
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func string(_ name: String) -> String? { values[name] }

    func list(_ name: String) -> [String]? { lists[name] }

    func required(_ name: String) throws(UsageError) -> String {
        guard let v = values[name] else { throw UsageError("\(command): missing required option \(name)") }
        return v
    }

    /// The whole number given for `name`, `fallback` if absent; checked against `range`.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let v = Int(text) else { throw UsageError("\(command): option \(name): '\(text)' is not a whole number") }
        guard range.contains(v) else {
            throw UsageError("\(command): option \(name): \(v) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// An unsigned 64-bit number (a seed), decimal or 0x-hexadecimal.
    func uint64(_ name: String, default fallback: UInt64) throws(UsageError) -> UInt64 {
        guard let text = values[name] else { return fallback }
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let v = parsed else { throw UsageError("\(command): option \(name): '\(text)' is not an unsigned 64-bit number") }
        return v
    }
}
