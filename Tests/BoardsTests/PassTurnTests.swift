import XCTest
@testable import Boards

/// The pass (``TwoPlayerGame/passTurn()``, the null move of null-move pruning): the other
/// side to move, nothing else changed, the hash kept exact.
final class PassTurnTests: XCTestCase {
    /// Along random games: a pass gives the position its text describes with the other
    /// side to move (pieces, counters, hash), and a second pass gives back the first.
    private func checkPasses<G: TwoPlayerGame>(_ game: G.Type, seed: UInt64, file: StaticString = #filePath,
                                               line: UInt = #line) {
        var rng = SplitMix64(seed: seed)
        var checked = 0, parsedCount = 0
        for _ in 0..<40 {
            var p = G()
            while p.outcome == nil {
                var passed = p
                XCTAssertTrue(passed.passTurn(), file: file, line: line)
                XCTAssertEqual(passed.sideToMove, p.sideToMove.opponent, file: file, line: line)
                XCTAssertEqual(passed.plyCount, p.plyCount, file: file, line: line)
                XCTAssertNotEqual(passed.hash, p.hash, file: file, line: line)
                // Bagh-Chal's text rules out some positions only a pass reaches (tigers to
                // move before any goat is placed, or with no goat on the board).
                if let parsed = try? G(parsing: passed.text) {
                    XCTAssertEqual(parsed.hash, passed.hash, "\(passed.text)", file: file, line: line)
                    XCTAssertEqual(parsed.legalMoves, passed.legalMoves, "\(passed.text)", file: file, line: line)
                    parsedCount += 1
                }
                var back = passed
                XCTAssertTrue(back.passTurn(), file: file, line: line)
                XCTAssertEqual(back, p, file: file, line: line)
                checked += 1
                let moves = p.legalMoves
                p.play(moves[rng.next(below: moves.count)])
            }
        }
        XCTAssertGreaterThan(checked, 1000, file: file, line: line)
        XCTAssertGreaterThan(parsedCount, checked * 9 / 10, "most passed positions have a text", file: file, line: line)
    }

    func testTigersGoatsPassGivesTheOtherSideTheSamePosition() {
        checkPasses(TigersGoats.self, seed: 0x9A55)
    }

    func testBaghChalPassGivesTheOtherSideTheSamePosition() {
        checkPasses(BaghChal.self, seed: 0x9A56)
    }
}
