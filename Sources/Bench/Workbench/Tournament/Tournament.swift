import Boards
import Dispatch
import Search

/// A tournament of a two-player game: a round robin (or a gauntlet of the first
/// entrant against the others), each pairing playing game pairs from the same
/// random opening with sides swapped, on worker threads.
///
/// ```swift
/// let tournament = try Tournament<TigersGoats>(
///     entrants: [.builtIn("greedy"), .builtIn("alphabeta:depth=3")], gamesPerPairing: 10, seed: 1)
/// let summary = try tournament.run(threads: 2)
/// print(summary.markdown)
/// ```
public struct Tournament<G: TwoPlayerWorkbenchGame>: TournamentRunning {
    /// The agents, in schedule order.
    public let entrants: [Entrant<G>]
    /// Everything else that fixes the games.
    public let config: TournamentConfig
    /// The game's rules (ply limit, variants).
    public let rules: G.Rules

    /// A tournament; throws a usage error for fewer than two entrants, two with the
    /// same name, an odd or non-positive number of games, or negative opening plies.
    public init(entrants: [Entrant<G>], gamesPerPairing: Int = 20, seed: UInt64 = 1, openingPlies: Int = 4,
                gauntlet: Bool = false, sprt: SPRT? = nil, rules: G.Rules = G.defaultRules,
                command: String = "", shard: Shard? = nil) throws(WorkbenchError) {
        self.entrants = entrants
        self.rules = rules
        var config = TournamentConfig(game: G.name, players: G.players, agents: entrants.map(\.name), games: gamesPerPairing,
                                      seed: seed, openingPlies: openingPlies, gauntlet: gauntlet, sprt: sprt, command: command,
                                      shard: shard)
        config.resolvedAgents = entrants.map(\.resolved)
        config.version = WorkbenchVersion.current
        self.config = config
        if let problem = config.problem { throw .usage(problem.message, field: problem.field) }
    }

    /// What `tournament.json` holds for this tournament.
    public var file: TournamentFile<G.Rules> { TournamentFile(config: config, rules: rules) }

    public func recordCheck(source: String) -> TwoPlayerRecordCheck<G> { TwoPlayerRecordCheck(file: file, source: source) }

    public func checkAgents() throws(WorkbenchError) { for e in entrants { _ = try e.agent(seed: 0) } }

    /// The opening of pair `pair`: random legal plies from the start, the same for
    /// every pairing, avoiding moves that end the game.
    public func opening(pair: Int) -> [G.Move] { Self.opening(pair: pair, config: config, rules: rules) }

    /// The opening of pair `pair` in the tournament `config` under `rules`.
    public static func opening(pair: Int, config: TournamentConfig, rules: G.Rules) -> [G.Move] {
        var rng = SplitMix64(seed: config.derivedSeed(.opening, pair))
        var p = G.start(rules)
        var moves: [G.Move] = []
        while moves.count < config.openingPlies {
            let safe = p.legalMoves.filter { m in var c = p; c.play(m); return c.outcome == nil }
            guard !safe.isEmpty else { break }
            let m = safe[rng.next(below: safe.count)]
            p.play(m)
            moves.append(m)
        }
        return moves
    }

    /// Plays game `index` of the schedule: a function of the configuration and
    /// `index` alone. Leg 0 of a pair gives the pairing's first agent the first side.
    public func play(_ index: Int) throws(WorkbenchError) -> GameRecord {
        let q = index / config.games, k = (index % config.games) / 2, leg = index % 2
        let (a, b) = config.pairings[q]
        let order = leg == 0 ? [a, b] : [b, a]
        let seed = config.derivedSeed(.gameAgents, index)
        var agents: [any TwoPlayerAgent<G>] = []
        for (side, entrant) in order.enumerated() {
            agents.append(try entrants[entrant].agent(seed: seed &+ UInt64(side)))
        }
        var game = GameHistory(G.start(rules))
        var opening: [String] = []
        for m in self.opening(pair: k) {
            opening.append(game.position.notation(of: m))
            game.play(m)
        }
        let names = order.map { entrants[$0].name }
        let played = try Match.play(&game, agents: &agents, names: names)
        // An agent that misbehaved loses: it was the side to move.
        let outcome = played.failure == nil ? game.outcome! : .win(game.position.sideToMove.opponent)
        var record = GameRecord(index: index, pairing: q, pair: k, agents: names, sides: G.sideNames, seed: seed,
                                opening: opening, moves: played.moves, result: GameResult(outcome),
                                outcome: G.describe(outcome), times: played.times, nodes: played.nodes, playouts: played.playouts)
        record.failure = played.failure
        return record
    }
}

/// A puzzle tournament: every entrant plays the same seeded deals (seeds S, S+1, …)
/// under the same rules, so agents are compared deal by deal.
public struct PuzzleTournament<G: PuzzleWorkbenchGame>: TournamentRunning where G.Move: Equatable {
    public let entrants: [PuzzleEntrant<G>]
    public let config: TournamentConfig
    /// The game's rules (a Balls! level).
    public let rules: G.Rules

    /// A tournament of `deals` deals; throws a usage error for no entrants, two with
    /// the same name, or a non-positive number of deals.
    public init(entrants: [PuzzleEntrant<G>], deals: Int = 100, seed: UInt64 = 1, rules: G.Rules = G.defaultRules,
                command: String = "", shard: Shard? = nil) throws(WorkbenchError) {
        self.entrants = entrants
        self.rules = rules
        var config = TournamentConfig(game: G.name, players: G.players, agents: entrants.map(\.name), games: deals, seed: seed,
                                      command: command, shard: shard)
        config.resolvedAgents = entrants.map(\.resolved)
        config.version = WorkbenchVersion.current
        self.config = config
        if let problem = config.problem { throw .usage(problem.message, field: problem.field) }
    }

    /// What `tournament.json` holds for this tournament.
    public var file: TournamentFile<G.Rules> { TournamentFile(config: config, rules: rules) }

    public func recordCheck(source: String) -> PuzzleRecordCheck<G> { PuzzleRecordCheck(file: file, source: source) }

    public func checkAgents() throws(WorkbenchError) { for e in entrants { _ = try e.agent(seed: 0) } }

    /// Plays game `index`: deal `index / agents`, by agent `index % agents`.
    public func play(_ index: Int) throws(WorkbenchError) -> GameRecord {
        let deal = index / entrants.count, e = index % entrants.count
        let dealSeed = config.seed &+ UInt64(deal)
        var agent = try entrants[e].agent(seed: config.derivedSeed(.dealAgent, deal))
        var referee = G.Referee(seed: dealSeed, rules: rules)
        let played = try Match.play(&referee, agent: &agent, name: entrants[e].name)
        // A deal the agent failed by misbehaving scores 0.
        let score = played.failure == nil ? referee.state.score : 0
        var record = GameRecord(index: index, agents: [entrants[e].name], sides: ["player"], seed: dealSeed,
                                moves: played.moves, result: .score(score), outcome: "score \(score)",
                                times: played.times, nodes: played.nodes, playouts: played.playouts)
        record.failure = played.failure
        record.passed = G.passed(score: score, rules: rules)
        return record
    }
}

/// What both kinds of tournament offer: their configuration, `tournament.json`, and
/// game `index` of the schedule as a function of the configuration and `index` alone.
/// The runs below are shared.
public protocol TournamentRunning: Sendable {
    associatedtype Rules: Codable & Equatable & Sendable
    /// How a record of this tournament is checked when a log is read back.
    associatedtype Check: RecordChecking
    /// Everything that fixes the games, apart from the rules.
    var config: TournamentConfig { get }
    /// What `tournament.json` holds.
    var file: TournamentFile<Rules> { get }
    /// Plays game `index` of the schedule.
    func play(_ index: Int) throws(WorkbenchError) -> GameRecord
    /// A checker of this tournament's records, naming `source` in its messages.
    func recordCheck(source: String) -> Check
    /// Makes each entrant's agent once, so an agent that cannot be made (a file it
    /// reads is missing) fails before anything is written, not at its first game.
    func checkAgents() throws(WorkbenchError)
}

extension TournamentRunning {
    /// Plays every game not in `done` and returns the summary of all of them.
    ///
    /// - Parameters:
    ///   - threads: worker threads; the records do not depend on it (under depth,
    ///     node or playout budgets).
    ///   - log: where each finished game is appended at once (`games.jsonl`).
    ///   - done: records of an earlier, interrupted run of the same tournament.
    ///   - onRecord: called after each game with the record and the count so far.
    public func run(threads: Int = 1, log: RecordLog? = nil, resumingFrom done: [GameRecord] = [],
                    onRecord: (@Sendable (GameRecord, Int) -> Void)? = nil) throws(WorkbenchError) -> TournamentSummary {
        try run(threads: threads, log: log, resumingFrom: TournamentTally(config: config, records: done), onRecord: onRecord)
    }

    /// Plays every game `tally` has not seen and returns the summary of all of them;
    /// what a long run resumes from, as it keeps no record in memory.
    public func run(threads: Int, log: RecordLog?, resumingFrom tally: TournamentTally,
                    onRecord: (@Sendable (GameRecord, Int) -> Void)?) throws(WorkbenchError) -> TournamentSummary {
        let start = Clock.now
        let before = tally.addedCount
        let config = self.config
        let final = try ScheduleRunner.run(
            total: config.totalGames, scheduled: config.scheduledGames, plays: { config.plays($0) },
            tally: tally, threads: max(1, threads), log: log,
            onRecord: onRecord, play: { index throws(WorkbenchError) in try self.play(index) })
        // The last group of records made durable before the summary says they are there.
        try log?.synchronize()
        return TournamentSummary(tally: final, wallSeconds: Clock.now - start,
                                 gamesThisRun: final.addedCount - before, threads: threads)
    }
}


