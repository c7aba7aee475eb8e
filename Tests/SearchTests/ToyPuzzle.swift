import Boards
import Search

/// Dice Bets, a toy puzzle defined only here, to show that a new puzzle gets every
/// generic agent by conforming to ``StochasticPuzzle`` and writing an evaluator.
///
/// Each turn the player bets, then a six-sided die is rolled (a chance event every
/// turn): `sure` scores 1 at once whatever the roll; `high` scores the roll if it is
/// 4 or more (expected 15/6 = 2.5); `six` scores 9 on a 6 (expected 1.5). So greedy,
/// which sees only sure points, bets `sure`, and the best bet in expectation is
/// `high`: 2.5 points a turn, 2.5 × turns for a game.
///
/// It overrides none of the protocol's defaults (chance outcomes by index, the random
/// move, the evaluator's immediate value), so the agents run on those.
struct DiceBets: StochasticPuzzle {
    enum Bet: UInt8, CaseIterable, BitwiseCopyable, Hashable, Sendable {
        case sure, high, six
    }
    typealias Move = Bet
    typealias ChanceOutcome = Int

    var turnsLeft: Int
    var score: Int
    /// The bet waiting for its roll, at a chance node.
    var pending: Bet?

    init(turns: Int, score: Int = 0) {
        turnsLeft = turns
        self.score = score
    }

    static var name: String { "dice-bets" }
    static var nullMove: Bet { .sure }

    /// `TURNS SCORE [BET]`, the bet when its roll is due.
    init(parsing text: String) throws(ParseError) {
        let fields = text.split(separator: " ").map(String.init)
        guard fields.count == 2 || fields.count == 3, let turns = Int(fields[0]), let score = Int(fields[1]),
              turns >= 0, score >= 0 else { throw ParseError("expected TURNS SCORE [BET], got '\(text)'") }
        self.init(turns: turns, score: score)
        if fields.count == 3 {
            guard let bet = Bet.allCases.first(where: { "\($0)" == fields[2] }) else {
                throw ParseError("unknown bet '\(fields[2])'")
            }
            pending = bet
        }
    }

    var isChanceNode: Bool { pending != nil }
    var isOver: Bool { turnsLeft == 0 && !isChanceNode }
    var chanceOutcomes: [Int] { isChanceNode ? Array(1...6) : [] }

    mutating func applyChance(_ roll: Int) {
        switch pending {
        case .high?: if roll >= 4 { score += roll }
        case .six?: if roll == 6 { score += 9 }
        case .sure?, nil: break
        }
        pending = nil
    }

    func generateMoves(into moves: inout MoveList<Bet>) {
        guard !isChanceNode && turnsLeft > 0 else { return }
        for bet in Bet.allCases { moves.append(bet) }
    }

    mutating func play(_ bet: Bet) {
        turnsLeft -= 1
        if bet == .sure { score += 1 }
        pending = bet
    }

    var text: String { "\(turnsLeft) \(score)" + (pending.map { " \($0)" } ?? "") }

    func notation(of bet: Bet) -> String { "\(bet)" }

    func parseMove(_ text: String) throws(ParseError) -> Bet {
        guard let bet = Bet.allCases.first(where: { "\($0)" == text }) else { throw ParseError("unknown bet '\(text)'") }
        guard !isChanceNode && turnsLeft > 0 else { throw ParseError("no bet is legal in '\(self.text)'") }
        return bet
    }
}

/// Dice Bets' evaluation: `perTurn` points for each turn left (0 by default: values
/// are then points only).
struct DiceBetsEvaluator: PuzzleEvaluator {
    static let defaultWeights = HeuristicWeights(["perTurn": 0])
    let perTurn: Double

    init(weights: HeuristicWeights) { perTurn = weights["perTurn"] }

    func evaluate(_ state: DiceBets) -> Double { perTurn * Double(state.turnsLeft) }
}

/// Plays a game of Dice Bets with `agent`, rolling the dice from the referee's stream
/// `seed`; returns the game's bets and its last state.
func playDiceBets<A: PuzzleAgent<DiceBets>>(_ agent: inout A, turns: Int, seed: UInt64,
                                            check: (DiceBets, DiceBets.Bet?) -> Void) -> DiceBets {
    var dice = SplitMix64(seed: seed)
    var state = DiceBets(turns: turns)
    while !state.isOver {
        let move = agent.selectMove(state).move
        check(state, move)
        guard let move else { break }
        state.play(move)
        let rolls = state.chanceOutcomes
        state.applyChance(rolls[dice.next(below: rolls.count)])
    }
    return state
}
