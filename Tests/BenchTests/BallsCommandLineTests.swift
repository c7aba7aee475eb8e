import Foundation
import XCTest
import Boards

/// `bench` with `--game balls`: replay's keys, the level on every command, taps given
/// on the command line checked in one line, play with `show T`, tournaments and reports
/// with the pass rate.
final class BallsCommandLineTests: XCTestCase {
    struct ReplayJSON: Decodable {
        let game: String
        let seed: UInt64
        let position: String
        let score: Int
        let over: Bool
        let passed: Bool
        let ticks: Int?
    }

    func testReplayPrintsScoreTicksAndPassedAsTheSimulatorComputesThem() throws {
        let run = try benchOK(["replay", "--game", "balls", "--level", "1", "--seed", "1", "--moves", "0@65,199", "--json"])
        let r = try JSONDecoder().decode(ReplayJSON.self, from: Data(run.stdout.utf8))
        XCTAssertEqual(r.game, "balls")
        XCTAssertEqual(r.score, 2)
        XCTAssertEqual(r.ticks, 173)
        XCTAssertEqual(r.passed, true)
        XCTAssertTrue(r.over)
        XCTAssertEqual(r.position, "1 173 96,268,1,-1 21,244,1,-1 over")
        var rng = SplitMix64(seed: 17)
        for _ in 0..<6 {
            let level = 1 + rng.next(below: 10), seed = UInt64(rng.next(below: 1000))
            let state = BallsReferee(seed: seed, level: BallsLevel(level)!).state
            let t = rng.next(below: BallsField.period)
            let b = state.ball(rng.next(below: state.ballCount), atTick: t)
            let tap = BallsTap(t: t, x: min(max(b.x, 0), 319), y: min(max(b.y, 0), 479))
            let want = state.simulate(tap)
            let got = try JSONDecoder().decode(ReplayJSON.self, from: Data(try benchOK(
                ["replay", "--game", "balls", "--level", String(level), "--seed", String(seed), "--moves", tap.notation, "--json"]).stdout.utf8))
            XCTAssertEqual(got.score, want.score)
            XCTAssertEqual(got.ticks, want.ticks)
            XCTAssertEqual(got.passed, want.passed)
        }
        let dealt = try JSONDecoder().decode(ReplayJSON.self, from: Data(try benchOK(["replay", "--game", "balls", "--json"]).stdout.utf8))
        XCTAssertEqual(dealt.position, "1 0 65,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1")
        XCTAssertNil(dealt.ticks)
        XCTAssertFalse(dealt.passed)
        XCTAssertFalse(dealt.over)
        let text = try benchOK(["replay", "--game", "balls", "--seed", "1", "--moves", "0@65,199"])
        XCTAssertEqual(text.stdoutLines, ["1 173 96,268,1,-1 21,244,1,-1 over", "score: 2, ticks: 173, passed: yes (game over)"])
    }

    func testBadTapsAndLevelsAreOneLineUsageErrors() throws {
        try assertUsageError(["replay", "--game", "balls", "--moves", "0@320,1"], names: ["move 1", "outside the field"])
        try assertUsageError(["replay", "--game", "balls", "--moves", "308802@1,1"], names: ["tick 308802", "0...308801"])
        try assertUsageError(["replay", "--game", "balls", "--moves", "-1@1,1"], names: ["tick -1"])
        try assertUsageError(["replay", "--game", "balls", "--moves", "5@1"], names: ["malformed tap '5@1'"])
        try assertUsageError(["replay", "--game", "balls", "--moves", "5@1,1,"], names: ["malformed tap"])
        try assertUsageError(["replay", "--game", "balls", "--moves", "1@1,1 2@2,2"], names: ["move 2", "already over"])
        try assertUsageError(["replay", "--game", "balls", "--level", "11"], names: ["--level", "1...10"])
        try assertUsageError(["replay", "--game", "balls", "--level", "+3"], names: ["--level"])
        try assertUsageError(["search", "--game", "balls", "--agent", "greedy", "--moves", "1@1,1"], names: ["over"])
        try assertUsageError(["search", "--game", "balls", "--agent", "greedy:window=0"], names: ["window"])
        try assertUsageError(["tournament", "--game", "balls", "--agents", "random", "--level", "0"], names: ["--level"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--level", "2"], names: ["--level"])
    }

    func testSearchAndAgentsSpeakOfTheLevel() throws {
        let run = try benchOK(["search", "--game", "balls", "--level", "10", "--seed", "3", "--agent", "greedy:window=10", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let move = try XCTUnwrap(object["move"] as? String)
        let state = BallsReferee(seed: 3, level: BallsLevel(10)!).state
        XCTAssertGreaterThan(state.directCatches(try state.parseMove(move)), 0)
        XCTAssertTrue((object["position"] as? String)?.hasPrefix("10 0 ") == true)
        let agents = try benchOK(["agents", "--game", "balls"]).stdout
        XCTAssertTrue(agents.contains("random") && agents.contains("greedy") && agents.contains("window"), agents)
        XCTAssertTrue(agents.contains("--level"), agents)
    }

    func testTournamentAndReportGiveThePassRateAndTheRecordsReplay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("balls-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try benchOK(["tournament", "--game", "balls", "--level", "3", "--agents", "random", "greedy:window=30",
                               "--games", "8", "--seed", "4", "--threads", "2", "--out", folder.path])
        XCTAssertTrue(run.stdout.contains("| passed | pass rate [95%] |"), run.stdout)
        let report = try benchOK(["report", "--in", folder.path])
        func scores(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("/8 |") } }
        XCTAssertEqual(scores(report.stdout).count, 2, report.stdout)
        XCTAssertEqual(scores(report.stdout), scores(run.stdout))
        let log = try String(contentsOf: folder.appendingPathComponent("games.jsonl"), encoding: .utf8)
        for line in log.split(separator: "\n") {
            let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let moves = try XCTUnwrap(r["moves"] as? [String])
            let seed = try XCTUnwrap(r["seed"] as? UInt64)
            let replay = try JSONDecoder().decode(ReplayJSON.self, from: Data(try benchOK(
                ["replay", "--game", "balls", "--level", "3", "--seed", String(seed), "--moves", moves[0], "--json"]).stdout.utf8))
            XCTAssertEqual(r["score"] as? Int, replay.score)
            XCTAssertEqual(r["passed"] as? Bool, replay.passed)
        }
        // A record whose pass was forged is refused by report, naming its line.
        let forged = log.replacingOccurrences(of: "\"passed\":false", with: "\"passed\":true")
        guard forged != log else { return }
        try forged.write(to: folder.appendingPathComponent("games.jsonl"), atomically: true, encoding: .utf8)
        try assertUsageError(["report", "--in", folder.path], names: ["games.jsonl line", "passed true"], status: 1)
    }

    /// Shards of a tournament at a level other than the default merge to the one-machine
    /// tables: the merge checks each record under the shards' own rules.
    func testShardsAtALevelMergeToTheOneMachineTables() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("balls-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let args = ["tournament", "--game", "balls", "--level", "4", "--agents", "random", "greedy:window=20", "--games", "6",
                    "--seed", "9", "--threads", "1"]
        let whole = try benchOK(args + ["--out", root.appendingPathComponent("whole").path])
        for k in 0..<3 { _ = try benchOK(args + ["--shard", "\(k)/3", "--out", root.appendingPathComponent("s\(k)").path]) }
        let merged = try bench(["merge", "--out", root.appendingPathComponent("merged").path, "--shards"]
            + (0..<3).map { root.appendingPathComponent("s\($0)").path })
        XCTAssertEqual(merged.status, 0, merged.stderr)
        func rows(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("/6 |") } }
        XCTAssertEqual(rows(merged.stdout).count, 2, merged.stdout)
        XCTAssertEqual(rows(merged.stdout), rows(whole.stdout))
    }

    func testPlayTakesATapAndShowsTheFieldAtATick() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("balls-play-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: record) }
        let run = try bench(["play", "--game", "balls", "--seed", "1", "--record", record.path],
                            input: "moves\nshow 30\nshow x\n5@400,1\n0@65,199\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 30 35,169,-1,-1 45,411,-1,-1 135,183,-1,-1 120,387,-1,-1"), run.stdout)
        XCTAssertTrue(run.stdout.contains("show T: T must be a tick"), run.stdout)
        XCTAssertTrue(run.stdout.contains("outside the field"), run.stdout)
        XCTAssertTrue(run.stdout.contains("moves are too many to list"), run.stdout)
        XCTAssertTrue(run.stdout.contains("game over: score 2 (passed)"), run.stdout)
        let line = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").last!
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(r["moves"] as? [String], ["0@65,199"])
        XCTAssertEqual(r["passed"] as? Bool, true)
    }
}
