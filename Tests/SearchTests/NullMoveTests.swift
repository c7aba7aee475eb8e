import XCTest
@testable import Boards
@testable import Search

/// Null-move pruning (`nmp`): off unless asked for, and not blind to the zugzwang that
/// decides Bagh-Chal endgames.
final class NullMoveTests: XCTestCase {
    func testNullMovePruningIsOffUnlessTheSpecAsksForIt() throws {
        let kind = AgentDescription.alphaBeta(weights: BaghChalEvaluator.defaultWeights)
        XCTAssertFalse(try AlphaBetaSettings(spec: kind.parse("alphabeta")).nullMove)
        XCTAssertTrue(try AlphaBetaSettings(spec: kind.parse("alphabeta:nmp=true")).nullMove)
        XCTAssertFalse(AlphaBetaSettings().nullMove)
    }

    /// Goats to move trap the tigers in 13 plies (benchmark position 3). The win needs
    /// tiger positions searched where the tigers, nearly boxed in, have few moves: a null
    /// move there (the tigers passing) hides the trap, and without the mobility guard the
    /// search scored the position 0 at every depth to 18.
    func testNullMovePruningStillFindsAZugzwangWin() throws {
        let position = try BaghChal(parsing: "GTGGT/GGGGG/GGGGG/1T2G/GGGTG g 0 2")
        for nullMove in [false, true] {
            var agent = AlphaBetaAgent(evaluator: BaghChalEvaluator(), budget: SearchBudget(depth: 16), threads: 1,
                                       settings: AlphaBetaSettings(reductions: true, nullMove: nullMove))
            let r = agent.selectMove(GameHistory(position))
            XCTAssertGreaterThanOrEqual(r.value ?? 0, Double(Evaluation.provenThreshold), "nmp=\(nullMove)")
        }
    }
}
