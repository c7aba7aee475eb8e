@testable import Boards

// The three test-side protocols the conformance suites are generic over. A game joins
// the suites by giving a naive reference (and, for a puzzle, a referee) and one test case.

/// A deliberately simple implementation of a two-player game, written from docs/rules.md
/// alone (arrays, explicit loops), that the conformance suite compares an engine with.
///
/// It speaks in notation strings, so it needs no engine move type: the suite compares
/// sets of move texts and plays the same text on both.
protocol NaiveReference {
    /// The engine it checks.
    associatedtype Game: TwoPlayerGame

    /// The position `engine` holds, read from the engine's public state (ply count and
    /// rule variants included, so that outcomes can be compared).
    init(engine: Game)

    /// The notation of every legal move of the side to move, in any order; none once
    /// the game is won on the board or the side to move is stuck (the ply limit and
    /// repetition are ignored, as in the engine).
    var legalMoveNotations: [String] { get }

    /// Plays the legal move written `notation`.
    mutating func play(notation: String)

    /// Leaves `depth` plies below, repetition and the ply limit ignored.
    func perft(_ depth: Int) -> Int

    /// The outcome the position alone decides (wins, the ply limit); `nil` while it goes on.
    var outcome: Outcome? { get }

    /// The position text of docs/formats.md.
    var text: String { get }
}

/// The owner of a puzzle's random stream: deals the game of a seed and draws every
/// chance event after a move, so its state is always at a decision node or over.
protocol PuzzleReferee {
    associatedtype Puzzle: StochasticPuzzle

    /// The game now.
    var state: Puzzle { get }

    /// Plays `move` (legal now) and resolves the chance events it calls for.
    mutating func play(_ move: Puzzle.Move)
}

/// A deliberately simple puzzle with its own copy of the seeded stream, written from
/// docs/rules.md alone, that the puzzle conformance suite compares an engine and referee with.
protocol NaivePuzzleReference {
    associatedtype Puzzle: StochasticPuzzle

    /// The game of `seed`, dealt as docs/rules.md says.
    static func dealt(seed: UInt64) -> Self

    /// The notation of every legal move, in any order; none once the game is over.
    var legalMoveNotations: [String] { get }

    /// Plays the legal move written `notation`, drawing its chance events from the stream.
    mutating func play(notation: String)

    /// Moves left before the game ends.
    var turnsLeft: Int { get }

    /// The score so far.
    var score: Int { get }

    /// Whether the game is over.
    var isOver: Bool { get }

    /// The position text of docs/formats.md.
    var text: String { get }
}
