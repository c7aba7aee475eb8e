import Boards
import Foundation

/// Everything that fixes a tournament's games: saved as `tournament.json` beside
/// `games.jsonl`, so `--resume` can refuse to mix games of different tournaments.
struct TournamentConfig: Codable, Equatable {
    var game: String
    var agents: [String]
    /// Games per pairing (two-player, even: pairs with sides swapped) or deals (puzzle).
    var games: Int
    var seed: UInt64
    /// Random plies played from the start before the agents take over.
    var openingPlies: Int
    var gauntlet: Bool
    var sprt: SPRT?
    var plyLimit: Int
    var longRange: Bool
    /// The command line that started it (shown at the top of the summary).
    var command: String

    static func == (a: TournamentConfig, b: TournamentConfig) -> Bool {
        a.game == b.game && a.agents == b.agents && a.games == b.games && a.seed == b.seed
            && a.openingPlies == b.openingPlies && a.gauntlet == b.gauntlet && a.sprt == b.sprt
            && a.plyLimit == b.plyLimit && a.longRange == b.longRange
    }

    var isPuzzle: Bool { game == CoinSorter.name }

    /// The pairings (agent indices), in schedule order.
    var pairings: [(Int, Int)] {
        if isPuzzle { return [] }
        if gauntlet { return (1..<agents.count).map { (0, $0) } }
        var list: [(Int, Int)] = []
        for i in 0..<agents.count { for j in (i + 1)..<agents.count { list.append((i, j)) } }
        return list
    }

    /// The number of games in the whole tournament.
    var totalGames: Int { isPuzzle ? games * agents.count : pairings.count * games }

    /// Independent seeds for each use, from the tournament seed by SplitMix64 mixing.
    func derivedSeed(_ purpose: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        SplitMix64.mix(seed &+ SplitMix64.mix(purpose &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(a) &* 0xBF58_476D_1CE4_E5B9 &+ UInt64(b)))
    }
}

/// One finished game, a line of `games.jsonl`.
struct GameRecord: Codable, Equatable {
    var index: Int
    /// Two-player: the pairing, the pair within it, and the agents in side order.
    var pairing: Int?
    var pair: Int?
    var agents: [String]
    var sides: [String]
    /// The seed the agents were made with (two-player) or the deal's seed (puzzle).
    var seed: UInt64
    var opening: [String]
    var moves: [String]
    /// `1-0`, `0-1` or `1/2-1/2` from the first side's view; for puzzles the score.
    var result: String
    var outcome: String
    var score: Int?
    /// Per move of the agents: seconds, nodes and playouts.
    var times: [Double]
    var nodes: [Int]
    var playouts: [Int]
    /// The start position when it is not the usual one (played games from `--position`).
    var start: String? = nil
}
