import XCTest
import Boards
@testable import Search

/// The generic puzzle agents on Dice Bets (ToyPuzzle.swift), a puzzle they were not
/// written for: they play it to the end legally, and expectimax finds the bet of best
/// expected value computed by hand.
final class PuzzleAgentToyTests: XCTestCase {
    static let evaluator = DiceBetsEvaluator(weights: DiceBetsEvaluator.defaultWeights)

    /// Plays `games` games with fresh agents from `make`; every bet must be legal and
    /// every game must last its turns. Returns the mean score.
    @discardableResult
    func assertPlaysLegally<A: PuzzleAgent<DiceBets>>(_ make: (UInt64) -> A, games: Int = 20, turns: Int = 6,
                                                     file: StaticString = #filePath, line: UInt = #line) -> Double {
        var total = 0
        for g in 0..<games {
            var agent = make(UInt64(g))
            var bets = 0
            let end = playDiceBets(&agent, turns: turns, seed: UInt64(1000 + g)) { state, bet in
                guard let bet else { return XCTFail("no bet in \(state.text)", file: file, line: line) }
                XCTAssertTrue(state.legalMoves.contains(bet), "\(bet) in \(state.text)", file: file, line: line)
                bets += 1
            }
            XCTAssertTrue(end.isOver, "game \(g) ends at \(end.text)", file: file, line: line)
            XCTAssertEqual(bets, turns, "game \(g)", file: file, line: line)
            total += end.score
        }
        return Double(total) / Double(games)
    }

    func testEveryGenericAgentPlaysTheToyPuzzleToTheEnd() {
        let e = Self.evaluator
        assertPlaysLegally { PuzzleRandomAgent<DiceBets>(spec: "random", seed: $0) }
        assertPlaysLegally { PuzzleGreedyAgent(spec: "greedy", evaluator: e, seed: $0) }
        assertPlaysLegally { PuzzleExpectimaxAgent(spec: "expectimax", evaluator: e, budget: SearchBudget(depth: 2),
                                                   samples: 8, width: 3, seed: $0) }
        for rollout in [0, 2] {
            assertPlaysLegally { PuzzleMCTSAgent(spec: "mcts", evaluator: e, budget: SearchBudget(playouts: 100),
                                                 exploration: 2, width: 3, rolloutTurns: rollout, seed: $0) }
        }
    }

    /// The random agent, on the default `randomMove`, bets each way about a third of the time.
    func testRandomAgentOnTheDefaultRandomMoveBetsUniformly() {
        var agent = PuzzleRandomAgent<DiceBets>(spec: "random", seed: 7)
        var counts: [DiceBets.Bet: Int] = [:]
        for _ in 0..<3000 { counts[agent.selectMove(DiceBets(turns: 1)).move!, default: 0] += 1 }
        for bet in DiceBets.Bet.allCases {
            // Binomial(3000, 1/3): sd ≈ 26, so ±130 is 5 sd.
            XCTAssertEqual(Double(counts[bet, default: 0]), 1000, accuracy: 130, "\(bet)")
        }
    }

    /// Greedy sees the sure point only (the default immediate value plays the bet on a
    /// copy: the sure bet has scored, the others wait for the roll).
    func testGreedyTakesTheSurePoint() {
        var agent = PuzzleGreedyAgent(spec: "greedy", evaluator: Self.evaluator, seed: 1)
        let r = agent.selectMove(DiceBets(turns: 3))
        XCTAssertEqual(r.move, .sure)
        XCTAssertEqual(r.value, 1)
    }

    /// One turn left: `high` is worth 2.5 in expectation, `six` 1.5, `sure` 1. With
    /// 20,000 sampled rolls per bet the estimate of `high` has sd ≈ 2.57/√20000 ≈ 0.018,
    /// far inside the 1-point gap; the value is a mean of integer points, within 0.06
    /// (3 sd) of 2.5.
    func testExpectimaxPicksTheBetOfBestExpectedValue() {
        let samples = 20_000
        var agent = PuzzleExpectimaxAgent(spec: "expectimax", evaluator: Self.evaluator, budget: SearchBudget(depth: 1),
                                          samples: samples, width: 3, seed: 5)
        let r = agent.selectMove(DiceBets(turns: 1))
        XCTAssertEqual(r.move, .high)
        let value = r.value!
        XCTAssertEqual(value, 2.5, accuracy: 0.06)
        XCTAssertEqual(value * Double(samples), (value * Double(samples)).rounded(), accuracy: 1e-6,
                       "a mean of whole points")
    }

    /// Two turns, searched to the end: the best is `high` twice, 2.5 + 2.5 = 5 (then
    /// `sure` first is worth 1 + 2.5 = 3.5, `six` first 1.5 + 2.5 = 4). With 200
    /// samples at each level the root estimate has sd ≈ 2.57/√200 ≈ 0.18 plus a small
    /// upward bias from the maximum over noisy second-turn estimates; 0.55 is 3 sd.
    func testExpectimaxTwoTurnsDeepAddsTheExpectationsOfBothTurns() {
        var agent = PuzzleExpectimaxAgent(spec: "expectimax", evaluator: Self.evaluator, budget: SearchBudget(depth: 2),
                                          samples: 200, width: 3, seed: 6)
        let r = agent.selectMove(DiceBets(turns: 2))
        XCTAssertEqual(r.move, .high)
        XCTAssertEqual(r.value!, 5, accuracy: 0.55, "\(r.value!)")
    }

    /// With the leaf evaluation worth `perTurn` per turn left, a one-turn search of two
    /// turns adds it once: 2.5 + 0.75.
    func testExpectimaxAddsTheEvaluationAtItsDepth() throws {
        var weights = DiceBetsEvaluator.defaultWeights
        try weights.set("perTurn", to: 0.75)
        var agent = PuzzleExpectimaxAgent(spec: "expectimax", evaluator: DiceBetsEvaluator(weights: weights),
                                          budget: SearchBudget(depth: 1), samples: 20_000, width: 3, seed: 5)
        let r = agent.selectMove(DiceBets(turns: 2))
        XCTAssertEqual(r.move, .high)
        XCTAssertEqual(r.value!, 3.25, accuracy: 0.06)
    }

    /// MCTS, with enough playouts to tell the bets apart, bets `high` too; and over
    /// whole games the searchers outscore greedy's one point a turn.
    func testSearchersOutscoreGreedyOverWholeGames() {
        var mcts = PuzzleMCTSAgent(spec: "mcts", evaluator: Self.evaluator, budget: SearchBudget(playouts: 3000),
                                   exploration: 2, width: 3, rolloutTurns: 0, seed: 3)
        XCTAssertEqual(mcts.selectMove(DiceBets(turns: 1)).move, .high)

        let e = Self.evaluator
        let greedy = assertPlaysLegally({ PuzzleGreedyAgent(spec: "greedy", evaluator: e, seed: $0) }, games: 50)
        XCTAssertEqual(greedy, 6, "greedy bets sure: one point a turn")
        // 50 games of 6 turns at 2.5 a turn: mean 15, sd of the mean ≈ 2.57·√6/√50 ≈ 0.9.
        let expectimax = assertPlaysLegally({
            PuzzleExpectimaxAgent(spec: "expectimax", evaluator: e, budget: SearchBudget(depth: 1),
                                  samples: 200, width: 3, seed: $0)
        }, games: 50)
        XCTAssertGreaterThan(expectimax, 11)
    }
}
