/// What every search agent is made from, declared once: the spec, the budget from it
/// and the evaluation. ``AlphaBetaAgent``, ``MCTSAgent``, ``PuzzleExpectimaxAgent``
/// and ``PuzzleMCTSAgent`` each store one and show its parts through
/// ``SearchAgentIdentity``.
public struct SearchAgentCore<Heuristic> {
    /// The spec the agent was made from, e.g. `alphabeta:depth=6`.
    public let spec: String
    /// The budget from the spec, used when a call gives none.
    public var budget: SearchBudget
    /// The evaluation the search scores positions with.
    public let evaluator: Heuristic

    @inlinable
    public init(spec: String, budget: SearchBudget, evaluator: Heuristic) {
        self.spec = spec
        self.budget = budget
        self.evaluator = evaluator
    }
}

/// An agent whose spec, budget and evaluation are its ``SearchAgentCore``.
public protocol SearchAgentIdentity {
    associatedtype Heuristic
    /// The agent's spec, budget and evaluation.
    var core: SearchAgentCore<Heuristic> { get set }
}

extension SearchAgentIdentity {
    /// The spec the agent was made from, e.g. `alphabeta:depth=6`.
    @inlinable public var spec: String { core.spec }
    /// The budget from the spec, used when a call gives none.
    @inlinable public var budget: SearchBudget {
        get { core.budget }
        set { core.budget = newValue }
    }
    /// The evaluation the search scores positions with.
    @inlinable public var evaluator: Heuristic { core.evaluator }
}
