import Boards

/// The Balls! agent kinds: `random` (a uniform tap, ``PuzzleRandomAgent``), `greedy`
/// (``BallsGreedyAgent``), `search` (``BallsSearchAgent``: sampling and refinement under a
/// simulation budget) and `solver` (``BallsSolverAgent``: exact over a stated space).
public enum BallsAgents {
    /// The catalog of the built-in kinds.
    @inlinable
    public static var catalog: AgentCatalog<any PuzzleAgent<Balls>> {
        AgentCatalog(game: Balls.name, kinds: [
            AgentKind(AgentDescription(name: "random", summary: "a uniformly random tap: tick, x and y each uniform (seeded)")) { spec, seed in
                PuzzleRandomAgent<Balls>(spec: spec.text, seed: seed)
            },
            AgentKind(BallsGreedyAgent.agentDescription) { spec, seed in
                BallsGreedyAgent(spec: spec.text, window: spec.int("window")!, step: spec.int("step")!, seed: seed)
            },
            AgentKind(BallsSearchAgent.agentDescription) { spec, seed in
                BallsSearchAgent(spec: spec.text, sims: spec.int("sims")!, ticks: spec.int("ticks")!, keep: spec.int("keep")!,
                                 explore: spec.double("explore")!, lag: spec.int("lag")!, dt: spec.int("dt")!, seed: seed)
            },
            AgentKind(BallsSolverAgent.agentDescription) { spec, seed in
                BallsSolverAgent(spec: spec.text, last: spec.int("last")!, goal: BallsSolver.Goal(rawValue: spec.string("goal")!)!,
                                 search: spec.int("search")!, seed: seed)
            },
        ])
    }
}
