import Foundation
import XCTest
@testable import Boards
@testable import Search

/// The tablebase file (written, read back, refused when damaged) and the tablebase agent,
/// on the reduced two-capture table of ``BaghChalTablebaseTests``.
final class BaghChalTablebaseFileTests: XCTestCase {
    var table: BaghChalTablebase { BaghChalTablebaseTests.twoCaptures }

    func temporaryFile(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-test-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent(name).path
    }

    func testAWrittenTableReadsBackWithEveryValue() throws {
        let path = temporaryFile("two.tb")
        try table.write(to: path)
        let read = try BaghChalTablebase(file: path, capturesToWin: 2)
        XCTAssertEqual(read.storage.codes, table.storage.codes)
        XCTAssertEqual(read.statistics, table.statistics)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertEqual(size, BaghChalTablebase.headerSize + table.index.slotCount * table.bytesPerEntry + 8)
        // Nothing but the table is left in the folder (the temporary file was renamed).
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["two.tb"])
    }

    func assertRefused(_ bytes: [UInt8], capturesToWin: Int = 2, mentioning word: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let path = temporaryFile("bad.tb")
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try BaghChalTablebase(file: path, capturesToWin: capturesToWin), file: file, line: line) { error in
            let message = (error as? TablebaseFileError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains(word), "\(message) should mention \(word)", file: file, line: line)
            XCTAssertFalse(message.contains("\n"), file: file, line: line)
        }
    }

    func testADamagedOrForeignFileIsRefused() throws {
        let path = temporaryFile("good.tb")
        try table.write(to: path)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var flipped = good
        flipped[BaghChalTablebase.headerSize + 1000] ^= 0x01
        try assertRefused(flipped, mentioning: "checksum")
        try assertRefused(Array(good.dropLast(9)), mentioning: "length")
        try assertRefused(good + [0], mentioning: "length")
        var magic = good
        magic[0] = UInt8(ascii: "X")
        try assertRefused(magic, mentioning: "not a Bagh-Chal tablebase")
        var version = good
        version[8] = 9
        try assertRefused(version, mentioning: "version 9")
        try assertRefused(good, capturesToWin: 5, mentioning: "2 captures")
        try assertRefused([], mentioning: "not a Bagh-Chal tablebase")
    }

    /// `bytes` with the checksum at its end recomputed: what an edit that knows the
    /// format leaves, so only the header and value checks can refuse it.
    func resummed(_ bytes: [UInt8]) -> [UInt8] {
        var checksum = Checksum()
        let body = Array(bytes.dropLast(8))
        body.withUnsafeBytes { checksum.add($0) }
        return body + withUnsafeBytes(of: checksum.value.littleEndian) { Array($0) }
    }

    func goodBytes() throws -> [UInt8] {
        let path = temporaryFile("good.tb")
        try table.write(to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testANonZeroReservedHeaderWordIsRefusedEvenWithARecomputedChecksum() throws {
        var bytes = try goodBytes()
        bytes[28] = 7
        try assertRefused(resummed(bytes), mentioning: "reserved header word at offset 28 is 7")
        bytes[28] = 0
        bytes[31] = 1
        try assertRefused(resummed(bytes), mentioning: "reserved")
    }

    func testALossIn0WhereTheSideToMoveHasAMoveIsRefused() throws {
        var bytes = try goodBytes()
        let index = table.index
        let slot = try XCTUnwrap((0..<index.slotCount).first {
            index.isCanonical(slot: $0) && table.code(atSlot: $0) != 1 && index.engine(ofSlot: $0).hasLegalMove
        })
        bytes[BaghChalTablebase.headerSize + slot] = 1
        try assertRefused(resummed(bytes), mentioning: "slot \(slot) holds a loss in 0, but its side to move has a legal move")
    }

    func testASymmetricCopyThatDiffersFromItsImageIsRefused() throws {
        var bytes = try goodBytes()
        let index = table.index
        let slot = try XCTUnwrap((0..<index.slotCount).first { !index.isCanonical(slot: $0) })
        bytes[BaghChalTablebase.headerSize + slot] = UInt8(table.code(atSlot: slot) + 2)
        try assertRefused(resummed(bytes), mentioning: "symmetric image")
    }

    func testALookUpOnlyLoadChecksTheChecksumButNotEverySlot() throws {
        // A symmetric copy edited and re-summed: only the survey refuses it.
        var bytes = try goodBytes()
        let slot = try XCTUnwrap((0..<table.index.slotCount).first { !table.index.isCanonical(slot: $0) })
        bytes[BaghChalTablebase.headerSize + slot] = UInt8(table.code(atSlot: slot) + 2)
        let path = temporaryFile("edited.tb")
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try Data(resummed(bytes)).write(to: URL(fileURLWithPath: path))
        let unsurveyed = try BaghChalTablebase(file: path, capturesToWin: 2, surveying: false)
        XCTAssertEqual(unsurveyed.code(atSlot: slot), table.code(atSlot: slot) + 2)
        XCTAssertThrowsError(try BaghChalTablebase(file: path, capturesToWin: 2, surveying: true))
        // The checksum is still checked.
        var flipped = bytes
        flipped[BaghChalTablebase.headerSize + slot] ^= 1
        try Data(flipped).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try BaghChalTablebase(file: path, capturesToWin: 2, surveying: false)) { error in
            XCTAssertTrue("\(error)".contains("checksum"), "\(error)")
        }
    }

    func testATwoByteTableWhoseValuesAllFitInOneIsRefused() throws {
        let good = try goodBytes()
        var header = Array(good[0..<BaghChalTablebase.headerSize])
        header[12] = 2
        let codes: [UInt8] = good[BaghChalTablebase.headerSize..<(good.count - 8)].flatMap { [$0, 0] as [UInt8] }
        try assertRefused(resummed(header + codes + [UInt8](repeating: 0, count: 8)), mentioning: "every value fits in 1")
    }

    func testAFIFOInPlaceOfTheTableIsRefusedWithoutWaiting() throws {
        let path = temporaryFile("fifo.tb")
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try BaghChalTablebase(file: path, capturesToWin: 2)) { error in
            XCTAssertEqual((error as? TablebaseFileError)?.message, "\(path): not a regular file")
        }
    }

    func testAFailedWriteLeavesNothingBehind() throws {
        let path = temporaryFile("x.tb")
        // The target is a folder: the rename fails, and the temporary file is removed.
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try table.write(to: path))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["x.tb"])
    }

    func testTheChecksumCoversEveryByteWhateverThePieces() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var whole = Checksum(), pieces = Checksum()
        bytes.withUnsafeBytes { whole.add($0) }
        for cut in stride(from: 0, to: 1000, by: 13) {
            bytes[cut..<min(cut + 13, 1000)].withUnsafeBytes { pieces.add($0) }
        }
        XCTAssertEqual(whole.value, pieces.value)
        var changed = bytes
        changed[999] ^= 0x80
        var other = Checksum()
        changed.withUnsafeBytes { other.add($0) }
        XCTAssertNotEqual(other.value, whole.value)
    }

    // MARK: The agent

    func testTheAgentKeepsTheValueAndWinsFastestLosesSlowest() {
        var agent = TablebaseAgent(spec: "tablebase", table: table, fallback: RandomAgent<BaghChal>(), seed: 3)
        var rng = SplitMix64(seed: 77)
        var checked = 0
        for _ in 0..<3000 {
            let p = BaghChalTablebaseTests.randomSlidingPosition(&rng, capturesBelow: 2)
            guard p.outcome == nil, let before = table.value(of: p) else { continue }
            guard let move = agent.selectMove(GameHistory(p)).move else { XCTFail("no move in \(p.text)"); continue }
            XCTAssertTrue(p.legalMoves.contains(move))
            var child = p
            child.play(move)
            XCTAssertEqual(table.value(of: child)?.beforeMove, before, p.text)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    func testTheAgentBreaksTiesBySeedAndFallsBackInThePlacement() {
        // Goats to move with many equally good moves: the seed picks among them.
        var rng = SplitMix64(seed: 5)
        var p = BaghChalTablebaseTests.randomSlidingPosition(&rng, capturesBelow: 2)
        while p.outcome != nil || p.legalMoves.count < 6 { p = BaghChalTablebaseTests.randomSlidingPosition(&rng, capturesBelow: 2) }
        var chosen = Set<UInt16>()
        for seed in 0..<40 as Range<UInt64> {
            var agent = TablebaseAgent(spec: "tablebase", table: table, fallback: RandomAgent<BaghChal>(), seed: seed)
            var again = TablebaseAgent(spec: "tablebase", table: table, fallback: RandomAgent<BaghChal>(), seed: seed)
            let move = agent.selectMove(GameHistory(p)).move
            XCTAssertEqual(move, again.selectMove(GameHistory(p)).move, "same seed, same move")
            if let move { chosen.insert(move.raw) }
        }
        let before = table.value(of: p)!
        let keeping = p.legalMoves.filter { m in var c = p; c.play(m); return table.value(of: c)!.beforeMove == before }
        XCTAssertEqual(chosen.count, min(keeping.count, chosen.count))
        XCTAssertTrue(chosen.isSubset(of: Set(keeping.map(\.raw))))
        if keeping.count > 1 { XCTAssertGreaterThan(chosen.count, 1, "ties are broken by the seed") }
        // In the placement the fallback plays (here: the random agent's first draw).
        let start = BaghChal()
        var agent = TablebaseAgent(spec: "tablebase", table: table, fallback: RandomAgent<BaghChal>(seed: 9), seed: 1)
        var random = RandomAgent<BaghChal>(seed: 9)
        XCTAssertEqual(agent.selectMove(GameHistory(start)).move, random.selectMove(GameHistory(start)).move)
    }

    func testTheAgentSpecIsChecked() {
        let kind = BaghChalTablebaseAgents.description(defaultFile: "x")
        XCTAssertThrowsError(try kind.parse("tablebase:depth=0"))
        XCTAssertThrowsError(try kind.parse("tablebase:nodes=5"))
        XCTAssertThrowsError(try kind.parse("tablebase:w.x=1"))
        let s = try? kind.parse("tablebase:file=a/b.tb,depth=3")
        XCTAssertEqual(s?.string("file"), "a/b.tb")
        XCTAssertEqual(s?.int("depth"), 3)
        XCTAssertEqual(try? kind.parse("tablebase").string("file"), "x")
        XCTAssertThrowsError(try BaghChalTablebaseAgents.make(kind.parse("tablebase:file=/nonexistent/t.tb"), seed: 0)) { error in
            XCTAssertTrue("\(error)".contains("bench solve"), "\(error)")
        }
    }
}

extension BaghChalTablebaseFileTests {
    /// With one goat in hand, alpha-beta at depth 1 over the tablebase evaluation places
    /// the last goat where the table's value for the goats is best.
    func testThePlacementSearchReadsTheTableWhereTheGoatsAreAllPlaced() throws {
        let evaluator = TablebaseEvaluator(base: BaghChalEvaluator(), table: table)
        var rng = SplitMix64(seed: 31)
        var checked = 0
        while checked < 40 {
            // Goats to move with one goat in hand and at most one captured: 19 - c goats on the board.
            let captured = rng.next(below: 2)
            var points = Array(0..<25)
            for i in stride(from: 24, to: 0, by: -1) { points.swapAt(i, rng.next(below: i + 1)) }
            var tigers: UInt32 = 0, goats: UInt32 = 0
            for p in points[0..<4] { tigers |= 1 << UInt32(p) }
            for p in points[4..<(23 - captured)] { goats |= 1 << UInt32(p) }
            let p = try BaghChal(goats: goats, tigers: tigers, sideToMove: .first, goatsInHand: 1, captures: captured)
            let values = p.legalMoves.map { m -> TablebaseValue in var c = p; c.play(m); return table.value(of: c)!.beforeMove }
            let best = values.max { $1.isBetter(than: $0) }!
            var agent = AlphaBetaAgent(evaluator: evaluator, budget: SearchBudget(depth: 1), tableMegabytes: 1)
            let move = try XCTUnwrap(agent.selectMove(GameHistory(p)).move)
            var child = p
            child.play(move)
            XCTAssertEqual(table.value(of: child)?.beforeMove, best, p.text)
            checked += 1
        }
        // Outside the table the base evaluation decides.
        XCTAssertEqual(evaluator.evaluate(BaghChal()), BaghChalEvaluator().evaluate(BaghChal()))
    }
}
