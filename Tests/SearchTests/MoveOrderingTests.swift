import XCTest
import Boards
@testable import Search

/// Alpha-beta orders captures first: ``TwoPlayerGame/isCapture(_:)``, not irreversibility.
final class MoveOrderingTests: XCTestCase {
    /// With a flat evaluation every move has the same value and the search keeps the
    /// first one it tries, so the chosen move shows the ordering: the capture `take`
    /// (generated last), not the irreversible but quiet `place` (generated first).
    func testAlphaBetaTriesTheCaptureFirstNotTheIrreversibleQuietMove() {
        let root = PlacementToy()
        XCTAssertEqual(root.legalMoves, [PlacementToy.place, PlacementToy.step, PlacementToy.take])
        XCTAssertTrue(root.isIrreversible(PlacementToy.place) && !root.isCapture(PlacementToy.place))
        for depth in 1...3 {
            for megabytes in [0, 1] {
                var agent = AlphaBetaAgent(evaluator: FlatToyEvaluator(), budget: SearchBudget(depth: depth),
                                           tableMegabytes: megabytes)
                let r = agent.selectMove(GameHistory(root))
                XCTAssertEqual(r.move, PlacementToy.take, "depth \(depth), table \(megabytes) MB")
                XCTAssertEqual(r.value, 0)
            }
        }
    }
}
