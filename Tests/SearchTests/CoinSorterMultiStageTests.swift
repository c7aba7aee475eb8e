import Foundation
import XCTest
@testable import Boards
@testable import Search

/// Multi-stage networks (`CoinSorterNTuple.stages`): weight sets by turns left, the
/// last shared by the turns left from `stages − 1` up; the full count (one per turns
/// left) is the published network, and the weights file records the count.
final class CoinSorterMultiStageTests: XCTestCase {
    func trainer(stages: Int, symmetric: Bool = false, coherence: Bool = false, seed: UInt64 = 7, batch: Int = 1,
                 alpha: Double = 0.1) -> CoinSorterTDTrainer {
        CoinSorterTDTrainer(network: CoinSorterNTuple(symmetricCombs: symmetric, stages: stages),
                            state: CoinSorterTrainingState(seed: seed, alpha: alpha, batch: batch, coherence: coherence))
    }

    let position = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 6 0"

    func randomWeights(_ network: CoinSorterNTuple, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for i in 0..<network.weightCount { network.weights[i] = Float(rng.next(below: 1000)) / 256 }
    }

    /// Turns left `k` read stage `min(k, stages − 1)`: every turn its own stage in the full
    /// network (more than 10 turns read the last), one stage for all with 1.
    func testTurnsLeftSelectTheirStageAndTheLastIsShared() {
        let full = CoinSorterNTuple(), two = CoinSorterNTuple(stages: 2), one = CoinSorterNTuple(stages: 1)
        XCTAssertEqual(full.stages, CoinSorterNTuple.turnTables)
        XCTAssertEqual((0...12).map(full.table(forTurns:)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10])
        XCTAssertEqual((0...12).map(two.table(forTurns:)), [0] + Array(repeating: 1, count: 12))
        XCTAssertEqual((0...12).map(one.table(forTurns:)), Array(repeating: 0, count: 13))
        XCTAssertEqual(two.weightCount, 2 * full.stride)
        XCTAssertEqual(one.weightCount, full.stride)
    }

    /// A network of N stages is the full network with its tables from N − 1 on tied: any
    /// weights give every board, at every turns left, the value of the full network whose
    /// table k holds the staged network's table min(k, N − 1).
    func testAStagedNetworkIsTheFullNetworkWithItsLastTablesTied() throws {
        let s = try CoinSorter(parsing: position)
        for symmetric in [false, true] {
            let staged = CoinSorterNTuple(symmetricCombs: symmetric, stages: 3)
            randomWeights(staged, seed: 3)
            let full = CoinSorterNTuple(symmetricCombs: symmetric)
            for k in 0..<full.stages {
                (full.weights + k * full.stride).update(from: staged.weights + min(k, 2) * staged.stride, count: staged.stride)
            }
            for turns in 0...11 {
                XCTAssertEqual(staged.value(s, turns: turns).bitPattern, full.value(s, turns: turns).bitPattern, "turns \(turns)")
            }
            XCTAssertNotEqual(staged.value(s, turns: 0), staged.value(s, turns: 1), "the stages hold their own weights")
            XCTAssertEqual(staged.value(s, turns: 2), staged.value(s, turns: 9))
        }
    }

    /// Training is the same whether the stage count is given as the full count or left out
    /// (the published runs), and differs with fewer stages.
    func testTheFullStageCountTrainsTheDefaultNetworkExactly() {
        let given = trainer(stages: CoinSorterNTuple.turnTables)
        let plain = CoinSorterTDTrainer(network: CoinSorterNTuple(), state: CoinSorterTrainingState(seed: 7, alpha: 0.1, batch: 1))
        XCTAssertEqual(given.train(episodes: 8, threads: 1), plain.train(episodes: 8, threads: 1))
        XCTAssertEqual(given.network.weightArray.map(\.bitPattern), plain.network.weightArray.map(\.bitPattern))
        let two = trainer(stages: 2)
        _ = two.train(episodes: 8, threads: 1)
        XCTAssertNotEqual(two.network.weightArray, Array(plain.network.weightArray.prefix(2 * plain.network.stride)))
    }

    /// A staged run is reproducible from its seed, and batched it gives the same weights
    /// on 1 and 2 threads.
    func testStagedTrainingIsReproducibleAndTheSameOnAnyThreadCount() {
        let a = trainer(stages: 2, symmetric: true, coherence: true, alpha: 1), b = trainer(stages: 2, symmetric: true, coherence: true, alpha: 1)
        XCTAssertEqual(a.train(episodes: 8, threads: 1), b.train(episodes: 8, threads: 1))
        XCTAssertEqual(a.network.weightArray, b.network.weightArray)
        let one = trainer(stages: 2, seed: 3, batch: 4), two = trainer(stages: 2, seed: 3, batch: 4)
        _ = one.train(episodes: 8, threads: 1)
        _ = two.train(episodes: 8, threads: 2)
        XCTAssertEqual(one.network.weightArray.map(\.bitPattern), two.network.weightArray.map(\.bitPattern))
    }

    /// A staged network writes format 3 with its stage count; it loads back bit for bit,
    /// is written again byte for byte, and a run resumed from it continues exactly. A
    /// format 3 header with a stage count this bench cannot hold is refused with one line.
    func testStagedWeightsFileRoundTripsAndResumesExactly() throws {
        let whole = trainer(stages: 2, coherence: true, alpha: 0.5)
        _ = whole.train(episodes: 12, threads: 1)
        let first = trainer(stages: 2, coherence: true, alpha: 0.5)
        _ = first.train(episodes: 8, threads: 1)
        let path = scratchPath("weights-staged")
        try first.network.write(to: path, state: first.state)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(bytes[8], 3, "format 3")
        XCTAssertEqual(bytes[16], 2, "two stages")
        XCTAssertEqual(bytes.count, 88 + 3 * 4 * 2 * first.network.stride + 8)
        let (back, state) = try CoinSorterNTuple.load(path)
        XCTAssertEqual(back.stages, 2)
        XCTAssertEqual(state, first.state)
        XCTAssertEqual(back.weightArray.map(\.bitPattern), first.network.weightArray.map(\.bitPattern))
        let again = scratchPath("weights-staged-again")
        try back.write(to: again, state: state)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: again)), bytes, "written again byte for byte")
        let resumed = CoinSorterTDTrainer(network: back, state: state)
        _ = resumed.train(episodes: 4, threads: 1)
        XCTAssertEqual(resumed.network.weightArray, whole.network.weightArray)
        XCTAssertEqual(resumed.state, whole.state)

        // Stage counts a format 3 header cannot hold (0, or the full count, which is format 1 or 2).
        for count: UInt8 in [0, 11] {
            var bad = bytes
            bad[16] = count
            try bad.write(to: URL(fileURLWithPath: again))
            XCTAssertThrowsError(try CoinSorterNTuple.load(again)) { error in
                XCTAssertTrue("\(error)".contains("\(count) stages in a format 3 header"), "\(error)")
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
        // A format 2 file claiming two tables is a shape this bench does not know.
        let plain = trainer(stages: CoinSorterNTuple.turnTables, coherence: true)
        _ = plain.train(episodes: 2, threads: 1)
        try plain.network.write(to: again, state: plain.state)
        var claimed = try Data(contentsOf: URL(fileURLWithPath: again))
        XCTAssertEqual(claimed[8], 2)
        claimed[16] = 2
        try claimed.write(to: URL(fileURLWithPath: again))
        XCTAssertThrowsError(try CoinSorterNTuple.load(again)) { XCTAssertTrue("\($0)".contains("shape"), "\($0)") }
    }

    /// The files written before stages existed load unchanged as the full network: the
    /// published weights (format 1) and a format 2 file.
    func testOldFormatFilesLoadAsTheFullNetwork() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let published = root.appendingPathComponent("results/coin-sorter-learning/weights.bin").path
        let (network, state) = try CoinSorterNTuple.load(published)
        XCTAssertEqual(network.stages, CoinSorterNTuple.turnTables)
        XCTAssertEqual(state.episodes, 400_000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: published))
        XCTAssertEqual(bytes[8], 1)
        let path = scratchPath("weights-published-again")
        try network.write(to: path, state: state)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "read and written again byte for byte")

        let tc = trainer(stages: CoinSorterNTuple.turnTables, coherence: true)
        _ = tc.train(episodes: 2, threads: 1)
        try tc.network.write(to: path, state: tc.state)
        let v2 = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(v2[8], 2)
        XCTAssertEqual(v2[16], 11)
        XCTAssertEqual(try CoinSorterNTuple.load(path).network.stages, CoinSorterNTuple.turnTables)
    }
}
