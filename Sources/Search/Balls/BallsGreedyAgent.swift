import Boards

/// Greedy for Balls!: the tap whose own explosion catches the most balls, chain ignored.
///
/// Candidates: every tick t = 0, step, 2·step, … below `window`, and at each, a tap
/// on the centre of every ball at that tick (moved into the field when it stands on −1
/// or the far edge). Each is scored by ``Balls/directCatches(_:)``: the balls the tap's
/// explosion alone would catch over its life, as if the balls it catches did not
/// explode. The best score wins; ties go to the agent's seeded stream, each tied
/// candidate equally likely, so the agent is deterministic for its seed.
public struct BallsGreedyAgent: PuzzleAgent {
    public typealias Game = Balls

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: 1) }
    /// Candidate ticks are below this.
    public let window: Int
    /// Ticks between candidate ticks.
    public let step: Int
    @usableFromInline var rng: SplitMix64

    public init(spec: String, window: Int, step: Int, seed: UInt64) {
        self.spec = spec
        self.window = window
        self.step = step
        rng = SplitMix64(seed: seed)
    }

    /// The kind's description: its parameters with ranges and defaults.
    public static let agentDescription = AgentDescription(
        name: "greedy",
        summary: "the tap that directly catches the most balls: a tap on each ball's centre at each candidate tick, "
            + "scored by the balls its own explosion catches (chain reactions ignored); ties broken by the seed",
        parameters: [
            Parameter("window", .integer(1...10_000), default: .integer(120), help: "candidate ticks are 0, step, 2*step, ... below window"),
            Parameter("step", .integer(1...1_000), default: .integer(1), help: "ticks between candidate ticks"),
        ])

    @inlinable
    public mutating func selectMove(_ state: Balls, budget: SearchBudget) -> SearchResult<BallsTap> {
        guard !state.isOver else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        var best = -1, chosen = BallsTap(t: 0, x: 0, y: 0), ties = 0, tried = 0
        var t = 0
        while t < window && t <= BallsField.lastTapTick {
            for i in 0..<state.ballCount {
                let b = state.ball(i, atTick: t)
                let tap = BallsTap(t: t, x: min(max(b.x, 0), BallsField.width - 1), y: min(max(b.y, 0), BallsField.height - 1))
                let caught = state.directCatches(tap)
                tried += 1
                if caught > best {
                    best = caught; chosen = tap; ties = 1
                } else if caught == best {
                    // Reservoir sampling: each tied candidate is equally likely.
                    ties += 1
                    if rng.next(below: ties) == 0 { chosen = tap }
                }
            }
            t += step
        }
        var r = SearchResult(move: chosen)
        r.value = Double(max(best, 0))
        r.nodes = tried
        r.depth = 1
        r.seconds = clock.elapsed
        return r
    }
}
