import XCTest
@testable import Search

/// The shared history table's layout: every move its own slot, neighbours apart.
final class HistoryTableTests: XCTestCase {
    func testEveryRawMoveHasItsOwnSlot() {
        var taken = [Bool](repeating: false, count: 1 << 16)
        for raw in 0...UInt16.max {
            let slot = HistoryTable.slot(raw)
            guard (0..<(1 << 16)).contains(slot) else {
                XCTFail("raw move \(raw): slot \(slot) outside the table")
                continue
            }
            XCTAssertFalse(taken[slot], "raw move \(raw) shares slot \(slot)")
            taken[slot] = true
        }
    }

    /// Moves whose raw values are close (a game's common moves) must lie at least a cache
    /// line (16 scores of 4 bytes) apart, wherever the table starts, or two threads scoring
    /// different moves pass the line between their cores.
    func testNearbyRawMovesLieACacheLineApart() {
        for raw in UInt16(0)..<4096 {
            for step in UInt16(1)...15 {
                let d = abs(HistoryTable.slot(raw &+ step) - HistoryTable.slot(raw))
                XCTAssertGreaterThanOrEqual(min(d, (1 << 16) - d), 16, "raw moves \(raw) and \(raw + step) lie \(d) slots apart")
            }
        }
    }
}
