import XCTest
@testable import Boards
@testable import Search

final class CoinSorterEvaluatorTests: XCTestCase {
    /// The branch-free line counts equal a plain count over the cells of each line.
    func testNearlyCompleteLinesMatchAPlainCountOnRandomMasks() {
        var rng = SplitMix64(seed: 42)
        var seenFour = 0, seenThree = 0
        for _ in 0..<20_000 {
            // Dense masks make 3s and 4s common.
            let m = UInt32(truncatingIfNeeded: rng.next() | rng.next()) & 0x1FF_FFFF
            let fast = CoinSorterEvaluator.nearlyComplete(m)
            var fourRows: UInt32 = 0, threeRows: UInt32 = 0, fourColumns: UInt32 = 0, threeColumns: UInt32 = 0
            for r in 0..<5 {
                let n = (0..<5).filter { m & (1 << (5 * r + $0)) != 0 }.count
                if n == 4 { fourRows |= 1 << (5 * r) }
                if n == 3 { threeRows |= 1 << (5 * r) }
            }
            for c in 0..<5 {
                let n = (0..<5).filter { m & (1 << (5 * $0 + c)) != 0 }.count
                if n == 4 { fourColumns |= 1 << c }
                if n == 3 { threeColumns |= 1 << c }
            }
            XCTAssertEqual(fast.fourRows, fourRows, "mask \(String(m, radix: 2))")
            XCTAssertEqual(fast.threeRows, threeRows, "mask \(String(m, radix: 2))")
            XCTAssertEqual(fast.fourColumns, fourColumns, "mask \(String(m, radix: 2))")
            XCTAssertEqual(fast.threeColumns, threeColumns, "mask \(String(m, radix: 2))")
            seenFour += (fourRows | fourColumns) != 0 ? 1 : 0
            seenThree += (threeRows | threeColumns) != 0 ? 1 : 0
        }
        XCTAssertGreaterThan(seenFour, 1000)
        XCTAssertGreaterThan(seenThree, 1000)
    }

    /// Potential beyond the turns left is worth nothing.
    func testPotentialIsCappedByTheTurnsLeft() throws {
        // Rows 1 and 2 are four triangles each; other triangles exist elsewhere.
        let many = try CoinSorter(parsing: "TTTTS/TTTTC/SCSCT/CSCSC/SCSCS 5 0")
        let one = try CoinSorter(parsing: "TTTTS/TTTTC/SCSCT/CSCSC/SCSCS 1 0")
        var w = CoinSorterEvaluator.defaultWeights
        try w.set("three", to: 0); try w.set("double", to: 0); try w.set("four", to: 1)
        let e = CoinSorterEvaluator(weights: w)
        XCTAssertGreaterThan(e.evaluate(many), 1)
        XCTAssertEqual(e.evaluate(one), 1)
    }
}
