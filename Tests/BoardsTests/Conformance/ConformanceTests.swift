import XCTest
@testable import Boards

/// Every game runs the conformance suites; a new game adds one test here.
final class ConformanceTests: XCTestCase {
    /// Tigers & Goats under `rules`: games from the start with the default ply limit
    /// and with a short one (so that games also end by it), and from a position where
    /// one goat step traps the last tiger (random play never traps four).
    static func tigersGoatsSuite(rules: TigersGoats.Rules, seed: UInt64) -> TwoPlayerConformance<TigersGoats, NaiveTigersGoats> {
        var suite = TwoPlayerConformance<TigersGoats, NaiveTigersGoats>()
        var short = rules
        short.plyLimit = 80
        suite.starts = [TigersGoats(rules: rules), TigersGoats(rules: short),
                        try! TigersGoats(parsing: "8/8/8/8/8/GG6/8/TGG5 g 0", rules: rules)]
        suite.parse = { try TigersGoats(parsing: $0, rules: rules) }
        suite.games = suite.policies.count * suite.starts.count
        suite.seed = seed
        return suite
    }

    /// The games ended every way the rules allow, so every ending was checked.
    func assertReachesEveryEnd(_ report: ConformanceReport, file: StaticString = #filePath, line: UInt = #line) {
        for ending in ["draw by repetition", "draw by the rules", "goats win", "tigers win"] {
            XCTAssertGreaterThan(report.endings[ending, default: 0], 0, "no game ended: \(ending); \(report)",
                                 file: file, line: line)
        }
        XCTAssertGreaterThan(report.perftPositions, 0, "perft compared", file: file, line: line)
    }

    func testTigersGoatsPassesTheConformanceSuite() {
        let report = Self.tigersGoatsSuite(rules: .standard, seed: 0xC0_4F0E).run()
        print("Tigers & Goats conformance:", report)
        XCTAssertTrue(report.passed, report.description)
        assertReachesEveryEnd(report)
    }

    func testTigersGoatsLongRangeCapturePassesTheConformanceSuite() {
        let report = Self.tigersGoatsSuite(rules: .init(longRangeCapture: true), seed: 0x10_4F0E).run()
        print("Tigers & Goats (long-range capture) conformance:", report)
        XCTAssertTrue(report.passed, report.description)
        assertReachesEveryEnd(report)
    }

    /// Bagh-Chal: games from the start and from a crowded position of the sliding phase
    /// (all goats placed, two points empty), each with the default ply limit and with
    /// one short enough that games also end by it.
    func testBaghChalPassesTheConformanceSuite() {
        var suite = TwoPlayerConformance<BaghChal, NaiveBaghChal>()
        let crowded = "TGGGT/GG1GG/G1GGG/GGGGG/TGGGT g 0 1"
        suite.starts = [BaghChal(), BaghChal(rules: .init(plyLimit: 60)),
                        try! BaghChal(parsing: crowded), try! BaghChal(parsing: crowded, rules: .init(plyLimit: 20))]
        suite.parse = { try BaghChal(parsing: $0) }
        suite.games = 2 * suite.policies.count * suite.starts.count
        suite.seed = 0xBA_6C4A
        // Placements are one point: bare and malformed points must be refused too.
        suite.malformedMoves += ["f1", "a6", "c0", "C3", "c3c4", "c3x", "a1:a2", "c3-c4-c5"]
        let report = suite.run()
        print("Bagh-Chal conformance:", report)
        XCTAssertTrue(report.passed, report.description)
        assertReachesEveryEnd(report)
    }

    func testCoinSorterPassesThePuzzleConformanceSuite() {
        var suite = PuzzleConformance<CoinSorterReferee, CoinSorterReference>(referee: { CoinSorterReferee(seed: $0) })
        suite.seeds = Array(0..<40) + [0xDEAD_BEEF, UInt64.max]
        let report = suite.run()
        print("Coin Sorter conformance:", report)
        XCTAssertTrue(report.passed, report.description)
        XCTAssertGreaterThan(report.endings["score >0", default: 0], 10, "games that complete lines: \(report)")
    }
}
