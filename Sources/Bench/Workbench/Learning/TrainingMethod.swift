/// How a training run learns, beyond its seed, rate and batch (`bench train`'s method
/// options, docs/learning.md): each `nil` when not given, so that a resumed run keeps its
/// file's settings and a new run takes the defaults (plain TD(0) from 0 on the first
/// layout — the published runs).
public struct TrainingMethod: Sendable, Equatable {
    /// Tuples stored by their class under every symmetry of the board and renaming of
    /// the kinds (a new layout); a run's layout never changes.
    public var symmetricTuples: Bool?
    /// Optimistic initialisation: the value every board has before training.
    public var initialValue: Double?
    /// Temporal coherence learning rates (Jaśkowski 2018).
    public var coherence: Bool?
    /// Multi-stage network (Wu, Yeh et al. 2014): weight sets by turns left; `nil` is the
    /// game's full count (one per turns left, the published network). A run's count never changes.
    public var stages: Int?
    /// Held-out evaluation: every `evaluateEvery` episodes (a multiple of 1,000), the
    /// greedy policy on the current weights plays `evaluationGames` deals from seed
    /// `evaluationSeed` on (never training deals), written to `heldout.csv`. `nil`: none.
    public var evaluateEvery: Int?
    public var evaluationGames: Int
    public var evaluationSeed: UInt64

    public init(symmetricTuples: Bool? = nil, initialValue: Double? = nil, coherence: Bool? = nil, stages: Int? = nil,
                evaluateEvery: Int? = nil, evaluationGames: Int = 500, evaluationSeed: UInt64 = 6_000_000) {
        self.symmetricTuples = symmetricTuples
        self.initialValue = initialValue
        self.coherence = coherence
        self.stages = stages
        self.evaluateEvery = evaluateEvery
        self.evaluationGames = evaluationGames
        self.evaluationSeed = evaluationSeed
    }
}
