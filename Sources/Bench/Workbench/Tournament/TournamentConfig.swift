import Boards

/// What fixes a tournament's games, apart from the game's rules: saved in
/// `tournament.json` beside `games.jsonl`, so `--resume` can refuse to mix games of
/// different tournaments and `report` can rebuild the tables.
public struct TournamentConfig: Codable, Equatable, Sendable {
    /// The game's registry name.
    public var game: String
    /// The agents' names (spec strings for built-in agents), in schedule order.
    public var agents: [String]
    /// Games per pairing (two-player, even: pairs with sides swapped) or deals (puzzle).
    public var games: Int
    /// The tournament seed every game's seeds derive from.
    public var seed: UInt64
    /// Random plies played from the start before the agents take over (two-player).
    public var openingPlies: Int
    /// The first agent plays each other one (two-player); otherwise a round robin.
    public var gauntlet: Bool
    /// Stop a two-agent match when this test decides.
    public var sprt: SPRT?
    /// The command line that started it (shown at the top of the summary); not compared.
    public var command: String

    public init(game: String, agents: [String], games: Int, seed: UInt64, openingPlies: Int = 0,
                gauntlet: Bool = false, sprt: SPRT? = nil, command: String = "") {
        self.game = game
        self.agents = agents
        self.games = games
        self.seed = seed
        self.openingPlies = openingPlies
        self.gauntlet = gauntlet
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
        case game, agents, games, seed, openingPlies, gauntlet, sprt, command
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        game = try c.decode(String.self, forKey: .game)
        agents = try c.decode([String].self, forKey: .agents)
        games = try c.decode(Int.self, forKey: .games)
        seed = try c.decode(UInt64.self, forKey: .seed)
        openingPlies = try c.decodeIfPresent(Int.self, forKey: .openingPlies) ?? 0
        gauntlet = try c.decodeIfPresent(Bool.self, forKey: .gauntlet) ?? false
        sprt = try c.decodeIfPresent(SPRT.self, forKey: .sprt)
        command = try c.decodeIfPresent(String.self, forKey: .command) ?? ""
        func refuse(_ key: CodingKeys, _ what: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: c, debugDescription: what)
        }
        guard Self.gamesRange.contains(games) else { throw refuse(.games, "games \(games) is outside 1...10000000") }
        guard Self.agentsRange.contains(agents.count) else { throw refuse(.agents, "\(agents.count) agents (1...1000 allowed)") }
        guard !agents.contains(where: \.isEmpty), Set(agents).count == agents.count else {
            throw refuse(.agents, "agent names must be non-empty and different")
        }
        guard Self.openingPliesRange.contains(openingPlies) else { throw refuse(.openingPlies, "openingPlies \(openingPlies) is outside 0...200") }
        if let sprt {
            guard sprt.elo0.isFinite, sprt.elo1.isFinite, abs(sprt.elo0) <= 1000, abs(sprt.elo1) <= 1000, sprt.elo0 < sprt.elo1,
                  SPRT.rates.contains(sprt.alpha), SPRT.rates.contains(sprt.beta) else {
                throw refuse(.sprt, "the SPRT needs finite elo0 < elo1 in -1000...1000 and alpha, beta in [1e-9, 0.5)")
            }
            guard agents.count == 2 else { throw refuse(.sprt, "an SPRT needs exactly two agents") }
        }
        if !isPuzzle {
            guard agents.count >= 2 else { throw refuse(.agents, "a two-player tournament needs at least 2 agents") }
            guard games % 2 == 0 else { throw refuse(.games, "games \(games) must be even (pairs with sides swapped)") }
        }
        guard totalGames <= Self.maxTotalGames else { throw refuse(.games, "\(totalGames) games in all (at most 1000000000)") }
    }

    public static func == (a: TournamentConfig, b: TournamentConfig) -> Bool {
        a.game == b.game && a.agents == b.agents && a.games == b.games && a.seed == b.seed
            && a.openingPlies == b.openingPlies && a.gauntlet == b.gauntlet && a.sprt == b.sprt
    }

    /// Whether the game is a puzzle (every agent plays the same deals).
    public var isPuzzle: Bool { (try? GameRegistry.game(named: game)) is any PuzzleWorkbenchGame.Type }

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

    /// Independent seeds for each use, from the tournament seed by SplitMix64 mixing:
    /// purpose 1 the opening of a pair, 2 the agents of a game, 3 a puzzle agent of a deal.
    public func derivedSeed(_ purpose: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        Self.derivedSeed(seed: seed, purpose, a, b)
    }

    /// The seed ``derivedSeed(_:_:_:)`` derives from `seed`, for other runs that
    /// derive their seeds the same way (`bench tune`: purposes 16 and up).
    public static func derivedSeed(seed: UInt64, _ purpose: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        SplitMix64.mix(seed &+ SplitMix64.mix(purpose &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(a) &* 0xBF58_476D_1CE4_E5B9 &+ UInt64(b)))
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
