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

/// Checks the records of a two-player tournament.
public struct TwoPlayerRecordCheck<G: TwoPlayerWorkbenchGame>: RecordChecking {
    public let file: TournamentFile<G.Rules>
    /// The log's name in messages.
    public let source: String
    private var seen = GameIndexSet()
    /// The last opening computed (records come roughly in schedule order).
    private var opening: (pair: Int, texts: [String])?

    public init(file: TournamentFile<G.Rules>, source: String) {
        self.file = file
        self.source = source
    }

    public mutating func check(_ r: GameRecord, line: Int) throws(WorkbenchError) {
        let config = file.config, source = self.source
        func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line) (game \(r.index)): \(what)") }
        try RecordCheck.common(r, total: config.totalGames, seen: &seen, fail: fail)
        guard config.plays(r.index) else { throw fail("game \(r.index) is not in shard \(config.shard!)") }
        let q = r.index / config.games, k = (r.index % config.games) / 2
        // A configuration made in code for another kind of game has no such pairing.
        guard q < config.pairings.count else { throw fail("pairing \(q) is not in the schedule of a \(config.game) tournament") }
        let (a, b) = config.pairings[q]
        let order = r.index % 2 == 0 ? [a, b] : [b, a]
        guard r.pairing == q, r.pair == k else { throw fail("pairing \(r.pairing.map(String.init) ?? "none"), pair \(r.pair.map(String.init) ?? "none") should be \(q), \(k)") }
        guard r.agents == order.map({ config.agents[$0] }) else { throw fail("agents \(r.agents) are not this game's (\(order.map { config.agents[$0] }))") }
        guard r.sides == G.sideNames else { throw fail("sides \(r.sides) should be \(G.sideNames)") }
        guard r.seed == config.derivedSeed(.gameAgents, r.index) else { throw fail("seed \(r.seed) is not this tournament's (another seed?)") }
        guard r.start == nil else { throw fail("a tournament game starts from the start position") }
        if opening?.pair != k {
            var p = G.start(file.rules), texts: [String] = []
            for m in Tournament<G>.opening(pair: k, config: config, rules: file.rules) {
                texts.append(p.notation(of: m))
                p.play(m)
            }
            opening = (k, texts)
        }
        guard r.opening == opening?.texts else { throw fail("opening \(r.opening) is not pair \(k)'s") }
        let replayed: GameHistory<G>
        do { replayed = try Replay.game(of: r, rules: file.rules) } catch { throw fail(error.message) }
        let outcome: Outcome
        if r.termination == .normal {
            guard let o = replayed.outcome else { throw fail("the moves stop before the game is over") }
            outcome = o
        } else {
            // The agent to move misbehaved and lost, in a game not over by the rules.
            guard replayed.outcome == nil else { throw fail("termination '\(r.termination.rawValue)' in a game the moves end") }
            outcome = .win(replayed.position.sideToMove.opponent)
        }
        guard GameResult(outcome) == r.result else { throw fail("result \(r.result.text) but the moves end in \(G.describe(outcome))") }
        guard r.outcome == G.describe(outcome) else {
            throw fail("outcome '\(r.outcome)' but the moves end in \(G.describe(outcome))")
        }
    }
}

/// Checks the records of a puzzle tournament.
public struct PuzzleRecordCheck<G: PuzzleWorkbenchGame>: RecordChecking {
    public let config: TournamentConfig
    /// The rules the deals were played under (a Balls! level).
    public let rules: G.Rules
    /// The log's name in messages.
    public let source: String
    private var seen = GameIndexSet()

    /// A checker of the tournament `file` describes (configuration and rules).
    public init(file: TournamentFile<G.Rules>, source: String) {
        self.init(config: file.config, rules: file.rules, source: source)
    }

    /// A checker of a tournament of `config` under `rules` (the game's default rules
    /// when not given: right only for a game without rule options).
    public init(config: TournamentConfig, rules: G.Rules = G.defaultRules, source: String) {
        self.config = config
        self.rules = rules
        self.source = source
    }

    public mutating func check(_ r: GameRecord, line: Int) throws(WorkbenchError) {
        let source = self.source
        func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line) (game \(r.index)): \(what)") }
        try RecordCheck.common(r, total: config.totalGames, seen: &seen, fail: fail)
        guard config.plays(r.index) else { throw fail("game \(r.index) is not in shard \(config.shard!)") }
        let agent = config.agents[r.index % config.agents.count]
        guard r.agents == [agent] else { throw fail("agents \(r.agents) should be [\(agent)]") }
        guard r.sides == ["player"] else { throw fail("sides \(r.sides) should be [\"player\"]") }
        let twoPlayerFields = [r.pairing != nil ? "pairing" : nil, r.pair != nil ? "pair" : nil,
                               r.opening.isEmpty ? nil : "opening", r.start != nil ? "start" : nil].compactMap { $0 }
        guard twoPlayerFields.isEmpty else {
            throw fail("a puzzle record with two-player fields (\(twoPlayerFields.joined(separator: ", ")))")
        }
        guard r.seed == config.seed &+ UInt64(r.index / config.agents.count) else {
            throw fail("seed \(r.seed) is not this deal's (another seed?)")
        }
        let referee: G.Referee
        do { referee = try Replay.game(of: r, rules: rules, game: G.self) } catch { throw fail(error.message) }
        // A deal failed by the agent's misbehaviour scores 0, before its end.
        let failed = r.termination != .normal
        guard referee.state.isOver != failed else {
            throw fail(failed ? "termination '\(r.termination.rawValue)' in a deal the moves end" : "the moves stop before the game is over")
        }
        let score = failed ? 0 : referee.state.score
        guard r.result == .score(score) else {
            throw fail("result \(r.result.text) but the moves score \(score)")
        }
        guard r.outcome == "score \(score)" else {
            throw fail("outcome '\(r.outcome)' but the moves score \(score)")
        }
        let passed = G.passed(score: score, rules: rules)
        guard r.passed == passed else {
            throw fail("passed \(r.passed.map(String.init) ?? "absent") but the moves \(passed.map { $0 ? "pass" : "fail" } ?? "have no pass target")")
        }
    }
}

/// Checks whole lists of records (in file order, line 1 first).
public enum RecordCheck {
    public static func validate<G: TwoPlayerWorkbenchGame>(
        _ records: [GameRecord], file: TournamentFile<G.Rules>, game: G.Type, source: String
    ) throws(WorkbenchError) {
        var check = TwoPlayerRecordCheck<G>(file: file, source: source)
        for (i, r) in records.enumerated() { try check.check(r, line: i + 1) }
    }

    public static func validate<G: PuzzleWorkbenchGame>(
        _ records: [GameRecord], config: TournamentConfig, game: G.Type, source: String
    ) throws(WorkbenchError) {
        var check = PuzzleRecordCheck<G>(config: config, source: source)
        for (i, r) in records.enumerated() { try check.check(r, line: i + 1) }
    }

    /// What every record needs: an index in the schedule, seen once, a finished
    /// result, and one time, node and playout count per move.
    static func common(_ r: GameRecord, total: Int, seen: inout GameIndexSet,
                       fail: (String) -> WorkbenchError) throws(WorkbenchError) {
        guard r.index >= 0 && r.index < total else { throw fail("index \(r.index) is outside the schedule 0..<\(total)") }
        guard !seen.contains(r.index) else { throw fail("game \(r.index) is recorded twice") }
        seen.insert(r.index)
        guard r.result != .unfinished else { throw fail("the game is unfinished") }
        guard r.times.count == r.moves.count, r.nodes.count == r.moves.count, r.playouts.count == r.moves.count else {
            throw fail("\(r.moves.count) moves but \(r.times.count) times, \(r.nodes.count) node and \(r.playouts.count) playout counts")
        }
    }
}
