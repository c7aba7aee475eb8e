import Boards

/// What an agent kind is and takes: its name, a summary, its typed parameters and the
/// heuristic weights it evaluates with — one value, from which come parsing and
/// validation of its specs (``parse(_:)``), help, `bench agents`, the message that
/// lists what is valid, and the tuner's weights.
/// Its JSON (`bench agents --json`) is `{"name", "summary", "parameters", "weights", "readsReferee"}`.
public struct AgentDescription: Sendable, Hashable, Encodable {
    /// The name in specs, e.g. `alphabeta`.
    public var name: String
    /// One line on what it does.
    public var summary: String
    /// Its parameters, in the order help lists them.
    public var parameters: [Parameter]
    /// The weights `w.NAME=value` sets, with their defaults, in the evaluation's order;
    /// empty for a kind that evaluates nothing.
    public var weights: HeuristicWeights
    /// Whether it reads the referee's random stream (an oracle: a ceiling, not an agent).
    public var readsReferee: Bool

    public init(name: String, summary: String, parameters: [Parameter] = [], weights: HeuristicWeights = HeuristicWeights([:]),
                readsReferee: Bool = false) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.weights = weights
        self.readsReferee = readsReferee
    }

    /// Whether the kind takes `w.NAME=value` weights.
    public var hasWeights: Bool { !weights.names.isEmpty }

    /// The spec of this kind that `text` spells, every value checked against its
    /// parameter; the message names the problem (an unknown parameter or weight lists
    /// the valid ones).
    public func parse(_ text: String) throws(ParseError) -> AgentSpec {
        try parse(AgentSpec.Syntax(text), text: text)
    }

    /// The spec of this kind that `syntax` (split from `text`) spells.
    public func parse(_ syntax: AgentSpec.Syntax, text: String) throws(ParseError) -> AgentSpec {
        guard syntax.name == name else { throw ParseError("agent spec '\(text)' is not a '\(name)' spec") }
        var settings: [AgentSpec.Setting] = [], weights: [AgentSpec.Weight] = []
        for (key, value) in syntax.items {
            if key.hasPrefix("w.") && parameters.named(key) == nil {
                let weight = String(key.dropFirst(2))
                guard !weights.contains(where: { $0.name == weight }) else {
                    throw ParseError("agent spec '\(text)': weight '\(key)' given twice")
                }
                guard let number = NumberText.real(value) else {
                    throw ParseError("agent spec '\(text)': weight \(key) needs a number, got '\(value)'")
                }
                // The spec's text names the agent already: the kind's own message would name it twice.
                guard hasWeights else { throw ParseError("agent spec '\(text)': '\(name)' takes no weights") }
                do { try checkWeight(weight, number) } catch { throw ParseError("agent spec '\(text)': \(error.message)") }
                weights.append(AgentSpec.Weight(name: weight, value: number, text: value))
                continue
            }
            guard let parameter = parameters.named(key) else {
                let list = parameters.isEmpty ? "none" : parameters.flatMap { [$0.name] + $0.aliases }.joined(separator: ", ")
                throw ParseError("agent '\(name)' has no parameter '\(key)' (valid: \(list))")
            }
            if let earlier = settings.first(where: { $0.name == parameter.name }) {
                throw ParseError(earlier.key == key
                    ? "agent spec '\(text)': parameter '\(key)' given twice"
                    : "agent spec '\(text)': '\(key)' and '\(earlier.key)' are the same parameter, given twice")
            }
            let typed: ParameterValue
            do { typed = try parameter.parse(value) } catch { throw ParseError("agent '\(text)': \(error.message)") }
            settings.append(AgentSpec.Setting(name: parameter.name, key: key, value: typed, text: value))
        }
        return AgentSpec(description: self, settings: settings, weights: weights,
                         written: syntax.items.map { AgentSpec.WrittenItem(key: $0.key, text: $0.value) })
    }

    /// The spec of this kind with nothing set: every parameter at its default.
    public var defaultSpec: AgentSpec { AgentSpec(description: self, settings: [], weights: [], written: []) }

    /// Throws unless `name` is one of the kind's weights and `value` a value it may take.
    func checkWeight(_ name: String, _ value: Double) throws(ParseError) {
        guard hasWeights else { throw ParseError("agent '\(self.name)' takes no weights") }
        var w = weights
        try w.set(name, to: value)
    }

    /// The help of the kind: its summary, then a line per parameter and the weights.
    public var help: String {
        var lines = ["\(name): \(summary)"]
        for p in parameters {
            var line = "  \(p.name)"
            if !p.aliases.isEmpty { line += " (or \(p.aliases.joined(separator: ", ")))" }
            line += " \(p.typeName)"
            if !p.rangeText.isEmpty { line += " \(p.rangeText)" }
            if let d = p.defaultValue { line += ", default \(d)" + (p.role == .limit ? " when no other limit is given" : "") }
            lines.append(line + ": " + p.help)
        }
        if hasWeights {
            lines.append("  weights: " + zip(weights.names, weights.values).map { "w.\($0)=\(Parameter.format($1))" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}
