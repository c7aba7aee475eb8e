import Boards
@testable import Search

// Tests make agents with a few values set and the rest at the kind's defaults, which
// they read from the agent descriptions (where every default is declared), as the
// catalog does; the library's initialisers take every value.

extension AgentParameters {
    /// The default of `parameter`, a whole number.
    static func int(_ parameter: Parameter) -> Int { parameter.defaultValue!.int! }
}

extension AlphaBetaAgent {
    init(evaluator: E, budget: SearchBudget, threads: Int = 1,
         tableMegabytes: Int = AgentParameters.int(AgentParameters.alphaBetaTable),
         settings: AlphaBetaSettings = AlphaBetaSettings(), seed: UInt64 = 0) {
        self.init(spec: "alphabeta", evaluator: evaluator, budget: budget, threads: threads, tableMegabytes: tableMegabytes,
                  settings: settings, seed: seed)
    }
}

extension MCTSAgent {
    init(evaluator: E, budget: SearchBudget, exploration: Double = 1.4, threads: Int = 1, rolloutCap: Int = 0,
         solver: Bool = true, seed: UInt64 = 0) {
        self.init(spec: "mcts", evaluator: evaluator, budget: budget, exploration: exploration, threads: threads,
                  rolloutCap: rolloutCap, solver: solver, seed: seed)
    }
}

extension GreedyAgent {
    init(evaluator: E, seed: UInt64 = 0) { self.init(spec: "greedy", evaluator: evaluator, seed: seed) }
}

extension RandomAgent {
    init(seed: UInt64 = 0) { self.init(spec: "random", seed: seed) }
}

extension CoinSorterRandomAgent {
    init(seed: UInt64 = 0) { self.init(spec: "random", seed: seed) }
}

extension CoinSorterGreedyAgent {
    init(evaluator: CoinSorterEvaluator = CoinSorterEvaluator(), seed: UInt64 = 0) {
        self.init(spec: "greedy", evaluator: evaluator, seed: seed)
    }
}

extension ExpectimaxAgent {
    /// The `expectimax` spec's agent with `budget` (its depth the kind's default when absent).
    init(evaluator: CoinSorterEvaluator = CoinSorterEvaluator(), budget: SearchBudget = SearchBudget(), samples: Int? = nil,
         width: Int? = nil, seed: UInt64 = 0) {
        let defaults = AgentDescription.expectimax(weights: CoinSorterEvaluator.defaultWeights).defaultSpec
        var budget = budget
        budget.depth = budget.depth ?? defaults.int("depth")
        self.init(spec: "expectimax", evaluator: evaluator, budget: budget, samples: samples ?? defaults.int("samples")!,
                  width: width ?? defaults.int("width")!, seed: seed)
    }
}

extension CoinSorterOracle {
    init(spec: String = "oracle", evaluator: CoinSorterEvaluator = CoinSorterEvaluator(), beam: Int? = nil, exact: Int? = nil) {
        let defaults = CoinSorterOracle.agentDescription.defaultSpec
        self.init(spec: spec, evaluator: evaluator, beam: beam ?? defaults.int("beam")!, exact: exact ?? defaults.int("exact")!)
    }

    static var defaultBeam: Int { agentDescription.defaultSpec.int("beam")! }
    static var defaultExact: Int { agentDescription.defaultSpec.int("exact")! }
}

/// The spec-string factory the tests were written against, over the catalogs.
enum AgentFactory<E: Evaluator> {
    static func make(_ text: String, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<E.Game> {
        try TwoPlayerAgents<E>.catalog.make(text, seed: seed)
    }
}

extension CoinSorterAgents {
    static func make(_ text: String, seed: UInt64) throws(ParseError) -> any PuzzleAgent<CoinSorter> {
        try catalog.make(text, seed: seed)
    }

    static var kinds: [AgentDescription] { catalog.descriptions }
}
