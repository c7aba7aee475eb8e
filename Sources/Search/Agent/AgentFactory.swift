import Boards

/// Makes two-player agents from spec strings, for any game with an evaluator.
///
/// `make` is inlinable, so the agents are created in the caller's module, and the
/// searchers' inlinable initialisers compile their search there, specialised for the
/// concrete game with the caller's CPU flags; the caller holds them as
/// `any TwoPlayerAgent<Game>`, one dynamic call per move, none inside the search.
public enum AgentFactory<E: Evaluator> {
    /// The agent kinds, with their parameters.
    public static var kinds: [(name: String, parameters: [String])] {
        [("random", []),
         ("greedy", []),
         ("alphabeta", ["depth", "nodes", "time", "threads", "tt"]),
         ("mcts", ["playouts", "iterations", "time", "c", "threads", "cap", "solver"])]
    }

    /// An agent for `spec` seeded with `seed`; a bad spec throws a message listing
    /// the valid agents, parameters or weights.
    @inlinable
    public static func make(_ spec: AgentSpec, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<E.Game> {
        guard let kind = kinds.first(where: { $0.name == spec.name }) else {
            throw ParseError("unknown agent '\(spec.name)' for \(E.Game.name) (valid: \(kinds.map(\.name).joined(separator: ", ")))")
        }
        let r = AgentSpec.Reader(spec: spec, valid: kind.parameters)
        try r.checkNoUnknown()
        let weights = try r.weights(E.defaultWeights)
        if !spec.weights.isEmpty && spec.name == "random" {
            throw ParseError("agent 'random' takes no weights")
        }
        let evaluator = E(weights: weights)
        switch spec.name {
        case "random":
            return RandomAgent<E.Game>(spec: spec.text, seed: seed)
        case "greedy":
            return GreedyAgent(spec: spec.text, evaluator: evaluator, seed: seed)
        case "alphabeta":
            var budget = try r.budget()
            if budget.isTimeOnly && budget.seconds == nil { budget.depth = 4 }
            return AlphaBetaAgent(spec: spec.text, evaluator: evaluator, budget: budget,
                                  threads: try r.int("threads", in: 1...256) ?? 1,
                                  tableMegabytes: try r.int("tt", in: 0...TranspositionTable.maxMegabytes) ?? 16, seed: seed)
        default:
            var budget = try r.budget()
            if budget.playouts == nil && budget.seconds == nil { budget.playouts = 1000 }
            let solver = try r.choice("solver", ["on", "off", "true", "false", "1", "0"])
            return MCTSAgent(spec: spec.text, evaluator: evaluator, budget: budget,
                             exploration: try r.double("c", in: 0...100) ?? 1.4,
                             threads: try r.int("threads", in: 1...256) ?? 1,
                             rolloutCap: try r.int("cap", in: 0...100_000) ?? 0,
                             solver: solver.map { ["on", "true", "1"].contains($0) } ?? true, seed: seed)
        }
    }

    /// Parses and makes in one step.
    @inlinable
    public static func make(_ text: String, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<E.Game> {
        try make(AgentSpec(parsing: text), seed: seed)
    }

    /// The heuristic weights an agent of `spec` evaluates with: the evaluator's
    /// defaults with the spec's `w.NAME=value` overrides applied; none for `random`,
    /// which evaluates nothing. A bad spec throws as ``make(_:seed:)`` does.
    public static func weights(_ spec: AgentSpec) throws(ParseError) -> HeuristicWeights {
        _ = try make(spec, seed: 0)
        if spec.name == "random" { return HeuristicWeights([:]) }
        return try AgentSpec.Reader(spec: spec, valid: []).weights(E.defaultWeights)
    }
}
