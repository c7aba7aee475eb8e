import Boards

/// Checks the records of a log against the tournament they claim to belong to, so a
/// damaged, duplicated, foreign or impossible record is an error naming its line,
/// never a game counted that did not happen.
///
/// A record must have an index in the schedule, seen once; the agents, sides, seeds
/// and opening that index implies (a puzzle's record none of the two-player fields);
/// one time, node and playout count per move; and moves that replay through the
/// engine to the result it claims, with every copy of it (`result`, `outcome`, and a
/// puzzle's `score`, which the decoder checks against `result`) saying the same. A checker keeps
/// one bit per game of the schedule, never the records, so a log of any length is
/// checked as it is read.
public protocol RecordChecking {
    /// Checks `record`, found on line `line` (from 1) of the log.
    mutating func check(_ record: GameRecord, line: Int) throws(WorkbenchError)
}

/// Checks the records of a tournament of `G`: what every record needs here, and what
/// the schedule implies for its index in the game's ``MatchFormat``.
public struct RecordCheck<G: WorkbenchGame>: RecordChecking {
    /// The tournament's configuration and rules.
    public let file: TournamentFile<G.Rules>
    /// The log's name in messages.
    public let source: String
    private var seen = GameIndexSet()
    /// The last opening computed (records come roughly in schedule order).
    private var opening: (pair: Int, texts: [String])?

    /// A checker of the tournament `file` describes (configuration and rules).
    public init(file: TournamentFile<G.Rules>, source: String) {
        self.file = file
        self.source = source
    }

    /// A checker of a tournament of `config` under `rules` (the game's default rules
    /// when not given: right only for a game without rule options).
    public init(config: TournamentConfig, rules: G.Rules = G.defaultRules, source: String) {
        self.init(file: TournamentFile(config: config, rules: rules), source: source)
    }

    public mutating func check(_ r: GameRecord, line: Int) throws(WorkbenchError) {
        let config = file.config, source = self.source
        func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line) (game \(r.index)): \(what)") }
        guard r.index >= 0 && r.index < config.totalGames else {
            throw fail("index \(r.index) is outside the schedule 0..<\(config.totalGames)")
        }
        guard !seen.contains(r.index) else { throw fail("game \(r.index) is recorded twice") }
        seen.insert(r.index)
        guard r.result != .unfinished else { throw fail("the game is unfinished") }
        guard r.times.count == r.moves.count, r.nodes.count == r.moves.count, r.playouts.count == r.moves.count else {
            throw fail("\(r.moves.count) moves but \(r.times.count) times, \(r.nodes.count) node and \(r.playouts.count) playout counts")
        }
        guard config.plays(r.index) else { throw fail("game \(r.index) is not in shard \(config.shard!)") }
        try G.Format.check(r, file: file, opening: &opening, fail: fail)
    }

    /// Checks a whole list of records (in file order, line 1 first).
    public static func validate(_ records: [GameRecord], file: TournamentFile<G.Rules>, source: String) throws(WorkbenchError) {
        var check = RecordCheck(file: file, source: source)
        for (i, r) in records.enumerated() { try check.check(r, line: i + 1) }
    }
}
