import Boards

/// The Balls! agent kinds: `random` (a uniform tap, ``PuzzleRandomAgent``) and `greedy`
/// (``BallsGreedyAgent``). Search agents come later; they call ``Balls/simulate(_:)``.
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
        ])
    }
}
