import Foundation
import XCTest
@testable import Boards
@testable import Search

/// The learned Coin Sorter evaluation: the network's symmetries, TD updates, training
/// reproducible from its seed, the weights file, and the agents that use it.
final class CoinSorterLearningTests: XCTestCase {
    /// A network trained a little, so its weights are not all 0.
    func trained(episodes: Int = 300, seed: UInt64 = 5, batch: Int = 1, threads: Int = 1) -> (CoinSorterNTuple, CoinSorterTrainingState, [Int]) {
        let trainer = CoinSorterTDTrainer(network: CoinSorterNTuple(), state: CoinSorterTrainingState(seed: seed, alpha: 0.1, batch: batch))
        let scores = trainer.train(episodes: episodes, threads: threads)
        return (trainer.network, trainer.state, scores)
    }

    /// Transposing the board gives exactly the same value (every family shares its
    /// entries between rows and columns). Crosses and pairs are also stored by class
    /// under row and column permutations and renamed kinds; combs keep the order of
    /// their two crossing lines and the kinds' names, so under those the value is the
    /// same only as far as training made it so: close, not equal.
    func testValueIsTheSameUnderTheBoardsSymmetries() throws {
        let (network, _, _) = trained()
        let s = try CoinSorter(parsing: "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 6 0")
        func board(_ cell: (Int, Int) -> Coin) -> CoinSorter {
            CoinSorter(coins: (0..<25).map { cell($0 / 5, $0 % 5) }, turnsLeft: 6)
        }
        let v = network.value(s, turns: 6)
        XCTAssertNotEqual(v, 0)
        let transposed = board { r, c in s.coin(at: c * 5 + r) }
        XCTAssertEqual(network.value(transposed, turns: 6), v, accuracy: 1e-4)
        let rename: [Coin: Coin] = [.triangle: .circle, .square: .triangle, .circle: .square]
        let approximate = [
            board { r, c in s.coin(at: ((r + 2) % 5) * 5 + c) },        // rows rotated
            board { r, c in s.coin(at: r * 5 + (4 - c)) },              // columns reversed
            board { r, c in rename[s.coin(at: r * 5 + c)]! },           // kinds renamed
        ]
        for b in approximate { XCTAssertEqual(network.value(b, turns: 6), v, accuracy: 0.05, b.text) }
        // An untrained network's crosses and pairs alone: with only those entries set,
        // every symmetry gives exactly the same value.
        let crossesAndPairs = CoinSorterNTuple()
        for k in 0..<CoinSorterNTuple.turnTables {
            for i in 0..<(crossesAndPairs.classCount + crossesAndPairs.pairClassCount) {
                crossesAndPairs.weights[k * crossesAndPairs.stride + i] = Float(i % 7) * 0.125
            }
        }
        let exact = crossesAndPairs.value(s, turns: 6)
        XCTAssertNotEqual(exact, 0)
        for b in approximate + [transposed] { XCTAssertEqual(crossesAndPairs.value(b, turns: 6), exact, b.text) }
    }

    func testTDUpdateMovesTheValueTowardItsTarget() throws {
        let network = CoinSorterNTuple()
        let board = try CoinSorter(parsing: "TTTTS/SCSCC/CSTSC/SCSCS/CSCSC 3 0")
        XCTAssertEqual(network.value(board, turns: 3), 0)
        let error = CoinSorterTDTrainer.update(network, board: board, turns: 3, target: 2, alpha: 0.1)
        XCTAssertEqual(error, 2)
        let after = network.value(board, turns: 3)
        XCTAssertGreaterThan(after, 0, "moved toward the target")
        XCTAssertLessThan(after, 2, "not past it")
        // Another table (turns left) is untouched; so is a board sharing no entry.
        XCTAssertEqual(network.value(board, turns: 2), 0)
        // Repeated updates converge on the target.
        for _ in 0..<200 { CoinSorterTDTrainer.update(network, board: board, turns: 3, target: 2, alpha: 0.1) }
        XCTAssertEqual(network.value(board, turns: 3), 2, accuracy: 1e-3)
        // And a lower target pulls it down.
        CoinSorterTDTrainer.update(network, board: board, turns: 3, target: 0, alpha: 0.1)
        XCTAssertLessThan(network.value(board, turns: 3), 2)
    }

    func testTrainingIsReproducibleFromItsSeed() {
        let (a, sa, scoresA) = trained(episodes: 60, seed: 9)
        let (b, sb, scoresB) = trained(episodes: 60, seed: 9)
        XCTAssertEqual(a.weightArray, b.weightArray)
        XCTAssertEqual(sa, sb)
        XCTAssertEqual(scoresA, scoresB)
        let (c, _, _) = trained(episodes: 60, seed: 10)
        XCTAssertNotEqual(a.weightArray, c.weightArray, "another seed, other deals")
        // In two calls, the same as in one.
        let trainer = CoinSorterTDTrainer(network: CoinSorterNTuple(), state: CoinSorterTrainingState(seed: 9, alpha: 0.1, batch: 1))
        _ = trainer.train(episodes: 37, threads: 1)
        _ = trainer.train(episodes: 23, threads: 1)
        XCTAssertEqual(trainer.network.weightArray, a.weightArray)
        XCTAssertEqual(trainer.state, sa)
    }

    func testBatchedTrainingGivesTheSameWeightsOnAnyNumberOfThreads() {
        let (one, s1, scores1) = trained(episodes: 100, seed: 3, batch: 20, threads: 1)
        let (two, s2, scores2) = trained(episodes: 100, seed: 3, batch: 20, threads: 2)
        let (three, _, _) = trained(episodes: 100, seed: 3, batch: 20, threads: 3)
        XCTAssertEqual(one.weightArray, two.weightArray)
        XCTAssertEqual(one.weightArray, three.weightArray)
        XCTAssertEqual(s1, s2)
        XCTAssertEqual(scores1, scores2)
    }

    func testTrainingDealsAreNeverTournamentDeals() {
        var master = SplitMix64(seed: CoinSorterTrainingState(seed: 1, alpha: 0.1, batch: 1).rngState)
        for _ in 0..<10_000 { XCTAssertGreaterThanOrEqual(CoinSorterTDTrainer.nextEpisodeSeeds(&master).deal, 1 << 32) }
    }

    func testWeightsFileRoundTrips() throws {
        let (network, state, _) = trained()
        let path = scratchPath("weights")
        try network.write(to: path, state: state)
        let (back, backState) = try CoinSorterNTuple.load(path)
        XCTAssertEqual(back.weightArray.map(\.bitPattern), network.weightArray.map(\.bitPattern))
        XCTAssertEqual(backState, state)
        // Written again, byte for byte the same file.
        let again = scratchPath("weights-again")
        try back.write(to: again, state: backState)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: again)))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .contains { $0.hasPrefix(URL(fileURLWithPath: path).lastPathComponent + ".tmp") }, "no temporary file left")
    }

    func testDivergedWeightsAreNeverWrittenAndTheCheckpointIsKept() throws {
        let (network, state, _) = trained(episodes: 50)
        let path = scratchPath("weights")
        try network.write(to: path, state: state)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        network.weights[7] = .nan
        XCTAssertThrowsError(try network.write(to: path, state: state)) { error in
            XCTAssertTrue((error as! WeightsFileError).message.contains("diverged"), "\(error)")
        }
        network.weights[7] = .infinity
        XCTAssertThrowsError(try network.write(to: path, state: state))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), good, "the good checkpoint is left as it was")
        XCTAssertNoThrow(try CoinSorterNTuple.load(path))
    }

    func testAHeaderLearningRateOrBatchOutOfRangeIsRefusedEvenWithARecomputedChecksum() throws {
        let (network, state, _) = trained(episodes: 50)
        let path = scratchPath("weights")
        try network.write(to: path, state: state)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        func patched(_ offset: Int, _ value: UInt64, _ size: Int) -> Data {
            var bytes = [UInt8](good)
            for i in 0..<size { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * i)) }
            var checksum = Checksum()
            bytes.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[0..<(bytes.count - 8)])) }
            for i in 0..<8 { bytes[bytes.count - 8 + i] = UInt8(truncatingIfNeeded: checksum.value >> UInt64(8 * i)) }
            return Data(bytes)
        }
        for (bytes, words) in [(patched(56, (11.0).bitPattern, 8), "bad alpha"), (patched(56, (0.0).bitPattern, 8), "bad alpha"),
                               (patched(28, 1001, 4), "bad batch")] {
            let bad = scratchPath("patched")
            try bytes.write(to: URL(fileURLWithPath: bad))
            XCTAssertThrowsError(try CoinSorterNTuple.load(bad)) { error in
                XCTAssertTrue((error as! WeightsFileError).message.contains(words), "\(error)")
            }
        }
    }

    func testADamagedWeightsFileIsRefusedWithOneLine() throws {
        let (network, state, _) = trained(episodes: 50)
        let path = scratchPath("weights")
        try network.write(to: path, state: state)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        func refusal(_ bytes: Data) -> String? {
            let bad = scratchPath("damaged")
            try? bytes.write(to: URL(fileURLWithPath: bad))
            do { _ = try CoinSorterNTuple.load(bad); return nil } catch { return error.message }
        }
        var flipped = good
        flipped[good.count / 2] ^= 0x10
        var wrongMagic = good
        wrongMagic[0] = UInt8(ascii: "X")
        var wrongShape = good
        wrongShape[20] &+= 1
        let cases: [(Data, String)] = [
            (flipped, "checksum mismatch"), (good.prefix(good.count - 3), "wrong length"), (good + Data([0]), "wrong length"),
            (wrongMagic, "not a Coin Sorter weights file"), (wrongShape, "shape"), (Data(), "not a Coin Sorter weights file"),
            (good.prefix(40), "truncated"),
        ]
        for (bytes, words) in cases {
            let message = try XCTUnwrap(refusal(bytes), words)
            XCTAssertTrue(message.contains(words), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
        XCTAssertThrowsError(try CoinSorterNTuple.load(scratchPath("missing"))) { error in
            XCTAssertTrue((error as! WeightsFileError).message.hasPrefix("cannot read"), "\(error)")
        }
        XCTAssertThrowsError(try CoinSorterNTuple.load(FileManager.default.temporaryDirectory.path)) { error in
            XCTAssertTrue((error as! WeightsFileError).message.contains("not a regular file"), "\(error)")
        }
    }

    func testLearnedAgentsPlayLegalMovesToTheEnd() throws {
        let (network, state, _) = trained()
        let path = scratchPath("weights")
        try network.write(to: path, state: state)
        let catalog = CoinSorterAgents.catalog
        for spec in ["greedy:eval=\(path)", "expectimax:depth=2,samples=2,width=4,eval=\(path)",
                     "expectimax:depth=1,eval=\(path)", "mcts:playouts=50,eval=\(path)"] {
            for seed: UInt64 in 1...3 {
                var agent = try catalog.make(spec, seed: seed)
                var referee = CoinSorterReferee(seed: seed)
                while !referee.state.isOver {
                    let move = try XCTUnwrap(agent.selectMove(referee.state).move, spec)
                    XCTAssertTrue(referee.state.isLegal(move), spec)
                    referee.play(move)
                }
                XCTAssertGreaterThan(referee.state.score, 0, spec)
            }
        }
        // The learned greedy is the trainer's policy: the best points + afterstate value.
        let s = CoinSorterReferee(seed: 4).state
        var greedy = try catalog.make("greedy:eval=\(path)", seed: 1)
        let chosen = try XCTUnwrap(greedy.selectMove(s).move)
        var rng = SplitMix64(seed: 1)
        let best = CoinSorterTDTrainer.bestSwap(network, s, rng: &rng)
        let evaluator = CoinSorterLearnedEvaluator(network: network)
        XCTAssertEqual(evaluator.rankingValue(of: chosen, in: s), evaluator.rankingValue(of: best.swap, in: s), accuracy: 1e-4)
    }

    func testBadLearnedSpecsAreRefusedWithOneLine() throws {
        let catalog = CoinSorterAgents.catalog
        let missing = scratchPath("missing")
        for (spec, words) in [("greedy:eval=\(missing)", "cannot read"), ("expectimax:eval=\(missing),w.four=1", "hand-made"),
                              ("greedy:eval=", "not key=value")] {
            XCTAssertThrowsError(try catalog.make(spec, seed: 1), spec) { error in
                let message = (error as! ParseError).message
                XCTAssertTrue(message.contains(words), message)
                XCTAssertFalse(message.contains("\n"))
            }
        }
        // Without eval, the hand-made evaluation as before.
        XCTAssertNoThrow(try catalog.make("greedy:w.four=0.5", seed: 1))
    }
}
