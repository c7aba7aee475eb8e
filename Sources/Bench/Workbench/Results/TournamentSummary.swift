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

    public init(config: TournamentConfig, records all: [GameRecord], wallSeconds: Double?, gamesThisRun: Int, threads: Int?) {
        var records = all.sorted { $0.index < $1.index }
        var sprtResult: SPRTResult? = nil
        if let sprt = config.sprt {
            let stop = SPRTStop.stoppingPair(records, config: config, sprt: sprt)
            // Only pairs up to the stopping pair count (or all complete pairs).
            let limit = stop.map { 2 * ($0 + 1) } ?? records.count
            records = records.filter { $0.index < limit }
            var penta = Pentanomial()
            let byIndex = Dictionary(records.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
            for k in 0..<(config.games / 2) {
                guard let a = byIndex[2 * k], let b = byIndex[2 * k + 1] else { break }
                guard let sa = a.score(of: config.agents[0]), let sb = b.score(of: config.agents[0]) else { break }
                penta.add(sa, sb)
            }
            sprtResult = SPRTResult(model: "normalized pentanomial (fishtest), exact GSPRT", elo0: sprt.elo0,
                                    elo1: sprt.elo1, alpha: sprt.alpha, beta: sprt.beta, llr: sprt.llr(penta),
                                    lowerBound: sprt.lowerBound, upperBound: sprt.upperBound,
                                    decision: sprt.decision(penta).rawValue, pairsUsed: penta.pairs)
        }
        game = config.game
        command = config.command
        games = records.count
        sprt = sprtResult
        sides = config.isPuzzle ? ["player"] : (records.first?.sides ?? ["first", "second"])
        run = Run(machine: Machine.description, build: Machine.build, date: Machine.date,
                  throughput: Self.throughput(config.agents, records),
                  gamesPerSecond: wallSeconds.map { gamesThisRun > 0 && $0 > 0 ? Double(gamesThisRun) / $0 : 0 },
                  threads: threads)
        if config.isPuzzle { summarizePuzzle(config, records) } else { summarizeTwoPlayer(config, records) }
    }

    public mutating func summarizeTwoPlayer(_ config: TournamentConfig, _ records: [GameRecord]) {
        for (q, (a, b)) in config.pairings.enumerated() {
            let games = records.filter { $0.pairing == q }
            let nameA = config.agents[a]
            var overall = Trinomial(), asFirst = Trinomial(), asSecond = Trinomial(), penta = Pentanomial()
            var byPair: [Int: [Double]] = [:]
            for g in games.sorted(by: { $0.index < $1.index }) {
                guard let s = g.score(of: nameA) else { continue }
                overall.add(s)
                if g.agents[0] == nameA { asFirst.add(s) } else { asSecond.add(s) }
                byPair[g.pair ?? 0, default: []].append(s)
            }
            for k in byPair.keys.sorted() where byPair[k]!.count == 2 { penta.add(byPair[k]![0], byPair[k]![1]) }
            pairings.append(Pairing(agentA: nameA, agentB: config.agents[b], overall: overall, asFirst: asFirst,
                                    asSecond: asSecond, score: overall.score, elo: overall.elo,
                                    eloError: overall.eloError, los: overall.los, drawRatio: overall.drawRatio,
                                    pentanomial: penta.counts, normalizedElo: penta.normalizedElo,
                                    normalizedEloError: penta.normalizedEloError))
        }
        // Ratings over all games.
        let index = Dictionary(config.agents.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let btGames = records.compactMap { r -> BradleyTerry.Game? in
            guard r.agents.count == 2, let a = index[r.agents[0]], let b = index[r.agents[1]],
                  let score = r.result.firstSideScore else { return nil }
            return BradleyTerry.Game(a: a, b: b, score: score)
        }
        let fit = BradleyTerry.fit(agents: config.agents.count, games: btGames)
        let ci = BradleyTerry.intervals(agents: config.agents.count, games: btGames, seed: config.seed)
        for (i, name) in config.agents.enumerated() {
            var t = Trinomial(), first = Trinomial(), second = Trinomial()
            for r in records where r.agents.contains(name) {
                guard let s = r.score(of: name) else { continue }
                t.add(s)
                if r.agents[0] == name { first.add(s) } else { second.add(s) }
            }
            ratings.append(Rating(agent: name, rating: fit[i], low: ci[i].low, high: ci[i].high, games: t.games, score: t.score))
            perSide.append(Sides(agent: name, asFirst: first, asSecond: second))
        }
        ratings.sort { $0.rating > $1.rating }
    }

    public mutating func summarizePuzzle(_ config: TournamentConfig, _ records: [GameRecord]) {
        var scores: [[Int: Double]] = Array(repeating: [:], count: config.agents.count)
        for r in records {
            guard let i = config.agents.firstIndex(of: r.agents[0]) else { continue }
            guard let score = r.puzzleScore else { continue }
            scores[i][r.index / config.agents.count] = Double(score)
        }
        for (i, name) in config.agents.enumerated() {
            let values = scores[i].keys.sorted().map { scores[i][$0]! }
            let ints = values.map { Int($0) }
            var histogram = [Int](repeating: 0, count: (ints.max() ?? 0) + 1)
            for v in ints { histogram[v] += 1 }
            puzzleAgents.append(PuzzleAgent(agent: name, scores: SampleSummary(values), minimum: ints.min() ?? 0,
                                            maximum: ints.max() ?? 0, histogram: histogram))
        }
        for i in 0..<config.agents.count {
            for j in (i + 1)..<config.agents.count {
                // Paired on the deals both agents played.
                let deals = Set(scores[i].keys).intersection(scores[j].keys).sorted()
                puzzleComparisons.append(PuzzleComparison(
                    agentA: config.agents[j], agentB: config.agents[i],
                    comparison: PairedComparison(deals.map { scores[j][$0]! }, deals.map { scores[i][$0]! })))
            }
        }
    }

    public static func throughput(_ agents: [String], _ records: [GameRecord]) -> [Throughput] {
        agents.map { name in
            var moves = 0, seconds = 0.0, nodes = 0, playouts = 0
            for r in records {
                // Two-player records alternate sides; the opening is not in `moves`.
                let openingParity = r.opening.count % 2
                for (m, t) in r.times.enumerated() {
                    let side = r.agents.count == 1 ? 0 : (m + openingParity) % 2
                    guard r.agents[side] == name else { continue }
                    moves += 1; seconds += t; nodes += r.nodes[m]; playouts += r.playouts[m]
                }
            }
            return Throughput(agent: name, moves: moves,
                              averageMillisecondsPerMove: moves > 0 ? seconds / Double(moves) * 1000 : 0,
                              nodesPerSecond: seconds > 0 ? Double(nodes) / seconds : 0,
                              playoutsPerSecond: seconds > 0 ? Double(playouts) / seconds : 0)
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
