import XCTest
@testable import Boards
@testable import Search

/// Coin Sorter agents: expectimax against hand-computed expectations, greedy and
/// random agents, and determinism under a seed.
final class CoinSorterAgentTests: XCTestCase {
    /// Weights that make every leaf worth 0: values are then points only.
    static let zeroWeights: HeuristicWeights = {
        var w = CoinSorterEvaluator.defaultWeights
        for name in w.names { try! w.set(name, to: 0) }
        return w
    }()

    static func weights(four: Double = 0, three: Double = 0, double: Double = 0) -> HeuristicWeights {
        var w = CoinSorterEvaluator.defaultWeights
        try! w.set("four", to: four); try! w.set("three", to: three); try! w.set("double", to: double)
        return w
    }

    /// Row 1 holds four triangles; the fifth is on c3, so e1:c3 is the only swap that
    /// completes a line (every other line holds at most 3 of a kind). After it, rows
    /// 2-5 of every column hold two kinds at least, so a refilled row 1 can complete
    /// no column: the only cascade is row 1 coming back all one kind.
    static let oneSwapRow = "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC"

    /// Row 1 holds three triangles; every other line holds at most 2 of each kind.
    /// A swap moves at most one coin into a line, so no swap completes a line, and two
    /// swaps complete row 1 only (bring two of the four outer triangles to d1 and e1).
    static let twoSwapRow = "TTTSS/TSCCS/STSCC/SCSTC/CSCST"

    /// Points a swap scores for sure (lines complete right after it, before refills).
    func certainPoints(_ s: CoinSorter, _ swap: CoinSorter.Swap) -> Int { s.linesCompleted(by: swap) }

    var allSwaps: [CoinSorter.Swap] {
        (0..<24).flatMap { a in ((a + 1)..<25).map { CoinSorter.Swap(a, $0) } }
    }

    func testHandBuiltBoardsAreAsDescribed() throws {
        let one = try coinSorter(Self.oneSwapRow + " 1 7")
        let scoring = allSwaps.filter { certainPoints(one, $0) > 0 }
        XCTAssertEqual(scoring, [try one.parseMove("e1:c3")])
        XCTAssertEqual(certainPoints(one, scoring[0]), 1)
        // After e1:c3 no column can be completed by any refill of row 1.
        let after = one.exchanging(scoring[0])
        for column in 0..<5 {
            let kinds = Set((1..<5).map { after.coin(at: $0 * 5 + column) })
            XCTAssertGreaterThan(kinds.count, 1, "column \(column) below row 1 is one kind")
        }

        let two = try coinSorter(Self.twoSwapRow + " 2 0")
        XCTAssertTrue(allSwaps.allSatisfy { certainPoints(two, $0) == 0 })
        var best = 0
        for first in allSwaps {
            let b = two.exchanging(first)
            for second in allSwaps { best = max(best, certainPoints(b, second)) }
        }
        XCTAssertEqual(best, 1, "two swaps complete at most one line")
    }

    // MARK: - Expectimax against hand-computed values

    /// 1 turn left: e1:c3 scores 1 for sure. A refill of row 1 comes back all one kind
    /// with probability 3/3⁵ = 1/81, and again after each such cascade, so the expected
    /// value is 1 + Σ (1/81)ⁿ = 1 + 1/80. The agent averages `samples` sampled refills:
    /// its value is 1 + C/samples for C cascade points in total, an exact multiple.
    /// Tolerance: a sample's cascade points have standard deviation ≈ 0.112, so the mean
    /// of 4,000 has ≈ 0.0018; 0.01 is more than 5 of those.
    func testExpectimaxOneTurnValueIsPointPlusExpectedCascade() throws {
        let s = try coinSorter(Self.oneSwapRow + " 1 7")
        let samples = 4_000
        for (weights, width) in [(Self.zeroWeights, 1), (CoinSorterEvaluator.defaultWeights, 12)] {
            var agent = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: weights),
                                        budget: SearchBudget(depth: 1), samples: samples, width: width, seed: 42)
            let r = agent.selectMove(s)
            XCTAssertEqual(r.move, try s.parseMove("e1:c3"))
            let value = try XCTUnwrap(r.value)
            // The game ends after this turn, so the leaf evaluation never counts.
            XCTAssertGreaterThanOrEqual(value, 1, "\(weights)")
            let cascades = (value - 1) * Double(samples)
            XCTAssertEqual(cascades, cascades.rounded(), accuracy: 1e-6, "a whole number of cascade points")
            XCTAssertEqual(value, 1 + 1.0 / 80, accuracy: 0.01, "\(weights)")
        }
    }

    /// The beam keeps the swaps that score: with the default weights a2:b4 leaves more
    /// potential (two lines of four) than e1:c3, but on the last turn potential is
    /// worth nothing and e1:c3 is the only swap that scores.
    func testExpectimaxOnTheLastTurnKeepsTheScoringSwap() throws {
        let s = try coinSorter(Self.oneSwapRow + " 1 0")
        for seed: UInt64 in [1, 2] {
            var agent = ExpectimaxAgent(budget: SearchBudget(depth: 2), seed: seed)
            let r = agent.selectMove(s)
            XCTAssertEqual(r.move, try s.parseMove("e1:c3"), "got \(r.move.map(s.notation(of:)) ?? "-")")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(r.value), 1)
        }
    }

    /// With no line completable by any swap, a 1-turn search is worth exactly 0.
    func testExpectimaxValueIsZeroWhenNothingCanScore() throws {
        let s = try coinSorter(Self.twoSwapRow + " 1 3")
        var agent = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: Self.zeroWeights),
                                    budget: SearchBudget(depth: 1), seed: 1)
        XCTAssertEqual(agent.selectMove(s).value, 0)
    }

    /// 2 turns, depth 1: no swap scores, so the value is the best leaf evaluation.
    /// With only `four` = 1, a leaf is worth its lines of four with a fifth coin
    /// available: one swap can make row 1 such a line and no other (other lines hold
    /// at most 2 of a kind, and a swap adds at most one coin to a line): exactly 1.
    /// With all weights 0 it is exactly 0.
    func testExpectimaxDepthOneTwoTurnsValueIsTheBestLeafEvaluation() throws {
        let s = try coinSorter(Self.twoSwapRow + " 2 0")
        var fours = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: Self.weights(four: 1)),
                                    budget: SearchBudget(depth: 1), seed: 1)
        let r = fours.selectMove(s)
        XCTAssertEqual(r.value, 1)
        let m = try XCTUnwrap(r.move)
        XCTAssertTrue([3, 4].contains(Int(m.first)), "the swap brings a triangle to d1 or e1: \(s.notation(of: m))")
        XCTAssertEqual(s.exchanging(m).coin(at: Int(m.first)), .triangle)

        var zero = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: Self.zeroWeights),
                                   budget: SearchBudget(depth: 1), seed: 1)
        XCTAssertEqual(zero.selectMove(s).value, 0)
    }

    /// 2 turns, depth 2, all weights 0: the best plan completes row 1 on the second turn
    /// (1 point for sure, at most 1 by the board) and nothing on the first, so the value
    /// is 1 plus sampled cascades. Each of the 24 completing swap pairs gets its own
    /// sample mean, and the search keeps the largest, so the value is 1 + C/samples
    /// for a whole C, biased up a little. Tolerance: with 100 samples a mean exceeds
    /// 0.2 only with 20 cascades where 1.25 are expected (probability below 1e-15).
    func testExpectimaxTwoTurnsFindsTheTwoSwapLine() throws {
        let s = try coinSorter(Self.twoSwapRow + " 2 0")
        let samples = 100
        // Zero weights rank all first swaps equal, so search them all (width 300).
        var agent = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: Self.zeroWeights),
                                    budget: SearchBudget(depth: 2), samples: samples, width: 300, seed: 9)
        let r = agent.selectMove(s)
        let value = try XCTUnwrap(r.value)
        XCTAssertGreaterThanOrEqual(value, 1)
        XCTAssertLessThanOrEqual(value, 1.2)
        let cascades = (value - 1) * Double(samples)
        XCTAssertEqual(cascades, cascades.rounded(), accuracy: 1e-6)
        let m = try XCTUnwrap(r.move)
        XCTAssertEqual(s.exchanging(m).coin(at: Int(m.first)), .triangle, "first swap \(s.notation(of: m))")
        XCTAssertTrue([3, 4].contains(Int(m.first)), "first swap \(s.notation(of: m))")

        // Depth 1 sees only the first turn, where nothing scores: exactly 0.
        var shallow = ExpectimaxAgent(evaluator: CoinSorterEvaluator(weights: Self.zeroWeights),
                                      budget: SearchBudget(depth: 1), samples: samples, width: 300, seed: 9)
        XCTAssertEqual(shallow.selectMove(s).value, 0)
    }

    func testExpectimaxDoesNotMoveOnAFinishedGame() throws {
        let s = try coinSorter(Self.oneSwapRow + " 0 4")
        XCTAssertTrue(s.isOver)
        var agent = ExpectimaxAgent(seed: 1)
        XCTAssertNil(agent.selectMove(s).move)
    }

    // MARK: - Greedy and random

    func testGreedyWithZeroWeightsTakesTheScoringSwap() throws {
        let s = try coinSorter(Self.oneSwapRow + " 3 0")
        var agent = try CoinSorterAgents.make("greedy:w.four=0,w.three=0,w.double=0", seed: 3)
        XCTAssertEqual(agent.selectMove(s).move, try s.parseMove("e1:c3"))
    }

    /// Greedy (documented: "the swap with the most immediate points, then the best board
    /// potential") takes a sure point even where another swap leaves more potential:
    /// with the default weights a2:b4 leaves two lines of four (potential 2.28 with
    /// many turns left) but scores nothing, e1:c3 scores 1.
    func testGreedyPrefersPointsThenPotential() throws {
        let evaluator = CoinSorterEvaluator()
        for text in [Self.oneSwapRow + " 3 0", Self.oneSwapRow + " 10 0", Self.twoSwapRow + " 3 0",
                     "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0"] {
            let s = try coinSorter(text)
            let scored = allSwaps.map { (points: certainPoints(s, $0), potential: evaluator.evaluate(s.exchanging($0))) }
            let mostPoints = scored.map(\.points).max()!
            let bestPotential = scored.filter { $0.points == mostPoints }.map(\.potential).max()!
            for seed: UInt64 in [4, 5] {
                var agent = CoinSorterGreedyAgent(evaluator: evaluator, seed: seed)
                let m = try XCTUnwrap(agent.selectMove(s).move)
                XCTAssertEqual(certainPoints(s, m), mostPoints, "\(s.notation(of: m)) in \(text)")
                XCTAssertEqual(evaluator.evaluate(s.exchanging(m)), bestPotential, accuracy: 1e-9,
                               "\(s.notation(of: m)) in \(text)")
            }
        }
    }

    func testRandomAgentPlaysTwoDifferentCells() throws {
        var agent = try CoinSorterAgents.make("random", seed: 5)
        let s = try coinSorter(Self.oneSwapRow + " 3 0")
        for _ in 0..<50 {
            let m = try XCTUnwrap(agent.selectMove(s).move)
            XCTAssertLessThan(m.first, m.second)
            XCTAssertLessThan(m.second, 25)
        }
    }

    // MARK: - Determinism

    /// Plays `turns` turns of the referee's game `gameSeed` with the agent of `spec`,
    /// recording each swap and value.
    func playGame(_ spec: String, agentSeed: UInt64, gameSeed: UInt64, turns: Int) throws -> [String] {
        var agent = try CoinSorterAgents.make(spec, seed: agentSeed)
        var referee = CoinSorterReferee(seed: gameSeed)
        var record: [String] = []
        for _ in 0..<turns where !referee.state.isOver {
            let r = agent.selectMove(referee.state)
            let m = try XCTUnwrap(r.move)
            record.append("\(referee.state.notation(of: m)) \(r.value.map { String($0) } ?? "-")")
            referee.play(m)
        }
        record.append("score \(referee.state.score)")
        return record
    }

    func testGreedyRandomAndExpectimaxAreDeterministicUnderASeed() throws {
        for (spec, turns) in [("greedy", 10), ("random", 10), ("expectimax:depth=2,samples=3,width=4", 3),
                              ("expectimax:depth=1,samples=8", 5)] {
            let a = try playGame(spec, agentSeed: 17, gameSeed: 1, turns: turns)
            let b = try playGame(spec, agentSeed: 17, gameSeed: 1, turns: turns)
            XCTAssertEqual(a, b, spec)
            XCTAssertEqual(a.count, turns + 1, spec)
        }
        // The random agent's seed matters.
        XCTAssertNotEqual(try playGame("random", agentSeed: 17, gameSeed: 1, turns: 10),
                          try playGame("random", agentSeed: 18, gameSeed: 1, turns: 10))
    }
}
