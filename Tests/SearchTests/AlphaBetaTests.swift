import Synchronization
import XCTest
@testable import Boards
@testable import Search

/// Alpha-beta against a plain negamax, and on positions with a known forced result.
final class AlphaBetaTests: XCTestCase {
    typealias Agent = AlphaBetaAgent<TigersGoatsEvaluator>
    let evaluator = TigersGoatsEvaluator()

    /// 40 positions from seeded random play: half plain, half with capturing tigers.
    static let positions = RandomPositions.sample(count: 40, seed: 2024)

    /// The plain minimax value of each root move of `positions[i]` at `depth`
    /// (``ReferenceSearch/rootMoveValues(_:depth:evaluator:)``), computed once per test
    /// run: several tests compare with the same ones, and in a debug build the reference
    /// search took most of their time.
    static func rootMoveValues(_ i: Int, depth: Int) -> [UInt16: Int] {
        if let known = referenceValues.withLock({ $0[[i, depth]] }) { return known }
        let values = ReferenceSearch.rootMoveValues(positions[i], depth: depth, evaluator: TigersGoatsEvaluator())
        referenceValues.withLock { $0[[i, depth]] = values }
        return values
    }

    /// The plain minimax value of `positions[i]` at `depth`.
    static func minimax(_ i: Int, depth: Int) -> Double { Double(rootMoveValues(i, depth: depth).values.max()!) }

    private static let referenceValues = Mutex<[[Int]: [UInt16: Int]]>([:])

    func testSampledPositionsCoverCapturesAndEndgames() {
        let positions = Self.positions
        XCTAssertEqual(Set(positions.map(\.hash)).count, positions.count, "positions are distinct")
        XCTAssertTrue(positions.allSatisfy { $0.outcome == nil }, "every position is still in play")
        let tigersCanCapture = positions.filter { $0.sideToMove == TigersGoats.tigers && $0.hasCaptureThreat }
        XCTAssertGreaterThanOrEqual(tigersCanCapture.count, 5, "tigers to move with a capture available")
        XCTAssertGreaterThanOrEqual(positions.filter { $0.captures == 3 }.count, 5, "positions near the end")
        XCTAssertGreaterThanOrEqual(positions.filter { $0.sideToMove == TigersGoats.goats }.count, 10)
        XCTAssertGreaterThanOrEqual(positions.filter { $0.sideToMove == TigersGoats.tigers }.count, 10)
    }

    /// For each depth, both the table and the no-table search return the minimax
    /// value, and a move whose own minimax value is that value.
    func testAlphaBetaValueAndMoveEqualPlainMinimaxAtDepths1To3() {
        for (i, p) in Self.positions.enumerated() {
            for depth in 1...3 {
                let moveValues = Self.rootMoveValues(i, depth: depth)
                let best = moveValues.values.max()!
                for megabytes in [16, 0] {
                    var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: depth),
                                      tableMegabytes: megabytes)
                    let r = agent.selectMove(GameHistory(p))
                    let label = "position \(i) \(p.text), depth \(depth), table \(megabytes) MB"
                    XCTAssertEqual(r.value, Double(best), label)
                    guard let m = r.move else { XCTFail("no move: \(label)"); continue }
                    XCTAssertEqual(moveValues[m.raw], best, "move \(p.notation(of: m)) is not a best move: \(label)")
                    XCTAssertEqual(r.principalVariation.first, m, label)
                    // Iterative deepening stops early only at a proven result.
                    if abs(best) < Evaluation.provenThreshold {
                        XCTAssertEqual(r.depth, depth, label)
                    } else {
                        XCTAssertLessThanOrEqual(r.depth, depth, label)
                    }
                }
            }
        }
    }

    /// The table persists across calls of one agent: reusing it on other roots and
    /// at other depths must not change the values. (Depth 1 never probes the table;
    /// a depth-3 search followed by depth 2 could legitimately reuse deeper entries,
    /// so the depths here never exceed 2.)
    func testTableReusedAcrossSearchesKeepsMinimaxValues() {
        var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 2), tableMegabytes: 1)
        for p in Self.positions.prefix(12) {
            for depth in [2, 1, 2] {
                let expected = ReferenceSearch.negamax(p, depth: depth, evaluator: evaluator)
                let r = agent.selectMove(GameHistory(p), budget: SearchBudget(depth: depth))
                XCTAssertEqual(r.value, Double(expected), "\(p.text) depth \(depth) with a used table")
            }
        }
    }

    // MARK: - Forced wins

    /// Tigers with 3 captures: d4xd6 takes the 4th goat; no other capture exists.
    static let tigersWinInOne = "T7/T7/8/3G4/3T4/8/7G/1T4GG t 3"

    func testTigersTakeTheFourthGoatAtOnce() throws {
        let p = try tigersGoats(Self.tigersWinInOne)
        let win = try move("d4xd6", in: p)
        XCTAssertEqual(p.legalMoves.filter(\.isCapture), [win], "the only capture")
        var after = p
        after.play(win)
        XCTAssertEqual(after.outcome, .win(TigersGoats.tigers))

        var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3))
        let r = agent.selectMove(GameHistory(p))
        XCTAssertEqual(r.move, win)
        XCTAssertEqual(r.value, Double(Evaluation.winScore - 1))
    }

    /// Goats to move: three tigers are trapped in the a1-b2 corner, b2 can only jump
    /// c2 to d2; e3-d2 closes that hole (the goats next to d2 would open another).
    static let goatsTrapInOne = "8/8/8/8/GG6/GG2G3/TTG5/TTGG4 g 0"

    func testGoatsTrapTheLastFreeTiger() throws {
        let p = try tigersGoats(Self.goatsTrapInOne)
        let trap = try move("e3-d2", in: p)
        let winning = p.legalMoves.filter { m in
            var c = p; c.play(m); return c.outcome == .win(TigersGoats.goats)
        }
        XCTAssertEqual(winning, [trap], "exactly one goat move traps every tiger")

        for depth in [1, 3] {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: depth))
            let r = agent.selectMove(GameHistory(p))
            XCTAssertEqual(r.move, trap, "depth \(depth)")
            XCTAssertEqual(r.value, Double(Evaluation.winScore - 1), "depth \(depth)")
        }
    }

    /// Tigers with 3 captures threaten d5 and g5: they win at once by either capture,
    /// and also after any quiet move (goats cannot cover both threats), a win in 3.
    static let tigersWinNowOrLater = "T7/8/8/3G2G1/3T2T1/8/7G/T5GG t 3"

    func testShorterWinIsPreferred() throws {
        let p = try tigersGoats(Self.tigersWinNowOrLater)
        let quiet = try move("a8-b8", in: p)
        var afterQuiet = p
        afterQuiet.play(quiet)
        XCTAssertNil(afterQuiet.outcome)
        for capture in ["d4xd6", "g4xg6"] {
            var c = p
            c.play(try move(capture, in: p))
            XCTAssertEqual(c.outcome, .win(TigersGoats.tigers), "\(capture) wins at once")
        }
        // After the quiet move every goat reply still loses to a capture: a win in 3.
        for reply in afterQuiet.legalMoves {
            var c = afterQuiet
            c.play(reply)
            XCTAssertTrue(ReferenceSearch.forcedWin(c, within: 1), "after a8-b8 \(afterQuiet.notation(of: reply))")
        }

        for megabytes in [16, 0] {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), tableMegabytes: megabytes)
            let r = agent.selectMove(GameHistory(p))
            XCTAssertEqual(r.value, Double(Evaluation.winScore - 1), "table \(megabytes) MB")
            let m = try XCTUnwrap(r.move)
            var after = p
            after.play(m)
            XCTAssertEqual(after.outcome, .win(TigersGoats.tigers), "\(p.notation(of: m)) wins at once")
        }
    }

    /// The two-threat position with goats to move: one goat step cannot cover both
    /// d4xd6 and g4xg6, so the goats lose in 2 whatever they do.
    func testProvenLossIsScoredFromTheLosersView() throws {
        let p = try tigersGoats(flippingSide(Self.tigersWinNowOrLater))
        let expected = ReferenceSearch.negamax(p, depth: 2, evaluator: evaluator)
        XCTAssertEqual(expected, -(Evaluation.winScore - 2), "goats cannot cover d6 and g6 at once")
        var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 2))
        let r = agent.selectMove(GameHistory(p))
        XCTAssertEqual(r.value, Double(expected))
        XCTAssertNotNil(r.move)
    }

    // MARK: - Budgets and determinism

    func testOneThreadSearchIsDeterministicUnderDepthAndNodeBudgets() {
        for p in Self.positions.prefix(6) {
            for budget in [SearchBudget(depth: 3), SearchBudget(nodes: 3_000)] {
                var a = Agent(evaluator: evaluator, budget: budget)
                var b = Agent(evaluator: evaluator, budget: budget)
                let ra = a.selectMove(GameHistory(p)), rb = b.selectMove(GameHistory(p))
                XCTAssertNotNil(ra.move)
                XCTAssertEqual(ra.move, rb.move, "\(p.text) \(budget)")
                XCTAssertEqual(ra.value, rb.value, "\(p.text) \(budget)")
                XCTAssertEqual(ra.nodes, rb.nodes, "\(p.text) \(budget)")
                XCTAssertEqual(ra.principalVariation, rb.principalVariation, "\(p.text) \(budget)")
            }
        }
    }

    func testNodeBudgetStopsTheSearchNearTheLimit() {
        let p = Self.positions[3]
        var agent = Agent(evaluator: evaluator, budget: SearchBudget(nodes: 2_000))
        let r = agent.selectMove(GameHistory(p))
        XCTAssertNotNil(r.move)
        XCTAssertTrue(p.legalMoves.contains(r.move!))
        XCTAssertLessThanOrEqual(r.nodes, 2_000)
        XCTAssertGreaterThanOrEqual(r.depth, 1)
    }

    /// Lazy SMP is not promised deterministic, but at a fixed depth every thread stops
    /// at that depth, and within 3 plies no position recurs at another ply, so every
    /// table entry a thread uses is exact for the depth asked: the value is the
    /// minimax value, as with one thread.
    func testTwoThreadsReturnALegalMoveAndTheMinimaxValue() throws {
        for (i, p) in Self.positions.prefix(8).enumerated() {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2)
            let r = agent.selectMove(GameHistory(p))
            let m = try XCTUnwrap(r.move)
            XCTAssertTrue(p.legalMoves.contains(m), "\(p.notation(of: m)) in \(p.text)")
            XCTAssertEqual(r.value, Self.minimax(i, depth: 3), p.text)
        }
        // Forced wins: the value is proven, the same as with one thread.
        for text in [Self.tigersWinInOne, Self.goatsTrapInOne, Self.tigersWinNowOrLater] {
            let p = try tigersGoats(text)
            var one = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3))
            var two = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2)
            let r1 = one.selectMove(GameHistory(p)), r2 = two.selectMove(GameHistory(p))
            XCTAssertEqual(r2.value, r1.value, text)
            XCTAssertEqual(r2.value, Double(Evaluation.winScore - 1), text)
            let m = try XCTUnwrap(r2.move)
            var after = p
            after.play(m)
            XCTAssertNotNil(after.outcome, "\(p.notation(of: m)) should end the game in \(text)")
        }
    }

    /// Threads that split each iteration (deferring each other's moves), or that skip an
    /// iteration another thread is in, still search every move of every node: at depth 3 the value is the minimax value, forced wins are
    /// found, and deeper searches reach the depth asked with a legal move, with and
    /// without reductions.
    func testThreadsSplittingOrSkippingIterationsReturnTheMinimaxValue() throws {
        let split = AlphaBetaSettings(split: true), skip = AlphaBetaSettings(skipDepths: true)
        for settings in [split, skip] {
            for (i, p) in Self.positions.prefix(12).enumerated() {
                var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2, settings: settings)
                let r = agent.selectMove(GameHistory(p))
                let m = try XCTUnwrap(r.move)
                XCTAssertTrue(p.legalMoves.contains(m), "\(p.notation(of: m)) in \(p.text)")
                XCTAssertEqual(r.value, Self.minimax(i, depth: 3), p.text)
            }
            for text in [Self.tigersWinInOne, Self.goatsTrapInOne, Self.tigersWinNowOrLater] {
                let p = try tigersGoats(text)
                var two = Agent(evaluator: evaluator, budget: SearchBudget(depth: 4), threads: 2, settings: settings)
                XCTAssertEqual(two.selectMove(GameHistory(p)).value, Double(Evaluation.winScore - 1), text)
            }
        }
        // The six positions shared out, two a setting (in a debug build these 3-thread
        // searches took 10 of the test's 13 s when every setting searched all six).
        let deep = [split, AlphaBetaSettings(reductions: true, split: true), AlphaBetaSettings(reductions: true, skipDepths: true)]
        for (k, settings) in deep.enumerated() {
            for p in Self.positions[(2 * k)..<(2 * k + 2)] {
                var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 6), threads: 3, settings: settings)
                let r = agent.selectMove(GameHistory(p))
                XCTAssertTrue(p.legalMoves.contains(try XCTUnwrap(r.move)), p.text)
                XCTAssertTrue(r.depth == 6 || abs(r.value ?? 0) >= Double(Evaluation.provenThreshold), "depth \(r.depth): \(p.text)")
            }
        }
    }

    /// Threads splitting nodes (Young Brothers Wait) search every move of every node with
    /// a bound at least as wide as one thread's, so without a table (whose entries can
    /// carry a repetition from another path) the value at any depth is the minimax value.
    /// Split depth 2 makes nodes split all through the tree, on 2 and 3 threads: at depth
    /// 4 split points nest three deep. One position at depth 4, two at depth 3: the plain
    /// reference search at depth 4 took 10 s a position in a debug build (29 of this
    /// test's 31 s with three), while depth 3's is shared with the other tests.
    func testThreadsSplittingNodesReturnTheMinimaxValue() throws {
        let settings = AlphaBetaSettings(youngBrothers: true, splitDepth: 2)
        for (i, depth) in [(0, 4), (1, 3), (2, 3)] {
            let p = Self.positions[i]
            let moveValues = Self.rootMoveValues(i, depth: depth)
            let expected = Double(moveValues.values.max()!)
            for threads in [2, 3] {
                var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: depth), threads: threads,
                                  tableMegabytes: 0, settings: settings)
                for _ in 0..<2 {
                    let r = agent.selectMove(GameHistory(p))
                    let m = try XCTUnwrap(r.move)
                    XCTAssertTrue(p.legalMoves.contains(m), "\(p.notation(of: m)) in \(p.text)")
                    XCTAssertEqual(r.value, expected, "\(threads) threads: \(p.text)")
                    XCTAssertEqual(moveValues[m.raw].map(Double.init), expected, "\(p.notation(of: m)) is not a best move: \(p.text)")
                }
            }
        }
        for text in [Self.tigersWinInOne, Self.goatsTrapInOne, Self.tigersWinNowOrLater] {
            let p = try tigersGoats(text)
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 5), threads: 2, settings: settings)
            XCTAssertEqual(agent.selectMove(GameHistory(p)).value, Double(Evaluation.winScore - 1), text)
        }
        // With the table and reductions (today's spec), deep searches end at the depth
        // asked with a legal move, and under time and node budgets they stop.
        let spec = AlphaBetaSettings(reductions: true, youngBrothers: true, splitDepth: 3)
        for p in Self.positions.prefix(4) {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 6), threads: 2, settings: spec)
            let r = agent.selectMove(GameHistory(p))
            XCTAssertTrue(p.legalMoves.contains(try XCTUnwrap(r.move)), p.text)
            XCTAssertTrue(r.depth == 6 || abs(r.value ?? 0) >= Double(Evaluation.provenThreshold), "depth \(r.depth): \(p.text)")
        }
        for budget in [SearchBudget(seconds: 0.05), SearchBudget(nodes: 20_000)] {
            var agent = Agent(evaluator: evaluator, budget: budget, threads: 2, settings: spec)
            let r = agent.selectMove(GameHistory(Self.positions[1]))
            XCTAssertTrue(Self.positions[1].legalMoves.contains(try XCTUnwrap(r.move)))
            XCTAssertLessThan(r.seconds, 5)
        }
    }

    // MARK: - Repetition

    /// The game so far: b1-b2 d4-d3 b2-b1 d3-d4, twice, less the last move. The root
    /// (tigers to move) has occurred twice; d3-d4 would bring the start position back
    /// a third time, a draw. Deeper, e4-e3 b1-b2 e3-e4 reaches the position after
    /// d4-d3 a third time. Alpha-beta must score these lines 0, as the reference does.
    func testRepetitionsOfTheGameAreDrawsInTheSearch() throws {
        var game = GameHistory(TigersGoats())
        for _ in 0..<2 {
            for n in ["b1-b2", "d4-d3", "b2-b1", "d3-d4"] { game.play(try move(n, in: game.position)) }
        }
        XCTAssertEqual(game.outcome, .draw, "the start position a third time")
        game.undo()
        XCTAssertNil(game.outcome)
        XCTAssertEqual(game.repetitions, 2)
        let back = try move("d3-d4", in: game.position)
        var drawn = game
        drawn.play(back)
        XCTAssertEqual(drawn.outcome, .draw)

        var repetitionMatters = false
        for depth in 1...3 {
            let values = ReferenceSearch.rootMoveValues(game, depth: depth, evaluator: evaluator)
            XCTAssertEqual(values[back.raw], 0, "depth \(depth)")
            let best = values.values.max()!
            let fresh = ReferenceSearch.negamax(game.position, depth: depth, evaluator: evaluator)
            if fresh != best { repetitionMatters = true }
            for megabytes in [16, 0] {
                var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: depth), tableMegabytes: megabytes)
                let r = agent.selectMove(game)
                XCTAssertEqual(r.value, Double(best), "depth \(depth), table \(megabytes) MB")
                XCTAssertEqual(values[try XCTUnwrap(r.move).raw], best, "depth \(depth), table \(megabytes) MB")
            }
        }
        XCTAssertTrue(repetitionMatters, "the history changes the value at some depth")
    }

    /// A time limit alone still gives a legal move, and stops (generous bound: the
    /// limit is 0.05 s; a debug build on a loaded machine stays well under 5 s).
    func testTimeBudgetGivesALegalMoveAndStops() throws {
        let p = Self.positions[0]
        for threads in [1, 2] {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(seconds: 0.05), threads: threads)
            let r = agent.selectMove(GameHistory(p))
            let m = try XCTUnwrap(r.move)
            XCTAssertTrue(p.legalMoves.contains(m))
            XCTAssertLessThan(r.seconds, 5)
            XCTAssertGreaterThanOrEqual(r.depth, 1)
        }
    }

    func testFinishedGameGivesNoMove() throws {
        let p = try tigersGoats("8/8/8/8/GG6/GG6/TTGG4/TTGG4 t 0")
        XCTAssertEqual(p.outcome, .win(TigersGoats.goats))
        var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 2))
        let r = agent.selectMove(GameHistory(p))
        XCTAssertNil(r.move)
        XCTAssertNil(r.value)
    }
}
