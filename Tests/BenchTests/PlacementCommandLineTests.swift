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
        try assertUsageError(["solve", "--game", "tigers-goats", "--placement", "3"], names: ["no placement phase", "bagh-chal"])
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
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--join", "2"], names: ["unknown option '--join'"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--shard", "3/2"], names: ["--shard"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--shard", "0/2", "--through", "p19-goats"],
                             names: ["--through", "shard"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir, "--placement", "3"], names: ["--placement"])
        try assertUsageError(["solve", "--game", "tigers-goats", "--placement-all", dir], names: ["no placement phase", "bagh-chal"])
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
        // The slices of the next layer, all there but damaged: the run that joins them says which.
        try Data("not a slice".utf8).write(to: dir.appendingPathComponent("p19-tigers.shard-0-of-1.bcpl"))
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement-all", dir.path], names: ["p19-tigers.shard-0-of-1"], status: 1)
    }

    func testHelpDescribesTheSweep() throws {
        let help = try benchOK(["solve", "--help"]).stdout
        XCTAssertTrue(help.contains("--placement-all DIR"), help)
        XCTAssertTrue(help.contains("--shard K/N"), help)
    }

    /// `bench search --agent tablebase` reads a finished placement layer (no search): the
    /// sign of its value is that of alpha-beta down to the sliding table (1 goat in hand:
    /// every leaf at depth 2 is in the table), with and without the layers. Skipped unless
    /// the sliding table and the p19 layers are in tablebases/.
    func testSearchReadsTheFinishedPlacementLayers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = root.appendingPathComponent("tablebases/bagh-chal.tb").path
        let folder = root.appendingPathComponent("tablebases/bagh-chal-placement").path
        guard FileManager.default.fileExists(atPath: table), FileManager.default.fileExists(atPath: folder + "/p19-tigers.bcpl") else {
            throw XCTSkip("no sliding table or p19 layers in \(root.path)/tablebases (bench solve --game bagh-chal --placement-all)")
        }
        func value(_ agent: String, _ position: String) throws -> (value: Double, nodes: Int) {
            let run = try benchOK(["search", "--game", "bagh-chal", "--agent", agent, "--position", position, "--json"], timeout: 300)
            let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return (try XCTUnwrap(r["value"] as? Double), try XCTUnwrap(r["nodes"] as? Int))
        }
        for position in ["TGGGT/GGGGG/GG1GG/GGGGG/TG1GT g 1 0", "TGGGT/GGGGG/GG1GG/GGGG1/TGTGG t 1 0", "G1GGT/GGGGG/GGTGG/GGGG1/TGGGT g 1 0"] {
            let layers = try value("tablebase:file=\(table),placement=\(folder)", position)
            let search = try value("tablebase:file=\(table),placement=\(folder)/none,depth=2", position)
            XCTAssertEqual(layers.value.sign == .minus, search.value.sign == .minus, position)
            XCTAssertEqual(layers.value == 0, search.value == 0, position)
            // Read, not searched: one look-up per move, and the layers' score.
            XCTAssertTrue([0, 999_800].contains(abs(layers.value)), "\(layers.value)")
        }
    }
}
