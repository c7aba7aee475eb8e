import Boards

/// The Coin Sorter agent kinds: the generic puzzle agents over ``CoinSorterEvaluator``
/// (``PuzzleAgents``), and `oracle`, which is no agent under the rules: it reads the
/// referee's stream (``CoinSorterOracle``), a ceiling only.
public enum CoinSorterAgents {
    /// The catalog of the built-in kinds.
    @inlinable
    public static var catalog: AgentCatalog<any PuzzleAgent<CoinSorter>> {
        let oracle = AgentKind<any PuzzleAgent<CoinSorter>>(CoinSorterOracle.agentDescription) { spec, seed in
            CoinSorterOracle(spec: spec.text, evaluator: CoinSorterEvaluator(weights: spec.evaluationWeights),
                             beam: spec.int("beam")!, exact: spec.int("exact")!)
        }
        return AgentCatalog(game: CoinSorter.name, kinds: PuzzleAgents<CoinSorterEvaluator>.catalog.kinds + [oracle])
    }
}
