/// How much an agent may search for one move: any combination of limits; the
/// search stops at the first one reached. Depth, node and playout limits give
/// reproducible results; a time limit does not.
public struct SearchBudget: Sendable, Hashable {
    /// Maximum depth in plies (alpha-beta, expectimax).
    public var depth: Int?
    /// Maximum nodes visited (alpha-beta).
    public var nodes: Int?
    /// Maximum playouts / iterations (MCTS).
    public var playouts: Int?
    /// Maximum wall-clock seconds.
    public var seconds: Double?

    public init(depth: Int? = nil, nodes: Int? = nil, playouts: Int? = nil, seconds: Double? = nil) {
        self.depth = depth
        self.nodes = nodes
        self.playouts = playouts
        self.seconds = seconds
    }

    /// Whether only the wall clock bounds the search (results then vary run to run).
    public var isTimeOnly: Bool { depth == nil && nodes == nil && playouts == nil }
}

/// What a search found: the move, and statistics about the search.
public struct SearchResult<Move: Sendable>: Sendable {
    /// The chosen move; `nil` only when there was no legal move.
    public var move: Move?
    /// The value of the position for the side to move: for alpha-beta in the
    /// evaluation's units (±1,000,000 minus the plies for a forced win/loss), for
    /// MCTS the mean score in 0...1, for puzzles the expected further points.
    public var value: Double?
    /// Nodes (positions) visited.
    public var nodes: Int = 0
    /// Depth of the last completed iteration (alpha-beta), or the deepest tree path (MCTS).
    public var depth: Int = 0
    /// Playouts or iterations run (MCTS).
    public var playouts: Int = 0
    /// Wall-clock seconds spent.
    public var seconds: Double = 0
    /// The principal variation, starting with `move`, where the algorithm has one.
    public var principalVariation: [Move] = []

    @inlinable
    public init(move: Move?) { self.move = move }
}
