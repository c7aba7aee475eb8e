import Foundation
import XCTest

/// `bench solve`, `bench grade` and the `tablebase` agent on the command line. The full
/// table takes minutes to solve in a release build, so these tests check the errors and
/// the file handling; the full table's numbers are checked when the file exists
/// (`$BAGH_CHAL_TABLEBASE`, or `tablebases/bagh-chal.tb` in the package).
final class TablebaseCommandLineTests: XCTestCase {
    func temporaryDirectory() throws -> URL { try scratchFolder("bench-tb-") }

    func testGamesWithoutATablebaseAreRefused() throws {
        try assertUsageError(["solve", "--game", "tigers-goats"], names: ["solve", "tigers-goats", "no tablebase", "bagh-chal"])
        try assertUsageError(["solve", "--game", "coin-sorter"], names: ["solve", "coin-sorter", "no tablebase"])
        try assertUsageError(["grade", "--game", "tigers-goats", "--agent", "greedy", "--positions", "5"],
                             names: ["grade", "tigers-goats", "no tablebase"])
        try assertUsageError(["search", "--game", "tigers-goats", "--agent", "tablebase"], names: ["unknown agent 'tablebase'"])
    }

    func testBadOptionsAreUsageErrors() throws {
        try assertUsageError(["solve", "--game", "bagh-chal", "--threads", "0"], names: ["--threads"])
        try assertUsageError(["solve", "--game", "bagh-chal", "--depth", "3"], names: ["unknown option '--depth'"])
        try assertUsageError(["grade", "--game", "bagh-chal", "--positions", "5"], names: ["--agent"])
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "greedy"], names: ["--positions"])
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "0"], names: ["--positions"])
    }

    func testShardsAndResumesNeedTheirFolderAndAreCheckedBeforeAnyWork() throws {
        let grade = ["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "5", "--tablebase", "/nonexistent.tb"]
        try assertUsageError(grade + ["--shard", "0/2"], names: ["--shard needs --out"])
        try assertUsageError(grade + ["--resume"], names: ["--resume needs --out"])
        try assertUsageError(grade + ["--out", "x", "--shard", "2/2"], names: ["--shard", "'2/2' is not K/N"])
        try assertUsageError(grade + ["--out", ""], names: ["--out needs a folder name"])
        try assertUsageError(grade + ["--phase", "opening"], names: ["--phase", "'opening'"])
        try assertUsageError(grade + ["--placement", "dir"], names: ["--placement needs --phase placement"])
        // An agent reading the default table while --tablebase names another would be graded
        // on one table's values and play from the other's: refused, before any file is read.
        let tablebaseAgent = ["grade", "--game", "bagh-chal", "--agent", "tablebase", "--positions", "5", "--tablebase", "/nonexistent.tb"]
        try assertUsageError(tablebaseAgent, names: ["--tablebase /nonexistent.tb", "tablebase:file=/nonexistent.tb"])
        try assertUsageError(tablebaseAgent + ["--phase", "placement", "--placement", "/nonexistent-dir"], names: ["--tablebase"])
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "tablebase:file=/nonexistent.tb", "--positions", "5",
                              "--tablebase", "/nonexistent.tb", "--phase", "placement", "--placement", "/nonexistent-dir"],
                             names: ["--placement /nonexistent-dir", "tablebase:placement=/nonexistent-dir"])
        for extra in [["--out", "x"], ["--out", "x", "--shard", "0/2"], ["--out", "x", "--resume"]] {
            try assertUsageError(grade + ["--phase", "placement"] + extra, names: ["--phase placement", "--out"])
        }
        try assertUsageError(["grade", "--game", "tigers-goats", "--agent", "greedy", "--positions", "5", "--phase", "placement"],
                             names: ["grade"])
        let solve = ["solve", "--game", "bagh-chal", "--out", "/nonexistent.tb"]
        try assertUsageError(solve + ["--study", "x"], names: ["--study needs --placement"])
        try assertUsageError(solve + ["--placement", "2", "--shard", "0/2"], names: ["--shard and --resume need --study"])
        try assertUsageError(solve + ["--placement", "2", "--resume"], names: ["--shard and --resume need --study"])
        try assertUsageError(solve + ["--placement", "2", "--study", "x", "--shard", "-1/2"], names: ["--shard", "not K/N"])
    }

    func testACorruptFileIsARuntimeErrorAndLeftAlone() throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("bad.tb").path
        let junk = Data((0..<500).map { UInt8(truncatingIfNeeded: $0) })
        try junk.write(to: URL(fileURLWithPath: path))
        try assertUsageError(["solve", "--game", "bagh-chal", "--out", path], names: ["bad.tb", "not a Bagh-Chal tablebase"],
                             status: 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), junk)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["bad.tb"])
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "3", "--tablebase", path],
                             names: ["not a Bagh-Chal tablebase"], status: 1)
    }

    func testAMissingTableIsNamedWithTheCommandThatMakesIt() throws {
        let missing = try temporaryDirectory().appendingPathComponent("none.tb").path
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "3", "--tablebase", missing],
                             names: ["none.tb", "bench solve"], status: 1)
        // A good spec whose file is missing is a runtime failure everywhere (status 1).
        try assertUsageError(["search", "--game", "bagh-chal", "--agent", "tablebase:file=\(missing)"],
                             names: ["none.tb", "bench solve"], status: 1)
        try assertUsageError(["play", "--game", "bagh-chal", "--goats", "tablebase:file=\(missing)", "--tigers", "random"],
                             names: ["--goats", "none.tb"], status: 1)
        try assertUsageError(["search", "--game", "bagh-chal", "--agent", "tablebase:fil=\(missing)"], names: ["fil"])
    }

    func testHelpListsTheNewCommands() throws {
        let run = try benchOK(["help"])
        XCTAssertTrue(run.stdout.contains("solve       "), run.stdout)
        XCTAssertTrue(run.stdout.contains("grade       "), run.stdout)
        XCTAssertTrue(try benchOK(["solve", "--help"]).stdout.contains("retrograde"))
        XCTAssertTrue(try benchOK(["grade", "--help"]).stdout.contains("Wilson"))
    }

    // MARK: With the full table (when its file exists)

    func fullTable() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["BAGH_CHAL_TABLEBASE"]
            ?? root.appendingPathComponent("tablebases/bagh-chal.tb").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("no tablebase at \(path) (bench solve --game bagh-chal makes it)")
        }
        return path
    }

    func testTheFullTableLoadsWithLimAndNievergeltsCount() throws {
        let path = try fullTable()
        let run = try benchOK(["solve", "--game", "bagh-chal", "--out", path, "--json"], timeout: 600)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(r["positions"] as? Int, 88_260_972)
        XCTAssertEqual(r["source"] as? String, "loaded")
        let rows = try XCTUnwrap(r["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 10)
        XCTAssertEqual(rows.map { ($0["wins"] as! Int) + ($0["draws"] as! Int) + ($0["losses"] as! Int) }.reduce(0, +), 88_260_972)
    }

    func testGradingWithTheFullTableIsTheSameForAnyThreadCount() throws {
        let path = try fullTable()
        let arguments = ["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "40", "--seed", "3",
                         "--tablebase", path, "--json"]
        func strip(_ s: String) -> String { s.replacingOccurrences(of: #""seconds":[0-9.e-]+,"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""threads":[0-9]+"#, with: "", options: .regularExpression) }
        let one = try benchOK(arguments + ["--threads", "1"], timeout: 600)
        let two = try benchOK(arguments + ["--threads", "2"], timeout: 600)
        XCTAssertEqual(strip(one.stdout), strip(two.stdout))
        let perfect = try benchOK(["grade", "--game", "bagh-chal", "--agent", "tablebase:file=\(path)", "--positions", "40",
                                   "--tablebase", path, "--json"], timeout: 600)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(perfect.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((r["kept"] as? [String: Any])?["count"] as? Int, 40)
    }

    /// With every placement layer (tablebases/bagh-chal-placement): the tablebase agent
    /// keeps every placement-phase value, the same report on 1 and 2 threads; a folder
    /// without the layers is a runtime error naming the command that makes them.
    func testPlacementGradingWithTheFullLayers() throws {
        let path = try fullTable()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("bagh-chal-placement").path
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-layers-\(getpid())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        try assertUsageError(["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "3", "--tablebase", path,
                              "--phase", "placement", "--placement", empty], names: ["placement layers", "--placement-all"], status: 1)
        guard FileManager.default.fileExists(atPath: folder + "/p0-goats.bcpl") else {
            throw XCTSkip("the placement sweep in \(folder) is not finished (bench solve --game bagh-chal --placement-all makes it)")
        }
        let grade = ["grade", "--game", "bagh-chal", "--positions", "60", "--seed", "5", "--tablebase", path,
                     "--phase", "placement", "--placement", folder, "--json"]
        func strip(_ s: String) -> String { s.replacingOccurrences(of: #""seconds":[0-9.e-]+,"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""threads":[0-9]+"#, with: "", options: .regularExpression) }
        let one = try benchOK(grade + ["--agent", "greedy", "--threads", "1"], timeout: 600)
        let two = try benchOK(grade + ["--agent", "greedy", "--threads", "2"], timeout: 600)
        XCTAssertEqual(strip(one.stdout), strip(two.stdout))
        let perfect = try benchOK(grade + ["--agent", "tablebase:file=\(path),placement=\(folder)"], timeout: 600)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(perfect.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((r["kept"] as? [String: Any])?["count"] as? Int, 60)
        XCTAssertEqual(r["phase"] as? String, "placement")
        // The sign of `bench search --agent tablebase` is the value: the start is drawn.
        let start = try benchOK(["search", "--game", "bagh-chal", "--agent", "tablebase:file=\(path),placement=\(folder)", "--json"])
        let s = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(start.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(s["value"] as? Double, 0)
    }
}

extension TablebaseCommandLineTests {
    /// The `tablebase` agent through the agent-spec path: search and a short tournament.
    func testTheTablebaseAgentSearchesAndPlaysTournaments() throws {
        let path = try fullTable()
        // Tigers to move with 4 captured and a capture available: the table takes the fifth goat.
        let search = try benchOK(["search", "--game", "bagh-chal", "--agent", "tablebase:file=\(path)",
                                  "--position", "TGGGT/GGGGG/GG1GG/G3G/TG1GT t 0 4", "--json"], timeout: 600)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(r["move"] as? String, "a1xc1")
        let folder = try temporaryDirectory().appendingPathComponent("t").path
        let run = try bench(["tournament", "--game", "bagh-chal", "--agents", "tablebase:file=\(path),depth=2", "greedy",
                             "--games", "2", "--seed", "1", "--threads", "2", "--out", folder], timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/games.jsonl"))
    }
}
