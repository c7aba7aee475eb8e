import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `bench tune` as a subprocess: the files of a short run, the printed settings and
/// results, resume (same weights, refused when the options differ), and bad input
/// exiting 2 (or 1 for a corrupt log) with one line and nothing written.
final class TuneCommandTests: XCTestCase {
    /// A fresh path (not created) under the temporary directory, with a space in it.
    func temporaryFolder(_ name: String) -> URL { scratchURL("bench tune-\(name)-") }

    func text(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func coinSorter(_ out: URL, iterations: Int = 3) -> [String] {
        ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", String(iterations), "--deals", "3",
         "--c-end", "0.5", "--r-end", "1", "--verify-deals", "20", "--seed", "4", "--out", out.path]
    }

    func testACoinSorterRunWritesEveryFileAndPrintsTheSummary() throws {
        let out = temporaryFolder("coin")
        let run = try benchOK(Self.coinSorter(out) + ["--threads", "2"])
        for name in ["tune.json", "tuning.jsonl", "tuned.txt", "trajectory.svg", "summary.md", "verify/games.jsonl",
                     "verify/summary.md", "verify/tournament.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name) written")
        }
        let summary = try text(out, "summary.md")
        XCTAssertTrue(summary.hasPrefix("# Tuning: coin-sorter, `greedy`"))
        // The command as run, the folder quoted (it holds a space).
        XCTAssertTrue(summary.contains("bench tune --game coin-sorter --agent greedy --iterations 3"))
        XCTAssertTrue(summary.contains("'\(out.path)'"))
        for section in ["## Settings", "## Final weights", "## Verification", "## Run"] {
            XCTAssertTrue(summary.contains(section), section)
            XCTAssertTrue(run.stdout.contains(section), "printed: \(section)")
        }
        let tuned = try text(out, "tuned.txt").split(separator: "\n")
        XCTAssertEqual(tuned.count, 2)
        XCTAssertEqual(tuned[0], "greedy")
        XCTAssertTrue(tuned[1].hasPrefix("greedy:w.four="))
        XCTAssertEqual(try text(out, "tuning.jsonl").split(separator: "\n").count, 3)
        // The tuned spec works in any command.
        let search = try benchOK(["search", "--game", "coin-sorter", "--seed", "3", "--agent", String(tuned[1])])
        XCTAssertFalse(search.stdout.isEmpty)
        let svg = try text(out, "trajectory.svg")
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "trajectory.svg is well-formed XML")
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3)
    }

    func testResumeContinuesToTheSameWeightsAndRefusesOtherOptions() throws {
        let whole = temporaryFolder("whole"), cut = temporaryFolder("cut")
        _ = try benchOK(Self.coinSorter(whole, iterations: 4))
        let log = try text(whole, "tuning.jsonl").split(separator: "\n").map(String.init)
        try FileManager.default.createDirectory(at: cut, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: whole.appendingPathComponent("tune.json"), to: cut.appendingPathComponent("tune.json"))
        try Data((log[0] + "\n" + log[1].prefix(40)).utf8).write(to: cut.appendingPathComponent("tuning.jsonl"))
        // The same options (the folder aside), another thread count: the same weights.
        let resumed = try bench(Self.coinSorter(cut, iterations: 4) + ["--resume", "--threads", "1"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("cut the last line"), resumed.stderr)
        XCTAssertEqual(try text(cut, "tuned.txt"), try text(whole, "tuned.txt"))
        XCTAssertTrue(try text(cut, "summary.md").contains("Resumed with:"))
        // Other options, a used folder, no run at all.
        try assertUsageError(Self.coinSorter(whole, iterations: 5) + ["--resume"], names: ["--resume", "differ"])
        try assertUsageError(Self.coinSorter(whole, iterations: 4), names: ["already holds", "--resume"])
        try assertUsageError(Self.coinSorter(temporaryFolder("none")) + ["--resume"], names: ["no tuning run"])
        // A log that does not add up: a runtime failure, one line.
        let broken = log[0] + "\n" + log[2] + "\n"
        try Data(broken.utf8).write(to: whole.appendingPathComponent("tuning.jsonl"))
        try assertUsageError(Self.coinSorter(whole, iterations: 4) + ["--resume"], names: ["tuning.jsonl line 2"], status: 1)
    }

    func testBadInputExitsWithStatus2AndOneLineAndWritesNothing() throws {
        let out = temporaryFolder("bad")
        let base = ["tune", "--agent", "alphabeta:depth=1", "--iterations", "2", "--out", out.path]
        try assertUsageError(base + ["--params", "w.nope"], names: ["w.nope", "w.mobility"])
        try assertUsageError(["tune", "--agent", "greedy", "--iterations", "0", "--out", out.path], names: ["--iterations"])
        try assertUsageError(["tune", "--agent", "greedy", "--iterations", "2000000", "--out", out.path], names: ["--iterations"])
        try assertUsageError(["tune", "--agent", "greedy", "--out", out.path], names: ["--iterations"])
        try assertUsageError(["tune", "--agent", "greedy", "--iterations", "2"], names: ["--out"])
        try assertUsageError(["tune", "--iterations", "2", "--out", out.path], names: ["--agent"])
        try assertUsageError(base + ["--bounds", "w.edge=5:1"], names: ["--bounds", "w.edge"])
        try assertUsageError(base + ["--bounds", "w.edge=5:10"], names: ["w.edge", "outside"])
        try assertUsageError(base + ["--c-end", "nan"], names: ["--c-end"])
        try assertUsageError(base + ["--r-end", "inf"], names: ["--r-end"])
        try assertUsageError(base + ["--c-end", "0"], names: ["--c-end"])
        try assertUsageError(base + ["--c-end", "w.edge=1", "--params", "w.mobility"], names: ["w.edge", "not tuned"])
        try assertUsageError(base + ["--deals", "4"], names: ["--deals"])
        try assertUsageError(base + ["--verify-pairs", "-1"], names: ["--verify-pairs"])
        try assertUsageError(["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "2", "--out", out.path,
                              "--pairs", "2"], names: ["--pairs"])
        try assertUsageError(["tune", "--game", "coin-sorter", "--agent", "random", "--iterations", "2", "--out", out.path],
                             names: ["random", "no weights"])
        try assertUsageError(base + ["--resume"], names: ["no tuning run"])
        try assertUsageError(base + ["--seed", "x"], names: ["--seed"])
        try assertUsageError(base + ["--bogus"], names: ["--bogus"])
        // An agent its kind cannot make (an option of a search it does not run) fails
        // before the folder is made, as in a tournament.
        try assertUsageError(["tune", "--game", "coin-sorter", "--agent", "expectimax:paired=on", "--iterations", "2",
                              "--out", out.path], names: ["paired", "exact=K"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
    }

    /// `--opponents`: θ+ and θ− each play the pool; the weights do not depend on the
    /// thread count; tune.json records the pool; the reproduce commands (the summary's
    /// and the verification's) name every --agent-file; a puzzle refuses a pool.
    func testTuneAgainstOpponentsWithTwoAgentFilesRecordsThePoolAndEveryAgentFile() throws {
        let folder = try scratchFolder("tune-pool-")
        let agents = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WorkbenchTests/Agents").path
        func file(_ name: String, _ agent: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            let entry: [String: Any] = ["name": agent, "command": ["./good.sh", folder.path], "dir": agents]
            try JSONSerialization.data(withJSONObject: [entry]).write(to: url)
            return url.path
        }
        let a = try file("a.json", "first"), b = try file("b.json", "second")
        func run(_ out: URL, threads: Int) throws -> String {
            _ = try benchOK(["tune", "--game", "bagh-chal", "--agent", "alphabeta:depth=1", "--params", "w.mobility",
                             "--iterations", "2", "--pairs", "1", "--opponents", "greedy", "first", "--verify-pairs", "1",
                             "--seed", "3", "--threads", String(threads), "--agent-file", a, "--agent-file", b, "--out", out.path])
            return try text(out, "tuned.txt")
        }
        let one = temporaryFolder("pool1"), two = temporaryFolder("pool2")
        XCTAssertEqual(try run(one, threads: 1), try run(two, threads: 2))
        let settings = try text(one, "tune.json")
        XCTAssertTrue(settings.contains("\"opponents\"") && settings.contains("first"), settings)
        let summary = try text(one, "summary.md")
        XCTAssertTrue(summary.contains("--agent-file \(a) --agent-file \(b)"), summary)
        if FileManager.default.fileExists(atPath: one.appendingPathComponent("verify/tournament.json").path) {
            let verify = try text(one, "verify/tournament.json")
            XCTAssertTrue(verify.contains("--agent-file \(a) --agent-file \(b)"), verify)
            XCTAssertTrue(verify.contains("greedy first"), verify)
        }
        try assertUsageError(["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1",
                              "--opponents", "greedy", "--out", temporaryFolder("puzzle").path], names: ["--opponents", "two-player"])
        // A bad opponent: the command and the option named once each ("tune: tune: --opponents" before).
        let bad = try bench(["tune", "--game", "tigers-goats", "--agent", "alphabeta:depth=1", "--iterations", "1",
                             "--opponents", "alphabeta:foo=1", "--out", temporaryFolder("bad-opponent").path])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("bench: tune: --opponents: agent 'alphabeta' has no parameter 'foo'"), bad.stderr)
    }

    func testHelpNamesTheCommand() throws {
        let help = try benchOK(["help"])
        XCTAssertTrue(help.stdout.contains("tune"))
        let tune = try benchOK(["tune", "--help"])
        XCTAssertTrue(tune.stdout.contains("--verify-pairs") && tune.stdout.contains("--resume"))
        try assertUsageError(["nonsense"], names: ["tune"])
    }
}
