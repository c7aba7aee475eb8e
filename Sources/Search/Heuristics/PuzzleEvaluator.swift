import Boards

/// A static evaluation of puzzle states with named weights, in points: the further
/// points a state is worth beyond its score. The puzzle agents are generic over it.
public protocol PuzzleEvaluator<Game>: Sendable {
    associatedtype Game: StochasticPuzzle

    /// The weights and their defaults.
    static var defaultWeights: HeuristicWeights { get }

    /// An evaluator with these weights (names as in ``defaultWeights``).
    init(weights: HeuristicWeights)

    /// The further points `state` is worth, beyond its score.
    func evaluate(_ state: Game) -> Double

    /// What `move` is worth at once at the decision node `state`, without search:
    /// the points it scores for sure and the evaluation of the state it leaves before
    /// any chance event. The greedy ranking (``rankingValue(of:in:)``) is built on it.
    ///
    /// The default plays the move on a copy: points are the score gained, and the
    /// evaluation is of the resulting state. A puzzle overrides it when it can say
    /// the same more cheaply, or when "before chance" means something else for it.
    func immediateValue(of move: Game.Move, in state: Game) -> (points: Int, evaluation: Double)

    /// The key greedy and the searches rank moves by. The default,
    /// `1000 × points + evaluation`, orders moves by the points they score for sure and
    /// uses the evaluation among moves scoring the same; an evaluation that has learned
    /// what a point now is worth against later ones (``CoinSorterLearnedEvaluator``)
    /// ranks by points + evaluation instead.
    func rankingValue(of move: Game.Move, in state: Game) -> Double

    /// Whether ``rankingValue(of:in:)`` is the move's expected further points (points
    /// + the learned value of its afterstate), so that a search may take the best
    /// ranked move's key as a decision node's value one turn from its horizon instead
    /// of sampling chance there. False by default (the key weighs points by 1000).
    var rankingIsValue: Bool { get }
}

extension PuzzleEvaluator {
    @inlinable
    public var rankingIsValue: Bool { false }

    @inlinable
    public func immediateValue(of move: Game.Move, in state: Game) -> (points: Int, evaluation: Double) {
        var after = state
        after.play(move)
        return (after.score - state.score, evaluate(after))
    }

    /// The default ranking key, `1000 × points + evaluation`: moves are ordered by the
    /// points they score for sure, and the evaluation orders moves scoring the same.
    @inlinable @inline(__always)
    public func rankingValue(of move: Game.Move, in state: Game) -> Double {
        let v = immediateValue(of: move, in: state)
        return Double(v.points) * 1000 + v.evaluation
    }
}
