import XCTest

/// `bench play` driven by input piped from a file, as a person would type it.
final class PlayTests: XCTestCase {
    func temporaryFile(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-play-\(UUID().uuidString)-\(name)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func records(_ url: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testHumanMovesIllegalInputUndoAndTheRecordOnQuit() throws {
        let record = temporaryFile("tg.jsonl")
        let run = try bench(["play", "--tigers", "alphabeta:depth=2", "--record", record.path],
                            input: "b1-c2\nzz\nb1-b2\nundo\na1-b2\nquit\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        // Illegal input is answered with the legal moves, and the game goes on.
        XCTAssertTrue(run.stdout.contains("malformed move 'zz'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("legal moves: a1-b1 a1-b2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("tigers (alphabeta:depth=2) play"), run.stdout)
        let r = try XCTUnwrap(records(record).last)
        let moves = try XCTUnwrap(r["moves"] as? [String])
        // b1-c2 and the reply; "b1-b2" is illegal (b1 is empty now); undo takes back
        // b1-c2 and the reply; then a1-b2 and its reply: two plies remain.
        XCTAssertEqual(moves.count, 2, "\(moves)")
        XCTAssertEqual(moves.first, "a1-b2")
        XCTAssertEqual((r["nodes"] as? [Int])?.count, 2, "one statistics entry per ply")
        XCTAssertEqual(r["result"] as? String, "*")
    }

    func testGoatsInDangerAreMarkedWithoutColourWhenNotATerminal() throws {
        // Goat d5 has the tiger d4 below it and an empty d6 above: in danger.
        let run = try bench(["play", "--goats", "human", "--tigers", "human", "--position", "8/8/8/3G4/3T4/8/8/G7 g 0",
                             "--record", temporaryFile("danger.jsonl").path], input: "quit\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("5  .  .  .  G!"), run.stdout)
        XCTAssertTrue(run.stdout.contains("goats in danger: 1"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\u{1B}["), "no colour codes when stdout is not a terminal")
    }

    func testAgentsPlayAGameToTheEndAndItIsRecorded() throws {
        let record = temporaryFile("end.jsonl")
        let run = try bench(["play", "--goats", "greedy", "--tigers", "greedy", "--position", "8/8/8/8/3G4/3T4/8/8 t 3",
                             "--record", record.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("game over: tigers win"), run.stdout)
        let r = try XCTUnwrap(records(record).last)
        XCTAssertEqual(r["result"] as? String, "0-1")
        XCTAssertEqual(r["start"] as? String, "8/8/8/8/3G4/3T4/8/8 t 3")
    }

    func testARecordIsNeverAppendedToARunsFileOrToAFileOfAnotherKind() throws {
        let folder = temporaryFile("run")
        _ = try benchOK(["tournament", "--agents", "random", "greedy", "--games", "2", "--threads", "1", "--out", folder.path])
        let notes = temporaryFile("notes.txt")
        try Data("my notes\n".utf8).write(to: notes)
        let play = ["play", "--goats", "random", "--tigers", "random", "--ply-limit", "6", "--record"]
        for (path, words) in [(folder.appendingPathComponent("games.jsonl").path, ["folder of a tournament"]),
                              (notes.path, ["not a file of game records"])] {
            try assertUsageError(play + [path], names: ["--record"] + words)
        }
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "my notes\n")
        // A file of records (or a new one) takes them.
        let log = temporaryFile("mine.jsonl")
        for _ in 0..<2 { _ = try benchOK(play + [log.path]) }
        XCTAssertEqual(try records(log).count, 2)
    }

    func testCoinSorterPlayShowsTurnsAndScoreAndUndoReplaysTheSeed() throws {
        let record = temporaryFile("cs.jsonl")
        let run = try bench(["play", "--game", "coin-sorter", "--seed", "1", "--record", record.path],
                            input: "a1:c3\nundo\na1:a1\nb2:b4\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("turns left 10, score 0"), run.stdout)
        XCTAssertTrue(run.stdout.contains("the two cells must differ"), run.stdout)
        let r = try XCTUnwrap(records(record).last)
        XCTAssertEqual(r["moves"] as? [String], ["b2:b4"])
        // The same swap from the same seed gives the same board as replay.
        let replay = try bench(["replay", "--game", "coin-sorter", "--seed", "1", "--moves", "b2:b4"])
        XCTAssertTrue(run.stdout.contains("turns left 9"), run.stdout)
        XCTAssertEqual(replay.status, 0)
    }

    func testBadPlayOptionsAreOneLineErrors() throws {
        try assertUsageError(["play", "--tigers", "alphabeta:depth=x"], names: ["--tigers", "depth"])
        try assertUsageError(["play", "--color", "purple"], names: ["--color"])
        try assertUsageError(["play", "--game", "coin-sorter", "--goats", "human"], names: ["--goats"])
    }
}
