import Search

/// Comparing and showing the resolved specs a run records (``AgentSpec/resolved``).
public enum ResolvedSpecs {
    /// How an agent named `name`, which this version resolves to `now`, plays in a
    /// resumed run that recorded it as `recorded`: `nil` when this version cannot read
    /// `recorded` (a parameter removed since: the resume's own check then decides);
    /// else the recorded spec (``AgentCatalog/parseRecorded(_:)``: a parameter added since
    /// takes the value that played as before it), with a note saying what differs when
    /// it is another agent than `now`'s (`nil` when the two mean the same agent).
    public static func asRecorded<A>(_ recorded: String, name: String, now: String,
                                     catalog: AgentCatalog<A>) -> (spec: AgentSpec, note: String?)? {
        guard let spec = try? catalog.parseRecorded(recorded) else { return nil }
        guard spec.resolved.text != now else { return (spec, nil) }
        let change = (try? catalog.parse(now)).map { spec.differences(from: $0).joined(separator: ", ") } ?? "recorded as \(recorded)"
        return (spec, "agent '\(name)' plays as the run recorded it, not as this version reads the name (\(change))")
    }

    /// The first agent whose resolved spec differs between `was` and `now`, with the
    /// parameters that differ: `agent 'alphabeta:depth=3': lmr: off → on`.
    public static func difference(_ was: [String], _ now: [String], names: [String]) -> String {
        for (i, (a, b)) in zip(was, now).enumerated() where a != b {
            let name = i < names.count ? names[i] : b
            let (kindA, old) = items(a), (kindB, new) = items(b)
            guard kindA == kindB else { return "agent '\(name)': recorded as \(a), now \(b)" }
            // Resolved specs write every item, in one order: compare them key by key.
            var changes: [String] = []
            for (key, value) in new where old.first(where: { $0.key == key })?.value != value {
                changes.append("\(key) was \(old.first { $0.key == key }?.value ?? "unset"), now \(value)")
            }
            for (key, value) in old where !new.contains(where: { $0.key == key }) { changes.append("\(key) was \(value), now unset") }
            return "agent '\(name)': " + changes.joined(separator: ", ")
        }
        return "the number of agents differs"
    }

    /// The version that started a run, for a message saying which can continue it.
    static func starter(_ version: String?) -> String {
        version.map { "bench \($0), which started it" } ?? "the version that started it"
    }

    /// A resolved spec's kind and its `key=value` items, in order (a value holds no comma).
    static func items(_ spec: String) -> (kind: String, items: [(key: String, value: String)]) {
        let parts = spec.split(separator: ":", maxSplits: 1)
        let list = (parts.count == 2 ? parts[1].split(separator: ",") : []).map { item in
            let kv = item.split(separator: "=", maxSplits: 1)
            return (key: String(kv[0]), value: kv.count == 2 ? String(kv[1]) : "")
        }
        return (String(parts.first ?? ""), list)
    }

    /// The Markdown lines that say what each agent's name means, for a table's header;
    /// empty when nothing was recorded (a run of an earlier version).
    public static func markdown(names: [String], resolved: [String]?, version: String?) -> String {
        guard let resolved else {
            return "Resolved specs were not recorded (a run of a version before 0.9.0 recorded none): the agents' names "
                + "mean what that version's defaults made of them.\n"
        }
        var lines = ["Agents as resolved by bench \(version ?? "(version not recorded)") (every setting explicit; the "
            + "names above mean these):", ""]
        for (name, spec) in zip(names, resolved) { lines.append("- `\(name)`: `\(spec)`") }
        return lines.joined(separator: "\n") + "\n"
    }
}
