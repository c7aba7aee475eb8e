import Boards
import Search

/// A tiny two-player game whose irreversible moves are not all captures, to check
/// that searchers order by ``TwoPlayerGame/isCapture(_:)`` and not by irreversibility.
///
/// Every turn the mover has the same three moves, generated in this order: `place`
/// (irreversible, quiet: like a Bagh-Chal goat placement), `step` (reversible, quiet)
/// and `take` (irreversible, a capture). The position is the counts of each; the game
/// is drawn after `length` plies, and nothing else ends it.
struct PlacementToy: TwoPlayerGame {
    struct Move: CompactMove {
        let raw: UInt16
        init(raw: UInt16) { self.raw = raw }
    }

    static let place = Move(raw: 1), step = Move(raw: 2), take = Move(raw: 3)
    static var length: Int { 6 }
    static var name: String { "placement-toy" }
    static var nullMove: Move { Move(raw: 0) }
    static func sideName(_ player: Player) -> String { player == .first ? "first" : "second" }

    var placed = 0, stepped = 0, taken = 0

    init() {}
    init(parsing text: String) throws(ParseError) {
        let n = text.split(separator: " ").compactMap { Int($0) }
        guard n.count == 3 else { throw ParseError("expected three counts") }
        (placed, stepped, taken) = (n[0], n[1], n[2])
    }

    var plyCount: Int { placed + stepped + taken }
    var sideToMove: Player { plyCount % 2 == 0 ? .first : .second }
    var hash: UInt64 { SplitMix64.mix(UInt64(placed) | UInt64(stepped % 2) << 16 | UInt64(taken) << 32 | UInt64(plyCount % 2) << 48) }
    var outcome: Outcome? { plyCount >= Self.length ? .draw : nil }
    var text: String { "\(placed) \(stepped) \(taken)" }

    func generateMoves(into moves: inout MoveList<Move>) {
        guard outcome == nil else { return }
        moves.append(Self.place); moves.append(Self.step); moves.append(Self.take)
    }

    mutating func play(_ move: Move) {
        switch move.raw {
        case 1: placed += 1
        case 2: stepped += 1
        default: taken += 1
        }
    }

    func isIrreversible(_ move: Move) -> Bool { move != Self.step }
    func isCapture(_ move: Move) -> Bool { move == Self.take }
    func notation(of move: Move) -> String { ["-", "place", "step", "take"][Int(move.raw)] }
    func parseMove(_ text: String) throws(ParseError) -> Move {
        guard let i = ["place", "step", "take"].firstIndex(of: text) else { throw ParseError("unknown move \(text)") }
        return Move(raw: UInt16(i + 1))
    }
}

/// Every position is worth the same, so a search returns the first move it orders.
struct FlatToyEvaluator: Evaluator {
    typealias Game = PlacementToy
    static var defaultWeights: HeuristicWeights { HeuristicWeights([:]) }
    init(weights: HeuristicWeights = FlatToyEvaluator.defaultWeights) {}
    func evaluate(_ position: PlacementToy) -> Int { 0 }
}
