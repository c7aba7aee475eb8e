import Boards

/// One typed setting of an agent kind or of a game's rules: its name, type and range,
/// default and help, declared once.
///
/// As a UCI engine declares `option name Hash type spin default 16 min 1 max 33554432`,
/// an agent kind declares each parameter once, and everything else reads that
/// declaration: parsing and validation of a spec, `--help`, `bench agents`, the error
/// that lists the valid parameters, and the agent's construction.
public struct Parameter: Sendable, Hashable {
    /// The values a parameter takes.
    public enum Kind: Sendable, Hashable {
        /// A whole number in the range (docs/formats.md, "Numbers").
        case integer(ClosedRange<Int>)
        /// A finite real number in the range.
        case real(ClosedRange<Double>)
        /// On or off: `on`/`off`, `true`/`false`, `1`/`0`.
        case flag
        /// One of the words listed.
        case choice([String])
        /// One word of free text: no blank, `,` or `=` (a file path).
        case text
    }

    /// What the parameter is for, which decides when its default applies.
    public enum Role: Sendable, Hashable {
        /// An ordinary setting: its default applies whenever it is not given.
        case setting
        /// A search limit (depth, nodes, playouts, time): the search stops at the
        /// first limit reached, so the defaults of the kind's limits apply only when
        /// no limit at all is given (`alphabeta:time=1` searches by time alone).
        case limit
    }

    /// The name in specs, e.g. `depth`.
    public var name: String
    public var kind: Kind
    /// The value when not given (for a limit: when no limit is given); `nil` for none.
    public var defaultValue: ParameterValue?
    /// One line of help, e.g. `search depth in plies`.
    public var help: String
    public var role: Role
    /// Other names accepted for it (`iterations` for `playouts`); giving two names of
    /// one parameter is an error.
    public var aliases: [String]
    /// For a parameter added to a kind after runs were recorded with it: the value with
    /// which the kind plays as it did before the parameter existed (often the default;
    /// `joinnodes`'s is 0, helpers joining from the first iteration). A recorded spec
    /// without the parameter reads as this value (``AgentCatalog/parseRecorded(_:)``), so
    /// the runs recorded before it resume as they were played; a resolved spec
    /// (``AgentSpec/resolved``) leaves the parameter out when this value is also the
    /// default, so those runs' specs resolve as they did.
    public var valueBefore: ParameterValue?

    public init(_ name: String, _ kind: Kind, default defaultValue: ParameterValue? = nil, role: Role = .setting,
                aliases: [String] = [], before valueBefore: ParameterValue? = nil, help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.role = role
        self.aliases = aliases
        self.valueBefore = valueBefore
    }

    /// Whether `key` names this parameter (its name or an alias).
    public func isNamed(_ key: some StringProtocol) -> Bool { name == key || aliases.contains(where: { $0 == key }) }

    /// The value `text` gives this parameter; a value of the wrong type or out of range
    /// throws a message naming the parameter and what it takes.
    public func parse(_ text: some StringProtocol) throws(ParseError) -> ParameterValue {
        switch kind {
        case .integer(let range):
            guard let n = NumberText.wholeNumber(text), range.contains(n) else {
                throw ParseError("\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return .integer(n)
        case .real(let range):
            guard let x = NumberText.real(text), range.contains(x) else {
                throw ParseError("\(name) must be a number in \(Self.format(range.lowerBound))...\(Self.format(range.upperBound)), got '\(text)'")
            }
            return .real(x)
        case .flag:
            switch text {
            case "on", "true", "1": return .flag(true)
            case "off", "false", "0": return .flag(false)
            default: throw ParseError("\(name) must be on or off (or true/false, 1/0), got '\(text)'")
            }
        case .choice(let words):
            guard words.contains(where: { $0 == text }) else {
                throw ParseError("\(name) must be one of \(words.joined(separator: ", ")), got '\(text)'")
            }
            return .text(String(text))
        case .text:
            guard !text.isEmpty else { throw ParseError("\(name) needs a value") }
            // One word: a spec separates settings by `,`, a setting's name from its value
            // by `=`, and the agent protocol sends `set NAME VALUE` as blank-separated words.
            guard !text.contains(where: { ",=".contains($0) || $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else {
                throw ParseError("\(name) must be one word without blanks, ',' or '=', got '\(text)'")
            }
            return .text(String(text))
        }
    }

    /// The type in words, as `bench agents` and the protocol list it: `integer`,
    /// `real`, `flag`, `choice` or `text`.
    public var typeName: String {
        switch kind {
        case .integer: return "integer"
        case .real: return "real"
        case .flag: return "flag"
        case .choice: return "choice"
        case .text: return "text"
        }
    }

    /// The range or choices in words: `1...90`, `on|off`, `a|b`; empty for text.
    public var rangeText: String {
        switch kind {
        case .integer(let r): return "\(r.lowerBound)...\(r.upperBound)"
        case .real(let r): return "\(Self.format(r.lowerBound))...\(Self.format(r.upperBound))"
        case .flag: return "on|off"
        case .choice(let words): return words.joined(separator: "|")
        case .text: return ""
        }
    }

    /// A bound as a person writes it: `1000000`, not `1000000.0`; `1e-06` stays exact.
    public static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }
}

/// A parameter's value: what ``Parameter/parse(_:)`` gives and an agent is made from.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case integer(Int)
    case real(Double)
    case flag(Bool)
    case text(String)

    /// The whole number, for an integer.
    public var int: Int? {
        switch self {
        case .integer(let n): return n
        default: return nil
        }
    }

    /// The number, for an integer or a real.
    public var double: Double? {
        switch self {
        case .integer(let n): return Double(n)
        case .real(let x): return x
        default: return nil
        }
    }

    /// The setting, for a flag.
    public var bool: Bool? {
        if case .flag(let b) = self { return b }
        return nil
    }

    /// The text, for a choice or text.
    public var string: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The value as a spec writes it: `4`, `1.4`, `on`, `tablebases/bagh-chal.tb`.
    public var description: String {
        switch self {
        case .integer(let n): return String(n)
        case .real(let x): return Parameter.format(x)
        case .flag(let b): return b ? "on" : "off"
        case .text(let s): return s
        }
    }
}

extension Array where Element == Parameter {
    /// The parameter `key` names (by name or alias), if any.
    public func named(_ key: some StringProtocol) -> Parameter? { first { $0.isNamed(key) } }
}
