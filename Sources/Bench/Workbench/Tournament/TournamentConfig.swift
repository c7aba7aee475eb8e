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

    /// The number of games in the whole tournament.
    public var totalGames: Int { isPuzzle ? games * agents.count : pairings.count * games }

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
