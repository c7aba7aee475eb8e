import Foundation
import XCTest

/// `bench` on Bagh-Chal: every command reaches the game through the registry.
final class BaghChalCommandLineTests: XCTestCase {
    static let start = "T3T/5/5/5/T3T g 20 0"

    func temporaryDirectory(_ name: String) -> URL { scratchURL("bench-bc-", suffix: "-\(name)") }

    func jsonObject(_ run: Run) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    func testPerftFromTheStartWithDivideAndThreads() throws {
        let run = try benchOK(["perft", "--game", "bagh-chal", "--depth", "4", "--divide", "--json"])
        let r = try jsonObject(run)
        XCTAssertEqual(r["nodes"] as? Int, 68_204)
        XCTAssertEqual(r["game"] as? String, "bagh-chal")
        XCTAssertEqual(r["position"] as? String, Self.start)
        let divide = try XCTUnwrap(r["divide"] as? [String: Int])
        XCTAssertEqual(divide.count, 21)
        XCTAssertEqual(divide.values.reduce(0, +), 68_204)
        XCTAssertNotNil(divide["c3"])
        let threaded = try jsonObject(try benchOK(["perft", "--game", "bagh-chal", "--depth", "5", "--threads", "2", "--json"]))
        XCTAssertEqual(threaded["nodes"] as? Int, 1_304_788)
        let text = try benchOK(["perft", "--game", "bagh-chal", "--depth", "2", "--divide"])
        XCTAssertTrue(text.stdout.contains("c3: 12"), text.stdout)
        XCTAssertTrue(text.stdout.contains("moves: 21"), text.stdout)
        XCTAssertTrue(text.stdout.contains("perft bagh-chal depth 2: 252 leaves"), text.stdout)
    }

    func testPerftFromAPositionAndThePlyLimitOption() throws {
        let r = try jsonObject(try benchOK(["perft", "--game", "bagh-chal", "--depth", "1", "--json",
                                            "--position", "TGGGT/GG1GG/G3G/GG1GG/TGGGT t 4 0", "--ply-limit", "10"]))
        XCTAssertEqual(r["nodes"] as? Int, 4)
    }

    func testReplayPrintsThePositionAndTheOutcome() throws {
        let run = try benchOK(["replay", "--game", "bagh-chal", "--moves", "c3,a1-b2,b1,b2xd4"])
        XCTAssertEqual(run.stdoutLines.first, "T3T/3T1/5/5/1G2T g 18 1")
        let won = try benchOK(["replay", "--game", "bagh-chal", "--position", "T3T/5/5/1G3/T3T t 15 4",
                               "--moves", "a1xc3", "--json"])
        let r = try jsonObject(won)
        XCTAssertEqual(r["outcome"] as? String, "tigers win")
        XCTAssertEqual(r["position"] as? String, "T3T/5/2T2/5/4T g 15 5")
        let drawn = try benchOK(["replay", "--game", "bagh-chal", "--ply-limit", "2", "--moves", "c3 a1-a2"])
        XCTAssertEqual(drawn.stdoutLines.last, "outcome: draw")
    }

    func testEveryAgentKindSearchesABaghChalPosition() throws {
        for spec in ["random", "greedy", "alphabeta:depth=4", "alphabeta:depth=3,threads=2", "mcts:playouts=300",
                     "mcts:playouts=300,cap=10,threads=2", "greedy:w.trapped=80"] {
            let run = try benchOK(["search", "--game", "bagh-chal", "--agent", spec, "--moves", "c3,a1-b2,b1", "--json"])
            let r = try jsonObject(run)
            let move = try XCTUnwrap(r["move"] as? String, "\(spec): \(run.stdout)")
            let replay = try bench(["replay", "--game", "bagh-chal", "--moves", "c3,a1-b2,b1,\(move)"])
            XCTAssertEqual(replay.status, 0, "\(spec) chose \(move): \(replay.stderr)")
        }
        // The tigers take the fifth goat at once.
        let win = try jsonObject(try benchOK(["search", "--game", "bagh-chal", "--agent", "alphabeta:depth=3",
                                              "--position", "T3T/5/5/1G3/T3T t 15 4", "--json"]))
        XCTAssertEqual(win["move"] as? String, "a1xc3")
    }

    func testTournamentOfAllAgentKindsWritesItsFolder() throws {
        let out = temporaryDirectory("t")
        let run = try bench(["tournament", "--game", "bagh-chal", "--agents", "random", "greedy", "alphabeta:depth=2",
                             "mcts:playouts=200,cap=10", "--games", "2", "--seed", "1", "--threads", "2", "--out", out.path],
                            timeout: 300)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("# Tournament: bagh-chal"), run.stdout)
        let config = try String(contentsOf: out.appendingPathComponent("tournament.json"), encoding: .utf8)
        XCTAssertTrue(config.contains("\"game\":\"bagh-chal\""), config)
        XCTAssertTrue(config.contains("\"plyLimit\":300"), config)
        let games = try String(contentsOf: out.appendingPathComponent("games.jsonl"), encoding: .utf8)
        XCTAssertEqual(games.split(separator: "\n").count, 12)
        // The folder reads back: report rebuilds the same tables.
        let report = try benchOK(["report", "--in", out.path])
        XCTAssertTrue(report.stdout.contains("bagh-chal"), report.stdout)
    }

    func testPlayShowsTheBoardWithItsLinesAndGoatsInDanger() throws {
        let record = temporaryDirectory("play.jsonl")
        let run = try bench(["play", "--game", "bagh-chal", "--goats", "human", "--tigers", "human",
                             "--position", "T3T/5/5/1G3/T3T t 15 4", "--record", record.path], input: "a1-c3\na1xc3\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("5  T---.---.---.---T"), run.stdout)
        XCTAssertTrue(run.stdout.contains("   | \\ | / | \\ | / |"), run.stdout)
        XCTAssertTrue(run.stdout.contains("goats in danger: b2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("write it a1xc3"), run.stdout)
        XCTAssertTrue(run.stdout.contains("game over: tigers win"), run.stdout)
    }

    func testBadInputIsAOneLineUsageError() throws {
        try assertUsageError(["perft", "--game", "bagh-chal", "--depth", "2", "--position", "T3T/5/5/5/T3T t 20 0"],
                             names: ["--position", "goats move first"])
        try assertUsageError(["perft", "--game", "bagh-chal", "--depth", "2", "--position", "T3T/5/5/5/T3T g 20"],
                             names: ["captured"])
        try assertUsageError(["replay", "--game", "bagh-chal", "--moves", "c3,c3"], names: ["'c3'", "tigers to move"])
        try assertUsageError(["replay", "--game", "bagh-chal", "--moves", "c3-c4"], names: ["in hand"])
        try assertUsageError(["replay", "--game", "bagh-chal", "--ply-limit", "0"], names: ["--ply-limit"])
        try assertUsageError(["replay", "--game", "bagh-chal", "--long-range"], names: ["--long-range"])
        try assertUsageError(["search", "--game", "bagh-chal", "--agent", "alphabeta:w.edge=1"], names: ["w.edge", "w.trapped"])
        try assertUsageError(["perft", "--game", "bagh", "--depth", "1"], names: ["bagh-chal"])
    }

    func testHelpListsTheGames() throws {
        let run = try benchOK(["--help"])
        XCTAssertTrue(run.stdout.contains("Bagh-Chal"), run.stdout)
        XCTAssertTrue(run.stdout.contains("tigers-goats, coin-sorter, bagh-chal"), run.stdout)
    }
}
