import XCTest
@testable import Boards
@testable import Search

/// Exact expectimax of Coin Sorter's last turn against values worked out by hand, and
/// the clairvoyant value against the referee's real draws.
final class CoinSorterExactTests: XCTestCase {
    /// Row 1 holds four triangles and e1:c3 completes it, the only swap that completes
    /// anything; its refill can complete no column (CoinSorterAgentTests.oneSwapRow),
    /// only row 1 again, with chance 3/243 = 1/81 each time.
    func testTheLastTurnIsWorthThePointAndItsRepeatingCascade() throws {
        let s = try CoinSorter(parsing: "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC 1 7")
        let swap = try s.parseMove("e1:c3")
        // Cascades are followed for 15 draws: three refills of the row.
        let r: Double = 1.0 / 81
        let expected: Double = 1 + r + r * r + r * r * r
        XCTAssertEqual(CoinSorterExact.actionValue(s, swap), expected, accuracy: 1e-12)
        XCTAssertEqual(CoinSorterExact.value(s), expected, accuracy: 1e-12)
        XCTAssertEqual(CoinSorterExact.actionValue(s, try s.parseMove("a1:b1")), 0)
        // Within the truncation, the untruncated 1 + 1/80.
        XCTAssertEqual(CoinSorterExact.value(s), 1 + 1.0 / 80, accuracy: 1e-6)
        // No turn left: nothing.
        XCTAssertEqual(CoinSorterExact.value(try CoinSorter(parsing: "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC 0 7")), 0)
    }

    func testTheValueIsTheBestMoveAndTheClairvoyantSeesAtLeastAsMuch() throws {
        // A real deal played greedily down to one turn left.
        var referee = CoinSorterReferee(seed: 11)
        var greedy = try CoinSorterAgents.catalog.make("greedy", seed: 1)
        while referee.state.turnsLeft > 1 { referee.play(greedy.selectMove(referee.state).move!) }
        let s = referee.state
        let best = s.legalMoves.map { CoinSorterExact.actionValue(s, $0) }.max()!
        XCTAssertEqual(CoinSorterExact.value(s), best, accuracy: 1e-12)
        // Whatever the draws, a player seeing them does at least as well as any move
        // really played; and the best real outcome bounds every expectation from above
        // only on average, so check the first against a played move.
        let clairvoyant = CoinSorterExact.clairvoyantValue(referee)
        for move in s.legalMoves.prefix(40) {
            var r = referee
            r.play(move)
            XCTAssertLessThanOrEqual(r.state.score - s.score, clairvoyant)
        }
    }
}
