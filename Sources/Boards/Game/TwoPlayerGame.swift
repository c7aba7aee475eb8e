/// A position of a deterministic two-player game with alternating moves.
///
/// Searchers and the bench are generic over this protocol, so every call is
/// statically dispatched and specialised; a conforming type should be a small
/// trivial `struct` (a few machine words) that is cheap to copy and to undo by copying.
///
/// The rules split in two. A position knows everything its pieces decide: its legal
/// moves (none once the game is won on the board), wins, and the ply limit. Draws by
/// repetition depend on the history of the game, which a ``GameHistory`` keeps.
public protocol TwoPlayerGame: Sendable, Hashable, CustomStringConvertible {
    /// A move: a small value, compared by identity, that packs into 16 bits
    /// (transposition tables and search trees store it so).
    associatedtype Move: CompactMove

    /// The game's name on the command line, e.g. `tigers-goats`.
    static var name: String { get }

    /// A placeholder move that fills unused move-list storage.
    static var nullMove: Move { get }

    /// The name of a player's side, e.g. `goats`.
    static func sideName(_ player: Player) -> String

    /// The usual start position.
    init()

    /// Parses position text, throwing an error that names the problem.
    init(parsing text: String) throws(ParseError)

    /// The player to move.
    var sideToMove: Player { get }

    /// Plies played since the position was set up.
    var plyCount: Int { get }

    /// A Zobrist hash of the pieces and the side to move, updated incrementally.
    var hash: UInt64 { get }

    /// Appends every legal move to `moves`, in a fixed order. Appends nothing when
    /// the game is already won on the board or the side to move is stuck; ignores
    /// the ply limit and repetition (as perft does).
    func generateMoves(into moves: inout MoveList<Move>)

    /// The number of legal moves, as ``generateMoves(into:)`` would produce
    /// (perft counts its last ply with this).
    func moveCount() -> Int

    /// The number of positions two plies below (perft 2: each move's replies, summed),
    /// counted without playing any move where the game has a closed form for it; `nil`
    /// where it has none, and perft then plays each move and counts the replies with
    /// ``moveCount()``. Defaults to `nil`. Perft's speed lives here: a node two plies
    /// above the leaves then costs about one move count instead of one per child.
    func leafCountTwoPlies() -> Int?

    /// The number of positions three plies below, ``leafCountTwoPlies()`` summed over
    /// the children, where the game counts it itself (finding once what every child's
    /// closed form needs, making once the checks that hold for every child); `nil`
    /// where it does not (the default), and perft then sums the children's two-ply
    /// counts. A node three plies above the leaves is where perft spends its time
    /// between the closed forms: one call of the form a child.
    func leafCountThreePlies() -> Int?

    /// Calls `body` with the position after each legal move, in any order, each as
    /// ``playWithoutHash(_:)`` leaves it (the hash stale), and returns `true`; or
    /// returns `false` at once, calling nothing, where the game does not offer it (the
    /// default), and perft then plays a move list. For perft: a game that builds each
    /// child from its generator's bit sets needs no move list and no move encoding
    /// (benchmarks/c/perft_fast.c does the same).
    func forEachChildWithoutHash(_ body: (Self) -> Void) -> Bool

    /// Plays `move`, which must be legal here.
    mutating func play(_ move: Move)

    /// Passes the turn: the other side is to move and nothing else changes, the hash
    /// included. Not a move of the game: the "null move" of null-move pruning, which asks
    /// what the opponent could do if the side to move could pass. Returns `false`, and
    /// changes nothing, where the game does not offer it (the default).
    mutating func passTurn() -> Bool

    /// Plays `move` like ``play(_:)`` but may skip updating ``hash``, which is then
    /// stale (and so is `==`): for counting the tree of moves (perft), which never
    /// reads the hash. Only the pieces, counters and side to move are exact.
    /// Defaults to ``play(_:)``; a game whose hash costs a good part of a move
    /// (Tigers & Goats, Bagh-Chal: a SplitMix64 mix per key) implements it.
    mutating func playWithoutHash(_ move: Move)

    /// Whether `move` makes every earlier position unreachable (a capture, a
    /// placement from hand), so that repetition checks need not look further back.
    /// Repetition bookkeeping only; move ordering asks ``isCapture(_:)``. Defaults to `false`.
    func isIrreversible(_ move: Move) -> Bool

    /// Whether `move` is tactical: it changes the material (a capture). Searchers
    /// order these first and keep them out of killer and history tables. Not the same
    /// as ``isIrreversible(_:)``: a placement from hand is irreversible but quiet.
    func isCapture(_ move: Move) -> Bool

    /// The outcome if the game is over by the rules the position alone decides
    /// (wins, the ply limit); `nil` while it goes on. Repetition is ``GameHistory``'s.
    var outcome: Outcome? { get }

    /// The position text of docs/formats.md.
    var text: String { get }

    /// The notation of `move`, e.g. `b1-c2` or `d4xd6`.
    func notation(of move: Move) -> String

    /// Parses `text` as a move and checks that it is legal here.
    func parseMove(_ text: String) throws(ParseError) -> Move
}

extension TwoPlayerGame {
    @inlinable
    public func isIrreversible(_ move: Move) -> Bool { false }

    @inlinable @inline(__always)
    public mutating func playWithoutHash(_ move: Move) { play(move) }
    @inlinable
    public mutating func passTurn() -> Bool { false }

    @inlinable @inline(__always)
    public func leafCountTwoPlies() -> Int? { nil }

    @inlinable @inline(__always)
    public func leafCountThreePlies() -> Int? { nil }

    @inlinable @inline(__always)
    public func forEachChildWithoutHash(_ body: (Self) -> Void) -> Bool { false }

    @inlinable
    public func moveCount() -> Int {
        var moves = MoveList<Move>(filler: Self.nullMove)
        generateMoves(into: &moves)
        return moves.count
    }

    /// Whether `move` is legal here: one of ``generateMoves(into:)``'s (a referee's
    /// check of an agent's move; no array made).
    @inlinable
    public func isLegal(_ move: Move) -> Bool {
        MoveList(filler: Self.nullMove, generatedBy: generateMoves).contains(move)
    }

    /// The legal moves as an array (for tests and tools, not hot loops).
    @inlinable
    public var legalMoves: [Move] {
        MoveList(filler: Self.nullMove, generatedBy: generateMoves).array
    }

    public var description: String { text }

    /// An outcome in words: `goats win`, `tigers win` or `draw`.
    public static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .draw: return "draw"
        case .win(let p): return sideName(p) + " win"
        }
    }
}

/// A move that packs into 16 bits without loss; `raw == 0` is never a legal move
/// (tables use 0 for "no move").
public protocol CompactMove: BitwiseCopyable, Hashable, Sendable {
    /// The packed bits.
    var raw: UInt16 { get }
    /// The move of some packed bits (from ``raw``).
    init(raw: UInt16)
}
