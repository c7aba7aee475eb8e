import XCTest
@testable import Boards

final class BaghChalTests: XCTestCase {
    func testPerftFromStartMatchesRulesTableToDepth5() {
        let start = BaghChal()
        let expected: [UInt64] = [21, 252, 5_052, 68_204, 1_304_788]
        for (i, want) in expected.enumerated() {
            XCTAssertEqual(Perft.count(start, depth: i + 1), want, "perft(\(i + 1)) from the start")
        }
    }

    func testReferencePerftFromStartMatchesRulesTableToDepth3() {
        XCTAssertEqual((1...3).map { NaiveBaghChal().perft($0) }, [21, 252, 5_052])
    }

    func testPerft6() {
        let t0 = Date()
        XCTAssertEqual(Perft.count(BaghChal(), depth: 6), 18_592_000)
        print("perft 6 debug:", Date().timeIntervalSince(t0))
    }
}
