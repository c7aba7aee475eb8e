/// The JSON of a parameter, as `bench agents --json` lists it (and, next, the text
/// protocol's option list): `{"name", "type", "default", "min", "max", "choices",
/// "role", "aliases", "help"}`, with absent values as `null`.
extension Parameter: Encodable {
    enum CodingKeys: String, CodingKey { case name, type, `default`, min, max, choices, role, aliases, help }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(typeName, forKey: .type)
        try c.encode(defaultValue, forKey: .default)
        switch kind {
        case .integer(let r):
            try c.encode(r.lowerBound, forKey: .min)
            try c.encode(r.upperBound, forKey: .max)
        case .real(let r):
            try c.encode(r.lowerBound, forKey: .min)
            try c.encode(r.upperBound, forKey: .max)
        default:
            try c.encodeNil(forKey: .min)
            try c.encodeNil(forKey: .max)
        }
        switch kind {
        case .choice(let words): try c.encode(words, forKey: .choices)
        case .flag: try c.encode(["on", "off"], forKey: .choices)
        default: try c.encodeNil(forKey: .choices)
        }
        try c.encode(role == .limit ? "limit" : "setting", forKey: .role)
        try c.encode(aliases, forKey: .aliases)
        try c.encode(help, forKey: .help)
    }
}

/// A value as JSON: a number, `true`/`false`, or a string.
extension ParameterValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .integer(let n): try c.encode(n)
        case .real(let x): try c.encode(x)
        case .flag(let b): try c.encode(b)
        case .text(let s): try c.encode(s)
        }
    }
}

/// The JSON of named weights, in their order: `[{"name", "default"}]` (how
/// `bench agents --json` lists an agent kind's weights).
extension HeuristicWeights: Encodable {
    enum WeightKeys: String, CodingKey { case name, `default` }

    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for (name, value) in zip(names, values) {
            var weight = list.nestedContainer(keyedBy: WeightKeys.self)
            try weight.encode(name, forKey: .name)
            try weight.encode(value, forKey: .default)
        }
    }
}
