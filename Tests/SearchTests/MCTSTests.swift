import XCTest
@testable import Boards
@testable import Search

/// Monte Carlo tree search: one-move wins, the solver, budgets and determinism.
final class MCTSTests: XCTestCase {
    typealias Agent = MCTSAgent<TigersGoatsEvaluator>
    let evaluator = TigersGoatsEvaluator()

    /// Sampled positions far from any forced result: no goat in danger, at most one
    /// goat captured, so no search here proves a win within its budget.
    static let quietPositions = AlphaBetaTests.positions.filter { $0.captures <= 1 && !$0.hasCaptureThreat }

    func testQuietPositionsExistForBothSides() {
        XCTAssertGreaterThanOrEqual(Self.quietPositions.filter { $0.sideToMove == TigersGoats.goats }.count, 2)
        XCTAssertGreaterThanOrEqual(Self.quietPositions.filter { $0.sideToMove == TigersGoats.tigers }.count, 2)
    }

    func agent(playouts: Int, seed: UInt64, threads: Int = 1, solver: Bool = true, cap: Int = 0) -> Agent {
        Agent(evaluator: evaluator, budget: SearchBudget(playouts: playouts), threads: threads,
              rolloutCap: cap, solver: solver, seed: seed)
    }

    // MARK: - One-move wins

    func testTakesTheFourthGoatWithAndWithoutSolver() throws {
        let p = try tigersGoats(AlphaBetaTests.tigersWinInOne)
        let win = try move("d4xd6", in: p)
        for solver in [true, false] {
            for seed: UInt64 in [1, 2, 3] {
                var a = agent(playouts: 2_000, seed: seed, solver: solver)
                let r = a.selectMove(GameHistory(p))
                let label = "solver \(solver), seed \(seed)"
                XCTAssertEqual(r.move, win, label)
                // Every visit of the capture ends the game won: its mean is exactly 1.
                XCTAssertEqual(r.value, 1, label)
                if solver {
                    XCTAssertLessThan(r.playouts, 2_000, "the solver proves the win and stops early: \(label)")
                } else {
                    XCTAssertEqual(r.playouts, 2_000, label)
                }
            }
        }
    }

    func testGoatsFindTheTrappingMoveWithAndWithoutSolver() throws {
        let p = try tigersGoats(AlphaBetaTests.goatsTrapInOne)
        let trap = try move("e3-d2", in: p)
        for solver in [true, false] {
            for seed: UInt64 in [7, 8] {
                var a = agent(playouts: 2_000, seed: seed, solver: solver)
                let r = a.selectMove(GameHistory(p))
                XCTAssertEqual(r.move, trap, "solver \(solver), seed \(seed)")
                XCTAssertEqual(r.value, 1, "solver \(solver), seed \(seed)")
            }
        }
    }

    func testTwoThreadsFindTheWinToo() throws {
        let p = try tigersGoats(AlphaBetaTests.tigersWinInOne)
        for solver in [true, false] {
            var a = agent(playouts: 2_000, seed: 5, threads: 2, solver: solver)
            let r = a.selectMove(GameHistory(p))
            XCTAssertEqual(r.move, try move("d4xd6", in: p), "solver \(solver)")
        }
    }

    /// With the solver, a move that loses at once is never chosen when another exists,
    /// even with a budget too small to tell by visits.
    func testSolverAvoidsAMoveThatLosesAtOnce() throws {
        // Goats to move; the d5 goat is attacked by d4xd6 only if d6 stays empty. Any
        // goat move other than covering d6 or moving d5 lets the tigers take the 4th goat.
        let p = try tigersGoats("T7/T7/8/3G4/3T4/8/7G/1T4GG g 3")
        var a = agent(playouts: 1_500, seed: 11)
        let r = a.selectMove(GameHistory(p))
        let m = try XCTUnwrap(r.move)
        var after = p
        after.play(m)
        XCTAssertFalse(ReferenceSearch.forcedWin(after, within: 1),
                       "\(p.notation(of: m)) lets the tigers win at once")
    }

    /// Goats to move facing d4xd6 and g4xg6 with 3 goats taken: every goat move loses
    /// at once. The solver proves the root lost and stops; the value is 0.
    func testSolverProvesALostRoot() throws {
        let p = try tigersGoats(flippingSide(AlphaBetaTests.tigersWinNowOrLater))
        XCTAssertTrue(p.legalMoves.allSatisfy { m in
            var c = p; c.play(m); return ReferenceSearch.forcedWin(c, within: 1)
        }, "every goat move allows a winning capture")
        var a = agent(playouts: 2_000, seed: 4)
        let r = a.selectMove(GameHistory(p))
        XCTAssertNotNil(r.move)
        XCTAssertEqual(r.value, 0)
        XCTAssertLessThan(r.playouts, 2_000, "proven before the budget ran out")
    }

    // MARK: - Budgets and determinism

    func testSameSeedGivesSameResultWithOneAndTwoThreads() {
        for threads in [1, 2] {
            for p in Self.quietPositions.prefix(3) {
                var a = agent(playouts: 200, seed: 99, threads: threads)
                var b = agent(playouts: 200, seed: 99, threads: threads)
                // Two moves in a row: the per-move seeds come from the agent's stream.
                for call in 0..<2 {
                    let ra = a.selectMove(GameHistory(p)), rb = b.selectMove(GameHistory(p))
                    let label = "threads \(threads), call \(call), \(p.text)"
                    XCTAssertNotNil(ra.move, label)
                    XCTAssertEqual(ra.move, rb.move, label)
                    XCTAssertEqual(ra.value, rb.value, label)
                    XCTAssertEqual(ra.playouts, rb.playouts, label)
                    XCTAssertEqual(ra.nodes, rb.nodes, label)
                }
            }
        }
    }

    func testDifferentSeedsGrowDifferentTrees() {
        let p = Self.quietPositions.first { $0.sideToMove == TigersGoats.tigers }!
        let results = (UInt64(0)..<4).map { seed -> String in
            var a = agent(playouts: 300, seed: seed)
            let r = a.selectMove(GameHistory(p))
            return "\(r.move.map(p.notation(of:)) ?? "-") \(r.value ?? -1) \(r.depth)"
        }
        XCTAssertGreaterThan(Set(results).count, 1, "four seeds gave identical results \(results): the seed seems unused")
    }

    func testPlayoutBudgetIsSpentExactlyAndMovesAreLegal() {
        for (i, p) in Self.quietPositions.prefix(4).enumerated() {
            for threads in [1, 2] {
                var a = agent(playouts: 101, seed: UInt64(i), threads: threads)
                let r = a.selectMove(GameHistory(p))
                guard let m = r.move else { XCTFail("no move in \(p.text)"); continue }
                XCTAssertTrue(p.legalMoves.contains(m), "\(p.notation(of: m)) in \(p.text)")
                // No position here is decided within a few plies, so nothing is proven.
                XCTAssertEqual(r.playouts, 101, "threads \(threads), \(p.text)")
                let value = try! XCTUnwrap(r.value)
                XCTAssertTrue((0...1).contains(value), "value \(value)")
            }
        }
    }

    func testCappedRolloutsScoreWithTheEvaluation() {
        let p = Self.quietPositions[1]
        var a = agent(playouts: 300, seed: 3, cap: 4)
        let r = a.selectMove(GameHistory(p))
        XCTAssertNotNil(r.move)
        let value = try! XCTUnwrap(r.value)
        // A logistic of the evaluation: strictly between 0 and 1 unless proven.
        XCTAssertTrue(value > 0 && value < 1, "value \(value)")
    }

    func testTimeBudgetGivesALegalMoveAndStops() throws {
        let p = Self.quietPositions[0]
        for threads in [1, 2] {
            var a = Agent(evaluator: evaluator, budget: SearchBudget(seconds: 0.05), threads: threads, seed: 1)
            let r = a.selectMove(GameHistory(p))
            let m = try XCTUnwrap(r.move)
            XCTAssertTrue(p.legalMoves.contains(m))
            XCTAssertGreaterThan(r.playouts, 0)
            XCTAssertLessThan(r.seconds, 5, "limit 0.05 s; generous bound for a debug build")
        }
    }

    func testFinishedGameGivesNoMove() throws {
        let p = try tigersGoats("8/8/8/8/GG6/GG6/TTGG4/TTGG4 t 0")
        var a = agent(playouts: 50, seed: 1)
        XCTAssertNil(a.selectMove(GameHistory(p)).move)
    }
}
