import XCTest
@testable import Boards
@testable import Search

/// The exact-refill expectimax on the learned value: its enumeration, its options
/// (depth, paired samples, margin, the leaf cache) and their reproducibility.
final class CoinSorterLearnedExpectimaxTests: XCTestCase {
    /// A network with a few training games in it (values not all equal), made once.
    static let network: CoinSorterNTuple = {
        let network = CoinSorterNTuple()
        let t = CoinSorterTDTrainer(network: network, state: CoinSorterTrainingState(seed: 3, alpha: 0.1, batch: 1))
        _ = t.train(episodes: 3, threads: 1)
        return network
    }()

    /// Row 1 is four triangles and a square; swapping e1 with e2 completes it.
    let position = "TTTTS/SCSCT/CSCSC/SCSCS/CSCSC 4 0"

    func agent(_ width: Int = 3, exact: Int = 3, seed: UInt64 = 7, depth: Int = 2, samples: Int = 2,
               paired: Bool = false, margin: Double? = nil, cache: Bool = false) -> CoinSorterLearnedExpectimax {
        CoinSorterLearnedExpectimax(spec: "x", network: Self.network, width: width, exactDraws: exact, seed: seed,
                                    depth: depth, samples: samples, paired: paired, margin: margin, cache: cache)
    }

    /// Above a leaf, the first `exact` coins of a refill are enumerated: the value is the
    /// mean over the 3^exact fillings, each equally likely, of its points and the leaf
    /// after it (the later coins drawn from the same stream, filling after filling).
    func testExactEnumerationIsTheMeanOverEveryFilling() throws {
        let s = try CoinSorter(parsing: position)
        var after = s
        after.play(CoinSorter.Swap(4, 9))
        XCTAssertEqual(after.score, 1)
        XCTAssertTrue(after.isChanceNode)
        let a = agent(exact: 3)
        var rng = SplitMix64(seed: 11), nodes = 0
        let enumerated = a.chance(after, draws: 0, depth: 1, rng: &rng, nodes: &nodes)
        var stream = SplitMix64(seed: 11), total = 0.0
        for filling in 0..<27 {
            var next = after
            for coin in [filling / 9, filling / 3 % 3, filling % 3] { next.applyChance(next.chanceOutcome(coin)) }
            while next.isChanceNode { next.applyChance(next.chanceOutcome(stream.next(below: 3))) }
            total += Double(next.score - after.score) + a.decision(next, nodes: &nodes)
        }
        XCTAssertEqual(enumerated, total / 27, accuracy: 1e-9)
        XCTAssertEqual(rng.next(), stream.next(), "the same coins drawn, in the same order")
    }

    /// The cache of leaf values returns exactly what the leaf computes: the same moves and
    /// values with and without it at depth 3, and a leaf asked again is answered from it.
    func testLeafCacheDoesNotChangeTheMoveOrItsValue() throws {
        var plain = agent(2, exact: 1, depth: 3, samples: 2)
        var cached = agent(2, exact: 1, depth: 3, samples: 2, cache: true)
        var referee = CoinSorterReferee(seed: 5)
        for _ in 0..<3 {
            let a = plain.selectMove(referee.state), b = cached.selectMove(referee.state)
            XCTAssertEqual(a.move, b.move)
            XCTAssertEqual(a.value, b.value)
            referee.play(try XCTUnwrap(a.move))
        }
        XCTAssertEqual(plain.cacheCounts.hits + plain.cacheCounts.misses, 0)
        let s = referee.state
        var nodes = 0
        let computed = cached.decision(s, nodes: &nodes)
        XCTAssertEqual(cached.leaf(s, nodes: &nodes), computed)
        let hits = cached.cacheCounts.hits
        XCTAssertEqual(cached.leaf(s, nodes: &nodes), computed)
        XCTAssertEqual(cached.cacheCounts.hits, hits + 1)
    }

    /// Same seed, same options: the same moves and values (paired samples at depth 3).
    func testPairedDepthThreeSearchIsReproducibleFromItsSeed() throws {
        var one = agent(2, exact: 1, depth: 3, samples: 2, paired: true)
        var two = agent(2, exact: 1, depth: 3, samples: 2, paired: true)
        let s = try CoinSorter(parsing: position)
        let a = one.selectMove(s), b = two.selectMove(s)
        XCTAssertEqual(a.move, b.move)
        XCTAssertEqual(a.value, b.value)
        XCTAssertEqual(a.depth, 3)
    }

    /// With paired samples every root swap draws its refills from one stream, seeded
    /// once for the move: the search's value is the best of the swaps' values each
    /// computed from a fresh copy of that stream (independent samples would continue
    /// the stream from one swap to the next, and differ).
    func testPairedSamplesGiveEveryRootSwapTheSameStream() throws {
        let s = try CoinSorter(parsing: position)
        var paired = agent(3, exact: 1, seed: 13, depth: 3, samples: 2, paired: true)
        let result = paired.selectMove(s)
        var master = SplitMix64(seed: 13)
        let shared = master.next()
        var best = -Double.infinity, nodes = 0
        for swap in paired.rankedSwaps(s).prefix(3) {
            var after = s
            after.play(swap)
            var own = SplitMix64(seed: shared)
            best = max(best, Double(after.score - s.score) + paired.chance(after, draws: 0, depth: 2, rng: &own, nodes: &nodes))
        }
        XCTAssertEqual(try XCTUnwrap(result.value), best)
    }

    /// A margin no search can beat keeps the greedy choice (the best ranked swap); without
    /// a margin the search may overrule it.
    func testMarginKeepsTheGreedyChoiceUnlessTheSearchBeatsIt() throws {
        var referee = CoinSorterReferee(seed: 9)
        var stubborn = agent(4, exact: 2, margin: 100)
        for _ in 0..<3 {
            let move = try XCTUnwrap(stubborn.selectMove(referee.state).move)
            XCTAssertEqual(move, stubborn.rankedSwaps(referee.state)[0])
            referee.play(move)
        }
    }

    /// The options belong to the exact search: refused without `exact`, parsed with it.
    func testExactSearchOptionsNeedExact() throws {
        let catalog = CoinSorterAgents.catalog
        for option in ["paired=on", "margin=0.1", "cache=on"] {
            XCTAssertThrowsError(try catalog.make("expectimax:\(option)", seed: 1)) { error in
                XCTAssertTrue((error as! ParseError).message.contains("exact=K"), "\(error)")
            }
        }
    }
}
