import Synchronization
import XCTest
@testable import Search

/// The transposition table's buckets: which entry a store replaces.
final class TranspositionTableTests: XCTestCase {
    /// Hashes that share a bucket in a 1 MiB table (65,536 entries: the low 16 bits pick
    /// it, the lowest two ignored) and differ above.
    private func sameBucket(_ k: UInt64) -> UInt64 { k << 32 | 0x5A5C }

    private func store(_ table: TranspositionTable, _ hash: UInt64, depth: Int, bound: TranspositionTable.Bound = .lower) {
        table.store(hash, move: UInt16(depth), score: 10 * depth, depth: depth, bound: bound)
    }

    func testFourPositionsOfOneBucketAreAllKept() {
        let table = TranspositionTable(megabytes: 1)
        for k in 1...4 { store(table, sameBucket(UInt64(k)), depth: k) }
        for k in 1...4 {
            let e = table.probe(sameBucket(UInt64(k)))
            XCTAssertEqual(e?.depth, k)
            XCTAssertEqual(e?.score, 10 * k)
            XCTAssertEqual(e?.move, UInt16(k))
            XCTAssertEqual(e?.bound, .lower)
        }
        XCTAssertNil(table.probe(sameBucket(5)))
    }

    func testAFullBucketGivesUpItsShallowestEntry() {
        let table = TranspositionTable(megabytes: 1)
        let depths = [5, 2, 7, 9]
        for (k, d) in depths.enumerated() { store(table, sameBucket(UInt64(k + 1)), depth: d) }
        store(table, sameBucket(9), depth: 3)
        XCTAssertEqual(table.probe(sameBucket(9))?.depth, 3)
        XCTAssertNil(table.probe(sameBucket(2)), "the depth-2 entry is the one replaced")
        for k in [1, 3, 4] { XCTAssertEqual(table.probe(sameBucket(UInt64(k)))?.depth, depths[k - 1]) }
    }

    func testEntriesOfEarlierSearchesAreReplacedFirstHoweverDeep() {
        let table = TranspositionTable(megabytes: 1)
        table.newSearch()
        store(table, sameBucket(1), depth: 12)
        table.newSearch()
        table.newSearch()
        for k in 2...4 { store(table, sameBucket(UInt64(k)), depth: 1) }
        store(table, sameBucket(5), depth: 1)
        XCTAssertNil(table.probe(sameBucket(1)), "12 plies two searches ago are worth less than 1 ply now")
        for k in 2...5 { XCTAssertEqual(table.probe(sameBucket(UInt64(k)))?.depth, 1) }
    }

    func testAShallowerBoundKeepsADeeperResultButAnExactScoreReplacesIt() {
        let table = TranspositionTable(megabytes: 1)
        let h = sameBucket(7)
        store(table, h, depth: 8)
        store(table, h, depth: 3, bound: .upper)
        XCTAssertEqual(table.probe(h)?.depth, 8)
        store(table, h, depth: 3, bound: .exact)
        XCTAssertEqual(table.probe(h)?.depth, 3)
        XCTAssertEqual(table.probe(h)?.bound, .exact)
        // A store without a move keeps the position's move.
        table.store(h, move: 0, score: 1, depth: 4, bound: .lower)
        XCTAssertEqual(table.probe(h)?.move, 3)
    }

    func testAShallowerBoundReplacesADeeperOneOfAnEarlierSearch() {
        let table = TranspositionTable(megabytes: 1)
        let h = sameBucket(6)
        table.newSearch()
        store(table, h, depth: 9)
        table.newSearch()
        store(table, h, depth: 2, bound: .upper)
        XCTAssertEqual(table.probe(h)?.depth, 2)
        XCTAssertEqual(table.probe(h)?.bound, .upper)
        XCTAssertEqual(table.probe(h)?.move, 2)
    }

    /// The table is written in full when it is made: a new table (from memory the
    /// process may have used before) finds nothing anywhere, and its buckets start on a
    /// cache line, a large table's on a huge page.
    func testANewTableIsEmptyAndItsBucketsAligned() {
        for megabytes in [1, 4] {
            let table = TranspositionTable(megabytes: megabytes)
            XCTAssertFalse((0..<2 * table.capacity).contains { table.slots[$0].load(ordering: .relaxed) != 0 },
                           "\(megabytes) MiB")
            let address = Int(bitPattern: UnsafeRawPointer(table.slots))
            XCTAssertEqual(address % (megabytes >= 2 ? 2 << 20 : 64), 0, "\(megabytes) MiB")
            // Written and dropped, so the next table may get this memory back.
            for i in stride(from: 0, to: 2 * table.capacity, by: 7) { table.slots[i].store(~0, ordering: .relaxed) }
        }
        let again = TranspositionTable(megabytes: 4)
        XCTAssertFalse((0..<2 * again.capacity).contains { again.slots[$0].load(ordering: .relaxed) != 0 })
    }

    func testADisabledTableFindsNothing() {
        let table = TranspositionTable(megabytes: 0)
        store(table, sameBucket(1), depth: 4)
        XCTAssertNil(table.probe(sameBucket(1)))
        XCTAssertEqual(table.capacity, 0)
    }
}
