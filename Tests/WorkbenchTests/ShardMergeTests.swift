import Boards
import Foundation
import Search
import Workbench
import XCTest

/// Shards of a tournament (`--shard K/N`) and their merge: the partition, the merged
/// folder against one machine's, and the refusals.
final class ShardMergeTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("shard-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func tournament(shard: Shard?, seed: UInt64 = 3, games: Int = 6) throws -> Tournament<BaghChal> {
        try Tournament<BaghChal>(entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("alphabeta:depth=1")],
                                 gamesPerPairing: games, seed: seed, shard: shard)
    }

    private func runShards(_ n: Int, seed: UInt64 = 3, only: [Int]? = nil) throws -> [URL] {
        var folders: [URL] = []
        for k in only ?? Array(0..<n) {
            let folder = root.appendingPathComponent("shard-\(seed)-\(k)")
            _ = try tournament(shard: Shard(index: k, count: n), seed: seed).run(in: folder, threads: 2)
            folders.append(folder)
        }
        return folders
    }

    private func files(_ folders: [URL]) throws -> [TournamentFile<BaghChal.Rules>] {
        try folders.map { try JSONDecoder().decode(TournamentFile<BaghChal.Rules>.self,
                                                   from: Data(contentsOf: $0.appendingPathComponent("tournament.json"))) }
    }

    private func merge(_ folders: [URL], into name: String, partial: Bool = false) throws -> MergeOutcome {
        try ShardMerge.merge(folders, files: files(folders), into: root.appendingPathComponent(name), partial: partial) {
            RecordCheck<BaghChal>(file: $0, source: "games.jsonl")
        }
    }

    private func records(_ folder: URL) throws -> [[String: Any]] {
        try String(contentsOf: folder.appendingPathComponent("games.jsonl"), encoding: .utf8).split(separator: "\n").map {
            var r = try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            r["times"] = nil
            return r
        }
    }

    /// summary.json without the fields that depend on the run (machine, timing) and the command.
    private func summary(_ folder: URL) throws -> NSDictionary {
        var s = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("summary.json"))) as! [String: Any]
        s["run"] = nil
        s["command"] = nil
        return s as NSDictionary
    }

    func testEveryGameIsInExactlyOneShardAndPairsStayTogether() throws {
        for n in [1, 2, 3, 7, 40] {
            let shards = (0..<n).map { try! tournament(shard: Shard(index: $0, count: n)).config }
            let total = shards[0].totalGames
            var seen = Array(repeating: 0, count: total)
            for c in shards { for i in 0..<total where c.plays(i) { seen[i] += 1 } }
            XCTAssertEqual(seen, Array(repeating: 1, count: total), "N = \(n)")
            for c in shards {
                XCTAssertEqual((0..<total).filter { c.plays($0) }.count, c.scheduledGames)
                for pair in stride(from: 0, to: total, by: 2) { XCTAssertEqual(c.plays(pair), c.plays(pair + 1)) }
            }
        }
    }

    func testMergedShardsEqualTheSameTournamentOnOneMachine() throws {
        let one = root.appendingPathComponent("one")
        _ = try tournament(shard: nil).run(in: one, threads: 1)
        let folders = try runShards(4)
        let outcome = try merge(folders.reversed(), into: "merged")
        let merged = root.appendingPathComponent("merged")
        XCTAssertEqual(outcome.missing, 0)
        XCTAssertEqual(try summary(merged), try summary(one))
        let a = try records(merged), b = try records(one).sorted { ($0["index"] as! Int) < ($1["index"] as! Int) }
        XCTAssertEqual(a.map { $0["index"] as! Int }, Array(0..<18), "schedule order")
        XCTAssertEqual(a.map { $0 as NSDictionary }, b.map { $0 as NSDictionary })
        // The merged folder is a tournament folder like any other: resuming plays nothing.
        let resumed = try tournament(shard: nil).run(in: merged, resume: true, threads: 1)
        XCTAssertEqual(resumed.run.gamesThisRun, 0)
        XCTAssertEqual(resumed.games, 18)
    }

    func testAShardResumesInItsFolder() throws {
        let folder = root.appendingPathComponent("resumed")
        let t = try tournament(shard: Shard(index: 1, count: 3))
        _ = try t.run(in: folder, threads: 1)
        // Cut the log after its first game, as a killed run leaves it, and resume.
        let log = folder.appendingPathComponent("games.jsonl")
        let first = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")[0]
        try Data((first + "\n").utf8).write(to: log)
        let summary = try t.run(in: folder, resume: true, threads: 2)
        XCTAssertEqual(summary.games, t.config.scheduledGames)
        XCTAssertEqual(summary.run.gamesThisRun, t.config.scheduledGames - 1)
    }

    func testMissingGamesAreNamedAndRefusedUnlessPartial() throws {
        let folders = try runShards(3, only: [0, 2])
        XCTAssertThrowsError(try merge(folders, into: "missing")) { error in
            let message = (error as! WorkbenchError).message
            XCTAssertTrue(message.contains("6 of 18 games are missing"), message)
            XCTAssertTrue(message.contains("shards not given: 1"), message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("missing").path), "nothing written")
        let outcome = try merge(folders, into: "partial", partial: true)
        XCTAssertEqual(outcome.missing, 6)
        XCTAssertEqual(try summary(root.appendingPathComponent("partial"))["games"] as? Int, 12)
    }

    func testForeignOverlappingAndUnshardedFoldersAreRefusedInOneLine() throws {
        let mine = try runShards(2)
        let foreign = try runShards(2, seed: 99, only: [1])
        let one = root.appendingPathComponent("one")
        _ = try tournament(shard: nil).run(in: one, threads: 1)
        for (folders, expected) in [([mine[0], foreign[0]], "another tournament"), ([mine[0], mine[0]], "given twice"),
                                    ([mine[0], one], "is not a shard")] {
            XCTAssertThrowsError(try merge(folders, into: "refused")) { error in
                let e = error as! WorkbenchError
                XCTAssertEqual(e.kind, .usage)
                XCTAssertTrue(e.message.contains(expected), e.message)
                XCTAssertFalse(e.message.contains("\n"))
            }
        }
    }

    func testADamagedOrMisplacedRecordIsRefused() throws {
        let folders = try runShards(2)
        // A game of shard 0 copied into shard 1's log: not shard 1's.
        let log0 = folders[0].appendingPathComponent("games.jsonl"), log1 = folders[1].appendingPathComponent("games.jsonl")
        let stray = try String(contentsOf: log0, encoding: .utf8).split(separator: "\n")[0]
        let original = try Data(contentsOf: log1)
        try (original + Data((stray + "\n").utf8)).write(to: log1)
        XCTAssertThrowsError(try merge(folders, into: "stray")) { error in
            XCTAssertTrue((error as! WorkbenchError).message.contains("is not in shard 1/2"), "\(error)")
        }
        // A record whose result was edited.
        let edited = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"result\":\"0-1\"", with: "\"result\":\"1-0\"")
        XCTAssertNotEqual(edited, String(decoding: original, as: UTF8.self))
        try Data(edited.utf8).write(to: log1)
        XCTAssertThrowsError(try merge(folders, into: "edited")) { error in
            XCTAssertEqual((error as! WorkbenchError).kind, .runtime)
        }
    }

    func testAnSPRTCannotBeSharded() throws {
        XCTAssertThrowsError(try Tournament<BaghChal>(entrants: [.builtIn("random"), .builtIn("greedy")], gamesPerPairing: 4,
                                                      sprt: SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05),
                                                      shard: Shard(index: 0, count: 2))) { error in
            XCTAssertEqual((error as! WorkbenchError).field, "shard")
        }
    }
}
