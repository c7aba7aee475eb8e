import Foundation
import Boards

/// What fixes a tournament's games, apart from the game's rules: saved in
/// `tournament.json` beside `games.jsonl`, so `--resume` can refuse to mix games of
/// different tournaments and `report` can rebuild the tables.
public struct TournamentConfig: Codable, Equatable, Sendable {
    /// The game's registry name.
    public var game: String
    /// How the games are scheduled: in colour-swapped pairs or as shared deals.
    public var schedule: Schedule
    /// The agents' names (spec strings for built-in agents), in schedule order.
    public var agents: [String]
    /// Games per pairing (two-player, even: pairs with sides swapped) or deals (puzzle).
    public var games: Int
    /// The tournament seed every game's seeds derive from.
    public var seed: UInt64
    /// Stop a two-agent match when this test decides.
    public var sprt: SPRT?
    /// The command line that started it (shown at the top of the summary); not compared.
    public var command: String
    /// The part of the schedule this run plays (`--shard K/N`); `nil` for all of it.
    public var shard: Shard?
    /// Each agent's spec with every setting explicit (``AgentSpec/resolved``), in the
    /// order of ``agents``: what the names meant when the run started, whatever the
    /// defaults of a later version. `nil` in a file written before they were recorded.
    public var resolvedAgents: [String]?
    /// The workbench version that started the run (`nil` in older files); not compared.
    public var version: String?

    public init(game: String, schedule: Schedule, agents: [String], games: Int, seed: UInt64, sprt: SPRT? = nil,
                command: String = "", shard: Shard? = nil) {
        self.shard = shard
        self.game = game
        self.schedule = schedule
        self.agents = agents
        self.games = games
        self.seed = seed
        self.sprt = sprt
        self.command = command
    }

    /// The limits a tournament (and so a `tournament.json`) must keep: what the
    /// command line accepts, so a damaged or hand-made file is refused up front
    /// instead of sizing anything by a number nobody meant.
    public static let gamesRange = 1...10_000_000
    public static let agentsRange = 1...1000
    public static let openingPliesRange = 0...200
    /// The most games a whole tournament may schedule.
    public static let maxTotalGames = 1_000_000_000

    private enum CodingKeys: String, CodingKey {
        case game, players, agents, games, seed, openingPlies, gauntlet, sprt, command, shard, resolvedAgents, version
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        game = try c.decode(String.self, forKey: .game)
        let players: Int
        if let stored = try c.decodeIfPresent(Int.self, forKey: .players) {
            guard stored == 1 || stored == 2 else { throw DecodingError.dataCorruptedError(forKey: .players, in: c, debugDescription: "players \(stored) is not 1 or 2") }
            players = stored
        } else {
            // Written before games described themselves (format 1): the registry knew
            // the built-in games' kinds, and only those could be in such a file.
            players = (try? GameRegistry.game(named: game))?.players ?? 2
        }
        agents = try c.decode([String].self, forKey: .agents)
        games = try c.decode(Int.self, forKey: .games)
        seed = try c.decode(UInt64.self, forKey: .seed)
        let openingPlies = try c.decodeIfPresent(Int.self, forKey: .openingPlies) ?? 0
        let gauntlet = try c.decodeIfPresent(Bool.self, forKey: .gauntlet) ?? false
        if players == 2 {
            schedule = .colourSwappedPairs(openingPlies: openingPlies, gauntlet: gauntlet)
        } else {
            // Early files wrote the two-player default of 4 opening plies for puzzles
            // too, which never used it; a file that says it is a puzzle may not.
            guard (openingPlies == 0 || !c.contains(.players)) && !gauntlet else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: Self.twoPlayerOnly))
            }
            schedule = .sharedDeals
        }
        sprt = try c.decodeIfPresent(SPRT.self, forKey: .sprt)
        command = try c.decodeIfPresent(String.self, forKey: .command) ?? ""
        shard = try c.decodeIfPresent(Shard.self, forKey: .shard)
        resolvedAgents = try c.decodeIfPresent([String].self, forKey: .resolvedAgents)
        version = try c.decodeIfPresent(String.self, forKey: .version)
        if let resolvedAgents, resolvedAgents.count != agents.count {
            throw DecodingError.dataCorruptedError(forKey: .resolvedAgents, in: c,
                                                   debugDescription: "\(resolvedAgents.count) resolved specs for \(agents.count) agents")
        }
        if let problem { throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: problem.message)) }
    }

    /// Writes the keys format 1 wrote: the schedule as `players`, `openingPlies` and `gauntlet`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(game, forKey: .game)
        try c.encode(players, forKey: .players)
        try c.encode(agents, forKey: .agents)
        try c.encode(games, forKey: .games)
        try c.encode(seed, forKey: .seed)
        try c.encode(openingPlies, forKey: .openingPlies)
        try c.encode(gauntlet, forKey: .gauntlet)
        try c.encodeIfPresent(sprt, forKey: .sprt)
        try c.encode(command, forKey: .command)
        try c.encodeIfPresent(shard, forKey: .shard)
        try c.encodeIfPresent(resolvedAgents, forKey: .resolvedAgents)
        try c.encodeIfPresent(version, forKey: .version)
    }

    private static let twoPlayerOnly = "openings, a gauntlet and an SPRT are for two-player games"

    /// The first rule of a tournament this configuration breaks, in words; `nil` when
    /// it keeps them all. The one place these rules are written: a tournament made in
    /// code, on the command line or read from `tournament.json` is checked here.
    public var problem: (field: String, message: String)? {
        let kind = isPuzzle ? "a puzzle tournament" : "a two-player tournament"
        guard agents.count >= (isPuzzle ? 1 : 2) else { return ("agents", "\(kind) needs at least \(isPuzzle ? 1 : 2) agents") }
        guard agents.count <= Self.agentsRange.upperBound else {
            return ("agents", "\(agents.count) agents; a tournament takes at most \(Self.agentsRange.upperBound)")
        }
        if let message = agents.lazy.compactMap(AgentName.problem).first { return ("agents", message) }
        var seen = Set<String>()
        for name in agents where !seen.insert(name).inserted {
            return ("agents", "agent '\(name)' is given twice (add a parameter to tell copies apart)")
        }
        switch schedule {
        case .sharedDeals:
            guard Self.gamesRange.contains(games) else {
                return ("games", "the number of deals must be in \(Self.gamesRange.lowerBound)...\(Self.gamesRange.upperBound), got \(games)")
            }
            guard sprt == nil else { return ("gauntlet", Self.twoPlayerOnly) }
        case .colourSwappedPairs(let openingPlies, _):
            guard Self.gamesRange.contains(games), games % 2 == 0 else {
                return ("games", "games per pairing must be even and in 2...\(Self.gamesRange.upperBound) (games are played in pairs with sides swapped), got \(games)")
            }
            guard Self.openingPliesRange.contains(openingPlies) else {
                return ("openingPlies", "opening plies must be in \(Self.openingPliesRange.lowerBound)...\(Self.openingPliesRange.upperBound), got \(openingPlies)")
            }
        }
        if let sprt {
            guard sprt.elo0.isFinite, sprt.elo1.isFinite, abs(sprt.elo0) <= 1000, abs(sprt.elo1) <= 1000, sprt.elo0 < sprt.elo1,
                  SPRT.rates.contains(sprt.alpha), SPRT.rates.contains(sprt.beta) else {
                return ("sprt", "the SPRT needs finite elo0 < elo1 in -1000...1000 and alpha, beta in [1e-9, 0.5)")
            }
            guard agents.count == 2 else { return ("sprt", "an SPRT needs exactly two agents") }
        }
        guard totalGames <= Self.maxTotalGames else {
            return ("games", "\(totalGames) games in all; a tournament plays at most \(Self.maxTotalGames)")
        }
        if let shard {
            guard Shard.countRange.contains(shard.count), (0..<shard.count).contains(shard.index) else {
                return ("shard", "a shard is K/N with N in \(Shard.countRange.lowerBound)...\(Shard.countRange.upperBound) and K in 0...N-1, got \(shard)")
            }
            guard sprt == nil else { return ("shard", "an SPRT decides game by game in schedule order; it cannot be split into shards") }
        }
        return nil
    }

    public static func == (a: TournamentConfig, b: TournamentConfig) -> Bool {
        a.game == b.game && a.schedule == b.schedule && a.agents == b.agents && a.games == b.games && a.seed == b.seed
            && a.sprt == b.sprt && a.shard == b.shard
            // A file from before resolved specs were recorded resumes on its names alone.
            && (a.resolvedAgents == nil || b.resolvedAgents == nil || a.resolvedAgents == b.resolvedAgents)
    }

    /// The schedule's unit that a shard never splits: a game pair (its two games share
    /// an opening, sides swapped) for two-player games, a deal (every agent's game of
    /// it) for puzzles.
    public var unitSize: Int { isPuzzle ? agents.count : 2 }

    /// Whether game `index` is this run's: in its shard, or any game without one.
    /// Unit u of the schedule (games u·size ..< (u+1)·size) belongs to shard u mod N.
    public func plays(_ index: Int) -> Bool {
        shard?.owns(unit: index / unitSize) ?? true
    }

    /// The number of games this run plays: all of them, or its shard's.
    public var scheduledGames: Int {
        guard let shard else { return totalGames }
        return shard.units(of: totalGames / unitSize) * unitSize
    }

    /// The same tournament without a shard: what every shard of it shares.
    public var whole: TournamentConfig {
        var c = self
        c.shard = nil
        return c
    }

    /// How a tournament's games are scheduled: the part of its configuration that
    /// depends on the game's ``MatchFormat``. `tournament.json` keeps it as the keys
    /// `players`, `openingPlies` and `gauntlet`, as format 1 did.
    public enum Schedule: Equatable, Sendable {
        /// Two-player games (``ColourSwappedPairs``): each pairing plays game pairs from
        /// one opening of `openingPlies` random plies, sides swapped; a round robin, or
        /// with `gauntlet` the first agent against each other one.
        case colourSwappedPairs(openingPlies: Int, gauntlet: Bool)
        /// Puzzles (``SharedDeals``): every agent plays the same seeded deals.
        case sharedDeals
    }

    /// The game's players: 2, or 1 for a puzzle (every agent plays the same deals).
    public var players: Int { isPuzzle ? 1 : 2 }

    /// Whether the game is a puzzle (every agent plays the same deals).
    public var isPuzzle: Bool { schedule == .sharedDeals }

    /// Random plies played from the start before the agents take over (two-player; 0 for a puzzle).
    public var openingPlies: Int {
        if case .colourSwappedPairs(let plies, _) = schedule { return plies }
        return 0
    }

    /// The first agent plays each other one (two-player); otherwise a round robin.
    public var gauntlet: Bool {
        if case .colourSwappedPairs(_, let gauntlet) = schedule { return gauntlet }
        return false
    }

    /// The pairings (agent indices), in schedule order; none for a puzzle.
    public var pairings: [(Int, Int)] {
        if isPuzzle { return [] }
        if gauntlet { return agents.indices.dropFirst().map { (0, $0) } }
        var list: [(Int, Int)] = []
        for i in agents.indices { for j in agents.indices where j > i { list.append((i, j)) } }
        return list
    }

    /// The number of games in the whole tournament (`Int.max` for a configuration
    /// made in code whose schedule would not fit: ``Tournament`` refuses those).
    public var totalGames: Int {
        let (total, overflow) = max(games, 0).multipliedReportingOverflow(by: isPuzzle ? agents.count : pairings.count)
        return overflow ? .max : total
    }

    /// The seed for `purpose` and indices `a`, `b`, derived from the tournament seed.
    public func derivedSeed(_ purpose: SeedPurpose, _ a: Int, _ b: Int = 0) -> UInt64 {
        purpose.seed(from: seed, a, b)
    }
}

/// What a derived seed is for: every run derives each of its seeds from its one
/// `--seed` by SplitMix64 mixing with a purpose and indices, so the streams of
/// different uses never coincide. The raw values are part of the record format (a
/// record's seed is checked against them): never renumber.
public enum SeedPurpose: UInt64, Sendable, CaseIterable {
    /// The random opening of pair `a` (two-player tournaments).
    case opening = 1
    /// The agents of game `a` (two-player: side k's agent gets the seed + k).
    case gameAgents = 2
    /// The agent of deal `a` (puzzle tournaments; the deal's own seed is `seed + a`).
    case dealAgent = 3
    /// Tuning: the perturbation Δ of iteration `a`.
    case perturbation = 16
    /// Tuning: the games of iteration `a` (the seed of its match).
    case tuningGames = 17
    /// Tuning: the verification match (stream `a`; the first stream sharing no deal with tuning).
    case verification = 18

    /// The C interface's environments and playouts: environment or playout `a`, episode `b`.
    case environment = 32

    /// The seed for this purpose and indices `a`, `b`, derived from `seed`.
    public func seed(from seed: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        self.seed(from: seed, UInt64(a), UInt64(b))
    }

    /// The seed for this purpose and indices `a`, `b` given as unsigned numbers.
    public func seed(from seed: UInt64, _ a: UInt64, _ b: UInt64) -> UInt64 {
        SplitMix64.mix(seed &+ SplitMix64.mix(rawValue &* 0x9E37_79B9_7F4A_7C15 &+ a &* 0xBF58_476D_1CE4_E5B9 &+ b))
    }
}

/// A tournament's `tournament.json`: the configuration and the game's rules, side by
/// side in one object (the rules' keys beside the others, as format 1 kept them).
public struct TournamentFile<Rules: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var config: TournamentConfig
    public var rules: Rules

    public init(config: TournamentConfig, rules: Rules) {
        self.config = config
        self.rules = rules
    }

    public init(from decoder: any Decoder) throws {
        config = try TournamentConfig(from: decoder)
        rules = try Rules(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try config.encode(to: encoder)
        try rules.encode(to: encoder)
    }
}

/// What an agent's name in records and tables may be: the text of a spec, or a
/// library agent's own name — not empty, no blank at either end, no control
/// character (a name is a table row and a JSON string, and `' random'` must not pass
/// for a new agent).
public enum AgentName {
    /// What is wrong with `name`, in words; `nil` when nothing is.
    public static func problem(_ name: String) -> String? {
        guard !name.isEmpty else { return "an agent name is empty" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "agent name \(name.debugDescription) contains a control character"
        }
        if name.first!.isWhitespace || name.last!.isWhitespace {
            return "agent name \(name.debugDescription) starts or ends with a blank"
        }
        return nil
    }
}
