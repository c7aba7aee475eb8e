#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// `bench tournament --agent-file FILE`: a bad agents file (or agent) is a usage
/// error before any game — exit status 2, one line on stderr, no output folder, no
/// agent process left — and a misbehaving agent forfeits its games in the records.
/// The agents are the sh scripts of Tests/WorkbenchTests/Agents/.
final class ExternalAgentCommandLineTests: XCTestCase {
    static let agentsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WorkbenchTests/Agents").path

    /// An agents-file entry for the script `script`, given `folder` (where it writes
    /// its pid) and `arguments`, with `extra` keys.
    func entry(_ name: String, _ script: String, _ folder: URL, _ arguments: [String] = [],
               _ extra: [String: Any] = [:]) -> [String: Any] {
        var e: [String: Any] = ["name": name, "command": ["./" + script, folder.path] + arguments, "dir": Self.agentsFolder]
        for (k, v) in extra { e[k] = v }
        return e
    }

    func write(_ entries: [[String: Any]], in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("agents.json")
        try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]).write(to: url)
        return url.path
    }

    /// The pids the agents wrote to `folder/pids`.
    func pids(in folder: URL) -> [Int32] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("pids"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    /// Whether `pid` is a live process (a zombie is dead, waiting for its reaper).
    func isAlive(_ pid: Int32) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Fails if a process an agent noted in `folder` is still alive (after a moment).
    func assertAgentsGone(_ folder: URL, line: UInt = #line) {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { return }
        let deadline = Date().addingTimeInterval(2)
        var alive = pids(in: folder).filter(isAlive)
        while !alive.isEmpty && Date() < deadline {
            usleep(10_000)
            alive = pids(in: folder).filter(isAlive)
        }
        XCTAssertEqual(alive, [], "agent processes outlived bench", line: line)
    }

    /// `bench tournament` with the agents file of `entries` and `agents` fails as a
    /// usage error naming `words`, creating no --out folder, leaving no agent.
    func assertTournamentRefuses(_ entries: [[String: Any]], agents: [String], naming words: [String],
                                 folder: URL, line: UInt = #line) throws {
        let file = try write(entries, in: folder)
        let out = folder.appendingPathComponent("out")
        try assertUsageError(["tournament", "--game", "bagh-chal", "--agent-file", file, "--agents"] + agents
                                + ["--games", "2", "--threads", "1", "--out", out.path],
                             names: ["tournament"] + words, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no --out folder before any game", line: line)
        assertAgentsGone(folder, line: line)
    }

    func testBadAgentDefinitionsAreUsageErrorsBeforeAnyGame() throws {
        let cases: [(String, (URL) -> [[String: Any]], [String], [String])] = [
            ("missing program", { [self.entry("ghost", "no-such-agent.sh", $0)] }, ["ghost", "random"], ["ghost", "not found"]),
            ("unknown option", { [self.entry("good", "good.sh", $0, [], ["options": ["bogus": 1]])] }, ["good", "random"],
             ["good", "bogus"]),
            ("bad option value", { [self.entry("good", "good.sh", $0, [], ["options": ["greed": 2]])] }, ["good", "random"],
             ["good", "greed"]),
            ("bad option value in a spec", { [self.entry("good", "good.sh", $0)] }, ["good:greed=2", "random"], ["greed"]),
            ("unknown key", { [self.entry("good", "good.sh", $0, [], ["colour": "red"])] }, ["good", "random"], ["colour"]),
            ("duplicate names", { [self.entry("good", "good.sh", $0), self.entry("good", "good.sh", $0)] }, ["good", "random"],
             ["good", "twice"]),
            ("a built-in kind's name", { [self.entry("random", "good.sh", $0)] }, ["random", "greedy"], ["random"]),
            ("human", { [self.entry("human", "good.sh", $0)] }, ["human", "greedy"], ["'human'", "reserved"]),
            ("a kind of another game", { [self.entry("expectimax", "good.sh", $0)] }, ["expectimax", "greedy"], ["reserved"]),
            ("a zero move timeout", { [self.entry("good", "good.sh", $0, [], ["timeout": 0])] }, ["good", "random"],
             ["good", "'timeout'"]),
            ("no handshake", { [self.entry("nohs", "nohs.sh", $0, [], ["handshake": 0.3])] }, ["nohs", "random"],
             ["nohs", "handshake"]),
        ]
        for (what, entries, agents, words) in cases {
            let folder = try scratchFolder("agent-file-")
            // nohs.sh shakes hands only the first time: marked as having run, it never does.
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("shook").path, contents: nil)
            let start = Date()
            try assertTournamentRefuses(entries(folder), agents: agents, naming: words, folder: folder)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, what)
        }
    }

    /// An agents file that is not a regular file is said of the agent file, as a missing
    /// one is (exit 1 both).
    func testAnAgentFileThatIsAFolderIsNamedAsTheAgentFile() throws {
        let folder = try scratchFolder("agent-file-folder")
        try assertUsageError(["tournament", "--agent-file", folder.path, "--agents", "x", "random"],
                             names: ["agent file \(folder.path): not a regular file (a directory)"], status: 1)
    }

    /// `--agent-file` given twice: the agents of both files are available; a name
    /// defined in both files is a usage error naming both, before any agent starts.
    func testRepeatedAgentFilesJoinTheirAgentsAndADuplicateNameAcrossFilesIsRefused() throws {
        let folder = try scratchFolder("agent-files-")
        func file(_ name: String, _ entries: [[String: Any]]) throws -> String {
            let url = folder.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]).write(to: url)
            return url.path
        }
        let a = try file("a.json", [entry("alpha", "good.sh", folder)])
        let b = try file("b.json", [entry("beta", "good.sh", folder)])
        let listed = try benchOK(["agents", "--game", "bagh-chal", "--agent-file", a, "--agent-file", b])
        XCTAssertTrue(listed.stdout.contains("alpha") && listed.stdout.contains("beta"), listed.stdout)
        let out = folder.appendingPathComponent("out")
        _ = try benchOK(["tournament", "--game", "bagh-chal", "--agent-file", a, "--agent-file", b, "--agents", "alpha", "beta",
                         "--games", "2", "--threads", "1", "--out", out.path])
        let config = try String(contentsOf: out.appendingPathComponent("tournament.json"), encoding: .utf8)
        XCTAssertTrue(config.contains("a.json") && config.contains("b.json"), "the recorded command names both files")
        let before = pids(in: folder).count
        let twice = try file("c.json", [entry("alpha", "good.sh", folder)])
        try assertUsageError(["agents", "--game", "bagh-chal", "--agent-file", a, "--agent-file", twice],
                             names: ["agents", "'alpha'", "a.json", "c.json"])
        XCTAssertEqual(pids(in: folder).count, before, "no agent started")
        try assertUsageError(["search", "--game", "bagh-chal", "--agent", "alpha", "--agent-file", a, "--agent-file", "--json"],
                             names: ["--agent-file", "needs a file"])
    }

    /// A file that cannot be read is a runtime failure (status 1) in every command, as a
    /// directory in its place is and as a missing eval file is (issue 41: they disagreed).
    func testAnAgentFileThatIsNotThereIsARuntimeErrorLikeAnyUnreadableFile() throws {
        let folder = try scratchFolder("agent-file-")
        let out = folder.appendingPathComponent("out")
        try assertUsageError(["tournament", "--game", "bagh-chal", "--agent-file", folder.appendingPathComponent("none.json").path,
                              "--agents", "random", "greedy", "--games", "2", "--out", out.path],
                             names: ["tournament", "none.json"], status: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// A crashing agent forfeits every game; the run succeeds and its records say why.
    func testACrashingAgentsGamesAreForfeitedInTheRecords() throws {
        let folder = try scratchFolder("agent-file-")
        let file = try write([entry("crasher", "crash.sh", folder, ["2"])], in: folder)
        let out = folder.appendingPathComponent("out")
        let run = try benchOK(["tournament", "--game", "bagh-chal", "--agent-file", file, "--agents", "crasher", "random",
                               "--games", "2", "--threads", "1", "--out", out.path])
        XCTAssertTrue(run.stdout.contains("Forfeits"), run.stdout)
        let log = try String(contentsOf: out.appendingPathComponent("games.jsonl"), encoding: .utf8)
        let records = log.split(separator: "\n")
        XCTAssertEqual(records.count, 2)
        for record in records {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
            XCTAssertEqual(json["termination"] as? String, "crash", String(record))
            XCTAssertTrue((json["reason"] as? String)?.contains("exited with status 3") == true, String(record))
            XCTAssertTrue((json["stderr"] as? [String])?.contains { $0.hasPrefix("crash.sh: boom at move 2") } == true,
                          String(record))
        }
        let summary = try String(contentsOf: out.appendingPathComponent("summary.json"), encoding: .utf8)
        XCTAssertTrue(summary.contains("forfeits"), summary)
        XCTAssertEqual(pids(in: folder).count, 2)
        assertAgentsGone(folder)
    }

    /// Children an agent started in a session of their own (setsid, or a daemon's
    /// double fork) do not outlive bench.
    func testChildrenThatLeftTheAgentsProcessGroupDoNotOutliveBench() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc") }
        for mode in ["setsid", "daemon"] {
            let folder = try scratchFolder("agent-file-")
            let file = try write([entry("orphan", "orphan.sh", folder, [mode])], in: folder)
            let start = Date()
            _ = try benchOK(["tournament", "--game", "bagh-chal", "--agent-file", file, "--agents", "orphan", "random",
                             "--games", "2", "--threads", "1"])
            // The sleepers (30 s) would hold the pipes bench inherited until they end.
            XCTAssertLessThan(Date().timeIntervalSince(start), 15, "\(mode): bench ends with its agents' processes")
            XCTAssertEqual(pids(in: folder).count, 3, "\(mode): the agent and a sleeper per game")
            assertAgentsGone(folder)
        }
    }

    /// Ctrl-C and SIGTERM end bench at once, and its agents with it: two hanging
    /// agents (each waiting on a child of its own) are gone after bench has exited.
    func testSignalsEndTheAgentsAndTheirChildren() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc") }
        for (sig, status) in [(SIGTERM, 128 + SIGTERM), (SIGINT, 130)] {
            let folder = try scratchFolder("agent-file-")
            let file = try write([entry("hang", "hang.sh", folder, [], ["timeout": 30])], in: folder)
            let bench = try startBench(["tournament", "--game", "bagh-chal", "--agent-file", file, "--agents", "hang", "random",
                                        "--games", "2", "--threads", "2", "--out", folder.appendingPathComponent("out").path])
            // Both games under way: two agents, each waiting on its sleep.
            let deadline = Date().addingTimeInterval(10)
            while pids(in: folder).count < 4 && Date() < deadline { usleep(10_000) }
            XCTAssertEqual(pids(in: folder).count, 4, "signal \(sig): two agents and their children started")
            XCTAssertEqual(pids(in: folder).filter(isAlive).count, 4)
            kill(bench.process.processIdentifier, sig)
            let run = try XCTUnwrap(bench.wait(timeout: 10), "bench ends at signal \(sig)")
            XCTAssertTrue(run.exited, "signal \(sig)")
            XCTAssertEqual(run.status, Int32(status), "signal \(sig): \(run.stderr)")
            if sig == SIGINT { XCTAssertTrue(run.stderr.contains("interrupted"), run.stderr) }
            assertAgentsGone(folder)
            // The games the signal cut are not forfeits of the agents it killed: none is
            // logged, and --resume plays them.
            let log = (try? String(contentsOf: folder.appendingPathComponent("out/games.jsonl"), encoding: .utf8)) ?? ""
            XCTAssertEqual(log, "", "signal \(sig): a cut game was logged")
        }
    }

    /// A signal ends the children an agent started in a session of their own too
    /// (killing process groups does not reach them): bench, interrupted, kills its
    /// whole tree, in every command (a tournament's handler and the default one).
    func testSignalsEndChildrenThatLeftTheAgentsProcessGroup() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") || FileManager.default.isExecutableFile(atPath: "/bin/setsid")
        else { throw XCTSkip("no setsid") }
        for (command, sig) in [("tournament", SIGTERM), ("search", SIGINT)] {
            let folder = try scratchFolder("agent-file-")
            let file = try write([entry("orphan", "orphan.sh", folder, ["setsid-hang"], ["timeout": 30])], in: folder)
            let arguments = command == "tournament"
                ? ["tournament", "--game", "bagh-chal", "--agent-file", file, "--agents", "orphan", "random", "--games", "2",
                   "--threads", "1", "--out", folder.appendingPathComponent("out").path]
                : ["search", "--game", "bagh-chal", "--agent-file", file, "--agent", "orphan"]
            let bench = try startBench(arguments)
            // The agent, its sleeper in a session of its own and the child it waits on.
            let deadline = Date().addingTimeInterval(10)
            while pids(in: folder).count < 3 && Date() < deadline { usleep(10_000) }
            XCTAssertEqual(pids(in: folder).filter(isAlive).count, 3, "\(command): the agent and its children started")
            kill(bench.process.processIdentifier, sig)
            let run = try XCTUnwrap(bench.wait(timeout: 10), "\(command) ends at signal \(sig)")
            XCTAssertEqual(run.status, 128 + sig, "\(command): \(run.stderr)")
            assertAgentsGone(folder)
        }
    }
}
