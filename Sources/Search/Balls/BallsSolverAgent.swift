import Boards

/// The solver as an agent (`solver`): it plays the tap ``BallsSolver`` finds over ticks
/// 0...`last` and every point of the field. With `goal=pass` (the default) that is a
/// passing tap whenever the space has one, else the exact best tap of the space (the
/// sweep went through all of it); with `goal=best` the exact best tap. Its pass rate
/// over deals is the share of deals passable within the space: a ceiling for agents
/// confined to the same ticks, not for others. Deterministic for its seed.
public struct BallsSolverAgent: PuzzleAgent {
    public typealias Game = Balls

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: 1) }
    /// The last tick of the space.
    public let last: Int
    public let goal: BallsSolver.Goal
    /// Taps for the search before the sweep.
    public let search: Int
    public let seed: UInt64
    /// The last solve's report.
    public private(set) var report: BallsSolver.Report?

    public init(spec: String, last: Int, goal: BallsSolver.Goal, search: Int, seed: UInt64) {
        self.spec = spec
        self.last = min(max(0, last), BallsField.lastTapTick)
        self.goal = goal
        self.search = max(0, search)
        self.seed = seed
    }

    /// The kind's description: its parameters with ranges and defaults.
    public static let agentDescription = AgentDescription(
        name: "solver",
        summary: "exact over ticks 0...last and every point of the field (docs/balls.md): a search for a passing tap, "
            + "then a sweep of the whole space with provably safe cuts; plays a passing tap if the space has one, else its best",
        parameters: [
            Parameter("last", .integer(0...308_801), default: .integer(BallsSolverAgent.defaultLast), help: "the space's last tick"),
            Parameter("goal", .choice(["pass", "best"]), default: .text("pass"),
                      help: "pass: stop at the first passing tap; best: the best score of the space"),
            Parameter("search", .integer(0...100_000_000), default: .integer(20_000), help: "taps searched before the sweep (0: sweep only)"),
        ])

    /// The default last tick (docs/balls.md: what the results table's runs afford).
    public static var defaultLast: Int { 20 }

    public mutating func selectMove(_ state: Balls, budget: SearchBudget) -> SearchResult<BallsTap> {
        guard !state.isOver else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        let r = BallsSolver.solve(state, space: BallsSolver.Space(lastTick: last), goal: goal, searchSims: search, seed: seed)
        report = r
        var result = SearchResult(move: r.tap)
        result.value = Double(r.best)
        result.nodes = r.searched + r.simulated
        result.playouts = r.searched + r.simulated
        result.depth = 1
        result.seconds = clock.elapsed
        return result
    }
}
