import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// `bench tournament` and `bench report`, run as subprocesses on temporary folders:
/// results independent of --threads, kill and --resume, the summary files, usage
/// errors that leave the disk alone, and the SPRT stop.
final class TournamentTests: XCTestCase {
    /// A round robin of three agents, 4 games per pairing (12 games, under a second in a debug build).
    static let roundRobin = ["tournament", "--agents", "random", "greedy", "alphabeta:depth=2", "--games", "4", "--seed", "3"]
    /// A two-agent match slow enough to be interrupted (12 games of about 0.125 s each in a debug build,
    /// twice that under CI's load: a second or more after its third game).
    static let slowMatch = ["tournament", "--agents", "alphabeta:depth=3", "greedy", "--games", "12", "--seed", "5"]
    static let slowMatchGames = 12

    // MARK: - Temporary folders

    /// A fresh path under the temporary directory (not created), removed after the test.
    /// The name holds a space, so the command in summary.md must quote it.
    func temporaryFolder(_ name: String = "t") -> URL { scratchURL("bench tournament-\(name)-") }

    // MARK: - Reading the files

    func text(_ folder: URL, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let url = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("\(name) missing in \(folder.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return String(decoding: data, as: UTF8.self)
    }

    func object(_ text: some StringProtocol, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        guard let dict = try JSONSerialization.jsonObject(with: Data(String(text).utf8)) as? [String: Any] else {
            XCTFail("not a JSON object: \(text.prefix(200))", file: file, line: line)
            throw CocoaError(.propertyListReadCorrupt)
        }
        return dict
    }

    func canonical(_ dict: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: dict, options: [.sortedKeys]), as: UTF8.self)
    }

    /// summary.json without the keys that may differ between equivalent runs, as sorted JSON text.
    func summary(_ folder: URL, without keys: [String] = ["run", "command"],
                 file: StaticString = #filePath, line: UInt = #line) throws -> String {
        var dict = try object(try text(folder, "summary.json", file: file, line: line), file: file, line: line)
        XCTAssertNotNil(dict["run"], "summary.json has a run section", file: file, line: line)
        for key in keys { dict.removeValue(forKey: key) }
        return try canonical(dict)
    }

    /// The records of games.jsonl by index (each without its `times`), failing on a
    /// malformed line or a repeated index.
    func records(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [Int: String] {
        let log = try text(folder, "games.jsonl", file: file, line: line)
        XCTAssertTrue(log.isEmpty || log.hasSuffix("\n"), "games.jsonl ends its last line", file: file, line: line)
        var byIndex: [Int: String] = [:]
        for row in log.split(separator: "\n") {
            var dict = try object(row, file: file, line: line)
            guard let index = dict["index"] as? Int else {
                XCTFail("a record without an index: \(row)", file: file, line: line)
                continue
            }
            XCTAssertNotNil(dict["times"], "record \(index) has times", file: file, line: line)
            dict.removeValue(forKey: "times")
            XCTAssertNil(byIndex[index], "game \(index) recorded twice in games.jsonl", file: file, line: line)
            byIndex[index] = try canonical(dict)
        }
        return byIndex
    }

    func lineCount(_ url: URL) -> Int {
        guard let data = FileManager.default.contents(atPath: url.path) else { return 0 }
        return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// Every file of a folder with its contents; `nil` when the folder does not exist.
    func snapshot(_ folder: URL) -> [String: Data]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var files: [String: Data] = [:]
        for name in names { files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) }
        return files
    }

    /// Checks `text` is well-formed XML whose root element is `root`.
    func assertWellFormedXML(_ text: String, root: String, file: StaticString = #filePath, line: UInt = #line) {
        let parser = XMLParser(data: Data(text.utf8))
        let delegate = RootElement()
        parser.delegate = delegate
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
        XCTAssertEqual(delegate.root, root, file: file, line: line)
        XCTAssertTrue(text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</\(root)>"), file: file, line: line)
    }

    /// Status 2, one line on stderr naming `words`, nothing on stdout, and `folder`
    /// as it was (absent, or with the same files and contents).
    func assertRefused(_ arguments: [String], names words: [String], leaves folder: URL, status: Int32 = 2,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let before = snapshot(folder)
        try assertUsageError(arguments, names: words, status: status, file: file, line: line)
        let after = snapshot(folder)
        if before == nil {
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path),
                           "bench \(arguments) created \(folder.path)", file: file, line: line)
        } else {
            XCTAssertEqual(after, before, "bench \(arguments) changed \(folder.path)", file: file, line: line)
        }
    }

    // MARK: - Thread independence

    func testRoundRobinGivesTheSameResultsOnOneAndTwoThreads() throws {
        let one = temporaryFolder("one"), two = temporaryFolder("two")
        let runOne = try benchOK(Self.roundRobin + ["--threads", "1", "--out", one.path])
        _ = try benchOK(Self.roundRobin + ["--threads", "2", "--out", two.path])

        XCTAssertEqual(try summary(one), try summary(two))
        let gamesOne = try records(one), gamesTwo = try records(two)
        XCTAssertEqual(Set(gamesOne.keys), Set(0..<12), "3 pairings × 4 games, one record each")
        XCTAssertEqual(gamesOne, gamesTwo)

        // The tables: 12 games, 3 pairings, 3 ratings with mean 0; the threads under `run`.
        let s = try object(try text(one, "summary.json"))
        XCTAssertEqual(s["game"] as? String, "tigers-goats")
        XCTAssertEqual(s["games"] as? Int, 12)
        XCTAssertEqual((s["pairings"] as? [Any])?.count, 3)
        let ratings = try XCTUnwrap(s["ratings"] as? [[String: Any]])
        XCTAssertEqual(Set(ratings.compactMap { $0["agent"] as? String }), ["random", "greedy", "alphabeta:depth=2"])
        XCTAssertEqual(ratings.compactMap { $0["rating"] as? Double }.reduce(0, +), 0, accuracy: 1e-6)
        XCTAssertEqual((s["run"] as? [String: Any])?["threads"] as? Int, 1)
        // What is printed is summary.md.
        XCTAssertEqual(runOne.stdout, try text(one, "summary.md") + "\n")
    }

    func testCoinSorterComparisonGivesTheSameResultsOnOneAndTwoThreads() throws {
        let args = ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy", "--games", "20"]
        let one = temporaryFolder("one"), two = temporaryFolder("two")
        _ = try benchOK(args + ["--threads", "1", "--out", one.path])
        _ = try benchOK(args + ["--threads", "2", "--out", two.path])
        XCTAssertEqual(try summary(one), try summary(two))
        let games = try records(one)
        XCTAssertEqual(Set(games.keys), Set(0..<40), "2 agents × 20 deals")
        XCTAssertEqual(games, try records(two))

        let s = try object(try text(one, "summary.json"))
        XCTAssertEqual(s["game"] as? String, "coin-sorter")
        let agents = try XCTUnwrap(s["puzzleAgents"] as? [[String: Any]])
        XCTAssertEqual(agents.compactMap { $0["agent"] as? String }, ["random", "greedy"])
        for a in agents { XCTAssertEqual((a["scores"] as? [String: Any])?["count"] as? Int, 20) }
        let comparisons = try XCTUnwrap(s["puzzleComparisons"] as? [[String: Any]])
        XCTAssertEqual(comparisons.count, 1)
        XCTAssertEqual(comparisons.first?["agentA"] as? String, "greedy")

        // One CSV row per agent, and the score chart instead of the rating chart.
        let csv = try text(one, "summary.csv").split(separator: "\n")
        XCTAssertEqual(csv.first, "agent,deals,mean,ci_low,ci_high,sd,min,max")
        XCTAssertEqual(csv.count, 3)
        assertWellFormedXML(try text(one, "scores.svg"), root: "svg")
        XCTAssertFalse(FileManager.default.fileExists(atPath: one.appendingPathComponent("ratings.svg").path))
    }

    // MARK: - Kill and resume

    /// The slow match played without interruption (once for the class).
    nonisolated(unsafe) private static var uninterrupted: (folder: URL, summary: String, records: [Int: String])?

    func uninterruptedSlowMatch() throws -> (folder: URL, summary: String, records: [Int: String]) {
        if let done = Self.uninterrupted { return done }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench tournament-reference-\(UUID().uuidString)", isDirectory: true)
        _ = try benchOK(Self.slowMatch + ["--threads", "2", "--out", folder.path])
        let result = (folder, try summary(folder), try records(folder))
        XCTAssertEqual(Set(result.2.keys), Set(0..<Self.slowMatchGames))
        Self.uninterrupted = result
        return result
    }

    override class func tearDown() {
        if let folder = uninterrupted?.folder { try? FileManager.default.removeItem(at: folder) }
        uninterrupted = nil
        super.tearDown()
    }

    /// Starts the slow match into `folder` and waits until `games` games are in games.jsonl.
    func startSlowMatch(_ folder: URL, untilGames games: Int, extra: [String] = []) throws -> BenchProcess {
        let process = try startBench(Self.slowMatch + ["--threads", "1", "--out", folder.path] + extra)
        let log = folder.appendingPathComponent("games.jsonl")
        let deadline = Date().addingTimeInterval(60)
        while lineCount(log) < games && process.process.isRunning && Date() < deadline { usleep(5_000) }
        XCTAssertTrue(process.process.isRunning, "the match ended before it could be interrupted")
        return process
    }

    func testInterruptedTournamentResumesToTheSameSummary() throws {
        let reference = try uninterruptedSlowMatch()
        let folder = temporaryFolder("interrupted")
        let process = try startSlowMatch(folder, untilGames: 3)
        process.process.interrupt()  // SIGINT, as Ctrl-C
        let killed = try XCTUnwrap(process.wait(timeout: 30))
        XCTAssertEqual(killed.status, 130, "exit status after SIGINT; stderr: \(killed.stderr)")
        XCTAssertTrue(killed.stderr.contains("--resume"), "says how to continue: \(killed.stderr)")
        let partial = try records(folder)
        XCTAssertGreaterThanOrEqual(partial.count, 3)
        XCTAssertLessThan(partial.count, Self.slowMatchGames)
        for (index, record) in partial { XCTAssertEqual(record, reference.records[index], "game \(index)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.json").path))

        // Without --resume the folder is refused; with it, only the missing games are played.
        try assertRefused(Self.slowMatch + ["--out", folder.path], names: ["--resume"], leaves: folder)
        let resumed = try benchOK(Self.slowMatch + ["--threads", "2", "--out", folder.path, "--resume"])
        XCTAssertTrue(resumed.stdout.contains("\(Self.slowMatchGames) games"), resumed.stdout)
        XCTAssertEqual(try summary(folder), reference.summary)
        XCTAssertEqual(try records(folder), reference.records)
        XCTAssertEqual(lineCount(folder.appendingPathComponent("games.jsonl")), Self.slowMatchGames)

        // Resuming a finished tournament plays nothing and changes no table.
        _ = try benchOK(Self.slowMatch + ["--threads", "1", "--out", folder.path, "--resume"])
        XCTAssertEqual(lineCount(folder.appendingPathComponent("games.jsonl")), Self.slowMatchGames)
        XCTAssertEqual(try summary(folder), reference.summary)
    }

    func testSIGTERMEndsATournamentAsAnInterruptWithEveryFinishedGameKept() throws {
        let reference = try uninterruptedSlowMatch()
        let folder = temporaryFolder("terminated")
        let process = try startSlowMatch(folder, untilGames: 2, extra: ["--sync", "every"])
        kill(process.process.processIdentifier, SIGTERM)  // a cluster's time limit
        let ended = try XCTUnwrap(process.wait(timeout: 30))
        XCTAssertEqual(ended.status, 128 + SIGTERM, "exit status after SIGTERM; stderr: \(ended.stderr)")
        XCTAssertTrue(ended.stderr.contains("--resume"), ended.stderr)
        let partial = try records(folder)
        XCTAssertGreaterThanOrEqual(partial.count, 2)
        for (index, record) in partial { XCTAssertEqual(record, reference.records[index], "game \(index)") }
    }

    func testASecondRunOnAFolderInUseIsRefusedAndChangesNothing() throws {
        let folder = temporaryFolder("in-use")
        let process = try startSlowMatch(folder, untilGames: 1)
        let log = folder.appendingPathComponent("games.jsonl")
        try assertUsageError(Self.slowMatch + ["--threads", "1", "--out", folder.path, "--resume"], names: ["in use"])
        let run = try XCTUnwrap(process.wait(timeout: 120))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(lineCount(log), Self.slowMatchGames, "the first run's log is whole")
        XCTAssertEqual(try records(folder), try uninterruptedSlowMatch().records)
    }

    func testResumeRefusesARecordOfAnotherTournamentAndReportNamesIt() throws {
        let reference = try uninterruptedSlowMatch()
        let folder = temporaryFolder("foreign")
        try FileManager.default.copyItem(at: reference.folder, to: folder)
        let log = folder.appendingPathComponent("games.jsonl")
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        // The same game again, and a game whose seed is another tournament's.
        lines.append(lines[0])
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: log)
        try assertUsageError(["report", "--in", folder.path], names: ["games.jsonl line \(lines.count)", "twice"], status: 1)
        try assertUsageError(Self.slowMatch + ["--out", folder.path, "--resume"], names: ["twice"], status: 1)
        XCTAssertEqual(try Data(contentsOf: log), before, "neither report nor a refused resume changes the log")
        lines.removeLast()
        lines[0] = lines[0].replacingOccurrences(of: #""seed":[0-9]+"#, with: #""seed":42"#, options: .regularExpression)
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        try assertUsageError(["report", "--in", folder.path], names: ["line 1", "seed"], status: 1)
    }

    /// A folder of an earlier version, whose agent's name this version resolves to another
    /// agent (a parameter added since: `joinnodes`), resumes with the agent as recorded,
    /// says so, and keeps its recorded meaning.
    func testAFolderOfAnEarlierVersionResumesWithItsAgentsAsRecorded() throws {
        let reference = try uninterruptedSlowMatch()
        let folder = temporaryFolder("earlier")
        try FileManager.default.copyItem(at: reference.folder, to: folder)
        let log = folder.appendingPathComponent("games.jsonl"), config = folder.appendingPathComponent("tournament.json")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        try (lines.prefix(5).joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let recorded = try String(contentsOf: config, encoding: .utf8)
        XCTAssertTrue(recorded.contains(",joinnodes=16000,"), recorded)
        let earlier = recorded.replacingOccurrences(of: ",joinnodes=16000,", with: ",")
        try earlier.write(to: config, atomically: true, encoding: .utf8)
        _ = try benchOK(Self.slowMatch + ["--threads", "2", "--out", folder.path, "--resume"], stderr:
            "bench: tournament: --resume: agent 'alphabeta:depth=3' plays as the run recorded it, not as this version reads the name (joinnodes: 16000 → 0)\n")
        XCTAssertEqual(try records(folder), reference.records, "one thread a game: the same games")
        XCTAssertEqual(try String(contentsOf: config, encoding: .utf8), earlier)
        XCTAssertFalse(try text(folder, "summary.md").contains("joinnodes"), "the summary says what the run recorded")
    }

    func testKilledTournamentWithATruncatedLastLineResumesToTheSameSummary() throws {
        let reference = try uninterruptedSlowMatch()
        let folder = temporaryFolder("killed")
        let process = try startSlowMatch(folder, untilGames: 2)
        kill(process.process.processIdentifier, SIGKILL)
        let killed = try XCTUnwrap(process.wait(timeout: 30))
        XCTAssertFalse(killed.exited, "killed by a signal")

        // Simulate a kill in the middle of writing a record: half of the next game's line.
        let log = folder.appendingPathComponent("games.jsonl")
        let partial = try records(folder)
        XCTAssertLessThan(partial.count, Self.slowMatchGames)
        let missing = try XCTUnwrap((0..<Self.slowMatchGames).first { partial[$0] == nil })
        let fullLine = try XCTUnwrap(try text(reference.folder, "games.jsonl").split(separator: "\n")
            .first { $0.contains("\"index\":\(missing),") })
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data(fullLine.prefix(fullLine.count / 2).utf8))
        try handle.close()
        let sizeWithHalfLine = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)

        _ = try benchOK(Self.slowMatch + ["--threads", "2", "--out", folder.path, "--resume"], stderr:
            "bench: tournament: --resume: cut the last line of games.jsonl, which an interrupted run left half-written\n")
        XCTAssertEqual(try summary(folder), reference.summary)
        let final = try records(folder)
        XCTAssertEqual(final, reference.records, "the half line is dropped and game \(missing) played again")
        XCTAssertEqual(lineCount(log), Self.slowMatchGames)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)
        XCTAssertGreaterThan(size, sizeWithHalfLine)
    }

    // MARK: - The summary files

    func testSummaryFilesStartWithTheCommandAndAreWellFormed() throws {
        let folder = temporaryFolder("files")
        let arguments = Self.roundRobin + ["--threads", "2", "--out", folder.path]
        _ = try benchOK(arguments)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertEqual(names, ["tournament.json", "games.jsonl", "summary.md", "summary.csv", "summary.json", "ratings.svg", "report.html"])

        // summary.md: a title, then the exact command (the --out path quoted: it holds a space).
        let command = (["bench"] + arguments.dropLast()).joined(separator: " ") + " '\(folder.path)'"
        let md = try text(folder, "summary.md")
        let lines = md.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(Array(lines.prefix(7)), ["# Tournament: tigers-goats", "", "Produced by:", "", "```sh",
                                                Substring(command), "```"], md)
        XCTAssertEqual(try object(try text(folder, "summary.json"))["command"] as? String, command)
        for heading in ["## Ratings", "## Pairings", "## By side", "## Throughput"] {
            XCTAssertTrue(lines.contains(Substring(heading)), "summary.md has \(heading)")
        }

        // summary.csv: a header and one row per pairing, in schedule order.
        let csv = try text(folder, "summary.csv").split(separator: "\n")
        let header = csv[0].split(separator: ",")
        XCTAssertEqual(Array(header.prefix(3)), ["agent_a", "agent_b", "games"])
        XCTAssertEqual(csv.count, 4, "header + 3 pairings")
        let pairs = csv.dropFirst().map { row -> [String] in
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            XCTAssertEqual(fields.count, header.count, "row \(row)")
            return [String(fields[0]), String(fields[1]), String(fields[2])]
        }
        XCTAssertEqual(pairs, [["\"random\"", "\"greedy\"", "4"], ["\"random\"", "\"alphabeta:depth=2\"", "4"],
                               ["\"greedy\"", "\"alphabeta:depth=2\"", "4"]])

        // ratings.svg: well-formed SVG naming every agent.
        let svg = try text(folder, "ratings.svg")
        assertWellFormedXML(svg, root: "svg")
        for agent in ["random", "greedy", "alphabeta:depth=2"] { XCTAssertTrue(svg.contains(">\(agent)</text>"), agent) }
    }

    func testGauntletPairsTheFirstAgentWithEachOther() throws {
        let folder = temporaryFolder("gauntlet")
        _ = try benchOK(["tournament", "--agents", "greedy", "random", "alphabeta:depth=1", "--gauntlet", "--games", "2",
                         "--threads", "2", "--out", folder.path])
        let s = try object(try text(folder, "summary.json"))
        let pairings = try XCTUnwrap(s["pairings"] as? [[String: Any]])
        XCTAssertEqual(pairings.compactMap { $0["agentA"] as? String }, ["greedy", "greedy"])
        XCTAssertEqual(pairings.compactMap { $0["agentB"] as? String }, ["random", "alphabeta:depth=1"])
        XCTAssertEqual(s["games"] as? Int, 4)
        XCTAssertEqual(Set(try records(folder).keys), Set(0..<4))
        XCTAssertEqual(try text(folder, "summary.csv").split(separator: "\n").count, 3)
    }

    func testReportRegeneratesTheSummary() throws {
        let folder = temporaryFolder("report")
        _ = try benchOK(Self.roundRobin + ["--threads", "2", "--out", folder.path])
        let before = try summary(folder, without: ["run"])
        let csv = try text(folder, "summary.csv"), svg = try text(folder, "ratings.svg")
        for name in ["summary.md", "summary.csv", "summary.json", "ratings.svg"] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        let report = try benchOK(["report", "--in", folder.path])
        XCTAssertEqual(try summary(folder, without: ["run"]), before)
        XCTAssertEqual(try text(folder, "summary.csv"), csv)
        XCTAssertEqual(try text(folder, "ratings.svg"), svg)
        XCTAssertEqual(report.stdout, try text(folder, "summary.md") + "\n")

        let empty = temporaryFolder("no-report")
        try assertRefused(["report", "--in", empty.path], names: ["report", "tournament.json"], leaves: empty)
    }

    // MARK: - Usage errors leave the disk alone

    func testBadTournamentOptionsExitWithStatus2AndCreateNothing() throws {
        let out = temporaryFolder("refused")
        let two = ["tournament", "--agents", "random", "greedy"]
        try assertRefused(["tournament", "--agents", "random", "alphabeta:depth=x", "--out", out.path],
                          names: ["alphabeta:depth=x"], leaves: out)
        try assertRefused(["tournament", "--agents", "random", "bogus", "--out", out.path], names: ["'bogus'"], leaves: out)
        try assertRefused(["tournament", "--agents", "greedy", "random", "greedy", "--out", out.path],
                          names: ["'greedy'", "twice"], leaves: out)
        try assertRefused(["tournament", "--agents", "random", "--out", out.path], names: ["2 agents"], leaves: out)
        try assertRefused(two + ["--games", "3", "--out", out.path], names: ["--games", "even"], leaves: out)
        try assertRefused(two + ["--games", "0", "--out", out.path], names: ["--games"], leaves: out)
        try assertRefused(two + ["--sync", "sometimes", "--out", out.path], names: ["--sync", "'sometimes'"], leaves: out)
        try assertRefused(["tournament", "--agents", "random", "greedy", "alphabeta:depth=1", "--sprt", "0,10,0.05,0.05",
                           "--out", out.path], names: ["--sprt", "two agents"], leaves: out)
        for bad in ["0,10,0.05", "0,10,x,0.05", "10,0,0.05,0.05", "0,10,0.6,0.05", ""] {
            try assertRefused(two + ["--sprt", bad, "--out", out.path], names: ["--sprt"], leaves: out)
        }
        try assertRefused(two + ["--threads", "0", "--out", out.path], names: ["--threads"], leaves: out)
        try assertRefused(["tournament", "--game", "coin-sorter", "--agents", "greedy", "--gauntlet", "--out", out.path],
                          names: ["--gauntlet"], leaves: out)
        try assertRefused(["tournament", "--game", "coin-sorter", "--agents", "greedy", "random", "--sprt", "0,10,0.05,0.05",
                           "--out", out.path], names: ["--sprt"], leaves: out)
        try assertRefused(two + ["--resume"], names: ["--resume", "--out"], leaves: out)
        // Without --out, --sync would change nothing: refused, not ignored.
        try assertRefused(two + ["--sync", "every"], names: ["--sync needs --out DIR"], leaves: out)
        try assertRefused(two + ["--out", out.path, "--resume"], names: ["--resume", "no tournament"], leaves: out)

        // An output folder that cannot be made.
        let proc = URL(fileURLWithPath: "/proc/bench-test-\(UUID().uuidString)/out")
        // That is a failure of the disk, not of the command line: exit status 1.
        try assertRefused(two + ["--games", "2", "--out", proc.path], names: [proc.path], leaves: proc, status: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: proc.deletingLastPathComponent().path))

        // An empty existing folder holds no tournament to resume, and stays empty.
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try assertRefused(two + ["--out", out.path, "--resume"], names: ["--resume", "no tournament"], leaves: out)
        XCTAssertEqual(snapshot(out), [:])
    }

    func testAnExistingTournamentIsNeitherOverwrittenNorMixedWithAnother() throws {
        let folder = temporaryFolder("existing")
        let base = ["tournament", "--agents", "random", "greedy", "--threads", "1"]
        let args = base + ["--games", "2", "--seed", "9"]
        _ = try benchOK(args + ["--out", folder.path])
        XCTAssertEqual(lineCount(folder.appendingPathComponent("games.jsonl")), 2)

        try assertRefused(args + ["--out", folder.path], names: ["already holds a tournament", "--resume"], leaves: folder)
        for other in [["--games", "4", "--seed", "9"], ["--games", "2", "--seed", "10"], ["--games", "2"],
                      ["--games", "2", "--seed", "9", "--openings", "2"], ["--games", "2", "--seed", "9", "--ply-limit", "100"],
                      ["--games", "2", "--seed", "9", "--long-range"], ["--games", "2", "--seed", "9", "--gauntlet"]] {
            try assertRefused(base + other + ["--out", folder.path, "--resume"], names: ["--resume", "differ"],
                              leaves: folder)
        }
        try assertRefused(["tournament", "--agents", "greedy", "random", "--games", "2", "--seed", "9", "--out", folder.path,
                           "--resume"], names: ["--resume", "differ"], leaves: folder)
        // Another thread count is the same tournament: resuming it plays nothing new.
        _ = try benchOK(["tournament", "--agents", "random", "greedy", "--games", "2", "--seed", "9", "--threads", "2",
                         "--out", folder.path, "--resume"])
        XCTAssertEqual(lineCount(folder.appendingPathComponent("games.jsonl")), 2)
    }

    // MARK: - SPRT

    func testSPRTStopsAStrongAgainstWeakMatchEarly() throws {
        let match = ["tournament", "--agents", "greedy", "random", "--games", "100", "--sprt", "0,200,0.05,0.05", "--seed", "1"]
        let one = temporaryFolder("sprt-one"), two = temporaryFolder("sprt-two")
        let run = try benchOK(match + ["--threads", "1", "--out", one.path])
        _ = try benchOK(match + ["--threads", "2", "--out", two.path])

        let s = try object(try text(one, "summary.json"))
        let sprt = try XCTUnwrap(s["sprt"] as? [String: Any])
        XCTAssertEqual(sprt["decision"] as? String, "H1")
        let games = try XCTUnwrap(s["games"] as? Int)
        XCTAssertLessThan(games, 100, "stopped before all games")
        XCTAssertEqual(sprt["pairs"] as? Int, games / 2)
        XCTAssertEqual(games % 2, 0)
        let llr = try XCTUnwrap(sprt["llr"] as? Double), upper = try XCTUnwrap(sprt["upper"] as? Double)
        XCTAssertGreaterThanOrEqual(llr, upper)
        XCTAssertEqual(upper, log(0.95 / 0.05), accuracy: 1e-12)
        XCTAssertEqual(sprt["lower"] as? Double ?? 0, log(0.05 / 0.95), accuracy: 1e-12)
        // The summary's SPRT object is what `bench sprt --json` prints for its counts.
        let counts = try XCTUnwrap(sprt["pentanomial"] as? [Int])
        XCTAssertEqual(counts.reduce(0, +), games / 2)
        let calculator = try object(try benchOK(["sprt", "--pentanomial", counts.map(String.init).joined(separator: ","),
                                                 "--elo0", "0", "--elo1", "200", "--json"]).stdout)
        for key in ["llr", "lower", "upper"] {
            XCTAssertEqual(calculator[key] as? Double ?? .nan, sprt[key] as? Double ?? 0, accuracy: 1e-12, key)
        }
        XCTAssertEqual(calculator["decision"] as? String, "H1")
        XCTAssertEqual(calculator["pairs"] as? Int, games / 2)
        XCTAssertTrue((sprt["model"] as? String ?? "").contains("pentanomial"), "names the model")
        XCTAssertLessThan(lineCount(one.appendingPathComponent("games.jsonl")), 100)

        let md = try text(one, "summary.md")
        XCTAssertTrue(md.contains("## SPRT"), md)
        XCTAssertTrue(md.contains("**H1 accepted**"), md)
        XCTAssertTrue(md.contains("Model: "), md)
        XCTAssertTrue(run.stdout.contains("H1 accepted"))
        // Where it stops does not depend on which games finished first; nor does the log,
        // which holds the games up to the deciding pair and none finished after it.
        XCTAssertEqual(try summary(one), try summary(two))
        XCTAssertEqual(try records(one), try records(two))
        XCTAssertEqual(lineCount(two.appendingPathComponent("games.jsonl")), games)

        // The other way round: H0.
        let weak = temporaryFolder("sprt-h0")
        _ = try benchOK(["tournament", "--agents", "greedy", "alphabeta:depth=1", "--games", "100", "--sprt",
                         "0,200,0.05,0.05", "--seed", "1", "--threads", "1", "--out", weak.path])
        let h0 = try XCTUnwrap(try object(try text(weak, "summary.json"))["sprt"] as? [String: Any])
        XCTAssertEqual(h0["decision"] as? String, "H0")
        XCTAssertLessThanOrEqual(h0["llr"] as? Double ?? 0, log(0.05 / 0.95))
    }

    /// Regression (fixed): resuming an SPRT match that has
    /// already stopped plays one more game per thread (the runner checks the SPRT only
    /// after a game ends), so games.jsonl grows on every resume. The tables do not change.
    func testResumingADecidedSPRTMatchPlaysNoMoreGames() throws {
        let folder = temporaryFolder("sprt-resume")
        let match = ["tournament", "--agents", "greedy", "random", "--games", "100", "--sprt", "0,200,0.05,0.05",
                     "--threads", "1", "--out", folder.path]
        _ = try benchOK(match)
        let log = folder.appendingPathComponent("games.jsonl")
        let before = lineCount(log)
        _ = try benchOK(match + ["--resume"])
        XCTAssertEqual(lineCount(log), before, "no game after the SPRT decided")
    }
}

/// Records the name of the root element.
private final class RootElement: NSObject, XMLParserDelegate {
    var root: String?
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = elementName }
    }
}
