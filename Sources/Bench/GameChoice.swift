import Boards

/// The games `bench` knows, by their command-line names.
enum GameChoice: String, CaseIterable {
    case tigersGoats = "tigers-goats"
    case coinSorter = "coin-sorter"

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The game named by `--game` (default tigers-goats).
    static func from(_ options: Options) throws(UsageError) -> GameChoice {
        guard let name = options.string("--game") else { return .tigersGoats }
        guard let game = GameChoice(rawValue: name) else {
            throw UsageError("\(options.command): unknown game '\(name)' (known: \(names))")
        }
        return game
    }
}

/// Options shared by the commands that set up a Tigers & Goats position.
enum TigersGoatsSetup {
    static let declared: [String: Options.Kind] = ["--position": .value, "--ply-limit": .value, "--long-range": .flag]

    static let help = """
          --position TEXT   start from this position (default: the start position)
          --ply-limit N     draw at ply N (default 300)
          --long-range      long-range capture variant (RULES.md §1)
        """

    static func rules(_ options: Options) throws(UsageError) -> TigersGoats.Rules {
        let limit = try options.int("--ply-limit", default: 300, in: 1...Int(UInt16.max))
        return TigersGoats.Rules(plyLimit: limit, longRangeCapture: options.has("--long-range"))
    }

    static func position(_ options: Options) throws(UsageError) -> TigersGoats {
        let rules = try rules(options)
        guard let text = options.string("--position") else { return TigersGoats(rules: rules) }
        do {
            return try TigersGoats(parsing: text, rules: rules)
        } catch {
            throw UsageError("\(options.command): bad --position: \(error.message)")
        }
    }
}
