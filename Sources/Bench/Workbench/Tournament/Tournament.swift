import Boards
import Dispatch
import Search

/// A tournament: a schedule of games, each a function of the configuration and its
/// index, played on worker threads. How game `index` is played is the game's
/// ``MatchFormat``: for a two-player game a round robin (or a gauntlet of the first
/// entrant against the others), each pairing playing game pairs from the same random
/// opening with sides swapped (``ColourSwappedPairs``); for a puzzle every entrant
/// playing the same seeded deals (``SharedDeals``).
///
/// ```swift
/// let tournament = try Tournament<TigersGoats>(
///     entrants: [.builtIn("greedy"), .builtIn("alphabeta:depth=3")], gamesPerPairing: 10, seed: 1)
/// let summary = try tournament.run(threads: 2)
/// print(summary.markdown)
/// ```
public struct Tournament<G: WorkbenchGame>: Sendable {
    /// The agents, in schedule order.
    public let entrants: [Entrant<G>]
    /// Everything else that fixes the games.
    public let config: TournamentConfig
    /// The game's rules (ply limit, variants, a Balls! level).
    public let rules: G.Rules

    /// A tournament of `games` games per pairing (deals for a puzzle) on the format's
    /// schedule; throws a usage error for a configuration ``TournamentConfig/problem`` refuses.
    public init(entrants: [Entrant<G>], games: Int, seed: UInt64, openingPlies: Int, gauntlet: Bool, sprt: SPRT?,
                rules: G.Rules, command: String, shard: Shard?) throws(WorkbenchError) {
        self.entrants = entrants
        self.rules = rules
        var config = TournamentConfig(game: G.name, schedule: G.Format.schedule(openingPlies: openingPlies, gauntlet: gauntlet),
                                      agents: entrants.map(\.name), games: games, seed: seed, sprt: sprt, command: command,
                                      shard: shard)
        config.resolvedAgents = entrants.map(\.resolved)
        config.version = WorkbenchVersion.current
        self.config = config
        if let problem = config.problem { throw .usage(problem.message, field: problem.field) }
    }

    /// What `tournament.json` holds for this tournament.
    public var file: TournamentFile<G.Rules> { TournamentFile(config: config, rules: rules) }

    /// A checker of this tournament's records, naming `source` in its messages.
    public func recordCheck(source: String) -> RecordCheck<G> { RecordCheck(file: file, source: source) }

    /// Makes each entrant's agent once, so an agent that cannot be made (a file it
    /// reads is missing) fails before anything is written, not at its first game.
    public func checkAgents() throws(WorkbenchError) { for e in entrants { _ = try e.agent(seed: 0) } }

    /// Plays game `index` of the schedule: a function of the configuration and
    /// `index` alone (``MatchFormat/play(_:in:)``, through ``WorkbenchGame/playGame(_:in:)``).
    public func play(_ index: Int) throws(WorkbenchError) -> GameRecord { try G.playGame(index, in: self) }
}

extension Tournament where G: TwoPlayerWorkbenchGame {
    /// A tournament of a two-player game; throws a usage error for fewer than two
    /// entrants, two with the same name, an odd or non-positive number of games, or
    /// negative opening plies.
    public init(entrants: [Entrant<G>], gamesPerPairing: Int = 20, seed: UInt64 = 1, openingPlies: Int = 4,
                gauntlet: Bool = false, sprt: SPRT? = nil, rules: G.Rules = G.defaultRules,
                command: String = "", shard: Shard? = nil) throws(WorkbenchError) {
        try self.init(entrants: entrants, games: gamesPerPairing, seed: seed, openingPlies: openingPlies, gauntlet: gauntlet,
                      sprt: sprt, rules: rules, command: command, shard: shard)
    }
}

extension Tournament where G: PuzzleWorkbenchGame {
    /// A puzzle tournament of `deals` deals; throws a usage error for no entrants, two
    /// with the same name, or a non-positive number of deals.
    public init(entrants: [Entrant<G>], deals: Int = 100, seed: UInt64 = 1, rules: G.Rules = G.defaultRules,
                command: String = "", shard: Shard? = nil) throws(WorkbenchError) {
        try self.init(entrants: entrants, games: deals, seed: seed, openingPlies: 0, gauntlet: false, sprt: nil,
                      rules: rules, command: command, shard: shard)
    }
}

extension Tournament {
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

