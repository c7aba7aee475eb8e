import Boards

/// The learned Coin Sorter evaluation as a ``PuzzleEvaluator``, so the puzzle agents
/// (greedy, expectimax, MCTS) search with it exactly as with the hand-made one.
///
/// Values are the network's (``CoinSorterNTuple``): a decision state is worth
/// `value(board, turnsLeft)`; a swap is worth the lines it completes plus the value of
/// its afterstate (the board with those lines still in place, one turn fewer) —
/// exactly the quantity TD learning fitted. Unlike the hand-made evaluation, the
/// ranking is points + value, not 1000 × points + value: the network has learned what
/// a point now costs later, and may prefer to set up a cascade over cashing a line.
public struct CoinSorterLearnedEvaluator: Sendable {
    /// The network read (never written) by this evaluator.
    public let network: CoinSorterNTuple

    /// An evaluator reading `network`.
    public init(network: CoinSorterNTuple) { self.network = network }
}

extension CoinSorterLearnedEvaluator: PuzzleEvaluator {
    public typealias Game = CoinSorter

    /// None: the learned evaluation has no named weights (its weights are a file).
    public static var defaultWeights: HeuristicWeights { HeuristicWeights([:]) }

    /// An untrained network (every value 0): the protocol's initialiser; agents are
    /// made with ``init(network:)``.
    public init(weights: HeuristicWeights) { network = CoinSorterNTuple() }

    /// The further points of a decision state: 0 once the game is over.
    @inlinable
    public func evaluate(_ state: CoinSorter) -> Double {
        state.isOver ? 0 : Double(network.value(state, turns: state.turnsLeft))
    }

    /// The lines the swap completes, and the value of its afterstate with one turn fewer.
    @inlinable @inline(__always)
    public func immediateValue(of move: CoinSorter.Swap, in state: CoinSorter) -> (points: Int, evaluation: Double) {
        let after = state.exchanging(move)
        let lines = after.completeLines
        return (lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount,
                Double(network.value(after, turns: state.turnsLeft - 1)))
    }

    /// The ranking is points + the afterstate's value: an expected value.
    @inlinable
    public var rankingIsValue: Bool { true }

    /// Points + value: the afterstate greedy policy the network was trained with.
    @inlinable @inline(__always)
    public func rankingValue(of move: CoinSorter.Swap, in state: CoinSorter) -> Double {
        let v = immediateValue(of: move, in: state)
        return Double(v.points) + v.evaluation
    }
}
