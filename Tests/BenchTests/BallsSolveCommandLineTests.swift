import Foundation
import XCTest
import Boards

/// `bench solve --game balls`: its usage errors, and a small run whose every passing tap
/// passes when replayed.
final class BallsSolveCommandLineTests: XCTestCase {
    struct Summary: Decodable {
        struct Deal: Decodable {
            let seed: UInt64
            let best: Int
            let tap: String
            let passable: Bool
            let exhausted: Bool
        }
        struct Share: Decodable {
            let count: Int
            let total: Int
        }
        let level: Int
        let space: Int
        let passable: Share
        let deals: [Deal]
    }

    func testBadInputIsAOneLineUsageError() throws {
        try assertUsageError(["solve", "--game", "balls", "--level", "3"], names: ["--seeds"])
        try assertUsageError(["solve", "--game", "balls", "--level", "11", "--seeds", "1"], names: ["--level"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "5..2"], names: ["--seeds", "'5..2'"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "1...2"], names: ["--seeds"])
        // Too many deals says so (it said the range was not A..B).
        try assertUsageError(["solve", "--game", "balls", "--seeds", "0..20000000"], names: ["--seeds", "more than 10000000 deals"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "0..9223372036854775807"], names: ["--seeds", "more than 10000000 deals"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "1", "--goal", "most"], names: ["--goal", "'most'"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "1", "--last", "308802"], names: ["--last"])
        try assertUsageError(["solve", "--game", "balls", "--seeds", "1", "--placement", "3"], names: ["--placement"])
    }

    func testPassingTapsPassAndTheShareCountsThem() throws {
        let run = try benchOK(["solve", "--game", "balls", "--level", "4", "--seeds", "1..4", "--last", "1", "--search", "200",
                               "--threads", "2", "--json"])
        let s = try JSONDecoder().decode(Summary.self, from: Data(run.stdout.utf8))
        XCTAssertEqual(s.space, 2 * 320 * 480)
        XCTAssertEqual(s.deals.map(\.seed), [1, 2, 3, 4])
        XCTAssertEqual(s.passable.count, s.deals.filter(\.passable).count)
        XCTAssertEqual(s.passable.total, 4)
        for d in s.deals {
            let state = BallsReferee.deal(seed: d.seed, level: BallsLevel(4)!)
            let tap = try Balls.parseTap(d.tap)
            XCTAssertLessThanOrEqual(Int(tap.t), 1)
            XCTAssertEqual(state.simulate(tap).score, d.best)
            XCTAssertEqual(d.passable, state.simulate(tap).passed)
            if !d.passable { XCTAssertTrue(d.exhausted) }
        }
    }
}
