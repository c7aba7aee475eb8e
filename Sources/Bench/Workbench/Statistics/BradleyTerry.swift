import Boards
import Foundation

/// Ratings of many agents by a Bradley–Terry fit (docs/statistics.md, "Bradley–Terry ratings").
///
/// Fitted by minorisation–maximisation (Hunter 2004): γᵢ ← Wᵢ / Σⱼ nᵢⱼ / (γᵢ + γⱼ),
/// draws counting half a win each way. Each pairing that played gets one virtual
/// drawn game (a prior like BayesElo's), so an agent that wins or loses every game
/// still has a finite rating. Ratings are 400 · log10 γ, shifted so the anchor
/// agent (or, without one, the mean) is 0. Intervals: bootstrap over games.
public enum BradleyTerry {
    /// One game: agents `a` and `b`, and `a`'s score.
    public struct Game { let a: Int; let b: Int; let score: Double }

    /// The Elo-scale ratings of `agents` agents.
    public static func fit(agents: Int, games: [Game], anchor: Int? = nil) -> [Double] {
        var wins = [Double](repeating: 0, count: agents)
        var played = [[Double]](repeating: [Double](repeating: 0, count: agents), count: agents)
        for g in games {
            wins[g.a] += g.score; wins[g.b] += 1 - g.score
            played[g.a][g.b] += 1; played[g.b][g.a] += 1
        }
        for i in 0..<agents { for j in 0..<agents where i != j && played[i][j] > 0 {
            played[i][j] += 1
            wins[i] += 0.5
        } }
        var gamma = [Double](repeating: 1, count: agents)
        for _ in 0..<10_000 {
            var change = 0.0
            var next = gamma
            for i in 0..<agents {
                var denominator = 0.0
                for j in 0..<agents where j != i && played[i][j] > 0 { denominator += played[i][j] / (gamma[i] + gamma[j]) }
                next[i] = denominator > 0 ? wins[i] / denominator : gamma[i]
            }
            // Normalise to a geometric mean of 1 (the scale is free).
            let logMean = next.map { log($0) }.reduce(0, +) / Double(agents)
            for i in 0..<agents {
                next[i] /= exp(logMean)
                change = max(change, abs(log(next[i]) - log(gamma[i])))
            }
            gamma = next
            if change < 1e-12 { break }
        }
        var ratings = gamma.map { 400 * log10($0) }
        let shift = anchor.map { ratings[$0] } ?? ratings.reduce(0, +) / Double(agents)
        for i in 0..<agents { ratings[i] -= shift }
        return ratings
    }

    /// 95% intervals by resampling the games `samples` times (seeded) and refitting.
    public static func intervals(agents: Int, games: [Game], anchor: Int? = nil, samples: Int = 200, seed: UInt64 = 1)
        -> [(low: Double, high: Double)] {
        guard !games.isEmpty else { return Array(repeating: (0, 0), count: agents) }
        var rng = SplitMix64(seed: seed)
        var fits = [[Double]](repeating: [], count: agents)
        for _ in 0..<samples {
            let resampled = (0..<games.count).map { _ in games[rng.next(below: games.count)] }
            let r = fit(agents: agents, games: resampled, anchor: anchor)
            for i in 0..<agents { fits[i].append(r[i]) }
        }
        return fits.map { values in
            let sorted = values.sorted()
            return (percentile(sorted, 0.025), percentile(sorted, 0.975))
        }
    }

    /// Linear interpolation between the closest ranks.
    public static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let x = q * Double(sorted.count - 1)
        let i = Int(x.rounded(.down)), f = x - Double(i)
        return i + 1 < sorted.count ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i]
    }
}
