import Boards

/// A parsed agent spec: an agent kind and its typed settings, e.g. `alphabeta:depth=5,w.mobility=3`.
///
/// A spec is made by its kind's ``AgentDescription`` (``AgentDescription/parse(_:)``),
/// which checks every value's type and range, so a spec that exists is valid: making
/// its agent can fail only for what lies outside the text (a missing file). The spec
/// keeps its description, so reading a setting gives the given value or the default.
/// Tools change a spec through its values (``settingWeights(_:)``), never by editing
/// text; ``text`` is always the spec written out, the agent's name in records.
public struct AgentSpec: Sendable, Hashable, CustomStringConvertible {
    /// One parameter as given.
    public struct Setting: Sendable, Hashable {
        /// The parameter's name (an alias given is resolved to it).
        public var name: String
        /// The key as written (`iterations` for `playouts`), kept so the text is the user's.
        public var key: String
        public var value: ParameterValue
        /// The value as written.
        public var text: String
    }

    /// One heuristic weight as given (`w.mobility=3`).
    public struct Weight: Sendable, Hashable {
        /// The weight's name, without `w.`.
        public var name: String
        public var value: Double
        /// The value as written.
        public var text: String
    }

    /// What the kind takes.
    public let kindDescription: AgentDescription
    /// The parameters given, in the order given.
    public private(set) var settings: [Setting]
    /// The weight overrides given, in the order given.
    public private(set) var weights: [Weight]

    /// Every item as written, in the order written (`key`, value text): the text of
    /// the spec, kept beside the typed values so a spec writes itself out as given.
    private var written: [WrittenItem]

    struct WrittenItem: Sendable, Hashable {
        var key: String
        var text: String
    }

    init(description: AgentDescription, settings: [Setting], weights: [Weight], written: [WrittenItem]) {
        kindDescription = description
        self.settings = settings
        self.weights = weights
        self.written = written
    }

    /// The kind's name, e.g. `alphabeta`.
    public var kind: String { kindDescription.name }

    /// The spec written out: `kind` or `kind:key=value,…` in the order given (weights
    /// set later by ``settingWeights(_:)`` at the end).
    public var text: String {
        written.isEmpty ? kind : kind + ":" + written.map { "\($0.key)=\($0.text)" }.joined(separator: ",")
    }

    public var description: String { text }

    public static func == (a: AgentSpec, b: AgentSpec) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    // MARK: - Reading settings

    /// The value given for parameter `name`, `nil` when it was not given.
    public func given(_ name: String) -> ParameterValue? { settings.first { $0.name == name }?.value }

    /// The value of parameter `name`: as given, else its default; `nil` when neither
    /// (or, for a search limit, when another limit was given).
    public func value(_ name: String) -> ParameterValue? {
        if let v = given(name) { return v }
        guard let p = kindDescription.parameters.named(name) else { return nil }
        if p.role == .limit && settings.contains(where: { kindDescription.parameters.named($0.name)?.role == .limit }) {
            return nil
        }
        return p.defaultValue
    }

    /// ``value(_:)`` as a whole number.
    public func int(_ name: String) -> Int? { value(name)?.int }
    /// ``value(_:)`` as a number.
    public func double(_ name: String) -> Double? { value(name)?.double }
    /// ``value(_:)`` as a flag.
    public func bool(_ name: String) -> Bool? { value(name)?.bool }
    /// ``value(_:)`` as text.
    public func string(_ name: String) -> String? { value(name)?.string }

    /// The search limits, from the kind's `depth`, `nodes`, `playouts` and `time`
    /// parameters: those given, or the kind's default limits when none is given.
    public var budget: SearchBudget {
        SearchBudget(depth: int("depth"), nodes: int("nodes"), playouts: int("playouts"), seconds: double("time"))
    }

    /// The evaluation's weights: the kind's defaults with the spec's overrides, in the
    /// evaluation's order; none for a kind that evaluates nothing.
    public var evaluationWeights: HeuristicWeights {
        var w = kindDescription.weights
        for o in weights { try? w.set(o.name, to: o.value) }
        return w
    }

    // MARK: - Changing settings

    /// This spec with the weights set to the values given (names without `w.`): an
    /// earlier override of each is removed and the new ones follow the others, in the
    /// order given; `text` is how each value is written (the exact value when `nil`).
    /// A name the kind does not weigh, or a value out of range, throws.
    public func settingWeights(_ values: [(name: String, value: Double, text: String?)]) throws(ParseError) -> AgentSpec {
        var spec = self
        let names = Set(values.map(\.name))
        spec.weights.removeAll { names.contains($0.name) }
        spec.written.removeAll { $0.key.hasPrefix("w.") && names.contains(String($0.key.dropFirst(2))) }
        for (name, value, text) in values {
            try kindDescription.checkWeight(name, value)
            let weight = Weight(name: name, value: value, text: text ?? "\(value)")
            spec.weights.append(weight)
            spec.written.append(WrittenItem(key: "w." + name, text: weight.text))
        }
        return spec
    }

    /// This spec with the parameters `values` set (name, value as written): an earlier
    /// setting of each (by its name or an alias) is removed and the new ones follow the
    /// others, in the order given. A name the kind does not take, or a bad value, throws.
    public func settingParameters(_ values: [(name: String, text: String)]) throws(ParseError) -> AgentSpec {
        var items = written
        for (name, text) in values {
            guard let p = kindDescription.parameters.named(name) else {
                throw ParseError("agent '\(kind)' has no parameter '\(name)'")
            }
            items.removeAll { p.isNamed($0.key) }
            items.append(WrittenItem(key: p.name, text: text))
        }
        let text = items.isEmpty ? kind : kind + ":" + items.map { "\($0.key)=\($0.text)" }.joined(separator: ",")
        return try kindDescription.parse(text)
    }

    // MARK: - Syntax

    /// The syntax of spec text, before any kind reads it: `name` or
    /// `name:key=value,…`, no blank or control character anywhere, no empty item.
    public struct Syntax: Sendable {
        public var name: String
        public var items: [(key: String, value: String)]

        /// Splits `text`, naming the problem when it is malformed.
        public init(_ text: String) throws(ParseError) {
            guard !text.isEmpty else { throw ParseError("empty agent spec") }
            if let bad = text.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
                let what = bad.properties.isWhitespace && bad != "\n" && bad != "\t" && bad != "\r" ? "a blank" : "a control character"
                throw ParseError("agent spec '\(text.debugDescription.dropFirst().dropLast())' contains \(what)")
            }
            let head = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = String(head[0])
            guard !name.isEmpty else { throw ParseError("agent spec '\(text)' has no agent name before ':'") }
            items = []
            if head.count == 2 {
                for item in head[1].split(separator: ",", omittingEmptySubsequences: false) {
                    let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard kv.count == 2, !kv[0].isEmpty, !kv[1].isEmpty else {
                        throw ParseError("agent spec '\(text)': '\(item)' is not key=value")
                    }
                    items.append((String(kv[0]), String(kv[1])))
                }
            }
        }
    }
}

extension AgentSpec {
    /// The spec with everything it means written out: every parameter of its kind with
    /// the value it takes (given, or the default; a search limit only when it applies),
    /// in the kind's order, then every weight of its evaluation, in the evaluation's
    /// order. Two specs that resolve to the same text make the same agent, whatever
    /// defaults later versions choose: runs record it, so a result table keeps its
    /// meaning (`alphabeta:depth=3` before and after late-move reductions became the
    /// default resolve differently: `…,lmr=off,…` and `…,lmr=on,…`). A parameter added
    /// later is left out when it is at its default and that plays as before it
    /// (``Parameter/valueBefore``).
    public var resolved: AgentSpec {
        var items: [String] = []
        for p in kindDescription.parameters {
            // Left out only where reading the text back gives the same value (the default).
            if let v = value(p.name), !(v == p.valueBefore && v == p.defaultValue) { items.append("\(p.name)=\(v)") }
        }
        let w = evaluationWeights
        for (name, value) in zip(w.names, w.values) { items.append("w.\(name)=\(Parameter.format(value))") }
        let text = items.isEmpty ? kind : kind + ":" + items.joined(separator: ",")
        // Every value came from this kind's own parameters and ranges: it parses.
        return (try? kindDescription.parse(text)) ?? self
    }

    /// The parameters and weights whose values differ between this spec and `other`
    /// (both of one kind), as `name: a → b`; empty when they mean the same agent.
    public func differences(from other: AgentSpec) -> [String] {
        guard kind == other.kind else { return ["kind: \(other.kind) → \(kind)"] }
        var out: [String] = []
        for p in kindDescription.parameters where value(p.name) != other.value(p.name) {
            out.append("\(p.name): \(other.value(p.name)?.description ?? "unset") → \(value(p.name)?.description ?? "unset")")
        }
        let a = evaluationWeights, b = other.evaluationWeights
        for (i, name) in a.names.enumerated() where i < b.values.count && a.values[i] != b.values[i] {
            out.append("w.\(name): \(Parameter.format(b.values[i])) → \(Parameter.format(a.values[i]))")
        }
        return out
    }
}
