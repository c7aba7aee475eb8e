import XCTest
@testable import Boards
@testable import Search

final class CoinSorterMCTSTests: XCTestCase {
    /// On the last turn, the only swap that scores is the one to play.
    func testTakesTheSurePointOnTheLastTurn() throws {
        // Row 1 is four triangles and a square; a triangle waits at c3.
        let s = try CoinSorter(parsing: "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC 1 0")
        var agent = try CoinSorterAgents.make("mcts:playouts=200", seed: 3)
        let r = agent.selectMove(s)
        let after = s.exchanging(try XCTUnwrap(r.move))
        XCTAssertEqual(after.completeLines.rows.nonzeroBitCount + after.completeLines.columns.nonzeroBitCount, 1,
                       "chose \(s.notation(of: r.move!))")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(r.value), 1)
        XCTAssertEqual(r.playouts, 200)
    }

    func testSameSeedAndPlayoutsGiveTheSameGameTwice() throws {
        func game() throws -> (Int, [String]) {
            var agent = try CoinSorterAgents.make("mcts:playouts=100", seed: 9)
            var referee = CoinSorterReferee(seed: 5)
            var moves: [String] = []
            while !referee.state.isOver {
                let m = try XCTUnwrap(agent.selectMove(referee.state).move)
                moves.append(referee.state.notation(of: m))
                referee.play(m)
            }
            return (referee.state.score, moves)
        }
        let a = try game(), b = try game()
        XCTAssertEqual(a.0, b.0)
        XCTAssertEqual(a.1, b.1)
        XCTAssertEqual(a.1.count, 10)
    }

    func testBadMCTSParametersAreRejected() {
        XCTAssertThrowsError(try CoinSorterAgents.make("mcts:width=0", seed: 1))
        XCTAssertThrowsError(try CoinSorterAgents.make("mcts:depth=2", seed: 1)) { error in
            XCTAssertTrue((error as? ParseError)?.message.contains("playouts") ?? false, "\(error)")
        }
    }
}
