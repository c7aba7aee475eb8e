import Boards
import Foundation

/// Ratings of many agents by a Bradley–Terry fit (docs/statistics.md, "Bradley–Terry ratings").
///
/// Fitted by minorisation–maximisation (Hunter 2004): γᵢ ← Wᵢ / Σⱼ nᵢⱼ / (γᵢ + γⱼ),
/// draws counting half a win each way. Each pairing that played gets one virtual
/// drawn game (a prior like BayesElo's), so an agent that wins or loses every game
/// still has a finite rating. Ratings are 400 · log10 γ, shifted so the anchor
/// agent (or, without one, the mean) is 0. An agent that played no game has no
/// rating (NaN) and takes no part in the mean (an interrupted round robin's later
/// agents). Intervals: bootstrap over the independent units of play (game pairs where
/// games are paired, games otherwise).
public enum BradleyTerry {
    /// One game: agents `a` and `b`, and `a`'s score.
    public struct Game { let a: Int; let b: Int; let score: Double }

    /// A kind of resampling unit: `games` games between `a` and `b` in which `a`
    /// scored `score` in all, seen `count` times. A game pair from one opening is one
    /// unit of two games; a game on its own is a unit of one.
    public struct Unit: Sendable, Equatable {
        public var a: Int, b: Int
        public var games, score: Double
        public var count: Int
        public init(a: Int, b: Int, games: Double, score: Double, count: Int) {
            self.a = a; self.b = b; self.games = games; self.score = score; self.count = count
        }

        /// One game on its own: a unit of one game, seen once.
        init(_ game: Game) { self.init(a: game.a, b: game.b, games: 1, score: game.score, count: 1) }
    }

    /// The Elo-scale ratings of `agents` agents.
    public static func fit(agents: Int, games: [Game], anchor: Int? = nil) -> [Double] {
        fit(agents: agents, units: games.map(Unit.init), anchor: anchor)
    }

    /// The Elo-scale ratings from units of play (each `count` times); NaN for an agent
    /// without games. An anchor without games cannot anchor: the mean is 0 then.
    public static func fit(agents: Int, units: [Unit], anchor: Int? = nil) -> [Double] {
        var wins = [Double](repeating: 0, count: agents)
        var played = [[Double]](repeating: [Double](repeating: 0, count: agents), count: agents)
        for u in units where u.count > 0 {
            let n = Double(u.count)
            wins[u.a] += n * u.score; wins[u.b] += n * (u.games - u.score)
            played[u.a][u.b] += n * u.games; played[u.b][u.a] += n * u.games
        }
        for i in 0..<agents { for j in 0..<agents where i != j && played[i][j] > 0 {
            played[i][j] += 1
            wins[i] += 0.5
        } }
        let rated = (0..<agents).filter { i in played[i].contains { $0 > 0 } }
        guard !rated.isEmpty else { return [Double](repeating: .nan, count: agents) }
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
            let logMean = rated.map { log(next[$0]) }.reduce(0, +) / Double(rated.count)
            for i in rated {
                next[i] /= exp(logMean)
                change = max(change, abs(log(next[i]) - log(gamma[i])))
            }
            gamma = next
            if change < 1e-12 { break }
        }
        var ratings = [Double](repeating: .nan, count: agents)
        for i in rated { ratings[i] = 400 * log10(gamma[i]) }
        let shift = anchor.flatMap { rated.contains($0) ? ratings[$0] : nil }
            ?? rated.map { ratings[$0] }.reduce(0, +) / Double(rated.count)
        for i in rated { ratings[i] -= shift }
        return ratings
    }

    /// 95% intervals by resampling the games `samples` times (seeded) and refitting.
    public static func intervals(agents: Int, games: [Game], anchor: Int? = nil, samples: Int = 200, seed: UInt64 = 1)
        -> [(low: Double, high: Double)] {
        intervals(agents: agents, units: games.map(Unit.init), anchor: anchor, samples: samples, seed: seed)
    }

    /// 95% intervals by resampling the units `samples` times (seeded) and refitting.
    /// Each sample draws as many units as there are, with replacement; memory does
    /// not grow with the number of games, only with the kinds of unit. A sample that
    /// leaves an agent without games gives it no rating; its interval is taken over the
    /// samples that rate it (NaN when none does).
    public static func intervals(agents: Int, units: [Unit], anchor: Int? = nil, samples: Int = 200, seed: UInt64 = 1)
        -> [(low: Double, high: Double)] {
        let kinds = units.filter { $0.count > 0 }
        var cumulative: [Int] = []
        var total = 0
        for u in kinds { total += u.count; cumulative.append(total) }
        guard total > 0 else { return Array(repeating: (0, 0), count: agents) }
        var rng = SplitMix64(seed: seed)
        var fits = [[Double]](repeating: [], count: agents)
        for _ in 0..<samples {
            var drawn = [Int](repeating: 0, count: kinds.count)
            for _ in 0..<total {
                // The kind whose cumulative count first exceeds the draw.
                let x = rng.next(below: total)
                var lo = 0, hi = kinds.count - 1
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if cumulative[mid] > x { hi = mid } else { lo = mid + 1 }
                }
                drawn[lo] += 1
            }
            var sample = kinds
            for k in sample.indices { sample[k].count = drawn[k] }
            let r = fit(agents: agents, units: sample, anchor: anchor)
            for i in 0..<agents where !r[i].isNaN { fits[i].append(r[i]) }
        }
        return fits.map { values in
            guard !values.isEmpty else { return (.nan, .nan) }
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
