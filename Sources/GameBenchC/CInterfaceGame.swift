import Boards
import Search
import Workbench

/// A game as the C interface offers it: a fixed integer action space and an
/// observation tensor, beside what ``WorkbenchGame`` already says (rules, agents).
///
/// One conformance per game in `Games/`; docs/c-interface.md tables them.
protocol CInterfaceGame: WorkbenchGame {
    /// A move of the game.
    associatedtype CMove

    /// How many action ids there are: ids are `0..<actionCount`.
    static var actionCount: Int64 { get }

    /// The layout of the ids in words (`gb_game_info`'s `action_space`).
    static var actionLayout: String { get }

    /// The observation's shape: planes, rows, columns.
    static var observationShape: (planes: Int, rows: Int, columns: Int) { get }

    /// The most moves a game can last under `rules` (chance events not counted).
    static func maxGameLength(_ rules: Rules) -> Int

    /// The least and greatest return a player can get under `rules`.
    static func utilityRange(_ rules: Rules) -> (min: Double, max: Double)

    /// The id of `move`.
    static func action(of move: CMove) -> Int64
}

extension CInterfaceGame {
    /// Floats in one observation.
    static var observationSize: Int { observationShape.planes * observationShape.rows * observationShape.columns }
}

/// A two-player game in the C interface.
protocol CTwoPlayerGame: CInterfaceGame, TwoPlayerWorkbenchGame where CMove == Move {
    /// Writes the observation planes of the position into `out` (observationSize floats).
    func writeObservation(_ out: UnsafeMutablePointer<Float>)
}

extension CTwoPlayerGame {
    static func utilityRange(_ rules: Rules) -> (min: Double, max: Double) { (-1, 1) }

    /// The players' returns: ±1 for a win, 0 for a draw or a game not over.
    static func returns(_ outcome: Outcome?) -> (Double, Double) {
        switch outcome {
        case nil, .draw?: return (0, 0)
        case .win(let p)?: return p == .first ? (1, -1) : (-1, 1)
        }
    }

    /// The legal move of id `action` here, or `nil`.
    @inline(__always)
    func move(forAction action: Int64, scratch moves: inout MoveList<Move>) -> Move? {
        moves.removeAll()
        generateMoves(into: &moves)
        return moves.withUnsafeMoves { list in list.first { Self.action(of: $0) == action } }
    }
}

/// A puzzle in the C interface: its moves as ids, and chance events a caller may
/// resolve (OpenSpiel's explicit chance) where the game can deal that way.
protocol CPuzzleGame: CInterfaceGame, PuzzleWorkbenchGame where CMove == Move {
    /// Writes the observation planes of the state into `out` (observationSize floats).
    func writeObservation(_ out: UnsafeMutablePointer<Float>)

    /// Whether the legal moves can be listed (not Balls!' taps).
    static var listsMoves: Bool { get }

    /// The move of id `action` if it is legal here.
    func move(forAction action: Int64) -> Move?

    /// The referee that takes over `state` (read from text), drawing from `seed`.
    static func referee(taking state: Self, seed: UInt64, rules: Rules) -> Referee

    /// The chance outcomes of the deal, dealt one by one, and how many: `nil` for a
    /// game that deals only from a seed (no explicit chance mode).
    static var dealDraws: (outcomes: [ChanceOutcome], count: Int)? { get }

    /// The state dealt by `draws` (``dealDraws``' count of them) under `rules`.
    static func dealt(_ draws: [ChanceOutcome], rules: Rules) -> Self

    /// The id of a chance outcome.
    static func chanceAction(_ outcome: ChanceOutcome) -> Int64

    /// A chance outcome in words (a coin's letter).
    static func chanceNotation(_ outcome: ChanceOutcome) -> String
}

extension CPuzzleGame {
    static var listsMoves: Bool { true }

    func move(forAction action: Int64) -> Move? {
        var moves = MoveList<Move>(filler: Self.nullMove)
        generateMoves(into: &moves)
        return moves.withUnsafeMoves { list in list.first { Self.action(of: $0) == action } }
    }
}
