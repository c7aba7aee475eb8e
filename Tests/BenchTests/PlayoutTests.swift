import XCTest

/// `bench playouts`: game i uses the stream of seed + i, so totals do not depend on threads.
final class PlayoutTests: XCTestCase {
    func testPlayoutTotalsAreTheSameOnOneAndTwoThreads() throws {
        func totals(_ threads: Int) throws -> [String: Any] {
            let run = try benchOK(["playouts", "--games", "300", "--seed", "7", "--threads", "\(threads)", "--json"])
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        let one = try totals(1), two = try totals(2)
        XCTAssertEqual(one["plies"] as? Int, two["plies"] as? Int)
        XCTAssertEqual(one["outcomes"] as? [String: Int], two["outcomes"] as? [String: Int])
        let outcomes = try XCTUnwrap(one["outcomes"] as? [String: Int])
        XCTAssertEqual(outcomes.values.reduce(0, +), 300)
        XCTAssertGreaterThan(try XCTUnwrap(one["plies"] as? Int), 300 * 20, "random games last dozens of plies")
    }
}
