import Foundation

/// The tables of a tournament, computed from its records alone (sorted by index),
/// so a resumed run and an uninterrupted one give the same summary.
/// Everything that depends on the machine or the clock is under `run`.
public struct TournamentSummary: Codable, Sendable {
    public struct Pairing: Codable, Sendable {
        public var agentA: String
        public var agentB: String
        /// Results of agent A, overall and by the side A played.
        public var overall: Trinomial
        public var asFirst: Trinomial
        public var asSecond: Trinomial
        public var score: Double
        public var elo: Double
        public var eloError: Double
        public var los: Double
        public var drawRatio: Double
        public var pentanomial: [Int]
        public var normalizedElo: Double
        public var normalizedEloError: Double
    }

    public struct Rating: Codable, Sendable {
        public var agent: String
        public var rating: Double
        public var low: Double
        public var high: Double
        public var games: Int
        public var score: Double
    }

    public struct Sides: Codable, Sendable {
        public var agent: String
        public var asFirst: Trinomial
        public var asSecond: Trinomial
    }

    public struct PuzzleAgent: Codable, Sendable {
        public var agent: String
        public var scores: SampleSummary
        public var minimum: Int
        public var maximum: Int
        public var histogram: [Int]
    }

    public struct PuzzleComparison: Codable, Sendable {
        public var agentA: String
        public var agentB: String
        public var comparison: PairedComparison
    }

    public struct SPRTResult: Codable, Sendable {
        public var model: String
        public var elo0: Double, elo1: Double, alpha: Double, beta: Double
        public var llr: Double
        public var lowerBound: Double
        public var upperBound: Double
        public var decision: String
        public var pairsUsed: Int
    }

    public struct Throughput: Codable, Sendable {
        public var agent: String
        public var moves: Int
        public var averageMillisecondsPerMove: Double
        public var nodesPerSecond: Double
        public var playoutsPerSecond: Double
    }

    public struct Run: Codable, Sendable {
        public var machine: String
        public var build: String
        public var date: String
        public var throughput: [Throughput]
        /// Games per second of wall-clock time, for the games this run played.
        public var gamesPerSecond: Double?
        public var threads: Int?
    }

    public var game: String
    public var command: String
    public var sides: [String]
    public var games: Int
    public var pairings: [Pairing] = []
    public var ratings: [Rating] = []
    public var perSide: [Sides] = []
    public var sprt: SPRTResult?
    public var puzzleAgents: [PuzzleAgent] = []
    public var puzzleComparisons: [PuzzleComparison] = []
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
        games = tally.games
        if let test = config.sprt {
            let pairs = tally.sprtPairs
            sprt = SPRTResult(model: "normalized pentanomial (fishtest), Gaussian GSPRT", elo0: test.elo0,
                              elo1: test.elo1, alpha: test.alpha, beta: test.beta, llr: test.llr(pairs),
                              lowerBound: test.lowerBound, upperBound: test.upperBound,
                              decision: test.decision(pairs).rawValue, pairsUsed: pairs.pairs)
        }
        sides = config.isPuzzle ? ["player"] : (tally.sides ?? ["first", "second"])
        run = Run(machine: Machine.description, build: Machine.build, date: Machine.date,
                  throughput: Self.throughput(config.agents, tally.usage),
                  gamesPerSecond: wallSeconds.map { gamesThisRun > 0 && $0 > 0 ? Double(gamesThisRun) / $0 : 0 },
                  threads: threads)
        if config.isPuzzle { summarizePuzzle(tally) } else { summarizeTwoPlayer(tally) }
    }

    mutating func summarizeTwoPlayer(_ tally: TournamentTally) {
        let config = tally.config
        let n = config.agents.count
        var overall = Array(repeating: Trinomial(), count: n)
        var first = overall, second = overall
        for (q, (a, b)) in config.pairings.enumerated() {
            let t = tally.pairings[q]
            let penta = t.pairs
            pairings.append(Pairing(agentA: config.agents[a], agentB: config.agents[b], overall: t.overall,
                                    asFirst: t.asFirst, asSecond: t.asSecond, score: t.overall.score,
                                    elo: t.overall.elo, eloError: t.overall.eloError, los: t.overall.los,
                                    drawRatio: t.overall.drawRatio, pentanomial: penta.counts,
                                    normalizedElo: penta.normalizedElo, normalizedEloError: penta.normalizedEloError))
            // Agent B's results are A's mirrored.
            overall[a].add(t.overall); first[a].add(t.asFirst); second[a].add(t.asSecond)
            overall[b].add(t.overall.mirrored); first[b].add(t.asSecond.mirrored); second[b].add(t.asFirst.mirrored)
        }
        let units = tally.ratingUnits
        let fit = BradleyTerry.fit(agents: n, units: units)
        let ci = BradleyTerry.intervals(agents: n, units: units, seed: config.seed)
        for (i, name) in config.agents.enumerated() {
            ratings.append(Rating(agent: name, rating: fit[i], low: ci[i].low, high: ci[i].high,
                                  games: overall[i].games, score: overall[i].score))
            perSide.append(Sides(agent: name, asFirst: first[i], asSecond: second[i]))
        }
        ratings.sort { $0.rating > $1.rating }
    }

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
            puzzleAgents.append(PuzzleAgent(agent: name, scores: SampleSummary(t.scores), minimum: played ? t.minimum : 0,
                                            maximum: played ? t.maximum : 0, histogram: histogram))
        }
        for i in 0..<config.agents.count {
            for j in (i + 1)..<config.agents.count {
                puzzleComparisons.append(PuzzleComparison(
                    agentA: config.agents[j], agentB: config.agents[i],
                    comparison: PairedComparison(differences: SampleSummary(tally.differences[i][j]))))
            }
        }
    }

    static func throughput(_ agents: [String], _ usage: [TournamentTally.Usage]) -> [Throughput] {
        zip(agents, usage).map { name, u in
            Throughput(agent: name, moves: u.moves,
                       averageMillisecondsPerMove: u.moves > 0 ? u.seconds / Double(u.moves) * 1000 : 0,
                       nodesPerSecond: u.seconds > 0 ? Double(u.nodes) / u.seconds : 0,
                       playoutsPerSecond: u.seconds > 0 ? Double(u.playouts) / u.seconds : 0)
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

    public static var date: String {
        let f = ISO8601DateFormatter()
        return f.string(from: Date())
    }
}
