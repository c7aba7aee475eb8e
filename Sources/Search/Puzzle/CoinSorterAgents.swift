import Boards

/// The Coin Sorter agent kinds: the generic puzzle agents over ``CoinSorterEvaluator``
/// (``PuzzleAgents``), whose `greedy`, `expectimax` and `mcts` also take `eval=FILE`
/// to search with a learned evaluation instead (``CoinSorterLearnedEvaluator``;
/// docs/learning.md), and `oracle`, which is no agent under the rules: it reads the
/// referee's stream (``CoinSorterOracle``), a ceiling only.
public enum CoinSorterAgents {
    /// The `eval` parameter: a weights file written by `bench train`.
    public static let evalParameter = Parameter(
        "eval", .text,
        help: "a learned evaluation's weights file (bench train --game coin-sorter writes it); the hand-made evaluation when not given")

    /// The `exact` parameter of `expectimax` with `eval`: refill coins enumerated exactly.
    public static let exactParameter = Parameter(
        "exact", .integer(0...10), default: .integer(0),
        help: "with eval=FILE and above 0: expectimax depth turns deep (2 by default) with the first N coins of each refill "
            + "above the last turn enumerated (5: a line's 243 fillings) and the rest sampled, over the width best swaps "
            + "(CoinSorterLearnedExpectimax); "
            + "0: the sampled search")

    /// The options of the exact-refill search (`exact` above 0), each changing nothing unless
    /// given (added after runs were recorded with `exact`: left out of resolved specs at the
    /// defaults, the values that play as before them, so those runs' specs resolve as they did).
    public static let exactSearchParameters = [
        Parameter("paired", .flag, default: .flag(false), before: .flag(false),
                  help: "with exact: sibling swaps share their sampled refills (common random numbers)"),
        Parameter("margin", .real(0...100),
                  help: "with exact: play the greedy choice unless the search values another swap more than this many points above it"),
        Parameter("cache", .flag, default: .flag(false), before: .flag(false),
                  help: "with exact: keep the leaves' values for the move's search (the same moves, less work when leaves repeat)"),
    ]

    /// The catalog of the built-in kinds.
    @inlinable
    public static var catalog: AgentCatalog<any PuzzleAgent<CoinSorter>> {
        let oracle = AgentKind<any PuzzleAgent<CoinSorter>>(CoinSorterOracle.agentDescription) { spec, seed in
            CoinSorterOracle(spec: spec.text, evaluator: CoinSorterEvaluator(weights: spec.evaluationWeights),
                             beam: spec.int("beam")!, exact: spec.int("exact")!)
        }
        var kinds = PuzzleAgents<CoinSorterEvaluator>.catalog.kinds
        for (i, kind) in kinds.enumerated() where ["greedy", "expectimax", "mcts"].contains(kind.description.name) {
            var description = kind.description
            description.parameters.append(evalParameter)
            if description.name == "expectimax" { description.parameters += [exactParameter] + exactSearchParameters }
            description.summary += "; eval=FILE: with a learned evaluation"
            kinds[i] = AgentKind(description) { spec, seed throws(ParseError) in
                if spec.kind == "expectimax", (spec.int("exact") ?? 0) == 0,
                   let option = exactSearchParameters.first(where: { spec.given($0.name) != nil }) {
                    throw ParseError("agent '\(spec.text)': \(option.name) belongs to the exact-refill search: give exact=K too")
                }
                guard let path = spec.string("eval") else {
                    if spec.kind == "expectimax", let exact = spec.int("exact"), exact > 0 {
                        throw ParseError("agent '\(spec.text)': exact=\(exact) searches a learned evaluation: give eval=FILE too")
                    }
                    return try kind.maker(spec, seed)
                }
                let evaluator = try learnedEvaluator(spec, path: path)
                if spec.kind == "expectimax", let exact = spec.int("exact"), exact > 0 {
                    return CoinSorterLearnedExpectimax(spec: spec.text, network: evaluator.network, width: spec.int("width")!,
                                                       exactDraws: exact, seed: seed, depth: spec.int("depth")!,
                                                       samples: spec.int("samples")!, paired: spec.bool("paired")!,
                                                       margin: spec.double("margin"), cache: spec.bool("cache")!)
                }
                switch spec.kind {
                case "greedy":
                    return PuzzleGreedyAgent(spec: spec.text, evaluator: evaluator, seed: seed)
                case "expectimax":
                    return PuzzleExpectimaxAgent(spec: spec.text, evaluator: evaluator, budget: spec.budget,
                                                 samples: spec.int("samples")!, width: spec.int("width")!, seed: seed)
                default:
                    return PuzzleMCTSAgent(spec: spec.text, evaluator: evaluator, budget: spec.budget,
                                           exploration: spec.double("c")!, width: spec.int("width")!,
                                           rolloutTurns: spec.int("rollout")!, seed: seed)
                }
            }
        }
        return AgentCatalog(game: CoinSorter.name, kinds: kinds + [oracle])
    }

    /// The learned evaluation of `path` for `spec`; hand-made weights beside it, or a
    /// file that cannot be read, throw one line naming the spec.
    public static func learnedEvaluator(_ spec: AgentSpec, path: String) throws(ParseError) -> CoinSorterLearnedEvaluator {
        guard spec.weights.isEmpty else {
            throw ParseError("agent '\(spec.text)': w. weights belong to the hand-made evaluation, not to eval=\(path)")
        }
        do { return CoinSorterLearnedEvaluator(network: try CoinSorterNTupleCache.network(path)) } catch {
            throw .runtime("agent '\(spec.text)': \(error.message)")
        }
    }
}
