import Foundation
import XCTest
@testable import Boards
@testable import Search

/// The learning methods beyond plain TD(0): fully symmetric tuples, optimistic
/// initialisation, temporal coherence, and the weights file that records them.
final class CoinSorterLearningMethodTests: XCTestCase {
    func trainer(symmetric: Bool = false, coherence: Bool = false, initialValue: Double = 0, seed: UInt64 = 5,
                 batch: Int = 1, alpha: Double = 0.1) -> CoinSorterTDTrainer {
        let network = CoinSorterNTuple(symmetricCombs: symmetric)
        if initialValue != 0 { CoinSorterTDTrainer.initialise(network, value: initialValue) }
        return CoinSorterTDTrainer(network: network, state: CoinSorterTrainingState(seed: seed, alpha: alpha, batch: batch,
                                                                                   coherence: coherence, initialValue: initialValue))
    }

    let position = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 6 0"

    func board(_ s: CoinSorter, _ cell: (Int, Int) -> Coin) -> CoinSorter {
        CoinSorter(coins: (0..<25).map { cell($0 / 5, $0 % 5) }, turnsLeft: 6)
    }

    /// With symmetric tuples every weight is shared by all the placements and colourings
    /// of its tuple: any weights at all give exactly the same value under every symmetry.
    func testSymmetricTuplesShareTheirWeightsUnderEverySymmetry() throws {
        let network = CoinSorterNTuple(symmetricCombs: true)
        XCTAssertLessThan(network.combCount, CoinSorterNTuple.combCodes / 6, "about 12 codes per class")
        XCTAssertGreaterThan(network.combCount, CoinSorterNTuple.combCodes / 12)
        var rng = SplitMix64(seed: 11)
        for i in 0..<network.weightCount { network.weights[i] = Float(rng.next(below: 1000)) / 256 }
        let s = try CoinSorter(parsing: position)
        let v = network.value(s, turns: 6)
        let rename: [Coin: Coin] = [.triangle: .circle, .square: .triangle, .circle: .square]
        let swapTwo: [Coin: Coin] = [.triangle: .square, .square: .triangle, .circle: .circle]
        let images = [
            board(s) { r, c in s.coin(at: c * 5 + r) },                       // transposed
            board(s) { r, c in s.coin(at: ((r + 2) % 5) * 5 + c) },           // rows rotated
            board(s) { r, c in s.coin(at: r * 5 + (4 - c)) },                 // columns reversed
            board(s) { r, c in s.coin(at: r * 5 + [1, 0, 2, 4, 3][c]) },      // two column swaps
            board(s) { r, c in rename[s.coin(at: r * 5 + c)]! },              // kinds rotated
            board(s) { r, c in swapTwo[s.coin(at: ((r + 1) % 5) * 5 + (4 - c))]! },
        ]
        // Sums of the same floats in another order may differ in the last bits only.
        for b in images { XCTAssertEqual(network.value(b, turns: 6), v, accuracy: abs(v) * 1e-5, b.text) }
        // The layout keeping comb codes apart is not invariant under renaming.
        let partial = CoinSorterNTuple()
        for i in 0..<partial.weightCount { partial.weights[i] = Float(rng.next(below: 1000)) / 256 }
        XCTAssertNotEqual(partial.value(images[4], turns: 6), partial.value(s, turns: 6))
    }

    func testOptimisticInitialisationValuesEveryBoardAtTheInitialValue() throws {
        let t = trainer(initialValue: 20)
        for text in [position, "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC 3 0"] {
            let s = try CoinSorter(parsing: text)
            XCTAssertEqual(t.network.value(s, turns: s.turnsLeft), 20, accuracy: 1e-3)
        }
        _ = t.train(episodes: 30, threads: 1)
        let again = trainer(initialValue: 20)
        _ = again.train(episodes: 30, threads: 1)
        XCTAssertEqual(t.network.weightArray, again.network.weightArray, "reproducible from the seed")
        let plain = trainer()
        _ = plain.train(episodes: 30, threads: 1)
        XCTAssertNotEqual(t.network.weightArray, plain.network.weightArray)
    }

    /// Temporal coherence: |sum of errors| never exceeds the sum of magnitudes, so each
    /// weight's rate stays in [0, 1]; training is reproducible from its seed, and batched
    /// training gives the same weights on any number of threads.
    func testCoherenceRatesStayInRangeAndTrainingIsReproducible() throws {
        let t = trainer(coherence: true, alpha: 1)
        let scores = t.train(episodes: 60, threads: 1)
        let n = t.network.weightCount, sums = try XCTUnwrap(t.network.coherence)
        var touched = 0
        for i in 0..<n {
            let e = sums[i], a = sums[n + i]
            XCTAssertGreaterThanOrEqual(a, 0)
            XCTAssertLessThanOrEqual(abs(e), a * (1 + 1e-5) + 1e-6, "weight \(i)")
            if a > 0 { touched += 1 }
        }
        XCTAssertGreaterThan(touched, 100)
        XCTAssertTrue(t.network.weightArray.allSatisfy(\.isFinite))
        let again = trainer(coherence: true, alpha: 1)
        XCTAssertEqual(again.train(episodes: 60, threads: 1), scores)
        XCTAssertEqual(again.network.weightArray, t.network.weightArray)
        let plain = trainer(alpha: 1)
        _ = plain.train(episodes: 60, threads: 1)
        XCTAssertNotEqual(plain.network.weightArray, t.network.weightArray, "coherence changes the steps")

        let one = trainer(coherence: true, seed: 3, batch: 20, alpha: 1), two = trainer(coherence: true, seed: 3, batch: 20, alpha: 1)
        _ = one.train(episodes: 40, threads: 1)
        _ = two.train(episodes: 40, threads: 2)
        XCTAssertEqual(one.network.weightArray, two.network.weightArray)
    }

    /// A file with every new setting round-trips (format 2, layout 4, the coherence sums);
    /// a run resumed from it gives the same weights as one never interrupted; a run with
    /// none of them still writes format 1, which still loads.
    func testWeightsFileWithTheNewSettingsRoundTripsAndResumesExactly() throws {
        let whole = trainer(symmetric: true, coherence: true, initialValue: 5, alpha: 0.5)
        _ = whole.train(episodes: 50, threads: 1)

        let first = trainer(symmetric: true, coherence: true, initialValue: 5, alpha: 0.5)
        _ = first.train(episodes: 30, threads: 1)
        let path = scratchPath("weights-v2")
        try first.network.write(to: path, state: first.state)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(bytes[8], 2, "format 2")
        XCTAssertEqual(bytes[12], 4, "layout 4")
        let (back, state) = try CoinSorterNTuple.load(path)
        XCTAssertEqual(state, first.state)
        XCTAssertTrue(back.symmetricCombs)
        XCTAssertEqual(back.weightArray.map(\.bitPattern), first.network.weightArray.map(\.bitPattern))
        let again = scratchPath("weights-v2-again")
        try back.write(to: again, state: state)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: again)), bytes, "written again byte for byte")
        let resumed = CoinSorterTDTrainer(network: back, state: state)
        _ = resumed.train(episodes: 20, threads: 1)
        XCTAssertEqual(resumed.network.weightArray, whole.network.weightArray)
        XCTAssertEqual(resumed.state, whole.state)

        // Damage in the new part is seen.
        var flipped = bytes
        flipped[bytes.count - 100] ^= 4
        try flipped.write(to: URL(fileURLWithPath: again))
        XCTAssertThrowsError(try CoinSorterNTuple.load(again)) { XCTAssertTrue("\($0)".contains("checksum"), "\($0)") }
        try bytes.prefix(80).write(to: URL(fileURLWithPath: again))
        XCTAssertThrowsError(try CoinSorterNTuple.load(again)) { XCTAssertTrue("\($0)".contains("truncated"), "\($0)") }

        // Plain runs: format 1, layout 3, as before.
        let plain = trainer()
        _ = plain.train(episodes: 10, threads: 1)
        let old = scratchPath("weights-v1")
        try plain.network.write(to: old, state: plain.state)
        let oldBytes = try Data(contentsOf: URL(fileURLWithPath: old))
        XCTAssertEqual(oldBytes[8], 1)
        XCTAssertEqual(oldBytes[12], 3)
        XCTAssertEqual(oldBytes.count, 72 + 4 * plain.network.weightCount + 8)
        let (oldBack, oldState) = try CoinSorterNTuple.load(old)
        XCTAssertFalse(oldBack.symmetricCombs)
        XCTAssertNil(oldBack.coherence)
        XCTAssertEqual(oldState, plain.state)
    }

    func testHeldOutEvaluationIsTheSameOnAnyNumberOfThreads() {
        let t = trainer()
        _ = t.train(episodes: 20, threads: 1)
        let one = CoinSorterTDTrainer.heldOutMean(t.network, firstDeal: 100, games: 6, threads: 1)
        XCTAssertEqual(CoinSorterTDTrainer.heldOutMean(t.network, firstDeal: 100, games: 6, threads: 3), one)
        XCTAssertGreaterThan(one, 0)
    }

    /// Expectimax with exact refills: legal moves to the end; at one turn left it plays
    /// as greedy; its value of a swap completing nothing is the best next-turn key exactly;
    /// `exact` without a learned evaluation is refused.
    func testExactRefillExpectimaxPlaysLegallyAndNeedsALearnedEvaluation() throws {
        let t = trainer(symmetric: true)
        _ = t.train(episodes: 100, threads: 1)
        let path = scratchPath("weights-exact")
        try t.network.write(to: path, state: t.state)
        let catalog = CoinSorterAgents.catalog
        for seed: UInt64 in 1...2 {
            var agent = try catalog.make("expectimax:exact=2,width=3,eval=\(path)", seed: seed)
            var referee = CoinSorterReferee(seed: seed)
            while !referee.state.isOver {
                let move = try XCTUnwrap(agent.selectMove(referee.state).move)
                XCTAssertTrue(referee.state.isLegal(move))
                referee.play(move)
            }
        }
        XCTAssertThrowsError(try catalog.make("expectimax:exact=5", seed: 1)) { error in
            XCTAssertTrue((error as! ParseError).message.contains("eval=FILE"), "\(error)")
        }
        // A state with nothing to complete: width 1 searches the greedy choice, whose
        // value is then the best key of the next turn.
        var agent = CoinSorterLearnedExpectimax(spec: "x", network: t.network, width: 1, exactDraws: 5, seed: 1)
        let s = try CoinSorter(parsing: position)
        let result = agent.selectMove(s)
        var rng = SplitMix64(seed: 1)
        let greedy = CoinSorterTDTrainer.bestSwap(t.network, s, rng: &rng)
        if greedy.points == 0 {
            var after = s
            after.play(greedy.swap)
            var nodes = 0
            XCTAssertEqual(try XCTUnwrap(result.value), agent.decision(after, nodes: &nodes), accuracy: 1e-6)
        }
    }
}
