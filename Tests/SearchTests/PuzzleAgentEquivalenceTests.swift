import XCTest
@testable import Boards
@testable import Search

/// The generic puzzle agents, made for Coin Sorter, choose exactly what the Coin
/// Sorter agents they replace choose: on seeded deals, old and new agents with the
/// same seed and budget are asked at every decision of the same game, and every
/// result (move, value, nodes, playouts, depth, principal variation) must be equal.
/// This is what makes switching the factory to the generic agents safe: records of
/// old runs replay unchanged.
final class PuzzleAgentEquivalenceTests: XCTestCase {
    /// Weights that give many equal values (only `four` counts), so ties are broken often.
    static let fourOnly: HeuristicWeights = {
        var w = CoinSorterEvaluator.defaultWeights
        try! w.set("three", to: 0); try! w.set("double", to: 0); try! w.set("four", to: 1)
        return w
    }()

    static let weightSets = [CoinSorterEvaluator.defaultWeights, fourOnly]

    /// Plays the deal of each seed with `old`'s moves; at every decision `new` must
    /// return what `old` returns. Agents get a seed of their own, not the deal's.
    func assertSameChoices<Old: PuzzleAgent<CoinSorter>, New: PuzzleAgent<CoinSorter>>(
        _ label: String, deals: Range<UInt64>, old makeOld: (UInt64) -> Old, new makeNew: (UInt64) -> New,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var decisions = 0
        for deal in deals {
            let agentSeed = SplitMix64.mix(deal &+ 1000)
            var old = makeOld(agentSeed), new = makeNew(agentSeed)
            var referee = CoinSorterReferee(seed: deal)
            while !referee.state.isOver {
                let s = referee.state
                let a = old.selectMove(s), b = new.selectMove(s)
                let at = "\(label), deal \(deal), \(s.text)"
                XCTAssertEqual(b.move, a.move, "\(at): move", file: file, line: line)
                XCTAssertEqual(b.value, a.value, "\(at): value", file: file, line: line)
                XCTAssertEqual(b.nodes, a.nodes, "\(at): nodes", file: file, line: line)
                XCTAssertEqual(b.playouts, a.playouts, "\(at): playouts", file: file, line: line)
                XCTAssertEqual(b.depth, a.depth, "\(at): depth", file: file, line: line)
                XCTAssertEqual(b.principalVariation, a.principalVariation, "\(at): principal variation", file: file, line: line)
                guard let move = a.move, b.move == a.move else { return }
                referee.play(move)
                decisions += 1
            }
        }
        XCTAssertEqual(decisions, deals.count * CoinSorter.turnsPerGame, "\(label): every turn compared", file: file, line: line)
    }

    func testRandomAgentDrawsTheSameSwaps() {
        assertSameChoices("random", deals: 0..<200,
                          old: { CoinSorterRandomAgent(spec: "random", seed: $0) },
                          new: { PuzzleRandomAgent<CoinSorter>(spec: "random", seed: $0) })
    }

    func testGreedyAgentRanksAndBreaksTiesTheSame() {
        for (w, weights) in Self.weightSets.enumerated() {
            let evaluator = CoinSorterEvaluator(weights: weights)
            assertSameChoices("greedy, weights \(w)", deals: 0..<60,
                              old: { CoinSorterGreedyAgent(spec: "greedy", evaluator: evaluator, seed: $0) },
                              new: { PuzzleGreedyAgent(spec: "greedy", evaluator: evaluator, seed: $0) })
        }
    }

    func testExpectimaxDepthOneSearchesTheSameMovesAndSamples() {
        let settings = [(width: 1, samples: 1), (12, 8), (40, 3), (300, 2)]
        for (w, weights) in Self.weightSets.enumerated() {
            let evaluator = CoinSorterEvaluator(weights: weights)
            for (width, samples) in settings {
                let budget = SearchBudget(depth: 1)
                assertSameChoices("expectimax depth 1 width \(width) samples \(samples), weights \(w)", deals: 0..<8,
                                  old: { ExpectimaxAgent(spec: "e", evaluator: evaluator, budget: budget,
                                                         samples: samples, width: width, seed: $0) },
                                  new: { PuzzleExpectimaxAgent(spec: "e", evaluator: evaluator, budget: budget,
                                                               samples: samples, width: width, seed: $0) })
            }
        }
    }

    func testExpectimaxDepthTwoSearchesTheSameTree() {
        let evaluator = CoinSorterEvaluator()
        for (width, samples, deals) in [(12, 8, 0..<4), (3, 20, 10..<14), (6, 2, 20..<26)] as [(Int, Int, Range<UInt64>)] {
            let budget = SearchBudget(depth: 2)
            assertSameChoices("expectimax depth 2 width \(width) samples \(samples)", deals: deals,
                              old: { ExpectimaxAgent(spec: "e", evaluator: evaluator, budget: budget,
                                                     samples: samples, width: width, seed: $0) },
                              new: { PuzzleExpectimaxAgent(spec: "e", evaluator: evaluator, budget: budget,
                                                           samples: samples, width: width, seed: $0) })
        }
        let fours = CoinSorterEvaluator(weights: Self.fourOnly)
        assertSameChoices("expectimax depth 2 width 8 samples 4, four only", deals: 30..<33,
                          old: { ExpectimaxAgent(spec: "e", evaluator: fours, budget: SearchBudget(depth: 2),
                                                 samples: 4, width: 8, seed: $0) },
                          new: { PuzzleExpectimaxAgent(spec: "e", evaluator: fours, budget: SearchBudget(depth: 2),
                                                       samples: 4, width: 8, seed: $0) })
    }

    func testMCTSGrowsTheSameTree() {
        let settings: [(playouts: Int, rollout: Int, width: Int, c: Double, weights: HeuristicWeights, deals: Int)] = [
            (300, 0, 12, 2.0, CoinSorterEvaluator.defaultWeights, 3),
            (300, 2, 12, 2.0, CoinSorterEvaluator.defaultWeights, 2),
            (200, 0, 5, 0.5, Self.fourOnly, 3),
            (100, 3, 30, 1.4, CoinSorterEvaluator.defaultWeights, 1),
        ]
        for (i, setting) in settings.enumerated() {
            let evaluator = CoinSorterEvaluator(weights: setting.weights)
            let budget = SearchBudget(playouts: setting.playouts)
            assertSameChoices("mcts \(setting.playouts) playouts rollout \(setting.rollout) width \(setting.width) "
                              + "c \(setting.c)", deals: UInt64(i * 10)..<UInt64(i * 10 + setting.deals),
                              old: { CoinSorterMCTSAgent(spec: "m", evaluator: evaluator, budget: budget,
                                                         exploration: setting.c, width: setting.width,
                                                         rolloutTurns: setting.rollout, seed: $0) },
                              new: { PuzzleMCTSAgent(spec: "m", evaluator: evaluator, budget: budget,
                                                     exploration: setting.c, width: setting.width,
                                                     rolloutTurns: setting.rollout, seed: $0) })
        }
    }

    /// The generic agents held as `any PuzzleAgent` (as the factory hands them out)
    /// choose as they do when held by type.
    func testAgentsHeldAsExistentialsChooseTheSame() {
        let evaluator = CoinSorterEvaluator()
        assertSameChoices("expectimax as any", deals: 40..<43,
                          old: { ExpectimaxAgent(spec: "e", evaluator: evaluator, budget: SearchBudget(depth: 2),
                                                 samples: 4, width: 6, seed: $0) },
                          new: { AnyCoinSorterAgent(PuzzleExpectimaxAgent(spec: "e", evaluator: evaluator,
                                                                          budget: SearchBudget(depth: 2),
                                                                          samples: 4, width: 6, seed: $0)) })
        assertSameChoices("mcts as any", deals: 50..<53,
                          old: { CoinSorterMCTSAgent(spec: "m", evaluator: evaluator, budget: SearchBudget(playouts: 200),
                                                     exploration: 2, width: 12, rolloutTurns: 1, seed: $0) },
                          new: { AnyCoinSorterAgent(PuzzleMCTSAgent(spec: "m", evaluator: evaluator,
                                                                    budget: SearchBudget(playouts: 200), exploration: 2,
                                                                    width: 12, rolloutTurns: 1, seed: $0)) })
    }

    /// The agent's own budget is used when a call gives none of the agent's limits.
    func testACallWithoutTheAgentsLimitSearchesTheAgentsBudget() throws {
        let s = CoinSorterReferee(seed: 3).state
        var a = PuzzleExpectimaxAgent(spec: "e", evaluator: CoinSorterEvaluator(), budget: SearchBudget(depth: 2),
                                      samples: 2, width: 4, seed: 1)
        XCTAssertEqual(a.selectMove(s, budget: SearchBudget(seconds: 100)).depth, 2)
        var m = PuzzleMCTSAgent(spec: "m", evaluator: CoinSorterEvaluator(), budget: SearchBudget(playouts: 50),
                                exploration: 2, width: 12, rolloutTurns: 0, seed: 1)
        XCTAssertEqual(m.selectMove(s, budget: SearchBudget()).playouts, 50)
        XCTAssertEqual(m.selectMove(s, budget: SearchBudget(playouts: 20)).playouts, 20)
    }
}

/// A Coin Sorter agent behind `any PuzzleAgent`, as the factory returns agents.
struct AnyCoinSorterAgent: PuzzleAgent {
    var base: any PuzzleAgent<CoinSorter>
    init(_ base: any PuzzleAgent<CoinSorter>) { self.base = base }
    var spec: String { base.spec }
    var budget: SearchBudget { base.budget }
    mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        base.selectMove(state, budget: budget)
    }
}
