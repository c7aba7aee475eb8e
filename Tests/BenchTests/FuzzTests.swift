@testable import BenchCLI
import Boards
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Search
import Workbench
import XCTest

/// Seeded fuzzing, in process, of everything `bench` reads (issue 9, "no crash on any
/// input"): command lines, agent specs, positions, moves, SPRT bounds, and record
/// logs with their tournament configuration. Every input is a mutation of a valid
/// seed drawn from a `SplitMix64` stream, so a failure names an input that can be made
/// again. A trap would end the test process, so that it runs to the end is the first
/// check; beyond that, every failure must be a thrown error with a non-empty one-line
/// message, and reading a log must never change the file. The slice is 1,800 inputs
/// (a few seconds in a debug build); `benchmarks/fuzz.sh` runs the same kinds of
/// input through the release executable by the hundred thousand.
///
/// The inputs that trapped in issue 9's first fuzz run are kept in ``knownTraps``,
/// checked one by one by `testKnownTrapInputsFailWithOneLineErrors`, and drawn by
/// the random streams too (`BENCH_FUZZ_KNOWN_TRAP=N` runs the N-th alone).
final class FuzzTests: XCTestCase {
    // MARK: - Seeds

    static let tigersGoatsPositions = [
        "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0",
        "GGGGGGGG/G6G/G6G/G2TT2G/G3T2G/G2T3G/G1G4G/G1GGGGGG g 0",
        "8/8/8/3G4/2GTG3/3G4/8/8 t 0",
        "8/8/8/8/8/8/8/TG6 t 3",
        "8/8/8/8/8/8/8/8 g 0",
        "44/8/8/G2TT2G/G2TT2G/8/8/8 t 27",
    ]
    static let coinSorterPositions = ["CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0", "TTTTC/SSTCC/SSTST/TSCCS/SCCSC 9 1",
                                      "TTTTT/SSSSS/CCCCC/TTTTT/SSSSS 0 0"]
    static let tigersGoatsMoves = ["b1-c2,d4-d3", "b1-c2 d4-d3", "c1-d2,e4-g4,f1-e2,d5-b5", "b1xc2", "e4-e3", ""]
    static let coinSorterMoves = ["a1:c3", "a1:b2,a1:d4", "e1:a2", "a1:a1", "a1:c3,b2:b4,c1:c2,d1:d2,e1:e2,a2:b2"]
    static let tigersGoatsSpecs = ["random", "greedy", "alphabeta:depth=2", "alphabeta:nodes=200,tt=1",
                                   "mcts:playouts=8", "mcts:playouts=16,cap=10,c=0.5,solver=off",
                                   "greedy:w.mobility=3,w.edge=-1", "alphabeta:depth=1,threads=2"]
    static let coinSorterSpecs = ["random", "greedy", "expectimax:depth=1,samples=2", "mcts:playouts=8,rollout=2,width=3",
                                  "greedy:w.four=1"]
    static let sprts = ["0,10,0.05,0.05", "-5,5,0.1,0.1", "0,400,0.25,0.25"]

    /// Command lines that are valid and cheap in a debug build.
    static let commandLines: [[String]] = [
        ["help"], ["help", "tournament"], ["search", "--help"], ["--help"],
        ["perft", "--depth", "2"], ["perft", "--depth=2", "--json", "--divide"],
        ["perft", "--depth", "2", "--position", tigersGoatsPositions[2], "--ply-limit", "5", "--long-range"],
        ["perft", "--game", "coin-sorter", "--depth", "1"],
        ["replay", "--moves", "b1-c2,d4-d3", "--json"], ["replay", "--position", tigersGoatsPositions[3], "--moves", "a1xc1"],
        ["replay", "--game", "coin-sorter", "--seed", "7", "--moves", "e1:a2", "--json"],
        ["playouts", "--games", "3", "--seed", "3"], ["playouts", "--games", "2", "--threads", "2", "--json", "--ply-limit", "40"],
        ["search", "--agent", "alphabeta:depth=2", "--json"], ["search", "--agent", "mcts:playouts=20", "--moves", "b1-c2,d4-d3"],
        ["search", "--agent", "greedy", "--position", tigersGoatsPositions[2], "--seed", "5"],
        ["search", "--game", "coin-sorter", "--agent", "expectimax:depth=1,samples=2", "--seed", "3"],
        ["search", "--game", "coin-sorter", "--agent", "mcts:playouts=10", "--moves", "e1:a2", "--json"],
        ["tournament", "--agents", "random", "greedy", "--games", "2", "--threads", "1"],
        ["tournament", "--agents", "random", "greedy", "alphabeta:depth=1", "--games", "2", "--gauntlet", "--openings", "3"],
        ["tournament", "--agents", "random", "greedy", "--games", "4", "--sprt", "0,10,0.05,0.05", "--out", "out"],
        ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy", "--games", "2", "--out", "out"],
        ["play", "--tigers", "greedy", "--record", "records.jsonl", "--color", "off"],
        ["play", "--goats", "random", "--tigers", "random", "--record", "records.jsonl", "--ply-limit", "30"],
        ["play", "--game", "coin-sorter", "--record", "records.jsonl", "--seed", "7"],
        ["play", "--game", "coin-sorter", "--player", "greedy", "--record", "records.jsonl"],
        ["benchmark", "--depth", "2", "--threads", "2"], ["benchmark", "--game", "coin-sorter"],
        ["report", "--in", "tg"], ["report", "--in", "cs"],
    ]
    static let stdinLines = ["b1-c2", "d4-d3", "moves", "undo", "quit", "", "  c1-d2  ", "b1xc2", "a1:c3", "e1:a2",
                             "a1:a1", "zz", "\u{1F42F}", "b1-c2\r", String(repeating: "x", count: 2000)]
    static let optionNames = ["--game", "--depth", "--divide", "--threads", "--json", "--position", "--games", "--seed",
                              "--moves", "--agent", "--agents", "--out", "--gauntlet", "--openings", "--sprt", "--resume",
                              "--in", "--record", "--color", "--player", "--goats", "--tigers", "--ply-limit",
                              "--long-range", "--help", "-h", "--game=coin-sorter", "--json=1", "--depth=", "--=x"]
    static let commands = ["benchmark", "perft", "replay", "playouts", "search", "tournament", "report", "play", "help",
                           "sprt", "", "PERFT"]

    /// The streams draw the inputs that trapped before they were fixed (issue 9).
    static let includeKnownTraps = true

    // MARK: - Checks

    /// A thrown error's message: not empty, and one line unless it quotes an input that
    /// itself holds a line break (`bench` escapes those when it prints the message).
    func assertOneLine(_ message: String, input: String, _ context: @autoclosure () -> String,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(message.trimmingCharacters(in: .whitespaces).isEmpty, "empty message for \(context())",
                       file: file, line: line)
        if !input.contains(where: \.isNewline) {
            XCTAssertFalse(message.contains(where: \.isNewline), "a message of more than one line for \(context()): \(message)",
                           file: file, line: line)
        }
    }

    // MARK: - Options and the command line

    /// The options a command declares, for a two-player game or a puzzle (parsed with
    /// the Tigers & Goats rule options); help and unknown commands get another command's,
    /// at random.
    func table(_ command: String, _ fuzz: inout Fuzz) -> (options: [CommandOption], players: Int) {
        switch command {
        case "perft": return (PerftCommand.table, 2)
        case "playouts": return (PlayoutCommand.table, 2)
        case "replay": return (ReplayCommand.table, fuzz.chance(0.5) ? 2 : 1)
        case "search": return (SearchCommand.table, 2)
        case "tournament": return (TournamentCommand.table, 2)
        case "report": return (ReportCommand.table, 2)
        case "play": return (PlayCommand.table + PlayCommand.sides(TigersGoats.self), 2)
        case "benchmark": return (BenchmarkCommand.table, 2)
        default: return table(fuzz.pick(["perft", "search", "tournament", "play"]), &fuzz)
        }
    }

    func testMutatedOptionsParseOrThrowOneLineUsageErrors() {
        var fuzz = Fuzz(seed: 0x0F7_1001)
        var parsed = 0
        for i in 0..<300 {
            let seed = fuzz.pick(Self.commandLines)
            let arguments = fuzz.mutate(Array(seed.dropFirst()), dictionary: Self.dictionary)
            let (table, players) = self.table(seed[0], &fuzz)
            let input = arguments.joined(separator: " ")
            do {
                let options = try Options(command: seed[0], arguments: arguments, options: table, players: players,
                                          rules: TigersGoats.ruleParameters)
                parsed += 1
                // Every typed read of every option either succeeds or names the problem.
                for option in table where option.form == .value {
                    do {
                        switch option.parameter.kind {
                        case _ where option.isSeed: _ = try options.uint64(option.flag)
                        case .integer: _ = try options.int(option.flag)
                        case .real: _ = try options.real(option.flag)
                        default: _ = try options.text(option.flag)
                        }
                    } catch {
                        XCTAssertEqual(error.kind, .usage, "input \(i): \(input)")
                        assertOneLine(error.message, input: input, "input \(i): \(input), \(option.flag)")
                    }
                }
                do { _ = try options.rules(TigersGoats.self) } catch {
                    XCTAssertEqual(error.kind, .usage, "input \(i): \(input)")
                    assertOneLine(error.message, input: input, "input \(i): \(input), the rules")
                }
            } catch {
                XCTAssertEqual(error.kind, .usage, "input \(i): \(input)")
                assertOneLine(error.message, input: input, "input \(i): \(input)")
            }
            _ = Options.gameName(in: arguments)
        }
        XCTAssertGreaterThan(parsed, 60, "some mutated command lines should still parse")
    }

    // MARK: - Agent specs

    func testMutatedAgentSpecsMakeAgentsOrThrowOneLineErrors() {
        var fuzz = Fuzz(seed: 0x0F7_1002)
        for i in 0..<300 {
            let coin = i % 3 == 0
            let text = fuzz.mutateSpec(fuzz.pick(coin ? Self.coinSorterSpecs : Self.tigersGoatsSpecs))
            do throws(ParseError) {
                let spec = coin ? try CoinSorter.agentCatalog.parse(text) : try TigersGoats.agentCatalog.parse(text)
                XCTAssertFalse(spec.kind.isEmpty, "input \(i): \(text)")
                XCTAssertEqual(spec.text, text, "input \(i): a parsed spec writes itself out as given")
                XCTAssertTrue(spec.weights.allSatisfy { $0.value.isFinite }, "input \(i): \(text) keeps a weight that is not finite")
                XCTAssertNil(AgentName.problem(spec.text), "input \(i): \(text) is not a valid agent name")
            } catch {
                assertOneLine(error.message, input: text, "input \(i): \(text)")
            }
            // Making the agent allocates nothing large and plays nothing: any spec is cheap here.
            do throws(ParseError) {
                if coin { _ = try CoinSorter.agentCatalog.make(text, seed: fuzz.rng.next()) } else { _ = try TigersGoats.agentCatalog.make(text, seed: fuzz.rng.next()) }
            } catch {
                assertOneLine(error.message, input: text, "input \(i): \(text)")
            }
        }
    }

    // MARK: - Positions and moves

    func testMutatedPositionTextsParseAndRoundTripOrThrowOneLineErrors() {
        var fuzz = Fuzz(seed: 0x0F7_1003)
        for i in 0..<300 {
            let coin = i % 3 == 0
            let text = fuzz.mutatePosition(fuzz.pick(coin ? Self.coinSorterPositions : Self.tigersGoatsPositions))
            if coin {
                do {
                    let p = try CoinSorter(parsing: text)
                    XCTAssertEqual(try? CoinSorter(parsing: p.text).text, p.text, "input \(i): \(text) does not round-trip")
                } catch {
                    assertOneLine(error.message, input: text, "input \(i): \(text)")
                }
            } else {
                let rules = TigersGoats.Rules(plyLimit: fuzz.pick([1, 2, 300, 65535]), longRangeCapture: fuzz.chance(0.3))
                do {
                    let p = try TigersGoats(parsing: text, rules: rules)
                    XCTAssertEqual(try? TigersGoats(parsing: p.text, rules: rules).text, p.text, "input \(i): \(text) does not round-trip")
                    _ = p.legalMoves.map(p.notation)
                } catch {
                    assertOneLine(error.message, input: text, "input \(i): \(text)")
                }
            }
        }
    }

    func testMutatedMoveListsReplayOrThrowOneLineUsageErrors() throws {
        var fuzz = Fuzz(seed: 0x0F7_1004)
        for i in 0..<200 {
            let coin = i % 2 == 0
            let list = fuzz.mutateMoves(fuzz.pick(coin ? Self.coinSorterMoves : Self.tigersGoatsMoves))
            let start = try TigersGoats(parsing: fuzz.pick(Self.tigersGoatsPositions))
            do throws(WorkbenchError) {
                if coin {
                    let referee = try Replay.play(Replay.split(list), seed: fuzz.rng.next(), game: CoinSorter.self)
                    _ = referee.state.text
                } else {
                    let history = try Replay.play(Replay.split(list), from: start)
                    _ = history.position.text
                }
            } catch {
                XCTAssertEqual(error.kind, .usage, "input \(i): \(list)")
                assertOneLine(error.message, input: list, "input \(i): \(list)")
            }
        }
    }

    // MARK: - SPRT bounds

    func testMutatedSPRTBoundsAreValidWhenAcceptedOrThrowOneLineUsageErrors() {
        var fuzz = Fuzz(seed: 0x0F7_1005)
        for i in 0..<100 {
            let text = fuzz.mutateText(fuzz.pick(Self.sprts), numbers: 1 + fuzz.below(3))
            do {
                let test = try SPRT(parsing: text)
                XCTAssertTrue(test.elo0.isFinite && test.elo1.isFinite && test.elo0 < test.elo1, "input \(i): \(text)")
                XCTAssertTrue(test.alpha > 0 && test.alpha < 0.5 && test.beta > 0 && test.beta < 0.5, "input \(i): \(text)")
                XCTAssertTrue(test.lowerBound.isFinite && test.upperBound.isFinite, "input \(i): \(text)")
            } catch {
                XCTAssertEqual(error.kind, .usage, "input \(i): \(text)")
                assertOneLine(error.message, input: text, "input \(i): \(text)")
            }
        }
    }

    // MARK: - Commands, in process

    func testMutatedCommandLinesRunInProcessOrThrowOneLineErrorsAndReportLeavesTheLogAlone() throws {
        let folder = try temporaryFolder()
        let bases = try Self.bases()
        var fuzz = Fuzz(seed: 0x0F7_1006)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        setvbuf(standardInput, nil, _IONBF, 0)         // no input left buffered between runs
        var ran = 0, failed = 0, reports = 0
        for i in 0..<300 {
            var arguments = Self.commandLines[0]
            for _ in 0..<20 {
                let seed = fuzz.pick(Self.commandLines)
                let candidate = fuzz.chance(0.1) ? seed : fuzz.mutate(seed, dictionary: Self.dictionary)
                if InProcessCost.isCheap(candidate) { arguments = candidate; break }
            }
            // Each run in a fresh folder, with copies of the base tournaments when it names
            // them (damaged, for report).
            let here = folder.appendingPathComponent("run-\(i)")
            try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(here.path))
            let named = arguments.contains { $0.contains("tg") || $0.contains("cs") }
            for (name, base) in [("tg", bases.tigersGoats), ("cs", bases.coinSorter)] where named {
                let dir = here.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try base.config.write(to: dir.appendingPathComponent("tournament.json"))
                let log = arguments.first == "report" && fuzz.chance(0.8)
                    ? Data(fuzz.mutateLog(base.log, total: base.total)) : base.log
                try log.write(to: dir.appendingPathComponent("games.jsonl"))
            }
            if arguments.first == "report" { reports += 1 }
            let logs = ["tg", "cs"].map { here.appendingPathComponent($0).appendingPathComponent("games.jsonl") }
            let before = logs.map { FileManager.default.contents(atPath: $0.path) }
            var input = ""
            if arguments.first == "play" {
                input = (0..<fuzz.below(6)).map { _ in fuzz.pick(Self.stdinLines) }.joined(separator: fuzz.pick(["\n", "\r\n"]))
            }
            let text = arguments.joined(separator: " ")
            let outcome: Result<Void, WorkbenchError> = redirected(stdin: input, in: here) {
                do throws(WorkbenchError) { try BenchCommand.run(arguments) } catch { return .failure(error) }
                return .success(())
            }
            ran += 1
            if case .failure(let error) = outcome {
                failed += 1
                assertOneLine(error.message, input: text, "run \(i): bench \(text)")
            }
            if arguments.first == "report" && named {
                for (url, data) in zip(logs, before) {
                    XCTAssertEqual(FileManager.default.contents(atPath: url.path), data, "run \(i): bench \(text) changed \(url.path)")
                }
            }
            XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
            try? FileManager.default.removeItem(at: here)
        }
        XCTAssertEqual(ran, 300)
        XCTAssertGreaterThan(ran - failed, 30, "most mutations fail, but some runs should succeed")
        XCTAssertGreaterThan(reports, 10)
    }

    /// Runs `body` with stdout going nowhere (assert after it) and stdin reading `input`
    /// (from a file in `folder`). Stderr stays: a trap's backtrace must be seen (notes
    /// such as a torn last line show there too).
    func redirected<T>(stdin input: String, in folder: URL, _ body: () -> T) -> T {
        let inURL = folder.appendingPathComponent("stdin.txt")
        try? Data(input.utf8).write(to: inURL)
        fflush(nil)
        let savedOut = dup(STDOUT_FILENO), savedIn = dup(STDIN_FILENO)
        let null = open("/dev/null", O_WRONLY), source = open(inURL.path, O_RDONLY)
        dup2(null, STDOUT_FILENO); dup2(source, STDIN_FILENO)
        close(null); close(source)
        clearerr(standardInput)
        defer {
            fflush(nil)
            dup2(savedOut, STDOUT_FILENO); dup2(savedIn, STDIN_FILENO)
            close(savedOut); close(savedIn)
            clearerr(standardInput)
        }
        return body()
    }

    // MARK: - Record logs

    func testReadingMutatedLogsNeverChangesThemAndFailsWithOneLineErrors() throws {
        let folder = try temporaryFolder()
        let bases = try Self.bases()
        var fuzz = Fuzz(seed: 0x0F7_1007)
        var parsed = 0, checked = 0
        for i in 0..<300 {
            let coin = i % 3 == 0
            let base = coin ? bases.coinSorter : bases.tigersGoats
            let bytes = fuzz.mutateLog(base.log, total: base.total)
            let url = folder.appendingPathComponent("games-\(i).jsonl")
            try Data(bytes).write(to: url)
            let context = "log \(i) (\(coin ? "coin-sorter" : "tigers-goats"))"

            // The whole log, then the records one by one through the check and the tally.
            var records: [GameRecord] = []
            do {
                records = try RecordLog.read(url).records
                parsed += 1
            } catch {
                XCTAssertEqual(error.kind, .runtime, context)
                assertOneLine(error.message, input: "", context)
            }
            var config = base.tournament
            if fuzz.chance(0.3) { fuzz.mutateConfig(&config) }
            var tally = TournamentTally(config: config)
            let loaded: Result<Void, WorkbenchError> = redirected(stdin: "", in: folder) {
                do throws(WorkbenchError) {
                    if coin {
                        try TournamentFolder.load(url, check: RecordCheck<CoinSorter>(config: config, source: "games.jsonl"),
                                                   into: &tally)
                    } else {
                        let file = TournamentFile(config: config, rules: base.rules)
                        try TournamentFolder.load(url, check: RecordCheck<TigersGoats>(file: file, source: "games.jsonl"),
                                                   into: &tally)
                    }
                } catch { return .failure(error) }
                return .success(())
            }
            switch loaded {
            case .success: checked += 1
            case .failure(let error): assertOneLine(error.message, input: "", context)
            }
            // A summary of what was tallied, and its text, for one log in twelve (the bootstrap costs).
            if i % 12 == 0 { _ = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil).markdown }
            // The tally on its own refuses what cannot belong to the tournament.
            var unchecked = TournamentTally(config: config)
            for record in records {
                do { try unchecked.add(record) } catch { assertOneLine(error.message, input: "", "\(context), game \(record.index)") }
            }
            // Reading never changes the file.
            XCTAssertEqual(FileManager.default.contents(atPath: url.path), Data(bytes), "\(context): reading changed the log")
            try? FileManager.default.removeItem(at: url)
        }
        XCTAssertGreaterThan(parsed, 30, "some mutated logs should still parse")
        XCTAssertGreaterThan(checked, 15, "some mutated logs should still check")
    }

    // MARK: - Known traps

    /// Inputs that trapped before issue 9's fixes: the findings of the first
    /// `benchmarks/fuzz.sh` run.
    /// Each is a tournament configuration change and a log change applied to the
    /// Tigers & Goats base; the streams above leave these values out. Each should end
    /// in a one-line error instead (or, for a configuration and a check of different
    /// games, be refused when the check is made).
    static let knownTraps: [(name: String, config: @Sendable (inout TournamentConfig) -> Void,
                             log: @Sendable (inout [String: Any]) -> Void)] = [
        ("node counts that overflow when summed", { _ in }, { $0["nodes"] = ($0["moves"] as? [Any] ?? []).map { _ in Int.max } }),
        ("playout counts that overflow when summed", { _ in }, { $0["playouts"] = ($0["moves"] as? [Any] ?? []).map { _ in Int.max } }),
        ("a negative number of games", { $0.games = -2 }, { _ in }),
        ("a number of games whose schedule overflows", { $0.games = Int.max / 2; $0.agents.append("x") }, { _ in }),
        ("a two-player check given a puzzle's configuration", { $0.game = "coin-sorter" }, { _ in }),
        ("an index deep inside a huge schedule (a set of seen games of 2^54 words)", { $0.games = 1 << 61 },
         { if $0["index"] as? Int == 0 { $0["index"] = 1 << 60 } }),
    ]

    func testKnownTrapInputsFailWithOneLineErrors() throws {
        let folder = try temporaryFolder()
        let base = try Self.bases().tigersGoats
        let only = ProcessInfo.processInfo.environment["BENCH_FUZZ_KNOWN_TRAP"].flatMap { Int($0) }  // one of them
        for (n, trap) in Self.knownTraps.enumerated() where only == nil || only == n {
            var config = base.tournament
            trap.config(&config)
            var lines: [Data] = []
            for line in base.log.split(separator: UInt8(ascii: "\n")) {
                var object = try JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
                trap.log(&object)
                lines.append(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            }
            let url = folder.appendingPathComponent("trap-\(n).jsonl")
            try Data(lines.joined(separator: Data("\n".utf8)) + Data("\n".utf8)).write(to: url)
            var tally = TournamentTally(config: config)
            let file = TournamentFile(config: config, rules: base.rules)
            do {
                try TournamentFolder.load(url, check: RecordCheck<TigersGoats>(file: file, source: "games.jsonl"), into: &tally)
            } catch {
                assertOneLine(error.message, input: "", trap.name)
            }
            _ = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil).markdown
        }
    }

    // MARK: - Base tournaments (valid logs to mutate)

    struct Base {
        /// The tournament and its rules (Tigers & Goats rules; unused for Coin Sorter).
        var tournament: TournamentConfig
        var rules: TigersGoats.Rules
        /// `tournament.json` and `games.jsonl` as written.
        var config: Data
        var log: Data
        var total: Int
    }

    /// A 4-game Tigers & Goats match and a 3-deal Coin Sorter tournament, played once.
    nonisolated(unsafe) static var cachedBases: (tigersGoats: Base, coinSorter: Base)?

    static func bases() throws -> (tigersGoats: Base, coinSorter: Base) {
        if let cachedBases { return cachedBases }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fuzz-bases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let match = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn("greedy")], gamesPerPairing: 4,
                                                seed: 7, openingPlies: 2)
        let matchLog = folder.appendingPathComponent("tg.jsonl")
        _ = try match.run(threads: 1, log: try RecordLog(appendingTo: matchLog))
        let deals = try Tournament<CoinSorter>(entrants: [.builtIn("random"), .builtIn("greedy")], deals: 3, seed: 2)
        let dealsLog = folder.appendingPathComponent("cs.jsonl")
        _ = try deals.run(threads: 1, log: try RecordLog(appendingTo: dealsLog))
        let tg = Base(tournament: match.config, rules: match.rules, config: Data(try JSON.text(match.file).utf8),
                      log: try Data(contentsOf: matchLog), total: match.config.totalGames)
        let cs = Base(tournament: deals.config, rules: .standard, config: Data(try JSON.text(deals.file).utf8),
                      log: try Data(contentsOf: dealsLog), total: deals.config.totalGames)
        cachedBases = (tg, cs)
        return (tg, cs)
    }

    // MARK: - Temporary folders

    func temporaryFolder() throws -> URL { try scratchFolder("bench-fuzz-") }

    /// Words a mutation may insert: values, options, commands, seeds, paths inside the run's folder.
    static let dictionary: [String] =
        Fuzz.boundary + Fuzz.weird + optionNames + commands + tigersGoatsPositions + coinSorterPositions
            + tigersGoatsMoves + coinSorterMoves + tigersGoatsSpecs + coinSorterSpecs + sprts
            + ["tigers-goats", "coin-sorter", "human", "on", "off", "tg", "cs", "tg/games.jsonl", ".", "/dev/full"]
}

/// The C library's standard input stream, which `readLine` reads; looked up by name, as
/// Swift 6 refuses a reference to the C global `stdin` (used on the test's thread only).
nonisolated(unsafe) private let standardInput: UnsafeMutablePointer<FILE> =
    dlsym(nil, "stdin")!.load(as: UnsafeMutablePointer<FILE>.self)

// MARK: - The generator

/// Mutations of valid inputs, drawn from a seeded `SplitMix64` stream.
struct Fuzz {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func below(_ n: Int) -> Int { n > 0 ? rng.next(below: n) : 0 }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() >> 11) < p * Double(1 << 53) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    static let boundary = ["0", "-1", "1", "2", "-0", "+1", "01", "0x10", "1e300", "-1e300", "1e-300", "nan", "NaN", "inf",
                           "-inf", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                           "18446744073709551615", "18446744073709551616", "99999999999999999999999", "4294967296",
                           "65535", "65536", "1.5", "1,5", "1_000", "", " ", "\u{663}", "\u{FF13}", "5e-324"]
    static let weird = ["", " ", "\t", "\n", "\r\n", "\r", "\u{01}", "\u{1B}[31m", "\u{7F}", "\u{E9}", "e\u{301}", "\u{1F42F}",
                        "\u{202E}", "\u{FEFF}", "\u{2028}", "--", "-", "=", ",", ":", "::", "w.", "=1", "'",
                        String(repeating: "x", count: 3000)]

    /// `text` with a number (a run of digits, sign and point) replaced by a boundary value.
    mutating func replacingNumber(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var runs: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            guard ("0"..."9").contains(scalars[i]) else { i += 1; continue }
            var start = i
            if start > 0 && scalars[start - 1] == "-" { start -= 1 }
            while i < scalars.count && (("0"..."9").contains(scalars[i]) || scalars[i] == ".") { i += 1 }
            runs.append(start..<i)
        }
        guard !runs.isEmpty else { return nil }
        let r = pick(runs)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<r.lowerBound])
        out.append(contentsOf: pick(Self.boundary).unicodeScalars)
        out.append(contentsOf: scalars[r.upperBound...])
        return String(out)
    }

    /// One byte flipped (repaired into valid UTF-8, as a command line would be).
    mutating func flippingByte(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return String(UnicodeScalar(UInt8(1 + below(126)))) }
        let i = below(bytes.count)
        bytes[i] ^= 1 << UInt8(below(8))
        if bytes[i] == 0 { bytes[i] = 1 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A few text mutations: numbers to boundary values, byte flips, cuts, weird insertions.
    mutating func mutateText(_ text: String, numbers: Int = 1) -> String {
        var t = text
        for _ in 0..<numbers {
            switch below(6) {
            case 0, 1: t = replacingNumber(in: t) ?? flippingByte(t)
            case 2: t = flippingByte(t)
            case 3: t = String(t.prefix(below(t.count + 1)))
            case 4:
                let cut = below(t.count + 1)
                t = String(t.prefix(cut)) + pick(Self.weird) + String(t.dropFirst(cut))
            default: t = t + pick([",", ",,", " ", "\n", "\r\n", "0", "-"])
            }
        }
        return t
    }

    mutating func mutateSpec(_ spec: String) -> String {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var name = String(parts[0])
        var items = parts.count > 1 ? parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
        let keys = ["depth", "nodes", "time", "threads", "tt", "playouts", "iterations", "c", "cap", "solver", "samples",
                    "width", "rollout", "w.mobility", "w.four", "w.nope", "w.", "", "depth"]
        for _ in 0..<(1 + below(2)) {
            switch below(8) {
            case 0: items.append(pick(keys) + "=" + pick(Self.boundary + ["on", "off"]))
            case 1: if !items.isEmpty { items.remove(at: below(items.count)) }
            case 2: if !items.isEmpty { items.append(pick(items)) }
            case 3: name = pick(["random", "greedy", "alphabeta", "mcts", "expectimax", "", "human", "Random", "mcts "])
            case 4: items.append(pick(["", "=", "k", "k=", "=v", "w.=1", "w.captures", "depth==1", "a=b=c"]))
            case 5:
                items.append("w." + pick(["captures", "mobility", "danger", "edge", "four", "three", "double"]) + "="
                    + pick(["1e300", "-1e300", "1e308", "5e-324", "0", "-0", "nan", "inf", "1e30"]))
            case 6:
                if !items.isEmpty {
                    let k = below(items.count)
                    items[k] = String(items[k].split(separator: "=").first ?? "") + "=" + pick(Self.boundary)
                }
            default: return mutateText(spec)
            }
        }
        let text = name + (items.isEmpty ? "" : ":" + items.joined(separator: ","))
        return text
    }

    mutating func mutatePosition(_ position: String) -> String {
        switch below(5) {
        case 0:
            var fields = position.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            fields[below(fields.count)] = pick(Self.boundary + ["g", "t", "G", "x", ""])
            return fields.joined(separator: " ")
        case 1:
            var fields = position.split(separator: " ", maxSplits: 1).map(String.init)
            var ranks = fields[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            ranks[below(ranks.count)] = pick(["", "9", "0", "GGGGGGGGG", "44", "1111111", "G7G", String(repeating: "T", count: 100),
                                              "\u{663}", "\u{FF18}", "g", "SSSSS", "CCCCCC", "TST", "\u{1F42F}"])
            if chance(0.3) { ranks.append(pick(ranks)) }
            fields[0] = ranks.joined(separator: "/")
            return fields.joined(separator: " ")
        case 2: return position.replacingOccurrences(of: " ", with: pick(["\t", "  ", "\n", "\r\n", ",", ""]))
        case 3: return position + pick([" extra", " ", "\n", " 0", "/8"])
        default: return mutateText(position, numbers: 1 + below(2))
        }
    }

    mutating func mutateMoves(_ list: String) -> String {
        var moves = list.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        switch below(5) {
        case 0: moves.append(pick(["a1-a2", "d4xd6", "h8xa1", "i9-a1", "a0-a1", "a1:c3", "e5:a1", "x", "-", ":", "b1-c2", "e1:a2",
                                   "b1\u{2013}c2", "B1-C2", "b1-c2-d3", "a1xx", "\u{663}"]))
        case 1: if !moves.isEmpty { moves.insert(pick(moves), at: below(moves.count + 1)) }
        case 2: if !moves.isEmpty { moves.remove(at: below(moves.count)) }
        case 3: return list.replacingOccurrences(of: ",", with: pick(["\n", "\r\n", "\t", ";", ",,", " , "]))
        default: return mutateText(list)
        }
        return moves.joined(separator: ",")
    }

    /// Token mutations of a command line: values, deletions, duplicates, insertions, swaps, cuts.
    mutating func mutate(_ tokens: [String], dictionary: [String]) -> [String] {
        var t = tokens
        for _ in 0..<(1 + below(3)) {
            let n = t.count, i = below(n)
            switch below(12) {
            case 0, 1, 2: // inside a value
                let options = (0..<max(0, n - 1)).filter { t[$0].hasPrefix("--") }
                guard let k = options.isEmpty ? nil : pick(options) else { continue }
                switch t[k] {
                case "--agent", "--agents", "--goats", "--tigers", "--player": t[k + 1] = mutateSpec(t[k + 1])
                case "--position": t[k + 1] = mutatePosition(t[k + 1])
                case "--moves": t[k + 1] = mutateMoves(t[k + 1])
                default: t[k + 1] = replacingNumber(in: t[k + 1]) ?? pick(Self.boundary + Self.weird)
                }
            case 3: if n > 0 { t[i] = flippingByte(t[i]) }
            case 4: if n > 0 { t.remove(at: i) }
            case 5: if n > 0 { t.insert(t[i], at: i) }
            case 6: t.insert(pick(dictionary), at: below(n + 1))
            case 7: if n > 1 { t.swapAt(i, below(n)) }
            case 8: if n > 0 { t[i] = String(t[i].prefix(below(t[i].count + 1))) }
            case 9: if n > 0 { t[i] = chance(0.7) ? pick(Self.weird) : t[i] + pick(Self.weird) }
            case 10:
                if n > 0, t[i].hasPrefix("--"), let eq = t[i].firstIndex(of: "=") {
                    t.replaceSubrange(i...i, with: [String(t[i][..<eq]), String(t[i][t[i].index(after: eq)...])])
                } else if i + 1 < n, t[i].hasPrefix("--") {
                    t.replaceSubrange(i...(i + 1), with: [t[i] + "=" + t[i + 1]])
                }
            default:
                t.insert(pick(dictionary), at: below(n + 1))
                t.insert(pick(FuzzTests.optionNames), at: below(n + 2))
            }
        }
        return t
    }

    // MARK: Logs

    /// A damaged copy of a log: a field of a record to a boundary value, lines cut,
    /// doubled, dropped, swapped or flipped, CRLF, a BOM, no final newline.
    mutating func mutateLog(_ log: Data, total: Int) -> [UInt8] {
        var lines = log.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for _ in 0..<(1 + below(3)) {
            let n = lines.count, i = below(n)
            switch below(14) {
            case 0, 1, 2, 3, 4:
                guard n > 0 else { continue }
                if var object = (try? JSONSerialization.jsonObject(with: Data(lines[i]))) as? [String: Any] {
                    mutateRecord(&object, total: total)
                    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                        lines[i] = Array(data)
                        continue
                    }
                }
                lines[i] = Array(flippingBytes(lines[i]))
            case 5: if n > 0 { lines[i] = flippingBytes(lines[i]) }
            case 6: if n > 0 { lines.insert(lines[i], at: i) }
            case 7: if n > 0 { lines.remove(at: i) }
            case 8: if n > 1 { lines.swapAt(i, below(n)) }
            case 9:
                lines.insert(Array(pick(["", " ", "{}", "null", "[]", "\r", "{\"index\":0}", "\u{FEFF}{}",
                                         String(repeating: "x", count: 3000)]).utf8), at: below(n + 1))
            case 10: if n > 0 { lines[i] = Array(lines[i].prefix(below(lines[i].count + 1))) }
            case 11: return Array(lines.joined(separator: [13, 10])) + [13, 10]
            case 12:
                let all = Array(lines.joined(separator: [10])) + [10]
                return Array(all.prefix(below(all.count + 1)))        // a torn last line, or an empty log
            default: return Array(lines.joined(separator: [10]))       // no final newline
            }
        }
        return Array(lines.joined(separator: [10])) + (lines.isEmpty ? [] : [10])
    }

    mutating func flippingBytes(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8(below(256))] }
        var b = bytes
        let i = below(b.count)
        b[i] ^= 1 << UInt8(below(8))
        return b
    }

    /// Counts that stay clear of today's overflow traps unless they are asked for.
    var ints: [Int] {
        let safe = [0, -1, 1, 2, 3, -2, 7, 63, 64, 65535, 65536, 1 << 31, 1 << 32, 1 << 53]
        return FuzzTests.includeKnownTraps ? safe + [1 << 62, Int.max, Int.min, Int.max - 1] : safe
    }

    mutating func mutateRecord(_ r: inout [String: Any], total: Int) {
        let keys = ["format", "index", "pairing", "pair", "agents", "sides", "seed", "opening", "moves", "result", "outcome",
                    "score", "times", "nodes", "playouts", "start"]
        for _ in 0..<(1 + below(3)) {
            let k = pick(keys)
            switch (k, below(5)) {
            case (_, 0): r[k] = nil
            case (_, 1): r[k] = pick([NSNull(), true, "", "x", [Any](), [String: Any](), "1-0", "\u{1F42F}", 1.5] as [Any])
            case ("times", _):
                var a = r[k] as? [Any] ?? []
                if !a.isEmpty && chance(0.5) { a[below(a.count)] = pick([0.0, -1.0, 1e308, -1e308, Double.leastNonzeroMagnitude, 1e20]) } else { a.append(1e-6) }
                r[k] = a
            case ("nodes", _), ("playouts", _):
                var a = r[k] as? [Any] ?? []
                if !a.isEmpty && chance(0.6) { a[below(a.count)] = pick(ints) } else if !a.isEmpty { a.removeLast() } else { a.append(0) }
                r[k] = a
            case ("moves", _), ("opening", _):
                var a = r[k] as? [Any] ?? []
                switch below(4) {
                case 0: if !a.isEmpty { a.remove(at: below(a.count)) }
                case 1: if !a.isEmpty { a.insert(a[below(a.count)], at: below(a.count)) }
                case 2: if !a.isEmpty { a[below(a.count)] = pick(["a1-a2", "d4xd6", "b1-c2", "a1:c3", "", "e1:a2", "\u{1F42F}"]) }
                default: a.reverse()
                }
                r[k] = a
            case ("index", _), ("pairing", _), ("pair", _):
                r[k] = pick([total, total - 1, total + 1, -1, 0, 1, 1.5, "0"] as [Any] + ints.map { $0 as Any })
            case ("result", _):
                r[k] = pick(["1-0", "0-1", "1/2-1/2", "*", "0", "-1", "9223372036854775807", "9223372036854775808", "1e3", "", "1-0 "])
            case ("format", _): r[k] = pick([0, 1, 2, 3, -1, Int.max, "2"] as [Any])
            case ("agents", _):
                let a = r[k] as? [String] ?? []
                r[k] = pick([[], Array(a.reversed()), a + a.prefix(1), ["random"], ["x", "y"], [""]])
            case ("sides", _): r[k] = pick([[], ["tigers", "goats"], ["player"], ["goats", "tigers"], ["goats"]])
            case ("seed", _): r[k] = pick([0, -1, UInt64.max, 1.5, "1"] as [Any])
            case ("start", _): r[k] = pick(FuzzTests.tigersGoatsPositions + FuzzTests.coinSorterPositions + ["", "8/8/8/8/8/8/8/8 t 29"])
            default: r[k] = pick(["", String(repeating: "x", count: 500), "goats win", "score 1", 0] as [Any])
            }
        }
    }

    /// A different tournament for the same log: games, agents, seed, openings, gauntlet, SPRT.
    mutating func mutateConfig(_ c: inout TournamentConfig) {
        switch below(7) {
        case 0: c.games = pick(FuzzTests.includeKnownTraps ? [0, 1, 2, 3, 6, 1000, -2, Int.max, 1 << 62] : [0, 1, 2, 3, 6, 1000])
        case 1: c.agents = pick([[], Array(c.agents.prefix(1)), c.agents + c.agents, Array(c.agents.reversed()),
                                 c.agents + ["x", "y", "z"], ["alphabeta:depth=99"]])
        case 2: c.seed = rng.next()
        case 3:
            let plies = pick([0, 1, 3, 200, 100_000])
            if case .colourSwappedPairs(_, let gauntlet) = c.schedule { c.schedule = .colourSwappedPairs(openingPlies: plies, gauntlet: gauntlet) }
        case 4:
            if case .colourSwappedPairs(let plies, let gauntlet) = c.schedule { c.schedule = .colourSwappedPairs(openingPlies: plies, gauntlet: !gauntlet) }
        case 5: c.sprt = pick([nil, SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05), SPRT(elo0: 0, elo1: 0, alpha: 0, beta: 0),
                               SPRT(elo0: 10, elo1: 0, alpha: 1, beta: 1), SPRT(elo0: -1e308, elo1: 1e308, alpha: .leastNonzeroMagnitude, beta: 0.5)])
        default:
            // "coin-sorter" in a two-player check: a library misuse that must still
            // fail cleanly (`report` and `--resume` never pair them).
            c.game = pick(FuzzTests.includeKnownTraps ? ["tigers-goats", "coin-sorter", "chess", ""] : ["tigers-goats", "chess", ""])
        }
    }
}

// MARK: - What may run in process

/// Whether a command line is cheap enough to run in process in a debug build: small
/// depths, games and playouts, agents with tiny budgets, no default round robin.
enum InProcessCost {
    static func isCheap(_ arguments: [String]) -> Bool {
        guard let command = arguments.first else { return false }
        if arguments.contains("--help") || arguments.contains("-h") { return true }
        let values = optionValues(arguments)
        let coin = values["--game"]?.contains("coin-sorter") ?? false
        func ints(_ name: String) -> [Int] { (values[name] ?? []).compactMap { Int($0) } }
        let plyLimit = (ints("--ply-limit").filter { (1...65535).contains($0) } + [300]).max()!
        switch command {
        case "perft": return ints("--depth").allSatisfy { $0 <= 3 || $0 > 30 }
        case "benchmark": return coin || (!ints("--depth").isEmpty && ints("--depth").allSatisfy { $0 <= 2 || $0 > 30 })
        case "playouts":
            let games = ints("--games")
            return !games.isEmpty && games.allSatisfy { $0 <= 5 } && plyLimit <= 300
        case "search": return (values["--agent"] ?? []).allSatisfy { specIsCheap($0, coin: coin, search: true) }
        case "tournament":
            let agents = values["--agents"] ?? []
            let games = ints("--games")
            return agents.count <= 3 && !games.isEmpty && games.allSatisfy { $0 <= 4 } && plyLimit <= 300
                && agents.allSatisfy { specIsCheap($0, coin: coin, search: false) }
        case "play":
            if coin { return (values["--player"] ?? []).allSatisfy { specIsCheap($0, coin: true, search: false) } }
            guard values["--tigers"] != nil, plyLimit <= 300 else { return false }
            return ((values["--goats"] ?? []) + (values["--tigers"] ?? [])).allSatisfy { $0 == "human" || specIsCheap($0, coin: false, search: false) }
        default: return true                                        // help, report (small folders), errors
        }
    }

    /// Every value of every option (all of them, in case one is given twice).
    static func optionValues(_ arguments: [String]) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            guard word.hasPrefix("--") else { continue }
            if let eq = word.firstIndex(of: "=") {
                values[String(word[..<eq]), default: []].append(String(word[word.index(after: eq)...]))
                continue
            }
            values[word, default: []] += []
            var j = i
            while j < arguments.count && !arguments[j].hasPrefix("--") { values[word, default: []].append(arguments[j]); j += 1 }
        }
        return values
    }

    /// Small explicit budgets only (a search may take a little more than a game's move).
    static func specIsCheap(_ text: String, coin: Bool, search: Bool) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        var p: [String: [String]] = [:]
        if parts.count > 1 {
            for item in parts[1].split(separator: ",") {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                p[String(kv[0]), default: []].append(kv.count > 1 ? String(kv[1]) : "")
            }
        }
        func ints(_ k: String) -> [Int] { (p[k] ?? []).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        let scale = search ? 4 : 1
        if (p["time"] ?? []).contains(where: { Double($0).map { $0 > 0.005 } ?? false }) { return false }
        if ints("threads").contains(where: { $0 > 4 }) || ints("tt").contains(where: { $0 > 64 }) { return false }
        switch name {
        case "alphabeta" where !coin:
            let depth = ints("depth"), nodes = ints("nodes")
            if depth.isEmpty && nodes.isEmpty { return (p["time"] ?? []).isEmpty ? false : true }
            return depth.allSatisfy { $0 <= 1 + scale / 2 || $0 > 90 } || (!nodes.isEmpty && nodes.allSatisfy { $0 <= 300 * scale })
        case "mcts":
            let playouts = ints("playouts") + ints("iterations")
            if playouts.isEmpty { return !(p["time"] ?? []).isEmpty }
            return playouts.allSatisfy { $0 <= 30 * scale } && ints("rollout").allSatisfy { $0 <= 5 }
        case "expectimax" where coin:
            let depth = ints("depth"), samples = ints("samples"), width = ints("width")
            return !depth.isEmpty && depth.allSatisfy { $0 <= 1 } && samples.allSatisfy { $0 <= 4 * scale } && width.allSatisfy { $0 <= 12 }
        default: return true
        }
    }
}
