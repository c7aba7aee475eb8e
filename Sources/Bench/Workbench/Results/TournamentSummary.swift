import Foundation

/// The tables of a tournament, computed from its records alone (sorted by index),
/// so a resumed run and an uninterrupted one give the same summary.
/// Everything that depends on the machine or the clock is under `run`.
public struct TournamentSummary: Codable, Sendable {
    /// One pairing, from agent A's side.
    public struct Pairing: Codable, Sendable {
        public var agentA, agentB: String
        /// Results of agent A, overall and by the side A played.
        public var overall, asFirst, asSecond: Trinomial
        /// Per game (trinomial): as if every game were independent.
        @Nullable public var score: Double?
        @Nullable public var elo: Double?
        @Nullable public var eloError: Double?
        @Nullable public var los: Double?
        @Nullable public var drawRatio: Double?
        /// Pairs scoring 0, ¼, ½, ¾, 1 for A.
        public var pentanomial: [Int]
        /// Per pair (pentanomial): the estimates that respect the pairing.
        public var paired: PairedElo
    }

    /// One agent's Bradley–Terry rating.
    public struct Rating: Codable, Sendable {
        public var agent: String
        /// Undefined for an agent that played no game.
        @Nullable public var rating: Double?
        /// The 95% bootstrap interval; undefined with fewer than two units of play or
        /// when every resample gives the same fit (a zero-width interval says nothing).
        @Nullable public var low: Double?
        @Nullable public var high: Double?
        public var games: Int
        @Nullable public var score: Double?
    }

    /// One agent's results by side.
    public struct Sides: Codable, Sendable {
        public var agent: String
        public var asFirst, asSecond: Trinomial
    }

    /// One puzzle agent's scores.
    public struct PuzzleAgent: Codable, Sendable {
        public var agent: String
        public var scores: SampleSummary
        @Nullable public var minimum: Int?
        @Nullable public var maximum: Int?
        /// histogram[k]: deals scoring k (empty when scores fall outside 0...10,000).
        public var histogram: [Int]
        /// For a game with a pass target (a Balls! level): the deals passed, of
        /// ``passTotal`` judged, their share and its 95% Wilson interval; absent otherwise.
        public var passes, passTotal: Int?
        public var passRate, passLow, passHigh: Double?

        /// The pass count as a proportion, for a game with a pass target.
        public var pass: Wilson? { passes.flatMap { k in passTotal.map { Wilson(k, of: $0) } } }
    }

    /// Two puzzle agents on the deals both played: A − B.
    public struct PuzzleComparison: Codable, Sendable {
        public var agentA, agentB: String
        /// The paired t-test.
        public var comparison: PairedComparison
        /// The Wilcoxon signed-rank test of the same differences.
        public var wilcoxon: WilcoxonSignedRank
        /// Holm-adjusted p-values over all the comparisons of the table; `nil` when
        /// the table has only one comparison (nothing to adjust) or the p-value is.
        @Nullable public var holmT: Double?
        @Nullable public var holmWilcoxon: Double?
    }

    /// The SPRT of a two-agent match: the same numbers, under the same keys, as
    /// `bench sprt --json` prints for the match's pentanomial counts.
    public struct SPRTResult: Codable, Sendable {
        public var model: String
        public var elo0: Double, elo1: Double, alpha: Double, beta: Double
        /// The log-likelihood ratio over the pairs used.
        public var llr: Double
        /// ln(β / (1 − α)): H0 is accepted at or below it.
        public var lower: Double
        /// ln((1 − β) / α): H1 is accepted at or above it.
        public var upper: Double
        /// "H0", "H1" or "continue".
        public var decision: String
        /// The complete pairs, in schedule order, that the test used.
        public var pairs: Int
        /// Their pentanomial counts (pairs scoring 0, ¼, ½, ¾, 1 for the first agent).
        public var pentanomial: [Int]
        /// The LLR after each pair (thinned to at most 1,000 evenly spaced pairs, the
        /// last pair always included): drawn in sprt.svg, not written to summary.json.
        public var path: [Point] = []

        public struct Point: Sendable, Equatable {
            public var pairs: Int
            public var llr: Double
        }

        enum CodingKeys: String, CodingKey {
            case model, elo0, elo1, alpha, beta, llr, lower, upper, decision, pairs, pentanomial
        }
    }

    /// One agent's speed; rates are undefined without moves or time.
    public struct Throughput: Codable, Sendable {
        public var agent: String
        public var moves: Int
        @Nullable public var averageMillisecondsPerMove: Double?
        @Nullable public var nodesPerSecond: Double?
        @Nullable public var playoutsPerSecond: Double?
    }

    /// The games one agent lost by misbehaving (an external agent), by termination.
    public struct Forfeits: Codable, Sendable {
        public var agent: String
        public var time, crash, illegal: Int
        public var `protocol`: Int
    }

    /// What depends on the machine and the clock.
    public struct Run: Codable, Sendable {
        public var machine, build, date: String
        public var throughput: [Throughput]
        /// Games per second of wall-clock time, for the games this run played.
        @Nullable public var gamesPerSecond: Double?
        /// The games this run played (a resumed run plays only those left; `report` none).
        @Nullable public var gamesThisRun: Int?
        @Nullable public var threads: Int?
    }

    public var game, command: String
    /// Each agent's name and what it meant (``AgentSpec/resolved``), as the run recorded
    /// them; absent for a run of an earlier version, which recorded none.
    public var resolvedAgents: [ResolvedAgent]?
    /// The workbench version that started the run, when recorded.
    public var version: String?
    public var sides: [String]
    public var games: Int
    public var pairings: [Pairing] = []
    public var ratings: [Rating] = []
    public var perSide: [Sides] = []
    public var sprt: SPRTResult?
    public var puzzleAgents: [PuzzleAgent] = []
    public var puzzleComparisons: [PuzzleComparison] = []
    /// Games lost by misbehaviour, per agent that had any; absent when none had.
    public var forfeits: [Forfeits]?
    public var run: Run

    /// The summary of `records` (in any order) of `config`'s tournament.
    public init(config: TournamentConfig, records: [GameRecord], wallSeconds: Double?, gamesThisRun: Int,
                threads: Int?) throws(WorkbenchError) {
        self.init(tally: try TournamentTally(config: config, records: records), wallSeconds: wallSeconds,
                  gamesThisRun: gamesThisRun, threads: threads)
    }

    /// The summary of the games in `tally`.
    public init(tally running: TournamentTally, wallSeconds: Double?, gamesThisRun: Int, threads: Int?) {
        let tally = running.completed()
        let config = tally.config
        game = config.game
        command = config.command
        resolvedAgents = config.resolvedAgents.map { zip(config.agents, $0).map { ResolvedAgent(name: $0, spec: $1) } }
        version = config.version
        games = tally.games
        if let test = config.sprt {
            let pairs = tally.sprtPairs
            let llr = test.llr(pairs)
            sprt = SPRTResult(model: "normalized pentanomial (fishtest), exact GSPRT", elo0: test.elo0,
                              elo1: test.elo1, alpha: test.alpha, beta: test.beta, llr: defined(llr) ?? 0,
                              lower: test.lowerBound, upper: test.upperBound,
                              decision: test.decision(llr: llr).code, pairs: pairs.pairs,
                              pentanomial: pairs.counts)
            var path = tally.sprtPath.points
            if pairs.pairs > 0 && path.last?.pairs != pairs.pairs { path.append(.init(pairs: pairs.pairs, llr: defined(llr) ?? 0)) }
            sprt?.path = path
        }
        sides = config.isPuzzle ? ["player"] : (tally.sides ?? ["first", "second"])
        run = Run(machine: Machine.description, build: Machine.build, date: Machine.date,
                  throughput: Self.throughput(config.agents, tally.usage),
                  gamesPerSecond: wallSeconds.flatMap { gamesThisRun > 0 && $0 > 0 ? defined(Double(gamesThisRun) / $0) : nil },
                  gamesThisRun: wallSeconds == nil ? nil : gamesThisRun, threads: threads)
        if config.isPuzzle { summarizePuzzle(tally) } else { summarizeTwoPlayer(tally) }
        let forfeited = zip(config.agents, tally.forfeits).filter { !$0.1.isEmpty }
        if !forfeited.isEmpty {
            forfeits = forfeited.map { agent, n in
                Forfeits(agent: agent, time: n[.time] ?? 0, crash: n[.crash] ?? 0, illegal: n[.illegal] ?? 0,
                         protocol: n[.protocol] ?? 0)
            }
        }
    }

    mutating func summarizeTwoPlayer(_ tally: TournamentTally) {
        let config = tally.config
        let n = config.agents.count
        var overall = Array(repeating: Trinomial(), count: n)
        var first = overall, second = overall
        for (q, (a, b)) in config.pairings.enumerated() {
            let t = tally.pairings[q]
            pairings.append(Pairing(agentA: config.agents[a], agentB: config.agents[b], overall: t.overall,
                                    asFirst: t.asFirst, asSecond: t.asSecond, score: Self.score(t.overall),
                                    elo: Self.elo(t.overall), eloError: Self.eloError(t.overall),
                                    los: Self.los(t.overall), drawRatio: t.overall.games > 0 ? defined(t.overall.drawRatio) : nil,
                                    pentanomial: t.pairs.counts, paired: PairedElo(t.pairs)))
            // Agent B's results are A's mirrored.
            overall[a].add(t.overall); first[a].add(t.asFirst); second[a].add(t.asSecond)
            overall[b].add(t.overall.mirrored); first[b].add(t.asSecond.mirrored); second[b].add(t.asFirst.mirrored)
        }
        let units = tally.ratingUnits
        let fit = BradleyTerry.fit(agents: n, units: units)
        let ci = BradleyTerry.intervals(agents: n, units: units, seed: config.seed)
        let resamplable = units.reduce(0) { $0 + $1.count } >= 2
        for (i, name) in config.agents.enumerated() {
            let interval = resamplable && ci[i].high > ci[i].low ? ci[i] : nil
            ratings.append(Rating(agent: name, rating: defined(fit[i]), low: interval.flatMap { defined($0.low) },
                                  high: interval.flatMap { defined($0.high) }, games: overall[i].games,
                                  score: Self.score(overall[i])))
            perSide.append(Sides(agent: name, asFirst: first[i], asSecond: second[i]))
        }
        // Best first; the unrated (no games) last.
        ratings.sort { ($0.rating ?? -.infinity) > ($1.rating ?? -.infinity) }
    }

    // Per-game statistics, undefined where the formulas are.
    static func score(_ t: Trinomial) -> Double? { t.games > 0 ? defined(t.score) : nil }
    static func elo(_ t: Trinomial) -> Double? { t.games > 0 ? defined(t.elo) : nil }
    static func eloError(_ t: Trinomial) -> Double? { t.games >= 2 && t.variance > 0 ? defined(t.eloError) : nil }
    static func los(_ t: Trinomial) -> Double? { t.games >= 2 && t.wins + t.losses > 0 && t.variance > 0 ? defined(t.los) : nil }

    /// The largest score a histogram is drawn for; beyond it, the histogram is left empty.
    static let histogramLimit = 10_000

    mutating func summarizePuzzle(_ tally: TournamentTally) {
        let config = tally.config
        for (i, name) in config.agents.enumerated() {
            let t = tally.puzzle[i]
            let played = t.scores.count > 0
            var histogram: [Int] = []
            if played && t.minimum >= 0 && t.maximum <= Self.histogramLimit {
                histogram = Array(repeating: 0, count: t.maximum + 1)
                for (score, count) in t.histogram { histogram[score] = count }
            }
            var agent = PuzzleAgent(agent: name, scores: SampleSummary(t.scores), minimum: played ? t.minimum : nil,
                                    maximum: played ? t.maximum : nil, histogram: histogram)
            if t.judged > 0 {
                let w = Wilson(t.passes, of: t.judged)
                agent.passes = t.passes
                agent.passTotal = t.judged
                agent.passRate = w.proportion
                agent.passLow = w.interval?.low
                agent.passHigh = w.interval?.high
            }
            puzzleAgents.append(agent)
        }
        var comparisons: [PuzzleComparison] = []
        for i in 0..<config.agents.count {
            for j in (i + 1)..<config.agents.count {
                let counts = tally.differenceCounts[i][j].map { (value: Double($0.key), count: $0.value) }
                comparisons.append(PuzzleComparison(
                    agentA: config.agents[j], agentB: config.agents[i],
                    comparison: PairedComparison(differences: SampleSummary(tally.differences[i][j])),
                    wilcoxon: WilcoxonSignedRank(differences: counts), holmT: nil, holmWilcoxon: nil))
            }
        }
        // More than one comparison is a family of tests: Holm keeps its error rate.
        if comparisons.count > 1 {
            let t = Holm.adjust(comparisons.map(\.comparison.pValue))
            let w = Holm.adjust(comparisons.map(\.wilcoxon.pValue))
            for k in comparisons.indices {
                comparisons[k].holmT = t[k]
                comparisons[k].holmWilcoxon = w[k]
            }
        }
        puzzleComparisons = comparisons
    }

    static func throughput(_ agents: [String], _ usage: [TournamentTally.Usage]) -> [Throughput] {
        zip(agents, usage).map { name, u in
            Throughput(agent: name, moves: u.moves,
                       averageMillisecondsPerMove: u.moves > 0 ? defined(u.seconds / Double(u.moves) * 1000) : nil,
                       nodesPerSecond: u.seconds > 0 ? defined(u.nodes / u.seconds) : nil,
                       playoutsPerSecond: u.seconds > 0 ? defined(u.playouts / u.seconds) : nil)
        }
    }
}

/// The machine and build, for the top of every summary.
public enum Machine {
    public static var description: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    public static var build: String {
        #if DEBUG
        return "debug build, Swift 6"
        #else
        return "release build, Swift 6"
        #endif
    }

    public static var date: String { ISO8601DateFormatter().string(from: Date()) }
}

/// An agent's name in a run and its resolved spec.
public struct ResolvedAgent: Sendable, Codable, Equatable {
    public var name, spec: String
}
