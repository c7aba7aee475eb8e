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

/// `bench solve --placement-all DIR`: the sweep's options, and its layer files refused
/// when damaged (the sweep itself is tested in SearchTests/BaghChalPlacementSweepTests).
final class PlacementSweepCommandLineTests: XCTestCase {
    func testBadSweepOptionsAreOneLineUsageErrors() throws {
        let dir = try scratchFolder("sweep-options").path
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", ""], names: ["--placement-all"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--through", "p20-goats"],
                             names: ["--through", "'p20-goats'"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--through", "p0-tigers"], names: ["--through"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--through", "p3-goats"], names: ["--through needs --placement-all"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--join", "2"], names: ["--join needs --placement-all"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--join", "0"], names: ["--join"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--shard", "3/2"], names: ["--shard"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--shard", "0/2", "--join", "2"],
                             names: ["--shard", "--join"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--placement", "3"], names: ["--placement"])
        try assertUsageError(["solve", "--game", "tigers-goats", "--placement-all", dir], names: ["no tablebase"])
    }

    func testADamagedLayerFileOrAMissingSlidingTableIsAOneLineRuntimeError() throws {
        let dir = try scratchFolder("sweep-damaged")
        // A missing sliding table, needed for the first layer.
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir.path, "--out", dir.appendingPathComponent("none.tb").path],
                             names: ["none.tb", "missing"], status: 1)
        // A first layer file that is not one.
        let file = dir.appendingPathComponent("p19-goats.bcpl")
        try Data("GBPL-BC1 but nothing else".utf8).write(to: file)
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir.path], names: ["p19-goats.bcpl"], status: 1)
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir.path, "--join", "2"], names: ["p19-tigers"], status: 1)
    }

    func testHelpDescribesTheSweep() throws {
        let help = try benchOK(["solve", "--help"]).stdout
        XCTAssertTrue(help.contains("--placement-all DIR"), help)
        XCTAssertTrue(help.contains("--shard K/N"), help)
    }
}
