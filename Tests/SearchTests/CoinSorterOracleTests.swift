import XCTest
@testable import Boards
@testable import Search

/// The Coin Sorter oracle (``CoinSorterOracle``): a ceiling that reads the referee.
/// It must never score below real agents on the same deal, its exact turns must be
/// optimal (checked by brute force with the real referee), it must be deterministic,
/// and no other agent may get at the referee.
final class CoinSorterOracleTests: XCTestCase {
    /// A small beam keeps the debug-build tests fast; the exact turns are the default 2.
    static let spec = "oracle:beam=40"

    /// Plays a whole deal as the workbench does: an agent that reads the referee gets
    /// a copy of it, any other agent the state alone. Returns the swaps and the score.
    func play(_ spec: String, seed: UInt64, agentSeed: UInt64 = 3) throws -> (swaps: [CoinSorter.Swap], score: Int) {
        var agent = try CoinSorterAgents.make(spec, seed: agentSeed)
        var referee = CoinSorterReferee(seed: seed)
        var swaps: [CoinSorter.Swap] = []
        while !referee.state.isOver {
            let r: SearchResult<CoinSorter.Swap>
            if var oracle = agent as? any RefereeReadingAgent<CoinSorter, CoinSorterReferee> {
                r = oracle.selectMove(referee: referee)
                agent = oracle
            } else {
                r = agent.selectMove(referee.state)
            }
            let swap = try XCTUnwrap(r.move, "\(spec) gave no move in \(referee.state.text)")
            swaps.append(swap)
            referee.play(swap)
        }
        return (swaps, referee.state.score)
    }

    /// The referee of `seed` after `turns` swaps of the greedy agent.
    func referee(seed: UInt64, afterGreedyTurns turns: Int) throws -> CoinSorterReferee {
        var referee = CoinSorterReferee(seed: seed)
        var greedy = CoinSorterGreedyAgent(seed: seed)
        for _ in 0..<turns { referee.play(try XCTUnwrap(greedy.selectMove(referee.state).move)) }
        return referee
    }

    var allSwaps: [CoinSorter.Swap] {
        (0..<24).flatMap { a in ((a + 1)..<25).map { CoinSorter.Swap(a, $0) } }
    }

    /// The most points `turns` turns can score from `referee`, by brute force over
    /// every swap sequence with the real referee (no shortcut of the oracle's).
    func bruteForce(_ referee: CoinSorterReferee, turns: Int) -> Int {
        guard turns > 0, !referee.state.isOver else { return 0 }
        var best = 0
        for swap in allSwaps {
            var copy = referee
            copy.play(swap)
            best = max(best, copy.state.score - referee.state.score + bruteForce(copy, turns: turns - 1))
        }
        return best
    }

    func testOracleScoresAtLeastGreedyAndRandomOnTheSameDeal() throws {
        for seed: UInt64 in [1, 2, 7, 11, 42] {
            let oracle = try play(Self.spec, seed: seed).score
            let greedy = try play("greedy", seed: seed).score
            let random = try play("random", seed: seed).score
            XCTAssertGreaterThanOrEqual(oracle, greedy, "seed \(seed)")
            XCTAssertGreaterThanOrEqual(oracle, random, "seed \(seed)")
        }
    }

    /// The last turn is searched exactly: its value is the best of all 300 swaps
    /// played on copies of the real referee, and its swap scores that.
    func testLastTurnIsOptimalAgainstBruteForce() throws {
        for seed: UInt64 in [1, 3, 7, 19, 23, 64] {
            let referee = try referee(seed: seed, afterGreedyTurns: 9)
            XCTAssertEqual(referee.state.turnsLeft, 1)
            let best = bruteForce(referee, turns: 1)
            for exact in [1, 2] {
                var oracle = CoinSorterOracle(spec: "oracle:exact=\(exact)", beam: 1, exact: exact)
                let r = oracle.selectMove(referee: referee)
                XCTAssertEqual(r.value, Double(best), "seed \(seed), exact=\(exact)")
                var after = referee
                after.play(try XCTUnwrap(r.move))
                XCTAssertEqual(after.state.score - referee.state.score, best, "seed \(seed), exact=\(exact)")
            }
        }
    }

    /// Some deals where the last turn can score (so the check above compares something).
    func testLastTurnBruteForceFindsPointsOnSomeDeals() throws {
        var scoring = 0
        for seed: UInt64 in [1, 3, 7, 19, 23, 64] where bruteForce(try referee(seed: seed, afterGreedyTurns: 9), turns: 1) > 0 {
            scoring += 1
        }
        XCTAssertGreaterThan(scoring, 0)
    }

    /// The last two turns are searched exactly too (the default `exact=2`): against
    /// brute force over all 300 × 300 swap pairs with the real referee.
    func testLastTwoTurnsAreOptimalAgainstBruteForce() throws {
        for seed: UInt64 in [5, 7] {
            let referee = try referee(seed: seed, afterGreedyTurns: 8)
            let best = bruteForce(referee, turns: 2)
            var oracle = CoinSorterOracle(beam: 1, exact: 2)
            let first = oracle.selectMove(referee: referee)
            XCTAssertEqual(first.value, Double(best), "seed \(seed)")
            var after = referee
            after.play(try XCTUnwrap(first.move))
            let second = oracle.selectMove(referee: after)
            after.play(try XCTUnwrap(second.move))
            XCTAssertEqual(after.state.score - referee.state.score, best, "seed \(seed)")
        }
    }

    /// The value reported at the first move is what the plan then scores in the game:
    /// the copies of the referee drew exactly the real coins.
    func testPlanScoresWhatItPromised() throws {
        for seed: UInt64 in [1, 8] {
            var oracle = CoinSorterOracle(spec: Self.spec, beam: 40)
            var referee = CoinSorterReferee(seed: seed)
            let promised = try XCTUnwrap(oracle.selectMove(referee: referee).value)
            var r = oracle.selectMove(referee: referee)
            while let swap = r.move {
                referee.play(swap)
                if referee.state.isOver { break }
                r = oracle.selectMove(referee: referee)
            }
            XCTAssertEqual(Double(referee.state.score), promised, "seed \(seed)")
        }
    }

    func testSameSeedSameMoves() throws {
        for seed: UInt64 in [2, 9] {
            let a = try play(Self.spec, seed: seed, agentSeed: 1)
            let b = try play(Self.spec, seed: seed, agentSeed: 1)
            let c = try play(Self.spec, seed: seed, agentSeed: 99)
            XCTAssertEqual(a.swaps, b.swaps)
            XCTAssertEqual(a.swaps, c.swaps, "the oracle draws nothing of its own: the agent seed changes nothing")
            XCTAssertEqual(a.score, b.score)
        }
    }

    /// The transposition table keys on the state without the stream: two swap orders
    /// reaching the same state from one referee must have the same future.
    func testSameStateFromOneRefereeHasTheSameFuture() throws {
        let root = try referee(seed: 7, afterGreedyTurns: 2)
        // Two swaps that score nothing and touch different cells commute.
        let quiet = allSwaps.filter { root.state.linesCompleted(by: $0) == 0 }
        let a = try XCTUnwrap(quiet.first { root.state.coin(at: Int($0.first)) != root.state.coin(at: Int($0.second)) })
        let b = try XCTUnwrap(quiet.first { s in
            let cells: Set<UInt8> = [a.first, a.second]
            guard !cells.contains(s.first), !cells.contains(s.second) else { return false }
            var x = root; x.play(a)
            return x.state.linesCompleted(by: s) == 0 && root.state.linesCompleted(by: s) == 0
        })
        var ab = root, ba = root
        ab.play(a); ab.play(b)
        ba.play(b); ba.play(a)
        XCTAssertEqual(ab.state, ba.state)
        for swap in [CoinSorter.Swap(0, 1), CoinSorter.Swap(3, 17)] + allSwaps.filter({ ab.state.linesCompleted(by: $0) > 0 }).prefix(3) {
            var x = ab, y = ba
            x.play(swap); y.play(swap)
            XCTAssertEqual(x.state, y.state)
        }
    }

    /// Only the oracle reads the referee; every other agent kind gets the state alone,
    /// and the state holds no part of the stream.
    func testOnlyTheOracleReadsTheReferee() throws {
        for kind in CoinSorterAgents.kinds {
            let agent = try CoinSorterAgents.make(kind.name, seed: 1)
            XCTAssertEqual(agent.readsReferee, kind.name == "oracle", kind.name)
            XCTAssertEqual(agent is any RefereeReadingAgent, kind.name == "oracle", kind.name)
            XCTAssertEqual(Clairvoyance.isOracle(kind.name), kind.name == "oracle", kind.name)
        }
        XCTAssertTrue(Clairvoyance.isOracle("oracle:beam=5,exact=1"))
        XCTAssertFalse(Clairvoyance.isOracle("greedy:w.four=1"))
        // What a normal agent is handed: no SplitMix64 anywhere inside it.
        let referee = CoinSorterReferee(seed: 7)
        XCTAssertFalse(Self.contains(SplitMix64.self, in: referee.state))
        XCTAssertTrue(Self.contains(SplitMix64.self, in: referee), "the check can find the stream where it is")
        // The oracle without the referee sees nothing it may use and plays nothing.
        var blind = try CoinSorterAgents.make("oracle", seed: 1)
        XCTAssertNil(blind.selectMove(referee.state).move)
    }

    /// Whether a value of type `T` is anywhere in `value`'s stored properties.
    static func contains<T>(_ type: T.Type, in value: Any) -> Bool {
        if value is T { return true }
        return Mirror(reflecting: value).children.contains { contains(type, in: $0.value) }
    }

    func testSpecParameters() throws {
        let o = try XCTUnwrap(try CoinSorterAgents.make("oracle:beam=7,exact=1", seed: 1) as? CoinSorterOracle)
        XCTAssertEqual(o.beamWidth, 7)
        XCTAssertEqual(o.exactTurns, 1)
        let d = try XCTUnwrap(try CoinSorterAgents.make("oracle", seed: 1) as? CoinSorterOracle)
        XCTAssertEqual(d.beamWidth, CoinSorterOracle.defaultBeam)
        XCTAssertEqual(d.exactTurns, CoinSorterOracle.defaultExact)
        XCTAssertThrowsError(try CoinSorterAgents.make("oracle:beam=0", seed: 1))
        XCTAssertThrowsError(try CoinSorterAgents.make("oracle:exact=4", seed: 1))
        XCTAssertThrowsError(try CoinSorterAgents.make("oracle:depth=2", seed: 1))
        do {
            _ = try CoinSorterAgents.make("nope", seed: 1)
            XCTFail("an unknown agent must throw")
        } catch {
            XCTAssertTrue(error.message.contains("oracle (reads the future draws"), error.message)
        }
    }
}
