import Boards
import Search
import Workbench

/// Flips, a one-player puzzle defined only here: each of `turns` turns the player
/// takes `safe` (1 point) or `flip` (a coin is tossed: 3 points on heads, none on
/// tails, 1.5 expected). Chance at every turn, drawn by its referee from the deal's
/// seed. A puzzle a library user might add, to show that a game outside the
/// registry runs in a puzzle tournament with the generic agents as what it is.
struct ToyFlips: PuzzleWorkbenchGame {
    typealias Format = SharedDeals<ToyFlips>
    enum Choice: UInt8, BitwiseCopyable, Hashable, Sendable { case safe, flip }
    typealias Move = Choice
    typealias ChanceOutcome = Bool
    typealias Rules = NoRules
    typealias Referee = ToyFlipsReferee

    static var turns: Int { 8 }
    static var name: String { "toy-flips" }
    static var title: String { "Toy Flips" }
    static var chance: Chance { .everyTurn }
    static var moveSummary: String { "safe or flip" }
    static var nullMove: Choice { .safe }
    static var defaultRules: NoRules { NoRules() }
    static var ruleParameters: [Parameter] { [] }
    static func rules(_ values: RuleValues) throws(WorkbenchError) -> NoRules { NoRules() }
    static var defaultAgents: [String] { ["random", "greedy", "expectimax"] }
    static var agentCatalog: AgentCatalog<any PuzzleAgent<ToyFlips>> { PuzzleAgents<ToyFlipsEvaluator>.catalog }
    static func board(_ state: ToyFlips) -> String { state.text }

    var turnsLeft = ToyFlips.turns
    var score = 0
    var tossDue = false

    init() {}
    init(parsing text: String) throws(ParseError) { throw ParseError("toy-flips has no position text") }

    var isChanceNode: Bool { tossDue }
    var isOver: Bool { turnsLeft == 0 && !tossDue }
    var chanceOutcomes: [Bool] { tossDue ? [false, true] : [] }
    mutating func applyChance(_ heads: Bool) {
        if heads { score += 3 }
        tossDue = false
    }
    func generateMoves(into moves: inout MoveList<Choice>) {
        guard !isOver, !tossDue else { return }
        moves.append(.safe)
        moves.append(.flip)
    }
    mutating func play(_ choice: Choice) {
        turnsLeft -= 1
        if choice == .safe { score += 1 } else { tossDue = true }
    }
    var text: String { "\(turnsLeft) \(score)" }
    func notation(of choice: Choice) -> String { choice == .safe ? "safe" : "flip" }
    func parseMove(_ text: String) throws(ParseError) -> Choice {
        guard !isOver, !tossDue, let c = ["safe": Choice.safe, "flip": .flip][text] else { throw ParseError("illegal move '\(text)'") }
        return c
    }
}

/// The referee of Flips: tosses every coin from the deal's seed.
struct ToyFlipsReferee: PuzzleReferee {
    private(set) var state = ToyFlips()
    private var coin: SplitMix64
    init(seed: UInt64, rules: NoRules = NoRules()) { coin = SplitMix64(seed: seed) }
    mutating func play(_ move: ToyFlips.Choice) {
        state.play(move)
        while state.isChanceNode { state.applyChance(coin.next(below: 2) == 1) }
    }
}

/// Flips has nothing to evaluate beyond the points: every state is worth 0 more.
struct ToyFlipsEvaluator: PuzzleEvaluator {
    static let defaultWeights = HeuristicWeights([:])
    init(weights: HeuristicWeights) {}
    func evaluate(_ state: ToyFlips) -> Double { 0 }
}
