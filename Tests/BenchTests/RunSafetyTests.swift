import Foundation
import XCTest

/// Ways a run could lose or double data, each found by a fuzz run (issue 41): an output
/// that replaces a file, a checkpoint replaced by one that cannot be read, a record
/// counted twice or dropped without a word.
final class RunSafetyTests: XCTestCase {
    func testMergeNeverReplacesAnExistingFile() throws {
        let root = try scratchFolder("merge-onto-file")
        let args = ["tournament", "--game", "coin-sorter", "--agents", "random", "--games", "4", "--seed", "3", "--threads", "1"]
        for k in 0..<2 { _ = try benchOK(args + ["--shard", "\(k)/2", "--out", root.appendingPathComponent("s\(k)").path]) }
        let file = root.appendingPathComponent("precious.txt")
        try Data("keep me\n".utf8).write(to: file)
        try assertUsageError(["merge", "--out", file.path, "--shards", root.appendingPathComponent("s0").path,
                              root.appendingPathComponent("s1").path], names: ["--out", "is a file, not a folder"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me\n")
    }

    func testEndgameChecksRecordsAsReportDoes() throws {
        let folder = try scratchFolder("endgame-records").appendingPathComponent("t")
        _ = try benchOK(["tournament", "--game", "coin-sorter", "--agents", "greedy", "--games", "3", "--seed", "2", "--threads", "1",
                         "--out", folder.path])
        let endgame = ["endgame", "--game", "coin-sorter", "--in", folder.path, "--turns", "1"]
        let whole = try benchOK(endgame)
        let log = folder.appendingPathComponent("games.jsonl")
        let text = try String(contentsOf: log, encoding: .utf8)
        let first = String(text.split(separator: "\n")[0])

        // A torn last line is not counted, and said so, as bench report says it.
        try (text + String(first.prefix(40))).write(to: log, atomically: true, encoding: .utf8)
        let torn = try bench(endgame)
        XCTAssertEqual(torn.status, 0, torn.stderr)
        XCTAssertEqual(torn.stdout, whole.stdout)
        XCTAssertTrue(torn.stderr.contains("cut short"), torn.stderr)

        // A game recorded twice is an error naming it, not a game counted twice.
        try (text + first + "\n").write(to: log, atomically: true, encoding: .utf8)
        try assertUsageError(endgame, names: ["games.jsonl", "recorded twice"], status: 1)

        // A folder without its log is not a tournament of 0 games: report refuses it and
        // leaves the summaries as they are.
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        try FileManager.default.removeItem(at: log)
        try assertUsageError(["report", "--in", folder.path], names: ["games.jsonl", "no such file"], status: 1)
        try assertUsageError(endgame, names: ["games.jsonl", "no such file"], status: 1)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8), summary)
    }

    func testEndgameTableIsInTheRunsAgentOrderWhateverTheLogsLineOrder() throws {
        // A run on several threads writes its games in the order they finish.
        let folder = try scratchFolder("endgame-order").appendingPathComponent("t")
        _ = try benchOK(["tournament", "--game", "coin-sorter", "--agents", "greedy", "random", "--games", "2", "--seed", "2",
                         "--threads", "1", "--out", folder.path])
        let endgame = ["endgame", "--game", "coin-sorter", "--in", folder.path, "--turns", "1"]
        let inOrder = try benchOK(endgame).stdout
        XCTAssertLessThan(try XCTUnwrap(inOrder.range(of: "| `greedy`")).lowerBound, try XCTUnwrap(inOrder.range(of: "| `random`")).lowerBound,
                          inOrder)
        let log = folder.appendingPathComponent("games.jsonl")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        try (lines.reversed().joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        XCTAssertEqual(try benchOK(endgame).stdout, inOrder)
        try assertUsageError(endgame + ["--agents", "greedy", "random", "greedy"], names: ["--agents", "'greedy'", "twice"])
        // The default is the help's: one turn left (two take a minute or more a position).
        XCTAssertEqual(try benchOK(endgame.filter { $0 != "--turns" && $0 != "1" }).stdout, inOrder)
    }

    func testARunNeverStartsOrResumesInAFolderOfAnotherKind() throws {
        let root = try scratchFolder("other-kind")
        let tournament = root.appendingPathComponent("t").path
        _ = try benchOK(["tournament", "--game", "coin-sorter", "--agents", "random", "--games", "2", "--out", tournament])
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "10", "--out", tournament],
                             names: ["holds a tournament", "not a training run"])
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "10", "--out", tournament, "--resume"],
                             names: ["--resume", "holds a tournament"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: tournament + "/weights.bin"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tournament + "/.lock"))
    }

    func testANewRunNeverReplacesAFileInAnExistingFolder() throws {
        let root = try scratchFolder("not-empty")
        let mine = root.appendingPathComponent("summary.md")
        try Data("my notes\n".utf8).write(to: mine)
        for command in [["tournament", "--game", "coin-sorter", "--agents", "random", "--games", "2"],
                        ["train", "--game", "coin-sorter", "--episodes", "10"],
                        ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--params", "w.four"]] {
            try assertUsageError(command + ["--out", root.path], names: ["--out", "is not empty", "summary.md"])
        }
        XCTAssertEqual(try String(contentsOf: mine, encoding: .utf8), "my notes\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["summary.md"], "nothing written")
        // An empty folder, or one holding only what a run killed at its start leaves (empty
        // files, its configuration's write cut short), is a new run's; the cut write goes.
        try FileManager.default.removeItem(at: mine)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("games.jsonl").path, contents: nil)
        let cut = root.appendingPathComponent("tournament.json.tmp-4242")
        try Data("{\"format\":".utf8).write(to: cut)
        _ = try benchOK(["tournament", "--game", "coin-sorter", "--agents", "random", "--games", "2", "--out", root.path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cut.path), "the cut write is removed")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: root.path).contains { $0.contains(".tmp-") })
    }

    /// An output folder that is a file is the same usage error (exit 2) in every command
    /// (tournaments, tuning and training runs, studies said "cannot create", exit 1;
    /// bench merge exit 2).
    func testAnOutputFolderThatIsAFileIsOneUsageErrorInEveryCommand() throws {
        let root = try scratchFolder("out-is-a-file")
        let file = root.appendingPathComponent("taken")
        try Data("keep me\n".utf8).write(to: file)
        for (command, option) in [(["tournament", "--agents", "random", "greedy", "--games", "2"], "--out"),
                                  (["tune", "--agent", "greedy", "--iterations", "1"], "--out"),
                                  (["train", "--game", "coin-sorter", "--episodes", "2"], "--out"),
                                  (["train", "--game", "coin-sorter", "--compare", "a=\(root.path)"], "--out"),
                                  (["solve", "--game", "bagh-chal", "--placement", "3"], "--study"),
                                  (["solve", "--game", "bagh-chal"], "--placement-all")] {
            try assertUsageError(command + [option, file.path], names: [option, "is a file, not a folder"])
        }
        try assertUsageError(["cluster", "slurm", "--shards", "2", "--dir", file.path, "--", "tournament", "--agents", "random", "greedy",
                              "--out", root.appendingPathComponent("res").path], names: ["cluster slurm", "is a file, not a folder"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me\n")
    }

    /// An empty path names the current folder or nothing: refused as --out '' always was.
    /// An option a game does not take, and a --game a command needs, are named.
    func testEmptyPathsAndAMissingGameAreUsageErrors() throws {
        for (arguments, option, kind) in [(["report", "--in", ""], "--in", "folder"),
                                          (["endgame", "--game", "coin-sorter", "--in", ""], "--in", "folder"),
                                          (["merge", "--out", "m", "--shards", "a", ""], "--shards", "folder"),
                                          (["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "2", "--tablebase", ""],
                                           "--tablebase", "file"),
                                          (["play", "--record", ""], "--record", "file"),
                                          (["cluster", "slurm", "--shards", "2", "--dir", "", "--", "tournament", "--agents", "random",
                                            "greedy", "--out", "x"], "--dir", "folder")] {
            try assertUsageError(arguments, names: ["\(option) needs a \(kind) name, got ''"])
        }
        for command in [["train", "--out", "x"], ["endgame", "--in", "x"], ["grade", "--agent", "greedy", "--positions", "2"]] {
            try assertUsageError(command, names: ["\(command[0]): --game: is required"])
        }
        try assertUsageError(["play", "--game", "coin-sorter", "--color", "on"], names: ["--color", "two-player games"])
    }

    /// A resumable run says where its finished work is on SIGINT or SIGTERM, in one line
    /// (the tournament's and tuning's began with a blank line; tuning said nothing on
    /// SIGTERM, training nothing at all).
    func testAResumableRunSaysWhereItsWorkIsInOneLineOnASignal() throws {
        let root = try scratchFolder("interrupted")
        for (arguments, sig, first) in [
            (["tune", "--agent", "alphabeta:depth=2", "--iterations", "1000", "--pairs", "2", "--verify-pairs", "0", "--threads", "1"],
             SIGTERM, "tuning.jsonl"),
            (["train", "--game", "coin-sorter", "--episodes", "1000000", "--threads", "1"], SIGINT, "weights.bin"),
        ] {
            let out = root.appendingPathComponent(arguments[0])
            let bench = try startBench(arguments + ["--out", out.path])
            // Under way: its first record or checkpoint is there.
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: out.appendingPathComponent(first).path) && Date() < deadline { usleep(20_000) }
            kill(bench.process.processIdentifier, sig)
            let run = try XCTUnwrap(bench.wait(timeout: 30))
            XCTAssertEqual(run.status, 128 + sig, "\(arguments[0]): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, "\(arguments[0]): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("bench: interrupted; ") && run.stderr.hasSuffix("continue with --resume\n"), run.stderr)
        }
    }

    /// merge's errors name no option it lacks (--resume) or that was not given (--partial):
    /// --partial is named as the remedy it is.
    func testMergeErrorsNameOnlyItsOwnOptions() throws {
        let root = try scratchFolder("merge-words")
        let shard = root.appendingPathComponent("s0")
        _ = try benchOK(["tournament", "--agents", "random", "greedy", "--games", "4", "--threads", "1", "--shard", "0/2", "--out", shard.path])
        let merge = ["merge", "--out", root.appendingPathComponent("m").path, "--shards", shard.path]
        try assertUsageError(merge, names: ["merge: 2 of 4 games are missing", "merge what there is (--partial)"], status: 1)
        // A shard killed while writing a record: finished first, not resumed by merge.
        let log = shard.appendingPathComponent("games.jsonl")
        try (try String(contentsOf: log, encoding: .utf8) + "{\"ind").write(to: log, atomically: true, encoding: .utf8)
        try assertUsageError(merge, names: ["merge: ", "cut short", "finish the shard first"], status: 1)
        let torn = try bench(merge)
        XCTAssertFalse(torn.stderr.contains("--resume"), torn.stderr)
    }

    /// A study's or a grading's folder is checked before the table is solved or read
    /// (a minute or more), not after.
    func testAStudysOrAGradingsFolderIsCheckedBeforeTheTable() throws {
        let root = try scratchFolder("before-the-table")
        let tournament = root.appendingPathComponent("t").path
        _ = try benchOK(["tournament", "--agents", "random", "greedy", "--games", "2", "--threads", "1", "--out", tournament])
        let empty = try scratchFolder("before-the-table-empty").path
        let none = root.appendingPathComponent("none.tb").path
        for (command, option) in [(["solve", "--game", "bagh-chal", "--placement", "3", "--out", none], "--study"),
                                  (["grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "2", "--tablebase", none], "--out")] {
            try assertUsageError(command + [option, tournament], names: [option, "holds a tournament"])
            try assertUsageError(command + [option, empty, "--resume"], names: ["--resume", "no run in"])
        }
        // A cluster's OUT is never a run's folder (its merged run goes into OUT/merged).
        try assertUsageError(["cluster", "slurm", "--shards", "2", "--", "tournament", "--agents", "random", "greedy", "--out", tournament],
                             names: ["cluster slurm", "holds a tournament"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: tournament + "/slurm"))
    }

    func testAPlacementCountGivenTwiceIsRefused() throws {
        try assertUsageError(["solve", "--game", "bagh-chal", "--placement", "3,5,3"], names: ["--placement", "3 twice"])
    }

    func testTheSameErrorGetsTheSameCodeInEveryCommandAndNamesTheAgentOnce() throws {
        let root = try scratchFolder("same-code")
        let bad = root.appendingPathComponent("bad.bin")
        try Data("not weights".utf8).write(to: bad)
        for file in [root.appendingPathComponent("missing.json").path, root.path] {
            for command in [["tournament", "--agents", "random", "greedy"], ["search", "--agent", "random"], ["agents"]] {
                try assertUsageError(command + ["--agent-file", file], names: [file], status: 1)
            }
        }
        let eval = "greedy:eval=" + bad.path
        for command in [["search", "--game", "coin-sorter", "--agent", eval],
                        ["tournament", "--game", "coin-sorter", "--agents", eval, "random", "--games", "2"]] {
            let run = try bench(command)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr.components(separatedBy: "agent '\(eval)'").count, 2, "named once: \(run.stderr)")
        }
        // A spec its kind cannot make (an option of a search it does not run) is a usage
        // error in every command, found before anything is written.
        let out = root.appendingPathComponent("out").path
        for command in [["search", "--game", "coin-sorter", "--agent", "expectimax:paired=on"],
                        ["tournament", "--game", "coin-sorter", "--agents", "expectimax:paired=on", "random", "--games", "2",
                         "--out", out]] {
            try assertUsageError(command, names: ["agent 'expectimax:paired=on'", "exact=K"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
    }
}
