import Boards

/// A parsed agent spec: `name` or `name:key=value,key=value,w.weight=value`.
///
/// The same strings name agents on the command line, in tournaments and in results.
public struct AgentSpec: Sendable, Hashable, CustomStringConvertible {
    /// The agent kind, e.g. `alphabeta`.
    public let name: String
    /// Parameters in the order given (weights without their `w.` prefix are separate).
    public let parameters: [(key: String, value: String)]
    /// Heuristic weights set by `w.NAME=value`.
    public let weights: [(name: String, value: Double)]
    /// The spec text as given.
    public let text: String

    public static func == (a: AgentSpec, b: AgentSpec) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
    public var description: String { text }

    /// Parses `text`, naming the problem when it is malformed.
    public init(parsing text: String) throws(ParseError) {
        self.text = text
        let trimmed = String(text.trimmingWhitespace())
        guard !trimmed.isEmpty else { throw ParseError("empty agent spec") }
        let head = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        name = String(head[0])
        guard !name.isEmpty else { throw ParseError("agent spec '\(text)' has no agent name before ':'") }
        var parameters: [(String, String)] = [], weights: [(String, Double)] = []
        if head.count == 2 {
            for item in head[1].split(separator: ",", omittingEmptySubsequences: false) {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard kv.count == 2, !kv[0].isEmpty, !kv[1].isEmpty else {
                    throw ParseError("agent spec '\(text)': '\(item)' is not key=value")
                }
                let key = String(kv[0]), value = String(kv[1])
                if key.hasPrefix("w.") {
                    guard !weights.contains(where: { $0.0 == String(key.dropFirst(2)) }) else {
                        throw ParseError("agent spec '\(text)': weight '\(key)' given twice")
                    }
                    guard let w = Double(value), w.isFinite else {
                        throw ParseError("agent spec '\(text)': weight \(key) needs a number, got '\(value)'")
                    }
                    weights.append((String(key.dropFirst(2)), w))
                } else {
                    guard !parameters.contains(where: { $0.0 == key }) else {
                        throw ParseError("agent spec '\(text)': parameter '\(key)' given twice")
                    }
                    parameters.append((key, value))
                }
            }
        }
        self.parameters = parameters
        self.weights = weights
    }

    /// Reads typed parameters and rejects the ones no reader asked for.
    @usableFromInline
    struct Reader {
        @usableFromInline let spec: AgentSpec
        @usableFromInline let valid: [String]

        @usableFromInline
        init(spec: AgentSpec, valid: [String]) {
            self.spec = spec
            self.valid = valid
        }

        func value(_ key: String) -> String? { spec.parameters.first { $0.key == key }?.value }

        @usableFromInline
        func int(_ key: String, in range: ClosedRange<Int>) throws(ParseError) -> Int? {
            guard let v = value(key) else { return nil }
            guard let n = Int(v), range.contains(n) else {
                throw ParseError("agent '\(spec.text)': \(key) must be a whole number in \(range.lowerBound)...\(range.upperBound), got '\(v)'")
            }
            return n
        }

        @usableFromInline
        func double(_ key: String, in range: ClosedRange<Double>) throws(ParseError) -> Double? {
            guard let v = value(key) else { return nil }
            guard let x = Double(v), range.contains(x) else {
                throw ParseError("agent '\(spec.text)': \(key) must be a number in \(range.lowerBound)...\(range.upperBound), got '\(v)'")
            }
            return x
        }

        @usableFromInline
        func choice(_ key: String, _ options: [String]) throws(ParseError) -> String? {
            guard let v = value(key) else { return nil }
            guard options.contains(v) else {
                throw ParseError("agent '\(spec.text)': \(key) must be one of \(options.joined(separator: ", ")), got '\(v)'")
            }
            return v
        }

        /// Throws for parameters the agent does not take, listing those it does.
        @usableFromInline
        func checkNoUnknown() throws(ParseError) {
            for (key, _) in spec.parameters where !valid.contains(key) {
                let list = valid.isEmpty ? "none" : valid.joined(separator: ", ")
                throw ParseError("agent '\(spec.name)' has no parameter '\(key)' (valid: \(list))")
            }
        }

        /// The budget parameters: depth, nodes, playouts (or iterations), time (seconds).
        @usableFromInline
        func budget() throws(ParseError) -> SearchBudget {
            var playouts = try int("playouts", in: 1...1_000_000_000)
            if playouts == nil { playouts = try int("iterations", in: 1...1_000_000_000) }
            return SearchBudget(depth: try int("depth", in: 1...90), nodes: try int("nodes", in: 1...Int.max),
                                playouts: playouts, seconds: try double("time", in: 0.000_001...86_400))
        }

        /// The weights with the spec's overrides applied.
        @usableFromInline
        func weights(_ defaults: HeuristicWeights) throws(ParseError) -> HeuristicWeights {
            var w = defaults
            for (name, value) in spec.weights {
                do { try w.set(name, to: value) } catch { throw ParseError("agent '\(spec.text)': \(error.message)") }
            }
            return w
        }
    }
}
