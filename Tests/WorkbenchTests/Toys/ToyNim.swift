import Boards
import Search
import Workbench

/// Nim, defined only here: a pile of stones, each player takes 1 to 3, and whoever
/// takes the last stone wins. A two-player game a library user might add, to show
/// that a game outside the registry runs in a tournament with the generic agents
/// (`random`, `greedy`, `alphabeta`, `mcts` over its evaluation) as what it is.
struct ToyNim: TwoPlayerWorkbenchGame {
    typealias Format = ColourSwappedPairs<ToyNim>
    struct Move: CompactMove {
        let raw: UInt16
        init(raw: UInt16) { self.raw = raw }
    }

    struct Rules: Sendable, Equatable, Codable {
        var stones: Int
    }

    static var name: String { "toy-nim" }
    static var title: String { "Toy Nim" }
    static var moveSummary: String { "taking 1 to 3 stones" }
    static var nullMove: Move { Move(raw: 0) }
    static var defaultRules: Rules { Rules(stones: 15) }
    static var ruleParameters: [Parameter] {
        [Parameter("stones", .integer(1...200), default: .integer(defaultRules.stones), help: "stones at the start")]
    }
    static func rules(_ values: RuleValues) throws(WorkbenchError) -> Rules { Rules(stones: values.int("stones")) }
    static var defaultAgents: [String] { ["random", "alphabeta:depth=6"] }
    static func sideName(_ player: Player) -> String { player == .first ? "first" : "second" }
    static func start(_ rules: Rules) -> ToyNim { ToyNim(stones: rules.stones) }
    static func position(parsing text: String, rules: Rules) throws(ParseError) -> ToyNim { try ToyNim(parsing: text) }
    static func board(_ position: ToyNim, color: Bool) -> String { position.text }

    typealias Evaluator = ToyNimEvaluator

    var stones: Int
    var plyCount = 0

    init() { self.init(stones: Self.defaultRules.stones) }
    init(stones: Int) { self.stones = stones }
    init(parsing text: String) throws(ParseError) {
        guard let n = NumberText.wholeNumber(text), n >= 0 else { throw ParseError("expected a number of stones, got '\(text)'") }
        stones = n
    }

    var sideToMove: Player { plyCount % 2 == 0 ? .first : .second }
    var hash: UInt64 { SplitMix64.mix(UInt64(stones) << 1 | UInt64(plyCount % 2)) }
    /// The player who took the last stone has won.
    var outcome: Outcome? { stones == 0 ? .win(sideToMove.opponent) : nil }
    var text: String { String(stones) }

    func generateMoves(into moves: inout MoveList<Move>) {
        guard stones > 0 else { return }
        for take in 1...min(3, stones) { moves.append(Move(raw: UInt16(take))) }
    }

    mutating func play(_ move: Move) {
        stones -= Int(move.raw)
        plyCount += 1
    }

    func isCapture(_ move: Move) -> Bool { false }
    func notation(of move: Move) -> String { "take\(move.raw)" }
    func parseMove(_ text: String) throws(ParseError) -> Move {
        guard text.hasPrefix("take"), let n = NumberText.wholeNumber(text.dropFirst(4)), (1...min(3, stones)).contains(n) else {
            throw ParseError("illegal move '\(text)'")
        }
        return Move(raw: UInt16(n))
    }
}

/// Nim's evaluation: a pile that is a multiple of 4 is lost for the side to move.
struct ToyNimEvaluator: Evaluator {
    typealias Game = ToyNim
    static let defaultWeights = HeuristicWeights(["lost": 100])
    let lost: Double
    init(weights: HeuristicWeights = Self.defaultWeights) { lost = weights["lost"] }
    func evaluate(_ p: ToyNim) -> Int { p.stones % 4 == 0 ? -Int(lost) : Int(lost) }
}
