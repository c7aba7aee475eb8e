import XCTest
@testable import Boards
@testable import Search

/// The Balls! search agent and solver: determinism and legal taps, the solver against
/// brute force over small spaces (every tap simulated with `simulate` directly), its
/// cuts against no cuts, and impassable verdicts against random taps of the space.
final class BallsSearchTests: XCTestCase {
    /// The best score and whether some tap passes, over every tap of `space`, by `simulate`.
    static func bruteForce(_ state: Balls, _ space: BallsSolver.Space) -> (best: Int, passable: Bool) {
        var best = 0
        for t in space.ticks {
            for y in space.ys {
                for x in space.xs { best = max(best, state.simulate(BallsTap(t: t, x: x, y: y)).score) }
            }
        }
        return (best, state.level.passes(best))
    }

    /// A small space around ball `i` at tick `t0`: ticks t0...t0+`ticks`-1, a square of
    /// side `side` centred near the ball (inside the field).
    static func spaceNear(_ state: Balls, ball i: Int, tick t0: Int, ticks: Int, side: Int) -> BallsSolver.Space {
        let b = state.ball(i, atTick: t0)
        let x0 = min(max(b.x - side / 2, 0), BallsField.width - side)
        let y0 = min(max(b.y - side / 2, 0), BallsField.height - side)
        return BallsSolver.Space(ticks: t0...(t0 + ticks - 1), xs: x0..<(x0 + side), ys: y0..<(y0 + side))
    }

    func testSearchAgentIsDeterministicAndLegal() throws {
        for level in [1, 4, 10] {
            for seed: UInt64 in 1...4 {
                let state = BallsReferee.deal(seed: seed, level: BallsLevel(level)!)
                var a = BallsSearchAgent(spec: "search", sims: 300, ticks: 50, keep: 4, explore: 0.5, lag: 40, dt: 3, seed: 7)
                var b = BallsSearchAgent(spec: "search", sims: 300, ticks: 50, keep: 4, explore: 0.5, lag: 40, dt: 3, seed: 7)
                let ra = a.selectMove(state), rb = b.selectMove(state)
                let tap = try XCTUnwrap(ra.move)
                XCTAssertEqual(tap, rb.move)
                XCTAssertTrue(state.isLegal(tap))
                XCTAssertLessThan(Int(tap.t), 50, "ticks=50 confines t")
                XCTAssertLessThanOrEqual(ra.playouts, 300)
                // The value reported is the chosen tap's score.
                XCTAssertEqual(ra.value, Double(state.simulate(tap).score))
            }
        }
    }

    func testSearchAgentBeatsGreedyOnAverage() {
        // On seeds 101...130 (not those the defaults were tried on), level 8.
        var search = 0, greedy = 0
        for seed: UInt64 in 101...130 {
            let state = BallsReferee.deal(seed: seed, level: BallsLevel(8)!)
            var s = BallsSearchAgent(spec: "search", sims: 2000, ticks: BallsField.period, keep: 4, explore: 0.5, lag: 40, dt: 3, seed: seed)
            var g = BallsGreedyAgent(spec: "greedy", window: 120, step: 1, seed: seed)
            search += state.simulate(s.selectMove(state).move!).score
            greedy += state.simulate(g.selectMove(state).move!).score
        }
        XCTAssertGreaterThan(search, greedy)
    }

    func testCatalogMakesSearchAndSolver() throws {
        let catalog = BallsAgents.catalog
        XCTAssertNoThrow(try catalog.make("search:sims=10,ticks=5", seed: 1))
        XCTAssertNoThrow(try catalog.make("solver:last=0,search=0,goal=best", seed: 1))
        XCTAssertThrowsError(try catalog.make("solver:goal=most", seed: 1))
        XCTAssertThrowsError(try catalog.make("search:sims=0", seed: 1))
    }

    /// The solver (with and without its cuts, both goals) against brute force over
    /// small spaces: ticks 0...2 and a square around a ball.
    func testSolverMatchesBruteForceOnSmallSpaces() {
        var rng = SplitMix64(seed: 21)
        var impassable = 0, passable = 0
        for _ in 0..<24 {
            let level = BallsLevel(1 + rng.next(below: 10))!
            let state = BallsReferee.deal(seed: UInt64(1 + rng.next(below: 100_000)), level: level)
            let space = Self.spaceNear(state, ball: rng.next(below: level.balls), tick: rng.next(below: 1000),
                                       ticks: 1 + rng.next(below: 3), side: 8 + rng.next(below: 20))
            let truth = Self.bruteForce(state, space)
            let best = BallsSolver.solve(state, space: space, goal: .best)
            XCTAssertEqual(best.best, truth.best, "\(state.text) over \(space)")
            XCTAssertEqual(best.passable, truth.passable)
            if let tap = best.tap {
                XCTAssertTrue(space.contains(tap))
                XCTAssertEqual(state.simulate(tap).score, best.best)
            }
            for prune in [true, false] {
                let pass = BallsSolver.solve(state, space: space, goal: .pass, prune: prune)
                XCTAssertEqual(pass.passable, truth.passable, "prune \(prune): \(state.text) over \(space)")
                if !truth.passable {
                    XCTAssertTrue(pass.exhausted)
                    XCTAssertEqual(pass.best, truth.best)
                }
            }
            if truth.passable { passable += 1 } else { impassable += 1 }
        }
        XCTAssertGreaterThan(impassable, 0, "the cases include impassable spaces")
        XCTAssertGreaterThan(passable, 0, "the cases include passable spaces")
    }

    /// The cuts never change the answer: the same best score, verdict and (both sweeps
    /// scanning in the same order, and a class's first tap being the one simulated)
    /// the same tap, on random small spaces anywhere in the field.
    func testPruningChangesNothing() {
        var rng = SplitMix64(seed: 2121)
        for _ in 0..<30 {
            let level = BallsLevel(1 + rng.next(below: 10))!
            let state = BallsReferee.deal(seed: UInt64(1 + rng.next(below: 100_000)), level: level)
            let side = 4 + rng.next(below: 40)
            let x0 = rng.next(below: BallsField.width - side), y0 = rng.next(below: BallsField.height - side)
            let t0 = rng.next(below: BallsField.period - 3)
            let space = BallsSolver.Space(ticks: t0...(t0 + rng.next(below: 3)), xs: x0..<(x0 + side), ys: y0..<(y0 + side))
            for goal in [BallsSolver.Goal.best, .pass] {
                let a = BallsSolver.solve(state, space: space, goal: goal, prune: true)
                let b = BallsSolver.solve(state, space: space, goal: goal, prune: false)
                XCTAssertEqual(a.best, b.best, "\(goal) \(state.text) over \(space)")
                XCTAssertEqual(a.passable, b.passable)
                XCTAssertEqual(a.tap, b.tap)
                XCTAssertEqual(a.exhausted, b.exhausted)
                if a.exhausted {
                    // Every tap accounted for, once.
                    XCTAssertEqual(a.simulated + a.outOfReach + a.noCatch + a.duplicates, space.size)
                }
            }
        }
    }

    /// A verdict of impassable over the whole field (ticks 0...1) on level 10 deals:
    /// then no random tap of the space passes, and none scores more than the best.
    /// Seed 25 is the first such deal of seeds 1...40 (found by solving them all, which
    /// cost most of this suite's time; seed 32 is the second, left out because its
    /// exhaustive solve alone took 20-30 s of CI in a debug build); a solver that now
    /// finds a pass on it fails here, to be checked by hand.
    func testImpassableVerdictsHoldAgainstRandomTaps() {
        var rng = SplitMix64(seed: 5)
        for seed: UInt64 in [25] {
            let state = BallsReferee.deal(seed: seed, level: BallsLevel(10)!)
            let space = BallsSolver.Space(lastTick: 1)
            let r = BallsSolver.solve(state, space: space, goal: .pass)
            XCTAssertFalse(r.passable, "seed \(seed): level 10 over ticks 0...1 was impassable")
            XCTAssertTrue(r.exhausted)
            for _ in 0..<3000 {
                let tap = BallsTap(t: rng.next(below: 2), x: rng.next(below: BallsField.width), y: rng.next(below: BallsField.height))
                let score = state.simulate(tap).score
                XCTAssertFalse(state.level.passes(score), "seed \(seed): \(tap.notation) passes")
                XCTAssertLessThanOrEqual(score, r.best, "seed \(seed): \(tap.notation)")
            }
        }
    }

    /// A passing tap shown by the solver passes, and lies in the space.
    func testPassableVerdictsShowAPassingTap() throws {
        for level in [3, 7, 9] {
            for seed: UInt64 in 1...5 {
                let state = BallsReferee.deal(seed: seed, level: BallsLevel(level)!)
                let space = BallsSolver.Space(lastTick: 3)
                let r = BallsSolver.solve(state, space: space, goal: .pass, searchSims: 500, seed: seed)
                guard r.passable else { continue }
                let tap = try XCTUnwrap(r.tap)
                XCTAssertTrue(space.contains(tap))
                XCTAssertTrue(state.simulate(tap).passed)
            }
        }
    }
}

extension BallsSearchTests {
    /// A first sample at 0@0,0 (the value the kept taps start from) is kept: a level
    /// whose ball sits in the corner, searched over tick 0 only, used to crash.
    func testSearchKeepsATapAtTheCorner() throws {
        let state = Balls(level: BallsLevel(1)!, dealt: [(1, 1), (300, 400), (310, 410), (305, 470)])
        for seed: UInt64 in 1...50 {
            var agent = BallsSearchAgent(spec: "search", sims: 50, ticks: 1, keep: 4, explore: 0.5, lag: 1, dt: 0, seed: seed)
            agent.stopScore = 1
            let tap = try XCTUnwrap(agent.selectMove(state).move)
            XCTAssertTrue(state.isLegal(tap))
        }
    }
}
