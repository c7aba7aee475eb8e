import Boards

/// A Balls! search agent under a simulation budget: sample taps where something can
/// happen, then refine the best few locally (docs/balls.md, "The search agent").
///
/// 1. *Sampling* (a share `explore` of `sims`): a tick t below `ticks`, a ball, a lag
///    k in 1...`lag`, and a point in the square of half-width r + 3 around where that
///    ball will be at tick t + k, r the radius at age k + 1 — so the tap's own explosion,
///    which catches what is nearer than r + 4, catches that ball k ticks later from all
///    of the square but its corners (a uniform tap mostly catches nothing, or the same
///    few balls).
/// 2. *Refinement* (the rest): hill climbing from the `keep` best taps in turn: a step
///    moves t by at most `dt` and x, y by at most a radius that shrinks from 24 to 1
///    over the phase; a step that scores at least as much is taken (plateaus are
///    walked: a chain's score is flat over most small moves and jumps at a few).
///
/// Every tap is scored by ``Balls/simulate(_:)`` (the full chain). The search stops
/// as soon as a tap explodes every ball, which nothing can beat. Ties keep the tap
/// found first. Deterministic for its seed; no allocation in the loop (the kept taps
/// sit in a fixed inline array).
public struct BallsSearchAgent: PuzzleAgent {
    public typealias Game = Balls

    public let spec: String
    public var budget: SearchBudget { SearchBudget(playouts: sims) }
    /// Taps simulated per decision.
    public let sims: Int
    /// Taps have t < ticks.
    public let ticks: Int
    /// The best taps refined, 1...8.
    public let keep: Int
    /// The share of `sims` spent sampling.
    public let explore: Double
    /// The largest lag between the tap and the catch it aims at.
    public let lag: Int
    /// The largest change of t in a refinement step.
    public let dt: Int
    /// The search also stops at a tap scoring this many balls (the solver sets it to
    /// the target when it only asks whether the level is passable); every ball if `nil`.
    public var stopScore: Int?
    @usableFromInline var rng: SplitMix64

    public init(spec: String, sims: Int, ticks: Int, keep: Int, explore: Double, lag: Int, dt: Int, seed: UInt64) {
        self.spec = spec
        self.sims = max(1, sims)
        self.ticks = min(max(1, ticks), BallsField.period)
        self.keep = min(max(1, keep), 8)
        self.explore = min(max(0, explore), 1)
        self.lag = min(max(1, lag), 120)
        self.dt = max(0, dt)
        rng = SplitMix64(seed: seed)
    }

    /// The kind's description: its parameters with ranges and defaults.
    public static let agentDescription = AgentDescription(
        name: "search",
        summary: "sampling then local refinement under a simulation budget: taps aimed at a ball a few ticks ahead, "
            + "then hill climbing in (t, x, y) from the best few; every tap scored by the full chain",
        parameters: [
            Parameter("sims", .integer(1...100_000_000), default: .integer(4000), help: "taps simulated per level"),
            Parameter("ticks", .integer(1...308_802), default: .integer(308_802), help: "taps have t below this (308802: every tick)"),
            Parameter("keep", .integer(1...8), default: .integer(4), help: "the best taps refined, in turn"),
            Parameter("explore", .real(0...1), default: .real(0.5), help: "the share of sims spent sampling"),
            Parameter("lag", .integer(1...120), default: .integer(40), help: "a sampled tap aims at a ball 1...lag ticks later"),
            Parameter("dt", .integer(0...1000), default: .integer(3), help: "the largest change of t in a refinement step"),
        ])

    @inlinable
    public mutating func selectMove(_ state: Balls, budget: SearchBudget) -> SearchResult<BallsTap> {
        guard !state.isOver else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        let limit = max(1, budget.playouts ?? sims)
        let n = state.ballCount
        let enough = min(n, stopScore ?? n)
        let lastT = ticks - 1
        var kept = InlineArray<8, BallsTap>(repeating: BallsTap(t: 0, x: 0, y: 0))
        var keptScore = InlineArray<8, Int>(repeating: -1)
        var done = 0
        var best = 0  // index into kept of the best
        let sampling = max(1, min(limit, Int((Double(limit) * explore).rounded())))

        // Sampling.
        while done < sampling {
            let t = rng.next(below: ticks)
            let i = rng.next(below: n)
            let k = 1 &+ rng.next(below: lag)
            let b = state.ball(i, atTick: t &+ k)
            let reach = (k &+ 1 <= 61 ? k &+ 1 : 121 &- k) &+ 3
            let x = Self.clamp(b.x &+ rng.next(below: 2 &* reach &+ 1) &- reach, BallsField.width)
            let y = Self.clamp(b.y &+ rng.next(below: 2 &* reach &+ 1) &- reach, BallsField.height)
            let tap = BallsTap(t: t, x: x, y: y)
            let score = state.simulate(tap).score
            done &+= 1
            // Replace the worst kept tap if this one is better (the first found wins ties).
            var worst = 0
            for j in 1..<keep where keptScore[j] < keptScore[worst] { worst = j }
            if score > keptScore[worst] {
                var same = false
                for j in 0..<keep where keptScore[j] >= 0 && kept[j] == tap { same = true }
                if !same {
                    kept[worst] = tap; keptScore[worst] = score
                    if score > keptScore[best] { best = worst }
                }
            }
            if score >= enough { break }
        }

        // Refinement: hill climbing from each kept tap in turn, the radius shrinking.
        let steps = limit &- done
        var s = 0, filled = 0
        while filled < keep && keptScore[filled] >= 0 { filled &+= 1 }  // slots fill in order; the first sample fills one
        while keptScore[best] < enough && done < limit {
            let j = s % filled
            let progress = Double(s) / Double(max(1, steps))
            let radius = max(1, Int(24 * (1 - progress)))
            let from = kept[j]
            let t = min(max(Int(from.t) &+ rng.next(below: 2 &* dt &+ 1) &- dt, 0), lastT)
            let x = Self.clamp(Int(from.x) &+ rng.next(below: 2 &* radius &+ 1) &- radius, BallsField.width)
            let y = Self.clamp(Int(from.y) &+ rng.next(below: 2 &* radius &+ 1) &- radius, BallsField.height)
            let tap = BallsTap(t: t, x: x, y: y)
            let score = state.simulate(tap).score
            done &+= 1
            s &+= 1
            if score >= keptScore[j] {
                if score > keptScore[best] { best = j }
                kept[j] = tap; keptScore[j] = score
            }
        }

        var r = SearchResult(move: kept[best])
        r.value = Double(max(keptScore[best], 0))
        r.nodes = done
        r.playouts = done
        r.depth = 1
        r.seconds = clock.elapsed
        return r
    }

    /// `v` moved into 0..<size.
    @inlinable @inline(__always)
    static func clamp(_ v: Int, _ size: Int) -> Int { v < 0 ? 0 : v >= size ? size &- 1 : v }
}
