/// A state of a single-player puzzle whose randomness is separate from the player.
///
/// As in OpenSpiel, a state is either a *decision* (the player picks a move) or a
/// *chance* node (a random event is due). A state never draws its own chance events:
/// a referee with the seeded stream applies them (``CoinSorterReferee``), and an agent
/// that plans ahead applies sampled ones of its own. So no agent can peek at the
/// stream through the state.
public protocol StochasticPuzzle: Sendable, Hashable, CustomStringConvertible {
    /// A move of the player.
    associatedtype Move: BitwiseCopyable & Hashable & Sendable
    /// An outcome of a chance event (e.g. the kind of a new coin).
    associatedtype ChanceOutcome: BitwiseCopyable & Hashable & Sendable

    /// The game's name on the command line, e.g. `coin-sorter`.
    static var name: String { get }

    /// A placeholder move that fills unused move-list storage.
    static var nullMove: Move { get }

    /// Parses position text, throwing an error that names the problem.
    init(parsing text: String) throws(ParseError)

    /// Whether the game is over (no decision or chance event remains).
    var isOver: Bool { get }

    /// Whether a chance event is due before the player may move.
    var isChanceNode: Bool { get }

    /// The possible outcomes of the due chance event, each equally likely.
    var chanceOutcomes: [ChanceOutcome] { get }

    /// The number of outcomes of the due chance event (0 at a decision node or the
    /// end). With ``chanceOutcome(_:)`` it is the allocation-free form of
    /// ``chanceOutcomes``, for agents that sample chance in their inner loops.
    var chanceOutcomeCount: Int { get }

    /// Outcome `index` (in `0..<chanceOutcomeCount`) of the due chance event, in the
    /// order of ``chanceOutcomes``; each is equally likely.
    func chanceOutcome(_ index: Int) -> ChanceOutcome

    /// A uniformly random legal move at a decision node drawn from `generator`, or
    /// `nil` where there is none. A puzzle whose moves are too many to list (a tap at
    /// any point and time) draws one here without ``generateMoves(into:)``.
    func randomMove(using generator: inout SplitMix64) -> Move?

    /// Applies the outcome of the due chance event.
    mutating func applyChance(_ outcome: ChanceOutcome)

    /// Appends every legal move at a decision node (nothing elsewhere).
    func generateMoves(into moves: inout MoveList<Move>)

    /// Whether `move` may be played now. The default looks it up in the generated
    /// moves; a puzzle whose moves cannot be listed answers directly.
    func isLegal(_ move: Move) -> Bool

    /// Plays `move` at a decision node; chance events may then be due.
    mutating func play(_ move: Move)

    /// The score so far.
    var score: Int { get }

    /// The position text of docs/formats.md.
    var text: String { get }

    /// The notation of `move`.
    func notation(of move: Move) -> String

    /// Parses `text` as a move and checks that it is legal here.
    func parseMove(_ text: String) throws(ParseError) -> Move
}

extension StochasticPuzzle {
    public var description: String { text }

    /// The count of ``chanceOutcomes`` (an array per call: puzzles override it).
    @inlinable
    public var chanceOutcomeCount: Int { chanceOutcomes.count }

    /// Element `index` of ``chanceOutcomes`` (an array per call: puzzles override it).
    @inlinable
    public func chanceOutcome(_ index: Int) -> ChanceOutcome { chanceOutcomes[index] }

    /// One of the generated moves, picked with `generator.next(below:)`.
    @inlinable
    public func randomMove(using generator: inout SplitMix64) -> Move? {
        let moves = MoveList(filler: Self.nullMove, generatedBy: generateMoves)
        return moves.isEmpty ? nil : moves[generator.next(below: moves.count)]
    }

    /// Whether `move` is among the generated moves (no array made).
    @inlinable
    public func isLegal(_ move: Move) -> Bool {
        MoveList(filler: Self.nullMove, generatedBy: generateMoves).contains(move)
    }

    /// The legal moves as an array (for tests and tools, not hot loops).
    @inlinable
    public var legalMoves: [Move] {
        MoveList(filler: Self.nullMove, generatedBy: generateMoves).array
    }
}
