import Foundation
import XCTest

/// `bench solve --placement`: its options are checked before any table is read or
/// solved, and a game without a placement phase is refused.
final class PlacementCommandLineTests: XCTestCase {
    func testBadPlacementOptionsAreOneLineUsageErrorsBeforeAnyWork() throws {
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "0"], names: ["--placement", "1...20", "'0'"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "21"], names: ["--placement", "'21'"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "3,,4"], names: ["--placement"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "x"], names: ["--placement"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "3", "--positions", "0"], names: ["--positions"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "3", "--node-limit", "-1"], names: ["--node-limit"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "3", "--tt", "0"], names: ["--tt"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--positions", "5"], names: ["--positions needs --placement"])
        try assertUsageError(["solve", "--game", "tigers-goats", "--placement", "3"], names: ["no tablebase"])
    }

    func testHelpDescribesThePlacementStudy() throws {
        let help = try benchOK(["solve", "--help"]).stdout
        XCTAssertTrue(help.contains("--placement K"), help)
        XCTAssertTrue(help.contains("goats still in hand"), help)
    }
}
