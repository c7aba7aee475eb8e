import Boards

/// The parameters of the built-in agent kinds, each declared once: its range, its
/// default and its help. Searchers that need a default when called with no limit at
/// all read it here.
public enum AgentParameters {
    /// A search depth limit in plies (turns for puzzles).
    public static func depth(default value: Int?, role: Parameter.Role = .limit) -> Parameter {
        Parameter("depth", .integer(1...90), default: value.map(ParameterValue.integer), role: role,
                  help: role == .limit ? "search depth limit in plies" : "search depth in turns")
    }
    /// A node limit.
    public static let nodes = Parameter("nodes", .integer(1...Int.max), role: .limit, help: "node limit per move")
    /// A wall-clock limit per move.
    public static let time = Parameter("time", .real(0.000_001...86_400), role: .limit,
                                       help: "seconds per move (results then vary from run to run)")
    /// A playout limit, also called `iterations`.
    public static func playouts(default value: Int) -> Parameter {
        Parameter("playouts", .integer(1...1_000_000_000), default: .integer(value), role: .limit, aliases: ["iterations"],
                  help: "playouts (iterations) per move")
    }
    /// Worker threads of one search.
    public static let threads = Parameter("threads", .integer(1...256), default: .integer(1),
                                          help: "threads of one search")

    /// The UCT exploration constant `c` of an MCTS kind.
    public static func exploration(default value: Double, help: String = "UCT exploration constant") -> Parameter {
        Parameter("c", .real(0...100), default: .real(value), help: help)
    }
    /// The moves a puzzle search keeps per node, the best by the greedy ranking.
    public static func width(help: String) -> Parameter {
        Parameter("width", .integer(1...300), default: .integer(12), help: help)
    }

    /// Alpha-beta's depth when no limit is given.
    public static let alphaBetaDepth = depth(default: 4)
    /// Alpha-beta's transposition table.
    public static let alphaBetaTable = Parameter(
        "tt", .integer(0...TranspositionTable.maxMegabytes), default: .integer(16),
        help: "transposition table in MiB, 0 for none (at most half this machine's memory)")
    /// Alpha-beta's quiescence: plies of captures past the horizon.
    public static let alphaBetaQuiescence = Parameter(
        "qs", .integer(0...16), default: .integer(0), help: "plies of captures searched past the horizon with a stand-pat (0: none)")
    /// Alpha-beta's aspiration window.
    public static let alphaBetaAspiration = Parameter(
        "asp", .integer(0...10_000), default: .integer(0),
        help: "half-width of the root's aspiration window around the last iteration's score (0: none)")
    /// Alpha-beta's late-move reductions.
    public static let alphaBetaReductions = Parameter(
        "lmr", .flag, default: .flag(true),
        help: "late-move reductions: late quiet moves searched a ply shallower first (false: the search before issue 23)")
    /// Alpha-beta's null-move pruning.
    public static let alphaBetaNullMove = Parameter(
        "nmp", .flag, default: .flag(false),
        help: "verified null-move pruning: a null-window node whose side could pass and still reach beta fails high "
            + "(where the game offers a pass)")
    /// Alpha-beta's way of using threads: node splitting.
    public static let alphaBetaYoungBrothers = Parameter(
        "ybw", .flag, default: .flag(true),
        help: "threads split nodes: after a node's first move, idle threads search its other moves (Young Brothers Wait); "
            + "false: Lazy SMP")
    /// Alpha-beta's least depth for splitting a node.
    public static let alphaBetaSplitDepth = Parameter(
        "splitdepth", .integer(2...64), default: .integer(3),
        help: "with ybw: the least depth at which a node shares its moves with idle threads")
    /// Alpha-beta's nodes before the helper threads join a search that splits nodes.
    public static let alphaBetaJoinNodes = Parameter(
        "joinnodes", .integer(0...1_000_000_000), default: .integer(16_000), before: .integer(0),
        help: "with ybw on several threads: the main thread searches alone until its iterations have taken this many "
            + "nodes, then the helpers join (0: from the first iteration)")
    /// Alpha-beta's Lazy SMP variant: threads sharing iterations.
    public static let alphaBetaSplit = Parameter(
        "split", .flag, default: .flag(false),
        help: "Lazy SMP (ybw off): threads share each iteration, deferring moves another thread is searching "
            + "(simplified ABDADA)")
    /// Alpha-beta's Lazy SMP variant: iteration choice.
    public static let alphaBetaSkip = Parameter(
        "skip", .flag, default: .flag(false),
        help: "Lazy SMP (ybw off): a thread leaves an iteration another finished and skips one another thread is in")
    /// Two-player MCTS's playouts when no limit is given.
    public static let mctsPlayouts = playouts(default: 1000)
    /// Puzzle MCTS's playouts when no limit is given.
    public static let puzzleMCTSPlayouts = playouts(default: 1000)
    /// Expectimax's depth in turns (time may cut it short).
    public static let expectimaxDepth = depth(default: 2, role: .setting)
}

extension AgentDescription {
    /// `random`: a uniformly random legal move.
    public static let random = AgentDescription(name: "random", summary: "a uniformly random legal move (seeded)")

    /// `greedy` for a two-player game: one ply and the evaluation.
    public static func greedy(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(name: "greedy", summary: "one ply: an immediate win, else the move the evaluation likes best",
                         weights: weights)
    }

    /// `alphabeta`: iterative deepening PVS with a transposition table, Lazy SMP on threads.
    public static func alphaBeta(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(
            name: "alphabeta", summary: "iterative-deepening alpha-beta (PVS, transposition table, late-move reductions, "
                + "threads splitting nodes)",
            parameters: [
                AgentParameters.alphaBetaDepth, AgentParameters.nodes, AgentParameters.time, AgentParameters.threads,
                AgentParameters.alphaBetaTable, AgentParameters.alphaBetaQuiescence, AgentParameters.alphaBetaAspiration,
                AgentParameters.alphaBetaReductions, AgentParameters.alphaBetaNullMove, AgentParameters.alphaBetaYoungBrothers,
                AgentParameters.alphaBetaSplitDepth, AgentParameters.alphaBetaJoinNodes, AgentParameters.alphaBetaSplit,
                AgentParameters.alphaBetaSkip,
            ],
            weights: weights)
    }

    /// `mcts` for a two-player game: UCT with random or capped rollouts.
    public static func mcts(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(
            name: "mcts", summary: "Monte Carlo tree search (UCT), root-parallel on threads",
            parameters: [
                AgentParameters.mctsPlayouts, AgentParameters.time,
                AgentParameters.exploration(default: 1.4),
                AgentParameters.threads,
                Parameter("cap", .integer(0...100_000), default: .integer(0),
                          help: "rollout plies before the evaluation scores the position; 0 plays to the end"),
                Parameter("solver", .flag, default: .flag(true), help: "propagate proven wins and losses (MCTS-solver)"),
            ],
            weights: weights)
    }

    /// `greedy` for a puzzle: the move with the most immediate points, then the evaluation.
    public static func puzzleGreedy(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(name: "greedy", summary: "the move scoring most now, then the best evaluation of what it leaves",
                         weights: weights)
    }

    /// `expectimax` for a puzzle: sampled chance, the best moves by the greedy ranking.
    public static func expectimax(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(
            name: "expectimax", summary: "expectimax over sampled chance outcomes, searching the best moves by the greedy ranking",
            parameters: [
                AgentParameters.expectimaxDepth,
                Parameter("samples", .integer(1...10_000), default: .integer(8), help: "chance outcomes sampled per move"),
                AgentParameters.width(help: "moves searched per decision"),
                AgentParameters.time,
            ],
            weights: weights)
    }

    /// `mcts` for a puzzle: open-loop MCTS over sampled chance.
    public static func puzzleMCTS(weights: HeuristicWeights) -> AgentDescription {
        AgentDescription(
            name: "mcts", summary: "open-loop Monte Carlo tree search over sampled chance outcomes",
            parameters: [
                AgentParameters.puzzleMCTSPlayouts, AgentParameters.time,
                AgentParameters.exploration(default: 2.0, help: "UCT exploration constant (in points)"),
                AgentParameters.width(help: "children per node (best by the greedy ranking)"),
                Parameter("rollout", .integer(0...100), default: .integer(0), help: "greedy rollout turns before the evaluation"),
            ],
            weights: weights)
    }
}

/// The agent kinds every two-player game with an evaluation offers: `random`,
/// `greedy`, `alphabeta` and `mcts`.
///
/// ``catalog`` is inlinable, so the makers are compiled in the caller's module, and the
/// agents' inlinable initialisers compile their move choice there, specialised for the
/// game with the caller's CPU flags; the caller holds the agents as
/// `any TwoPlayerAgent<Game>`, one dynamic call per move, none inside the search.
public enum TwoPlayerAgents<E: Evaluator> {
    /// The catalog of the built-in kinds for `E.Game`.
    @inlinable
    public static var catalog: AgentCatalog<any TwoPlayerAgent<E.Game>> {
        AgentCatalog(game: E.Game.name, kinds: [
            AgentKind(.random) { spec, seed in RandomAgent<E.Game>(spec: spec.text, seed: seed) },
            AgentKind(.greedy(weights: E.defaultWeights)) { spec, seed in
                GreedyAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), seed: seed)
            },
            AgentKind(.alphaBeta(weights: E.defaultWeights)) { spec, seed throws(ParseError) in
                AlphaBetaAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), budget: spec.budget,
                               threads: spec.int("threads")!, tableMegabytes: spec.int("tt")!,
                               settings: try AlphaBetaSettings(spec: spec),
                               seed: seed)
            },
            AgentKind(.mcts(weights: E.defaultWeights)) { spec, seed in
                MCTSAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), budget: spec.budget,
                          exploration: spec.double("c")!, threads: spec.int("threads")!, rolloutCap: spec.int("cap")!,
                          solver: spec.bool("solver")!, seed: seed)
            },
        ])
    }
}

/// The agent kinds every puzzle with an evaluation offers: `random`, `greedy`,
/// `expectimax` and `mcts`, generic over the puzzle (``PuzzleEvaluator``); inlinable
/// for the same reason as ``TwoPlayerAgents/catalog``.
public enum PuzzleAgents<E: PuzzleEvaluator> {
    /// The catalog of the built-in kinds for `E.Game`.
    @inlinable
    public static var catalog: AgentCatalog<any PuzzleAgent<E.Game>> {
        AgentCatalog(game: E.Game.name, kinds: [
            AgentKind(.random) { spec, seed in PuzzleRandomAgent<E.Game>(spec: spec.text, seed: seed) },
            AgentKind(.puzzleGreedy(weights: E.defaultWeights)) { spec, seed in
                PuzzleGreedyAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), seed: seed)
            },
            AgentKind(.expectimax(weights: E.defaultWeights)) { spec, seed in
                PuzzleExpectimaxAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), budget: spec.budget,
                                      samples: spec.int("samples")!, width: spec.int("width")!, seed: seed)
            },
            AgentKind(.puzzleMCTS(weights: E.defaultWeights)) { spec, seed in
                PuzzleMCTSAgent(spec: spec.text, evaluator: E(weights: spec.evaluationWeights), budget: spec.budget,
                                exploration: spec.double("c")!, width: spec.int("width")!,
                                rolloutTurns: spec.int("rollout")!, seed: seed)
            },
        ])
    }
}
