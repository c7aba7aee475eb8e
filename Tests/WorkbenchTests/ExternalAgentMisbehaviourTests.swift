import Boards
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Search
import Synchronization
@testable import Workbench
import XCTest

/// External agents that misbehave (docs/protocol.md, "Deadlines and misbehaviour"):
/// each misbehaviour loses the agent its game with the right termination, the run
/// goes on, the summary counts the forfeits, the record keeps the agent's last words
/// on standard error, and no process outlives ``ExternalAgents/close()``. Also: a
/// process that behaves is reused, one that crashed is restarted, and a bad agents
/// file is a usage error before any game.
///
/// The agents are the POSIX sh scripts of `Agents/` (one misbehaviour each on top of
/// `Agents/protocol.sh`); each appends its pid, and those of the children it starts,
/// to `pids` in the scratch folder the test gives it.
final class ExternalAgentMisbehaviourTests: XCTestCase {
    /// The folder of the agent scripts.
    static let agentsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Agents").path

    /// This test's folder: the agents file, the agents' `pids`, markers.
    private var scratch: URL!
    /// The children this process had before the test (none, normally).
    private var childrenBefore: Set<Int32> = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { throw XCTSkip("no /bin/sh") }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("misbehave-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        childrenBefore = Set(Self.processes().filter { $0.ppid == getpid() }.map(\.pid))
    }

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    // MARK: - Agents files and tournaments

    /// An agents-file entry for the script `script` of `Agents/`, given the scratch
    /// folder and `arguments`, with `extra` keys.
    func entry(_ name: String, _ script: String, _ arguments: [String] = [], _ extra: [String: Any] = [:]) -> [String: Any] {
        var e: [String: Any] = ["name": name, "command": ["./" + script, scratch.path] + arguments,
                                "dir": Self.agentsFolder]
        for (k, v) in extra { e[k] = v }
        return e
    }

    /// Writes `entries` as an agents file in the scratch folder; its path.
    func agentsFile(_ entries: [[String: Any]]) throws -> String {
        let url = scratch.appendingPathComponent("agents-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]).write(to: url)
        return url.path
    }

    /// The records of a run, collected as the games end.
    final class Collected: Sendable {
        let records = Mutex<[GameRecord]>([])
        var all: [GameRecord] { records.withLock { $0 }.sorted { $0.index < $1.index } }
    }

    /// A Bagh-Chal tournament of `specs` (agents of `file` and built-in ones): its
    /// summary and records, every agent process closed and checked gone.
    func baghChal(_ file: String, _ specs: [String], games: Int, threads: Int, seed: UInt64 = 11,
                  beforeClose: () -> Void = {}, line: UInt = #line) throws -> (TournamentSummary, [GameRecord]) {
        let external = try ExternalAgents.load(file)
        var catalog = BaghChal.agentCatalog
        try external.register(in: &catalog, rules: BaghChal.defaultRules)
        let entrants = try specs.map { spec throws(WorkbenchError) in try Entrant<BaghChal>(spec: spec, catalog: catalog) }
        let tournament = try Tournament<BaghChal>(entrants: entrants, gamesPerPairing: games, seed: seed)
        let collected = Collected()
        let logURL = scratch.appendingPathComponent("games-\(UUID().uuidString).jsonl")
        let summary: TournamentSummary
        do {
            summary = try tournament.run(threads: threads, log: try RecordLog(appendingTo: logURL),
                                         resumingFrom: TournamentTally(config: tournament.config),
                                         onRecord: { record, _ in collected.records.withLock { $0.append(record) } })
        } catch {
            external.close()
            throw error
        }
        beforeClose()
        external.close()
        assertNoProcessLeft(line: line)
        let records = collected.all
        // The tournament finished: every game of the schedule is recorded once.
        XCTAssertEqual(records.map(\.index), Array(0..<tournament.config.totalGames), line: line)
        XCTAssertEqual(summary.games, tournament.config.totalGames, line: line)
        // The log keeps terminations, reasons and stderr tails, and passes the check
        // a resumed run makes (a forfeited game is not over by the rules; its loser is
        // the side to move).
        let logged = try RecordLog.read(logURL).records.sorted { $0.index < $1.index }
        XCTAssertEqual(logged, records, line: line)
        var check = tournament.recordCheck(source: "games.jsonl")
        for (i, r) in logged.enumerated() { try check.check(r, line: i + 1) }
        return (summary, records)
    }

    /// The agent that lost `record`, a two-player game that one side won.
    func loser(_ record: GameRecord) -> String? {
        switch record.result {
        case .firstSideWins: return record.agents[1]
        case .secondSideWins: return record.agents[0]
        default: return nil
        }
    }

    /// The moves `agent` made in `record` (the opening is not the agents').
    func moveCount(of agent: String, in record: GameRecord) -> Int {
        guard let side = record.agents.firstIndex(of: agent) else { return 0 }
        return record.moves.indices.filter { ($0 + record.opening.count) % 2 == side }.count
    }

    /// Checks that every game `bad` played it lost with `termination`, that every
    /// other game ended normally (the other agents never forfeit), and that the
    /// summary counts exactly those forfeits.
    func assertForfeits(_ summary: TournamentSummary, _ records: [GameRecord], bad: String, _ termination: Termination,
                        line: UInt = #line) {
        var lost = 0
        for r in records {
            if r.agents.contains(bad) {
                XCTAssertEqual(r.termination, termination, "game \(r.index): \(r.failure?.reason ?? "normal")", line: line)
                guard r.termination != .normal else { continue }
                XCTAssertEqual(loser(r), bad, "game \(r.index): the agent that misbehaved loses", line: line)
                XCTAssertEqual(r.failure?.termination, termination, line: line)
                XCTAssertFalse(r.failure?.reason.isEmpty ?? true, "game \(r.index) has a reason", line: line)
                lost += 1
            } else {
                XCTAssertEqual(r.termination, .normal, "game \(r.index) of well-behaved agents", line: line)
            }
        }
        let forfeits = summary.forfeits ?? []
        XCTAssertEqual(forfeits.map(\.agent), [bad], "only \(bad) forfeits", line: line)
        if let f = forfeits.first(where: { $0.agent == bad }) {
            let counts: [Termination: Int] = [.time: f.time, .crash: f.crash, .illegal: f.illegal, .protocol: f.protocol]
            XCTAssertEqual(counts.filter { $0.value > 0 }, [termination: lost], line: line)
        }
        XCTAssertTrue(summary.markdown.contains("Forfeits"), line: line)
    }

    // MARK: - Processes

    /// A process as `/proc/PID/stat` shows it.
    struct ProcStat { var pid: Int32; var state: Character; var ppid: Int32; var group: Int32 }

    /// Every process of the system (Linux `/proc`; none elsewhere).
    static func processes() -> [ProcStat] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name in
            guard let pid = Int32(name), let text = readProcFile("/proc/\(name)/stat") else { return nil }
            // `pid (comm) state ppid pgrp ...`; comm may hold blanks and parentheses.
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count >= 3, let state = fields[0].first, let ppid = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
            return ProcStat(pid: pid, state: state, ppid: ppid, group: group)
        }
    }

    /// A `/proc` file's text (their sizes read as 0, so read to the end).
    static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The pids the agents of this test wrote to `pids` (agents and the children they started).
    func agentPids() -> [Int32] {
        let text = (try? String(contentsOf: scratch.appendingPathComponent("pids"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    /// What is left: children of this process (zombies included: an unreaped child is
    /// left behind too) that were not there before the test, and live processes
    /// that are an agent of this test or in an agent's process group.
    func leftovers() -> [ProcStat] {
        let pids = Set(agentPids())
        let me = getpid()
        return Self.processes().filter { p in
            if p.ppid == me { return isNewChild(p) }
            // An agent's child, killed, may wait a moment for init to reap it.
            return p.state != "Z" && (pids.contains(p.pid) || pids.contains(p.group))
        }
    }

    /// Fails unless no process is left (see ``leftovers()``). Processes ended by the
    /// workbench are reaped before `close()` returns; only the agents' own children,
    /// reparented when their group is killed, get a moment to go.
    func assertNoProcessLeft(line: UInt = #line) {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { return }  // no /proc: not checked
        // The agents' children, reparented to this process and killed, may take a moment
        // to die and be reaped under load: the same grace as the agents.
        let deadline = Date().addingTimeInterval(2)
        var mine = Self.processes().filter(isNewChild)
        while !mine.isEmpty && Date() < deadline {
            usleep(10_000)
            mine = Self.processes().filter(isNewChild)
        }
        XCTAssertEqual(mine.map(\.pid), [], "children of the test process left after close(): \(mine.map(Self.describe))", line: line)
        let agentsDeadline = Date().addingTimeInterval(2)
        var left = leftovers()
        while !left.isEmpty && Date() < agentsDeadline {
            usleep(10_000)
            left = leftovers()
        }
        XCTAssertEqual(left.map(\.pid), [], "agent processes left after close(): \(left.map(Self.describe))", line: line)
    }

    /// Whether `p` is a child of this process that it did not have before the test.
    /// ThreadSanitizer's `llvm-symbolizer` is not one of the workbench's: the sanitizer
    /// starts it, a child of this process, at its first report and keeps it to the end
    /// (that report fails the run by itself).
    func isNewChild(_ p: ProcStat) -> Bool {
        p.ppid == getpid() && !childrenBefore.contains(p.pid) && !Self.executable(of: p.pid).hasSuffix("/llvm-symbolizer")
    }

    /// The program process `pid` runs (`/proc/PID/exe`), empty when unknown.
    static func executable(of pid: Int32) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
    }

    /// `p` for a message: its `/proc` fields and its command line, so that a process
    /// left says what it is.
    static func describe(_ p: ProcStat) -> String {
        let command = (readProcFile("/proc/\(p.pid)/cmdline") ?? "").split(separator: "\u{0}").joined(separator: " ")
        return "\(p.pid) (state \(p.state), parent \(p.ppid), group \(p.group)): \(command.isEmpty ? "?" : command)"
    }

    // MARK: - Processes that behave are reused; crashed ones restarted

    func testAProcessThatBehavesIsReusedAcrossGames() throws {
        let file = try agentsFile([entry("good", "good.sh")])
        let (summary, records) = try baghChal(file, ["good", "random"], games: 6, threads: 1, beforeClose: {
            // Until close(), the process waits in the pool: alive, our child, seen by the check.
            XCTAssertEqual(leftovers().map(\.pid), agentPids(), "the idle process before close()")
        })
        XCTAssertEqual(records.count, 6)
        XCTAssertTrue(records.allSatisfy { $0.termination == .normal })
        XCTAssertNil(summary.forfeits)
        // The process started to read the file played all six games.
        XCTAssertEqual(agentPids().count, 1, "one process for six games on one thread: \(agentPids())")
        // Its info lines were read: nodes=1 for each of its moves.
        for r in records {
            let side = r.agents.firstIndex(of: "good")!
            let nodes = r.nodes.indices.filter { ($0 + r.opening.count) % 2 == side }.map { r.nodes[$0] }
            XCTAssertFalse(nodes.isEmpty)
            XCTAssertEqual(Set(nodes), [1], "game \(r.index)")
        }
    }

    func testTwoWorkersUseAtMostOneProcessEach() throws {
        let file = try agentsFile([entry("good", "good.sh")])
        let (summary, records) = try baghChal(file, ["good", "random"], games: 6, threads: 2)
        XCTAssertTrue(records.allSatisfy { $0.termination == .normal })
        XCTAssertNil(summary.forfeits)
        let pids = agentPids()
        XCTAssertTrue((1...2).contains(pids.count), "at most one process per worker: \(pids)")
    }

    /// One kind, two specs and the file's default: a reused process is sent `set`
    /// whenever its value differs from the spec's, so every game is played with its
    /// spec's options. Also: `command[0]` without a `/` is found on PATH.
    func testAReusedProcessPlaysEachGameWithItsSpecsOptions() throws {
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("record-input").path, contents: nil)
        let file = try agentsFile([["name": "good", "command": ["sh", "./good.sh", scratch.path], "dir": Self.agentsFolder,
                                    "options": ["greed": 0.75]]])
        let specs = ["good", "good:greed=0.25", "random"]
        let (summary, records) = try baghChal(file, specs, games: 2, threads: 1)
        XCTAssertNil(summary.forfeits)
        // What each process was told: the greed it held at each newgame, by the game's seed and side.
        var played: [String: String] = [:]
        for pid in agentPids() {
            let input = try String(contentsOf: scratch.appendingPathComponent("input-\(pid)"), encoding: .utf8)
            var greed = "0.5"  // the declared default
            for line in input.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.first == "set" {
                    XCTAssertEqual(words.count, 3, String(line))
                    XCTAssertEqual(words.dropFirst().first, "greed", String(line))
                    XCTAssertNotEqual(String(words.last!), greed, "set only when the value differs: \(line)")
                    greed = String(words.last!)
                } else if words.first == "newgame" {
                    played[words.dropFirst(2).prefix(2).joined(separator: " ")] = greed
                }
            }
        }
        XCTAssertEqual(agentPids().count, 2, "two processes: both sides of the game between the two specs")
        var checked = 0
        for r in records {
            for (side, agent) in r.agents.enumerated() where agent != "random" {
                let key = "seed=\(r.seed &+ UInt64(side)) side=\(r.sides[side])"
                XCTAssertEqual(played[key].flatMap(Double.init), agent == "good" ? 0.75 : 0.25, "game \(r.index), \(agent)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 8)
    }

    /// docs/protocol.md: "Exit within one second; after that the process is killed."
    func testAProcessThatIgnoresQuitIsKilledAfterASecond() throws {
        let file = try agentsFile([entry("stubborn", "stubborn.sh")])
        var closing = Date()
        let (summary, records) = try baghChal(file, ["stubborn", "random"], games: 2, threads: 1,
                                              beforeClose: { closing = Date() })
        let seconds = Date().timeIntervalSince(closing)
        XCTAssertGreaterThanOrEqual(seconds, 0.9, "quit, then a second to exit")
        XCTAssertLessThan(seconds, 4)
        XCTAssertNil(summary.forfeits)
        XCTAssertEqual(records.count, 2)
        XCTAssertEqual(agentPids().count, 2, "the agent and the child it waits on")
    }

    func testACrashAtTheThirdMoveLosesAndTheNextGameStartsANewProcess() throws {
        let file = try agentsFile([entry("crasher", "crash.sh", ["3"])])
        let (summary, records) = try baghChal(file, ["crasher", "random"], games: 4, threads: 1)
        assertForfeits(summary, records, bad: "crasher", .crash)
        // One process per game: the one that read the file, then a new one after each crash.
        let pids = agentPids()
        XCTAssertEqual(pids.count, 4, "\(pids)")
        XCTAssertEqual(Set(pids).count, 4)
        for (r, pid) in zip(records, pids) {
            XCTAssertEqual(moveCount(of: "crasher", in: r), 2, "game \(r.index): two moves, then the crash")
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("exited with status 3"), failure.reason)
            // Its last words, from the process that played this game.
            XCTAssertEqual(failure.stderr.last, "crash.sh: boom at move 3 (pid \(pid))", "game \(r.index): \(failure.stderr)")
        }
    }

    func testACrashInEveryWayIsACrash() throws {
        for (mode, reason) in [("signal", "was killed by signal 9"), ("close", "its output closed before a move")] {
            let file = try agentsFile([entry("crasher", "crash.sh", ["1", mode])])
            let (summary, records) = try baghChal(file, ["crasher", "random"], games: 2, threads: 1)
            assertForfeits(summary, records, bad: "crasher", .crash)
            for r in records {
                let failure = try XCTUnwrap(r.failure)
                XCTAssertTrue(failure.reason.contains(reason), "\(mode): \(failure.reason)")
                XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("crash.sh: boom at move 1") }, "\(mode): \(failure.stderr)")
            }
        }
    }

    // MARK: - Deadlines

    func testAnAgentThatNeverAnswersLosesOnTimeAndItsChildrenAreEnded() throws {
        // A timeout long enough for each agent to say its line and start its child under
        // load (0.5 s was not always), far below the child's 60 s.
        let file = try agentsFile([entry("hang", "hang.sh", [], ["timeout": 2])])
        let start = Date()
        let (summary, records) = try baghChal(file, ["hang", "random"], games: 4, threads: 2)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        assertForfeits(summary, records, bad: "hang", .time)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("move timeout of 2 s"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("hang.sh: thinking forever") }, "\(failure.stderr)")
            XCTAssertEqual(moveCount(of: "hang", in: r), 0)
        }
        // Four agents and the sleep each started: all gone (checked by baghChal).
        XCTAssertEqual(agentPids().count, 8, "\(agentPids())")
    }

    func testAnAgentPastItsTimeAndMarginLosesOnTime() throws {
        // A deadline long enough for the agent to say its line under load (0.15 s was
        // not always), far below its 30 s sleep.
        let file = try agentsFile([entry("sleeper", "sleeper.sh", ["30"], ["margin": 1, "options": ["time": 0.05]])])
        let start = Date()
        let (summary, records) = try baghChal(file, ["sleeper", "random"], games: 2, threads: 1)
        // The deadline (1.05 s) ends each game, not the agent's 30-second sleep.
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        assertForfeits(summary, records, bad: "sleeper", .time)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("time 0.05 + margin 1"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("sleeper.sh: sleeping 30 s at move 1") }, "\(failure.stderr)")
        }
    }

    func testABudgetKeyInTheSpecSetsTheDeadline() throws {
        let file = try agentsFile([entry("sleeper", "sleeper.sh", [], ["margin": 0.05])])
        let (summary, records) = try baghChal(file, ["sleeper:time=0.1", "random"], games: 2, threads: 2)
        assertForfeits(summary, records, bad: "sleeper:time=0.1", .time)
        XCTAssertTrue(records.allSatisfy { $0.failure?.reason.contains("time 0.1 + margin 0.05") == true },
                      "\(records.map { $0.failure?.reason ?? "" })")
    }

    // MARK: - Protocol and illegal moves

    func testALineThatIsNeitherInfoNorMoveIsAProtocolForfeit() throws {
        for (mode, reason) in [("hello", "unexpected line 'hello there, workbench'"), ("error", "the agent said: out of ideas"),
                               ("badinfo", "nodes must be a whole number >= 0")] {
            let file = try agentsFile([entry("garbage", "garbage.sh", [mode])])
            let (summary, records) = try baghChal(file, ["garbage", "random"], games: 2, threads: 1)
            assertForfeits(summary, records, bad: "garbage", .protocol)
            for r in records {
                let failure = try XCTUnwrap(r.failure)
                XCTAssertTrue(failure.reason.contains(reason), "\(mode): \(failure.reason)")
                XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("garbage.sh: answering with \(mode)") }, "\(failure.stderr)")
                XCTAssertEqual(moveCount(of: "garbage", in: r), 0)
            }
        }
        XCTAssertEqual(agentPids().count, 6, "a new process for each game after a forfeit")
    }

    func testALineAfterTheMoveIsAProtocolForfeitAtTheNextRequest() throws {
        let file = try agentsFile([entry("garbage", "garbage.sh", ["after"])])
        let (summary, records) = try baghChal(file, ["garbage", "random"], games: 2, threads: 1)
        assertForfeits(summary, records, bad: "garbage", .protocol)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("'info string one more thing' after its last move"), failure.reason)
            XCTAssertEqual(moveCount(of: "garbage", in: r), 1, "the first move counts; the second request finds the extra line")
        }
    }

    func testEndlessInfoLinesAreAProtocolForfeit() throws {
        let file = try agentsFile([entry("flood", "flood.sh", ["lines"])])
        let (summary, records) = try baghChal(file, ["flood", "random"], games: 2, threads: 1)
        assertForfeits(summary, records, bad: "flood", .protocol)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("more than 1000 lines"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("flood.sh: flooding with lines") }, "\(failure.stderr)")
        }
    }

    func testAnEndlessLineIsAProtocolForfeit() throws {
        let file = try agentsFile([entry("flood", "flood.sh", ["line"])])
        let (summary, records) = try baghChal(file, ["flood", "random"], games: 2, threads: 1)
        assertForfeits(summary, records, bad: "flood", .protocol)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("a line over 65536 bytes"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("flood.sh: flooding with line") }, "\(failure.stderr)")
        }
    }

    func testIllegalMovesLose() throws {
        for (mode, reason, moves) in [("nonsense", "move 'a1-a1'", 0), ("stale", "move '", 1), ("words", "is not one move", 0)] {
            let file = try agentsFile([entry("illegal", "illegal.sh", [mode])])
            let (summary, records) = try baghChal(file, ["illegal", "random"], games: 2, threads: 1)
            assertForfeits(summary, records, bad: "illegal", .illegal)
            for r in records {
                let failure = try XCTUnwrap(r.failure)
                XCTAssertTrue(failure.reason.contains(reason), "\(mode): \(failure.reason)")
                XCTAssertEqual(moveCount(of: "illegal", in: r), moves, mode)
            }
        }
    }

    /// docs/protocol.md: "The record of the game says why (termination), with a
    /// one-line reason and your last lines of standard error" — for every
    /// misbehaviour, an illegal move too.
    func testAnIllegalMoveKeepsTheAgentsStandardError() throws {
        for (mode, words) in [("nonsense", "illegal.sh: playing a1-a1"), ("stale", "illegal.sh: playing"),
                              ("words", "illegal.sh: two moves at once")] {
            let file = try agentsFile([entry("illegal", "illegal.sh", [mode])])
            let (_, records) = try baghChal(file, ["illegal", "random"], games: 2, threads: 1)
            for r in records {
                let stderr = r.failure?.stderr ?? []
                XCTAssertTrue(stderr.contains { $0.hasPrefix(words) }, "\(mode), game \(r.index): stderr tail \(stderr)")
            }
        }
    }

    /// A line over 64 KiB whose newline came with it is still too long (the limit
    /// held only while the newline was missing).
    func testALongLineWithItsNewlineIsAProtocolForfeit() throws {
        let file = try agentsFile([entry("flood", "flood.sh", ["long"])])
        let (summary, records) = try baghChal(file, ["flood", "random"], games: 2, threads: 1)
        assertForfeits(summary, records, bad: "flood", .protocol)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("a line over 65536 bytes"), failure.reason)
        }
    }

    /// docs/protocol.md, "Lines": "the workbench ignores empty lines from the agent",
    /// before its move and after it.
    func testBlankLinesAroundTheMoveAreIgnored() throws {
        let file = try agentsFile([entry("garbage", "garbage.sh", ["blank"])])
        let (summary, records) = try baghChal(file, ["garbage", "random"], games: 2, threads: 1)
        XCTAssertNil(summary.forfeits, "\(records.compactMap { $0.failure?.reason })")
        XCTAssertTrue(records.allSatisfy { $0.termination == .normal })
        XCTAssertEqual(agentPids().count, 1, "one process played both games")
    }

    /// A second `move` written after the answer, arriving once the next request is
    /// sent, is a line after the move (protocol), never the next answer.
    func testAStaleSecondMoveIsAProtocolForfeitNotTheNextAnswer() throws {
        let file = try agentsFile([entry("stale", "stale.sh")])
        let (summary, records) = try baghChal(file, ["stale", "random"], games: 2, threads: 1)
        assertForfeits(summary, records, bad: "stale", .protocol)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            // Seen before the request goes (the workbench late) or after (on time): a line
            // after the move either way.
            XCTAssertTrue(failure.reason.contains("before it read the request") || failure.reason.contains("after its last move"),
                          failure.reason)
            XCTAssertEqual(moveCount(of: "stale", in: r), 1, "its first move counts")
        }
    }

    /// An agent that exits while a child it started holds its standard output open
    /// crashed: seen when it exits, not scored `time` after the whole move timeout.
    func testAnAgentThatExitsWhileAChildHoldsItsOutputCrashes() throws {
        let file = try agentsFile([entry("orphan", "orphan.sh", ["holder"], ["timeout": 5])])
        let start = Date()
        let (summary, records) = try baghChal(file, ["orphan", "random"], games: 2, threads: 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "not one move timeout per game")
        assertForfeits(summary, records, bad: "orphan", .crash)
        for r in records {
            let failure = try XCTUnwrap(r.failure)
            XCTAssertTrue(failure.reason.contains("exited with status 5"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("orphan.sh: exiting") }, "\(failure.stderr)")
        }
    }

    /// Children that left the agent's process group (setsid, or a daemon's double
    /// fork) end with the agent: after a forfeit, and at close().
    func testChildrenInASessionOfTheirOwnAreEnded() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") || FileManager.default.isExecutableFile(atPath: "/bin/setsid")
        else { throw XCTSkip("no setsid") }
        for mode in ["setsid", "daemon"] {
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent("pids"))
            let file = try agentsFile([entry("orphan", "orphan.sh", [mode]), entry("crasher", "crash.sh", ["2"])])
            let (summary, records) = try baghChal(file, ["orphan", "random"], games: 2, threads: 1)
            XCTAssertNil(summary.forfeits, mode)
            XCTAssertEqual(records.count, 2)
            // baghChal checked that no process is left; the sleepers were there to leave.
            XCTAssertEqual(agentPids().count, 4, "\(mode): the agent, a crasher, two sleepers: \(agentPids())")
        }
    }

    // MARK: - The game's end (gameover)

    /// The lines `pid` read (with `record-input` in the scratch folder).
    func input(of pid: Int32) throws -> [String] {
        try String(contentsOf: scratch.appendingPathComponent("input-\(pid)"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// The pids gameover.sh noted (it notes them in `pids` too).
    func toldPids() -> [Int32] {
        let text = (try? String(contentsOf: scratch.appendingPathComponent("told-pids"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    /// What each newgame of the agents' logs was followed by: its `gameover` line (or
    /// nil), by "seed=S side=X"; and whether any log has a gameover line at all.
    func gameEnds(of pids: [Int32]) throws -> [String: String?] {
        var ends: [String: String?] = [:]
        for pid in pids {
            var current: String?
            for line in try input(of: pid) {
                let words = line.split(separator: " ")
                if words.first == "newgame" {
                    current = words.dropFirst(2).prefix(2).joined(separator: " ")
                    ends[current!] = .some(nil)
                } else if words.first == "gameover", let c = current {
                    XCTAssertEqual(ends[c], .some(nil), "one gameover per game: \(c)")
                    ends[c] = .some(line)
                    current = nil
                }
            }
        }
        return ends
    }

    /// An agent that asked for it (`want gameover`) is told each game's result from
    /// its side, before the next newgame; a version-1 agent never is, and plays on.
    func testAgentsThatAskAreToldHowEachGameEnded() throws {
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("record-input").path, contents: nil)
        let file = try agentsFile([entry("told", "gameover.sh"), entry("good", "good.sh")])
        let (summary, records) = try baghChal(file, ["told", "good", "random"], games: 4, threads: 1)
        XCTAssertNil(summary.forfeits)
        let told = toldPids(), v1 = agentPids().filter { !toldPids().contains($0) }
        XCTAssertFalse(told.isEmpty)
        XCTAssertFalse(v1.isEmpty)
        for pid in v1 { XCTAssertFalse(try input(of: pid).contains { $0.hasPrefix("gameover") }, "a version-1 agent gets no gameover") }
        let ends = try gameEnds(of: told)
        var checked = 0
        for r in records {
            guard let side = r.agents.firstIndex(of: "told") else { continue }
            let key = "seed=\(r.seed &+ UInt64(side)) side=\(r.sides[side])"
            let expected: String
            switch r.result {
            case .firstSideWins: expected = side == 0 ? "win" : "loss"
            case .secondSideWins: expected = side == 1 ? "win" : "loss"
            default: expected = "draw"
            }
            XCTAssertEqual(ends[key], .some("gameover result=\(expected) termination=normal"), "game \(r.index), \(key)")
            checked += 1
        }
        XCTAssertEqual(checked, 8)
        // The version-1 agent played its games in order without one.
        let v1Games = try gameEnds(of: v1)
        XCTAssertEqual(v1Games.count, 8, "good played 8 games")
        XCTAssertTrue(v1Games.values.allSatisfy { $0 == nil })
    }

    /// An opponent's misbehaviour is the termination the winner hears; a puzzle
    /// agent hears its score.
    func testGameoverSaysTheTerminationAndAPuzzlesScore() throws {
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("record-input").path, contents: nil)
        let file = try agentsFile([entry("told", "gameover.sh"), entry("crasher", "crash.sh", ["2"])])
        let (_, records) = try baghChal(file, ["told", "crasher"], games: 2, threads: 1)
        let told = toldPids()
        let ends = try gameEnds(of: told)
        XCTAssertEqual(records.count, 2)
        for r in records {
            let side = try XCTUnwrap(r.agents.firstIndex(of: "told"))
            XCTAssertEqual(r.termination, .crash)
            XCTAssertEqual(ends["seed=\(r.seed &+ UInt64(side)) side=\(r.sides[side])"],
                           .some("gameover result=win termination=crash"), "game \(r.index)")
        }

        try? FileManager.default.removeItem(at: scratch.appendingPathComponent("pids"))
        let external = try ExternalAgents.load(try agentsFile([entry("told", "gameover.sh")]))
        var catalog = CoinSorter.agentCatalog
        try external.register(in: &catalog)
        let tournament = try Tournament<CoinSorter>(entrants: [Entrant(spec: "told", catalog: catalog)],
                                                          deals: 3, seed: 4)
        let collected = Collected()
        _ = try tournament.run(threads: 1, log: nil, resumingFrom: TournamentTally(config: tournament.config),
                               onRecord: { record, _ in collected.records.withLock { $0.append(record) } })
        external.close()
        assertNoProcessLeft()
        let pid = try XCTUnwrap(toldPids().last)
        let lines = try input(of: pid).filter { $0.hasPrefix("gameover") }
        let scores = collected.all.map { r -> String in
            guard case .score(let s) = r.result else { return "?" }
            return "gameover result=score termination=normal score=\(s)"
        }
        XCTAssertEqual(lines, scores)
    }

    // MARK: - Handshakes

    /// The agent shakes hands when the file is read and never again. The pooled
    /// process plays one side; the other side of a game between two of its specs
    /// needs a second process, which never says `ok`: that side forfeits.
    func testAProcessThatDoesNotShakeHandsOnARestartForfeits() throws {
        // Long enough for the first start (a process and two files) under load.
        let file = try agentsFile([entry("nohs", "nohs.sh", [], ["handshake": 2])])
        let specs = ["nohs", "nohs:greed=0.25", "random"]
        let (summary, records) = try baghChal(file, specs, games: 2, threads: 1)
        XCTAssertEqual(records.count, 6)
        for r in records {
            if r.agents.contains("random") {
                XCTAssertEqual(r.termination, .normal, "game \(r.index): the pooled process plays")
                continue
            }
            let failure = try XCTUnwrap(r.failure, "game \(r.index)")
            XCTAssertEqual(failure.termination, .protocol)
            XCTAssertTrue(failure.reason.contains("handshake: no 'ok' within 2 s"), failure.reason)
            XCTAssertTrue(failure.stderr.contains { $0.hasPrefix("nohs.sh: not shaking hands this time") }, "\(failure.stderr)")
            let lost = try XCTUnwrap(loser(r))
            XCTAssertEqual(moveCount(of: lost, in: r), 0, "game \(r.index): \(lost) never got to move")
        }
        let forfeits = summary.forfeits ?? []
        XCTAssertEqual(forfeits.map(\.agent), ["nohs", "nohs:greed=0.25"])
        XCTAssertEqual(forfeits.map(\.protocol), [1, 1])
        XCTAssertEqual(forfeits.map { $0.time + $0.crash + $0.illegal }, [0, 0])
        XCTAssertEqual(agentPids().count, 3, "the first process and two that did not shake hands")
    }

    // MARK: - Puzzles

    func testACrashingPuzzleAgentsDealScoresZero() throws {
        let file = try agentsFile([entry("crasher", "crash.sh", ["2"])])
        let external = try ExternalAgents.load(file)
        var catalog = CoinSorter.agentCatalog
        try external.register(in: &catalog)
        let tournament = try Tournament<CoinSorter>(
            entrants: [Entrant(spec: "crasher", catalog: catalog), .builtIn("random")], deals: 3, seed: 4)
        let collected = Collected()
        let summary = try tournament.run(threads: 1, log: nil, resumingFrom: TournamentTally(config: tournament.config),
                                         onRecord: { record, _ in collected.records.withLock { $0.append(record) } })
        external.close()
        assertNoProcessLeft()
        let records = collected.all
        XCTAssertEqual(records.map(\.index), Array(0..<6))
        for r in records {
            if r.agents == ["crasher"] {
                XCTAssertEqual(r.termination, .crash, "deal \(r.index)")
                XCTAssertEqual(r.result, .score(0))
                XCTAssertEqual(r.outcome, "score 0")
                XCTAssertEqual(r.moves.count, 1, "one move, then the crash")
                XCTAssertTrue(r.failure?.stderr.contains { $0.hasPrefix("crash.sh: boom at move 2") } == true,
                              "\(r.failure?.stderr ?? [])")
            } else {
                XCTAssertEqual(r.termination, .normal, "deal \(r.index) of random")
            }
        }
        let forfeits = try XCTUnwrap(summary.forfeits)
        XCTAssertEqual(forfeits.map(\.agent), ["crasher"])
        XCTAssertEqual(forfeits.first?.crash, 3)
        XCTAssertEqual(agentPids().count, 3)
    }

    func testAnIllegalPuzzleMoveScoresZero() throws {
        let file = try agentsFile([entry("illegal", "illegal.sh", ["nonsense"])])
        let external = try ExternalAgents.load(file)
        var catalog = CoinSorter.agentCatalog
        try external.register(in: &catalog)
        let tournament = try Tournament<CoinSorter>(entrants: [Entrant(spec: "illegal", catalog: catalog)],
                                                          deals: 2, seed: 4)
        let collected = Collected()
        let summary = try tournament.run(threads: 2, log: nil, resumingFrom: TournamentTally(config: tournament.config),
                                         onRecord: { record, _ in collected.records.withLock { $0.append(record) } })
        external.close()
        assertNoProcessLeft()
        XCTAssertEqual(summary.games, 2)
        XCTAssertEqual(summary.forfeits?.map(\.agent), ["illegal"])
        XCTAssertEqual(summary.forfeits?.first?.illegal, 2)
        XCTAssertEqual(summary.puzzleAgents.first?.maximum, 0)
        XCTAssertEqual(collected.all.map(\.index), [0, 1])
        for record in collected.all {
            XCTAssertEqual(record.termination, .illegal)
            XCTAssertEqual(record.result, .score(0))
            XCTAssertEqual(record.moves, [])
            XCTAssertTrue(record.failure?.reason.contains("a1-a1") == true, record.failure?.reason ?? "")
        }
    }

    // MARK: - Bad agent definitions: usage errors before any game

    /// Loading `entries` fails with a usage error whose message holds every one of
    /// `words`, and no process is left.
    func assertLoadFails(_ entries: [[String: Any]], naming words: [String], line: UInt = #line) throws {
        let file = try agentsFile(entries)
        XCTAssertThrowsError(try ExternalAgents.load(file), line: line) { error in
            guard let e = error as? WorkbenchError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual(e.kind, .usage, e.message, line: line)
            XCTAssertFalse(e.message.contains("\n"), "one line: \(e.message)", line: line)
            for w in words { XCTAssertTrue(e.message.contains(w), "'\(w)' in: \(e.message)", line: line) }
        }
        assertNoProcessLeft(line: line)
    }

    func testAMissingProgramIsAUsageError() throws {
        try assertLoadFails([entry("ghost", "no-such-agent.sh")], naming: ["ghost", "no-such-agent.sh", "not found"])
        try assertLoadFails([["name": "ghost", "command": ["no-such-agent-on-path-\(UUID().uuidString)"]]],
                            naming: ["ghost", "not found on PATH"])
    }

    func testAProgramThatIsNotExecutableIsAUsageError() throws {
        let copy = scratch.appendingPathComponent("good.sh")
        try FileManager.default.copyItem(atPath: Self.agentsFolder + "/good.sh", toPath: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
        try assertLoadFails([["name": "lazy", "command": [copy.path]]], naming: ["lazy", "not executable"])
        XCTAssertEqual(agentPids(), [])
    }

    func testAnUnknownOptionInTheFileIsAUsageErrorAndTheProbeIsEnded() throws {
        try assertLoadFails([entry("good", "good.sh", [], ["options": ["bogus": 1]])],
                            naming: ["good", "unknown option 'bogus'", "greed"])
        XCTAssertEqual(agentPids().count, 1, "the agent was started to learn its options")
    }

    func testABadOptionValueInTheFileIsAUsageError() throws {
        try assertLoadFails([entry("good", "good.sh", [], ["options": ["greed": 2]])], naming: ["good", "greed"])
        try assertLoadFails([entry("good", "good.sh", [], ["options": ["greed": "lots"]])], naming: ["good", "greed"])
        try assertLoadFails([entry("good", "good.sh", [], ["options": ["depth": 0]])], naming: ["good", "depth"])
        try assertLoadFails([entry("good", "good.sh", [], ["timeout": -1])], naming: ["good", "timeout"])
    }

    func testABadOptionValueInASpecIsAUsageError() throws {
        let external = try ExternalAgents.load(try agentsFile([entry("good", "good.sh")]))
        var catalog = BaghChal.agentCatalog
        try external.register(in: &catalog, rules: BaghChal.defaultRules)
        for spec in ["good:greed=2", "good:bogus=1", "good:time=0"] {
            XCTAssertThrowsError(try Entrant<BaghChal>(spec: spec, catalog: catalog)) { error in
                XCTAssertEqual((error as? WorkbenchError)?.kind, .usage, "\(spec): \(error)")
            }
        }
        XCTAssertNoThrow(try Entrant<BaghChal>(spec: "good:greed=0.25,depth=2", catalog: catalog))
        external.close()
        assertNoProcessLeft()
    }

    func testAnUnknownKeyInTheFileIsAUsageError() throws {
        try assertLoadFails([entry("good", "good.sh", [], ["colour": "red"])], naming: ["unknown key 'colour'"])
        XCTAssertEqual(agentPids(), [], "nothing started for a malformed file")
    }

    func testMalformedAgentFilesAreUsageErrors() throws {
        let cases: [([[String: Any]], [String])] = [
            ([], ["no agents"]),
            ([["name": "good"]], ["command"]),
            ([["name": "good", "command": []]], ["good", "'command' must name a program"]),
            ([["name": "good", "command": "./good.sh"]], ["command"]),
            ([entry("go:od", "good.sh")], ["plain word"]),
            // Names a spec or a list of agents could not hold (docs/protocol.md: letters, digits, -, _ and . only).
            ([entry("a,b", "good.sh")], ["plain word"]), ([entry("a=b", "good.sh")], ["plain word"]),
            ([entry("a/b", "good.sh")], ["plain word"]), ([entry("a b", "good.sh")], ["plain word"]),
            ([entry("good", "good.sh", [], ["dir": "no-such-folder"])], ["good", "no-such-folder", "not a directory"]),
            ([entry("good", "good.sh", [], ["handshake": 1e9])], ["good", "'handshake'"]),
            ([entry("good", "good.sh", [], ["margin": "lots"])], ["margin"]),
        ]
        for (entries, words) in cases { try assertLoadFails(entries, naming: words) }
        XCTAssertEqual(agentPids(), [], "nothing started for a malformed file")
        let notJSON = scratch.appendingPathComponent("agents.txt")
        try "name: good".write(to: notJSON, atomically: true, encoding: .utf8)
        // A file that is not there cannot be read: a runtime error, as in every command (e94137a).
        for (path, kind) in [(notJSON.path, WorkbenchError.Kind.usage), (scratch.appendingPathComponent("none.json").path, .runtime)] {
            XCTAssertThrowsError(try ExternalAgents.load(path)) { error in
                XCTAssertEqual((error as? WorkbenchError)?.kind, kind, "\(error)")
                XCTAssertTrue((error as? WorkbenchError)?.message.contains(path) == true, "\(error)")
            }
        }
    }

    func testTwoAgentsOfTheSameNameAreAUsageError() throws {
        try assertLoadFails([entry("good", "good.sh"), entry("good", "crash.sh", ["1"])], naming: ["'good' defined twice"])
        XCTAssertEqual(agentPids().count, 0, "found before any agent is started (the names are checked first)")
    }

    func testAnAgentThatDoesNotShakeHandsWhenTheFileIsReadIsAUsageError() throws {
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("shook").path, contents: nil)
        let start = Date()
        try assertLoadFails([entry("nohs", "nohs.sh", [], ["handshake": 0.3])], naming: ["nohs", "handshake", "0.3 s"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
    }

    func testAWrongHandshakeIsAUsageError() throws {
        for (mode, words) in [("okfirst", ["'ok' before a 'name' line"]), ("reserved", ["'depth' is reserved"]),
                              ("twice", ["'greed' declared twice"]), ("unsupported", ["unsupported protocol version"]),
                              ("want", ["want moves"]),
                              ("exit", ["exited with status 1", "handshake.sh: getting it wrong (exit"])] {
            try assertLoadFails([entry("shaky", "handshake.sh", [mode])], naming: ["shaky", "handshake"] + words)
        }
        XCTAssertEqual(agentPids().count, 6)
    }

    /// A name a spec could not reach (a built-in kind of any game, or `human`, which
    /// `bench play` reads as a person) is refused when the file is read, not shadowed.
    func testAnAgentNamedLikeAReservedWordIsAUsageError() throws {
        for name in ["random", "human", "tablebase", "oracle", "expectimax"] {
            try assertLoadFails([entry(name, "good.sh")], naming: ["'\(name)'", "reserved"])
        }
        XCTAssertEqual(agentPids(), [], "nothing started for a reserved name")
    }

    /// Timeouts of 0 s would forfeit every move; a margin of 0 is fine.
    func testZeroTimeoutsAreUsageErrorsAndAZeroMarginIsNot() throws {
        try assertLoadFails([entry("good", "good.sh", [], ["timeout": 0])], naming: ["good", "'timeout'"])
        try assertLoadFails([entry("good", "good.sh", [], ["handshake": 0])], naming: ["good", "'handshake'"])
        let external = try ExternalAgents.load(try agentsFile([entry("good", "good.sh", [], ["margin": 0])]))
        XCTAssertEqual(external.definitions.first?.margin, 0)
        external.close()
        assertNoProcessLeft()
    }

    /// Messages about a malformed file are the workbench's words, one line, never
    /// the decoder's ("Expected to decode Array<Any>…").
    func testMalformedFileMessagesAreInTheWorkbenchsWords() throws {
        let cases: [(Any, String)] = [
            (["name": "good"], "the file must be a JSON list of agents"),
            ([["name": "good", "command": "./good.sh"]], "agent 1, 'command' must be a list of words"),
            ([["name": 3, "command": ["x"]]], "agent 1, 'name' must be text"),
            ([["name": "good", "command": ["x", 3]]], "agent 1, 'command', item 2 must be text"),
            ([["name": "good", "command": ["x"], "timeout": "soon"]], "agent 1, 'timeout' must be a number of seconds"),
            ([["name": "good", "command": ["x"], "options": ["greed": [1]]]], "an option's value must be a number, a flag or text"),
            ([1], "agent 1 must be an object"),
        ]
        for (json, words) in cases {
            let url = scratch.appendingPathComponent("agents-\(UUID().uuidString).json")
            try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
            XCTAssertThrowsError(try ExternalAgents.load(url.path)) { error in
                let message = (error as? WorkbenchError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(words), "'\(words)' in: \(message)")
                for decoderWords in ["Expected", "Array<", "Swift", "Dictionary<", "codingPath", "debugDescription"] {
                    XCTAssertFalse(message.contains(decoderWords), message)
                }
            }
        }
    }
}
