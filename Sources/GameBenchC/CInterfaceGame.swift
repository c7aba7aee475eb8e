import Boards
import Search
import Workbench

/// A game as the C interface offers it: a fixed integer action space and an
/// observation tensor, beside what ``WorkbenchGame`` already says (rules, agents).
///
/// One conformance per game in `Games/`; docs/c-interface.md tables them.
protocol CInterfaceGame: WorkbenchGame {
    /// A move of the game.
    associatedtype CMove: BitwiseCopyable & Sendable

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

    /// Writes the ids of `moves`, ascending, into `out` (at most `capacity`; nothing when
    /// `out` is nil) and returns how many there are.
    @inline(__always)
    static func writeActions(of moves: borrowing MoveList<CMove>, into out: UnsafeMutablePointer<Int64>?,
                             capacity: Int) -> Int {
        let count = moves.count
        guard let out else { return count }
        if count <= capacity {
            moves.withUnsafeMoves { list in for i in 0..<count { out[i] = action(of: list[i]) } }
            sortAscending(out, count, below: actionCount)
        } else {
            let ids = moves.withUnsafeMoves { list in list.map(action) }.sorted()
            for i in 0..<capacity { out[i] = ids[i] }
        }
        return count
    }

    /// Sets to 1 the bytes of `mask` at the ids of `moves`.
    @inline(__always)
    static func mark(_ moves: borrowing MoveList<CMove>, in mask: UnsafeMutablePointer<UInt8>) {
        moves.withUnsafeMoves { list in for m in list { mask[Int(action(of: m))] = 1 } }
    }

    /// The move of `moves` whose id is `action`, or `nil`.
    @inline(__always)
    static func move(withAction action: Int64, in moves: borrowing MoveList<CMove>) -> CMove? {
        moves.withUnsafeMoves { list in list.first { Self.action(of: $0) == action } }
    }
}

/// A two-player game in the C interface.
///
/// The three calls of every game loop are requirements with default implementations
/// below: each game's witness is compiled for that game (specialised), so the boxes,
/// generic over the game and reached through a protocol, call fully specialised code
/// without looking up generic metadata per call (which cost more than the work).
protocol CTwoPlayerGame: CInterfaceGame, TwoPlayerWorkbenchGame where CMove == Move {
    /// Writes the observation planes of the position into `out` (observationSize floats).
    func writeObservation(_ out: UnsafeMutablePointer<Float>)

    /// The player to move in `game`, -4 once it is over.
    static func player(in game: inout GameHistory<Self>) -> Int32

    /// Writes `game`'s legal actions, ascending, into `out` (at most `capacity`) and
    /// returns how many there are.
    static func legalActions(in game: inout GameHistory<Self>, scratch: inout MoveList<Move>,
                             into out: UnsafeMutablePointer<Int64>?, capacity: Int) -> Int

    /// Plays `action` in `game`: the player to move after it, and what it earned its mover.
    static func step(_ game: inout GameHistory<Self>, _ action: Int64,
                     scratch: inout MoveList<Move>) throws(Failure) -> (player: Int32, reward: Double)
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

    static func player(in game: inout GameHistory<Self>) -> Int32 {
        game.outcome != nil ? -4 : Int32(game.position.sideToMove.rawValue)
    }

    static func legalActions(in game: inout GameHistory<Self>, scratch: inout MoveList<Move>,
                             into out: UnsafeMutablePointer<Int64>?, capacity: Int) -> Int {
        guard game.outcome == nil else { return 0 }
        scratch.removeAll()
        game.position.generateMoves(into: &scratch)
        return writeActions(of: scratch, into: out, capacity: capacity)
    }

    static func step(_ game: inout GameHistory<Self>, _ action: Int64,
                     scratch: inout MoveList<Move>) throws(Failure) -> (player: Int32, reward: Double) {
        if let o = game.outcome { throw .state("the game is over (\(describe(o))): no action is legal") }
        guard let move = game.position.move(forAction: action, scratch: &scratch) else {
            guard (0..<actionCount).contains(action) else {
                throw Failure(.action, "action \(action) is not an action of \(name) (0...\(actionCount - 1))")
            }
            throw Failure(.action, "action \(action) is not legal in \(name) position \(game.position.text)")
        }
        let mover = game.position.sideToMove
        game.play(move)
        switch game.outcome {
        case nil: return (Int32(game.position.sideToMove.rawValue), 0)
        case .draw?: return (-4, 0)
        case .win(let p)?: return (-4, p == mover ? 1 : -1)
        }
    }

    /// The legal move of id `action` here, or `nil`.
    @inline(__always)
    func move(forAction action: Int64, scratch moves: inout MoveList<Move>) -> Move? {
        moves.removeAll()
        generateMoves(into: &moves)
        return Self.move(withAction: action, in: moves)
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
        return Self.move(withAction: action, in: moves)
    }
}
