import Foundation

/// Per-game statistics of a match (docs/statistics.md, "Per game"): wins, draws and
/// losses of the first agent, its score, Elo with a 95% interval, LOS, draw ratio.
public struct Trinomial: Codable, Equatable, Sendable {
    public var wins = 0, draws = 0, losses = 0

    public var games: Int { wins + draws + losses }

    public init(wins: Int = 0, draws: Int = 0, losses: Int = 0) {
        self.wins = wins; self.draws = draws; self.losses = losses
    }

    /// μ = (W + D/2) / n.
    public var score: Double { games == 0 ? 0.5 : (Double(wins) + Double(draws) / 2) / Double(games) }

    /// σ² = (W(1−μ)² + D(½−μ)² + L(0−μ)²) / n.
    public var variance: Double {
        guard games > 0 else { return 0 }
        let mu = score
        let w = Double(wins) * (1 - mu) * (1 - mu), d = Double(draws) * (0.5 - mu) * (0.5 - mu)
        let l = Double(losses) * mu * mu
        return (w + d + l) / Double(games)
    }

    /// The Elo difference of a score: −400 · log10(1/μ − 1) (±∞ at 0 and 1).
    public static func elo(_ mu: Double) -> Double {
        if mu <= 0 { return -.infinity }
        if mu >= 1 { return .infinity }
        return -400 * log10(1 / mu - 1)
    }

    public var elo: Double { Self.elo(score) }

    /// The 95% interval elo(μ ± 1.96 σ/√n), as (low, high).
    public var eloInterval: (low: Double, high: Double) {
        guard games > 0 else { return (-.infinity, .infinity) }
        let margin = 1.96 * variance.squareRoot() / Double(games).squareRoot()
        return (Self.elo(score - margin), Self.elo(score + margin))
    }

    /// Half the width of the 95% interval: the ± of tables; infinite when the
    /// interval is (a score of 0% or 100% has no finite Elo).
    public var eloError: Double {
        let i = eloInterval
        guard i.low.isFinite && i.high.isFinite else { return .infinity }
        return (i.high - i.low) / 2
    }

    /// LOS = ½ + ½ · erf((W − L) / √(2(W + L))); ½ with no decisive game.
    public var los: Double {
        guard wins + losses > 0 else { return 0.5 }
        return 0.5 + 0.5 * erf(Double(wins - losses) / (2 * Double(wins + losses)).squareRoot())
    }

    public var drawRatio: Double { games == 0 ? 0 : Double(draws) / Double(games) }

    /// The same games from the opponent's side.
    public var mirrored: Trinomial { Trinomial(wins: losses, draws: draws, losses: wins) }

    /// Adds another set of games.
    public mutating func add(_ other: Trinomial) {
        wins += other.wins; draws += other.draws; losses += other.losses
    }

    public mutating func add(_ score: Double) {
        if score == 1 { wins += 1 } else if score == 0 { losses += 1 } else { draws += 1 }
    }
}
