import XCTest
@testable import Boards
@testable import Search
@testable import Workbench

/// Grading an agent against a tablebase: the Wilson interval, the report's counts, and
/// the same report for any thread count (on the reduced two-capture table).
final class GradingTests: XCTestCase {
    static let table = BaghChalTablebase.solve(capturesToWin: 2, threads: 2)

    func testWilsonIntervalsMatchTheFormula() throws {
        let none = try XCTUnwrap(Wilson(0, of: 10).interval)
        XCTAssertEqual(none.low, 0, accuracy: 1e-12)
        XCTAssertEqual(none.high, 0.27753, accuracy: 1e-4)
        let half = try XCTUnwrap(Wilson(5, of: 10).interval)
        XCTAssertEqual(half.low, 0.23659, accuracy: 1e-4)
        XCTAssertEqual(half.high, 0.76341, accuracy: 1e-4)
        let all = try XCTUnwrap(Wilson(20, of: 20).interval)
        XCTAssertEqual(all.low, 0.83887, accuracy: 1e-4)
        XCTAssertEqual(all.high, 1, accuracy: 1e-12)
        XCTAssertNil(Wilson(0, of: 0).interval)
        XCTAssertEqual(Wilson(0, of: 0).percentText, "–")
    }

    func testTheReportCountsKeptValuesBlundersAndFastestWins() {
        let moves = [
            GradedMove(before: .win(plies: 3), after: .win(plies: 3)),
            GradedMove(before: .win(plies: 3), after: .win(plies: 5)),
            GradedMove(before: .win(plies: 1), after: .draw),
            GradedMove(before: .win(plies: 5), after: .loss(plies: 2)),
            GradedMove(before: .draw, after: .draw),
            GradedMove(before: .draw, after: .loss(plies: 4)),
            GradedMove(before: .loss(plies: 6), after: .loss(plies: 4)),
        ]
        let r = GradingReport(game: "bagh-chal", agent: "x", seed: 1, threads: 1, seconds: 0, moves: moves)
        XCTAssertEqual(r.kept, Wilson(4, of: 7))
        XCTAssertEqual(r.blunders(.win, .draw), Wilson(1, of: 4))
        XCTAssertEqual(r.blunders(.win, .loss), Wilson(1, of: 4))
        XCTAssertEqual(r.blunders(.draw, .loss), Wilson(1, of: 2))
        XCTAssertEqual(r.fastestWin, Wilson(1, of: 4))
        XCTAssertEqual(r.slowestLoss, Wilson(0, of: 1))
        XCTAssertTrue(r.tableRow.hasPrefix("| x | 7 (4/2/1) | 57.1% ["), r.tableRow)
    }

    func testPositionsAreSolvedAndStillInPlayAndDependOnTheSeedAlone() {
        let a = Grading.positions(BaghChal.self, table: Self.table, count: 30, seed: 4)
        let b = Grading.positions(BaghChal.self, table: Self.table, count: 30, seed: 4)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, Grading.positions(BaghChal.self, table: Self.table, count: 30, seed: 5))
        for p in a {
            XCTAssertEqual(p.goatsInHand, 0)
            XCTAssertNil(p.outcome)
        }
        XCTAssertGreaterThan(Set(a.map(\.plyCount)).count, 5, "a random number of sliding moves")
    }

    func testTheReportIsTheSameForAnyThreadCount() throws {
        let one = try Grading.grade(BaghChal.self, spec: "greedy", table: Self.table, positions: 60, seed: 9, threads: 1)
        let three = try Grading.grade(BaghChal.self, spec: "greedy", table: Self.table, positions: 60, seed: 9, threads: 3)
        XCTAssertEqual(one.moves, three.moves)
        XCTAssertEqual(one.moves.count, 60)
        XCTAssertThrowsError(try Grading.grade(BaghChal.self, spec: "nonsense", table: Self.table, positions: 1, seed: 1, threads: 1))
    }

    func testAPerfectAgentKeepsEveryValueAndARandomOneDoesNot() throws {
        let perfect = try Grading.grade(BaghChal.self, agent: "perfect", table: Self.table, positions: 80, seed: 2, threads: 2) { seed in
            TablebaseAgent(spec: "perfect", table: Self.table, fallback: RandomAgent<BaghChal>(spec: "random", seed: 0), seed: seed)
        }
        XCTAssertEqual(perfect.kept.count, 80)
        // The fastest win, except where the reduced table calls the game already won
        // (2 captures: "win in 0" for the tigers, which the real game plays on from).
        let wins = perfect.moves.filter { $0.before.kind == .win && $0.before != .win(plies: 0) }
        XCTAssertGreaterThan(wins.count, 0)
        XCTAssertTrue(wins.allSatisfy { $0.after == $0.before }, "\(wins)")
        let random = try Grading.grade(BaghChal.self, spec: "random", table: Self.table, positions: 80, seed: 2, threads: 2)
        XCTAssertLessThan(random.kept.count, 80)
    }

    func testPlacementPositionsAreInThePlacementPhaseAtEveryPlyAndDependOnTheSeedAlone() {
        let a = (0..<300).map { PlacementGrading.position(seed: 4, number: $0) }
        XCTAssertEqual(a, (0..<300).map { PlacementGrading.position(seed: 4, number: $0) })
        XCTAssertNotEqual(a, (0..<300).map { PlacementGrading.position(seed: 5, number: $0) })
        for p in a {
            XCTAssertGreaterThan(p.goatsInHand, 0, p.text)
            XCTAssertNil(p.outcome, p.text)
        }
        // Plies 0...38 drawn uniformly: the empty board, both sides to move, one goat left.
        let plies = Set(a.map(\.plyCount))
        XCTAssertTrue(plies.contains(0))
        XCTAssertEqual(plies.max(), PlacementGrading.plies - 1)
        XCTAssertGreaterThan(plies.count, 30)
        XCTAssertTrue(a.contains { $0.sideToMove == BaghChal.tigers } && a.contains { $0.sideToMove == BaghChal.goats })
    }

    func testAPlacementReportHasNoFastestWinColumn() throws {
        let moves = [GradedMove(before: .win(plies: 0), after: .draw), GradedMove(before: .draw, after: .draw)]
        var r = GradingReport(game: "bagh-chal", agent: "x", seed: 1, threads: 1, seconds: 0, moves: moves)
        r.phase = .placement
        XCTAssertEqual(r.tableRow.filter { $0 == "|" }.count, GradingReport.placementTableHeader.split(separator: "\n")[0].filter { $0 == "|" }.count)
        XCTAssertFalse(r.text.contains("fastest"), r.text)
        let json = try JSON.text(r)
        XCTAssertTrue(json.contains(#""phase":"placement""#), json)
        XCTAssertFalse(json.contains("fastestWinKept"), json)
        r.phase = .sliding
        XCTAssertTrue(try JSON.text(r).contains("fastestWinKept"))
    }
}
