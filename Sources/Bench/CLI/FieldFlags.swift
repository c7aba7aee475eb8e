import Workbench

/// The option that sets each setting the library names in an error's `field`: the
/// library speaks of `resume`, `games`, `sprt`; `bench` says `--resume`, `--games`,
/// `--sprt`. One table for every command (the library's errors never name a flag).
enum FieldFlags {
    /// Fields set by the option of the same name, in every command.
    static let sameName: Set<String> = ["resume", "games", "sprt", "agents", "gauntlet", "shard", "shards", "alpha", "batch",
                                        "episodes", "seed", "moves", "partial", "out", "level", "last", "goal", "search", "seeds",
                                        "through", "opponents", "compare", "game"]
    /// Fields whose option has another name, in every command.
    static let renamed: [String: String] = ["openingPlies": "--openings", "folder": "--out", "evaluateEvery": "--eval-every",
                                            "initialValue": "--init"]
    /// Fields whose option has another name in one command ("": none there; merge has no
    /// --resume, and its --partial is the remedy, not the problem).
    static let renamedIn: [String: [String: String]] = [
        "solve": ["folder": "--study", "placementFolder": "--placement-all"],
        "grade": ["placementFolder": "--placement"],
        "merge": ["resume": "", "partial": ""],
    ]

    /// The option that does what a message about `field` suggests ("resume it").
    static let remedies: [String: (words: String, flag: String)] = ["folder": ("resume it", "--resume"),
                                                                    "partial": ("merge what there is", "--partial")]

    /// The option for `field` in `command`.
    static func flag(_ field: String, command: String) -> String? {
        if let flag = renamedIn[command]?[field] ?? renamed[field] { return flag.isEmpty ? nil : flag }
        return sameName.contains(field) ? "--" + field : nil
    }
}

extension WorkbenchError {
    /// The error as `bench COMMAND` says it: the option for its field named next to the
    /// problem (`tournament: --resume: …`).
    func flagged(command: String) -> WorkbenchError {
        guard let field else { return self }
        var e = FieldFlags.flag(field, command: command).map { inside($0) } ?? self
        e.field = nil
        if let remedy = FieldFlags.remedies[field], e.detail.contains(remedy.words) {
            e = e.replacingDetail(e.detail.replacingOccurrences(of: remedy.words, with: "\(remedy.words) (\(remedy.flag))"))
        }
        return e
    }
}
