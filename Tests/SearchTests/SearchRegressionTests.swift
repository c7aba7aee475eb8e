import XCTest
@testable import Boards
@testable import Search

/// Regression tests for defects found while writing the Search tests (now fixed).
final class SearchRegressionTests: XCTestCase {
    /// The Coin Sorter greedy agent ranks swaps by `1000 × points + potential` but
    /// reports its `value` in points (points + potential), as `SearchResult` documents.
    func testGreedyValueIsInPoints() throws {
        let s = try coinSorter(CoinSorterAgentTests.oneSwapRow + " 3 0")
        var agent = CoinSorterGreedyAgent(evaluator: CoinSorterEvaluator(weights: CoinSorterAgentTests.zeroWeights), seed: 1)
        let r = agent.selectMove(s)
        XCTAssertEqual(r.move, try s.parseMove("e1:c3"))
        XCTAssertEqual(r.value, 1, "1 point for sure, every leaf worth 0 with zero weights")
    }

    /// `ExpectimaxAgent` honours the time limit of its budget: depth 3 on the deal of
    /// seed 1 visits about 384,000 nodes without a limit, far fewer with 1 µs.
    func testExpectimaxStopsAtItsTimeLimit() throws {
        let s = CoinSorterReferee(seed: 1).state
        var full = ExpectimaxAgent(budget: SearchBudget(depth: 3), seed: 1)
        var timed = ExpectimaxAgent(budget: SearchBudget(depth: 3, seconds: 0.000_001), seed: 1)
        let rFull = full.selectMove(s), rTimed = timed.selectMove(s)
        XCTAssertNotNil(rTimed.move)
        XCTAssertLessThan(rTimed.nodes, rFull.nodes / 2,
                          "a 1 µs limit should cut a \(rFull.nodes)-node search short (took \(rTimed.seconds) s)")
    }
}
