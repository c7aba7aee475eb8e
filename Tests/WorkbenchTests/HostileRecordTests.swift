import Boards
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Search
@testable import Workbench
import XCTest

/// Records, logs and move lists made to lie (issue 18), refused in process: every
/// redundant field of a record agrees with the replay, a line gives each key once,
/// logs are regular files, and a `--moves` list has no empty item.
final class HostileRecordTests: XCTestCase {
    // MARK: - Fixtures

    func puzzleTournament() throws -> Tournament<CoinSorter> {
        try Tournament<CoinSorter>(entrants: [.builtIn("greedy"), .builtIn("random")], deals: 2, seed: 5)
    }

    func twoPlayerTournament() throws -> Tournament<TigersGoats> {
        try Tournament<TigersGoats>(entrants: [.builtIn("greedy"), .builtIn("random")], gamesPerPairing: 2, seed: 3,
                                    openingPlies: 2)
    }

    /// The message `record` is refused with by its tournament's check, or `nil`.
    func refusal(_ record: GameRecord, in t: Tournament<CoinSorter>) -> String? {
        var check = RecordCheck<CoinSorter>(config: t.config, source: "games.jsonl")
        do { try check.check(record, line: 3) } catch { return error.message }
        return nil
    }

    func refusal(_ record: GameRecord, in t: Tournament<TigersGoats>) -> String? {
        var check = RecordCheck<TigersGoats>(file: t.file, source: "games.jsonl")
        do { try check.check(record, line: 3) } catch { return error.message }
        return nil
    }

    /// `record` as its line of JSON, changed by `edit`, decoded again (text, not a
    /// dictionary, so that 64-bit seeds go through exactly).
    func decodeEdited(_ record: GameRecord, _ edit: (String) -> String) throws -> GameRecord {
        try JSONDecoder().decode(GameRecord.self, from: Data(edit(try JSON.text(record)).utf8))
    }

    func assertDecodingFails(_ record: GameRecord, naming words: [String], file: StaticString = #filePath, line: UInt = #line,
                             _ edit: (String) -> String) {
        XCTAssertThrowsError(try decodeEdited(record, edit), file: file, line: line) { error in
            let text = JSON.describe(error)
            for word in words { XCTAssertTrue(text.contains(word), "\(text) should name \(word)", file: file, line: line) }
        }
    }

    /// The line with the value of `"score"` replaced by `value`.
    func settingScore(_ value: String) -> (String) -> String {
        { $0.replacingOccurrences(of: #""score":-?[0-9]+"#, with: "\"score\":\(value)", options: .regularExpression) }
    }

    // MARK: - Redundant fields

    func testTheRecordsATournamentWritesPassEveryCheck() throws {
        let puzzle = try puzzleTournament()
        for i in 0..<puzzle.config.totalGames {
            let r = try puzzle.play(i)
            XCTAssertNil(refusal(r, in: puzzle))
            XCTAssertEqual(try decodeEdited(r) { $0 }, r, "a record reads back as written")
        }
        let match = try twoPlayerTournament()
        for i in 0..<match.config.totalGames {
            let r = try match.play(i)
            XCTAssertNil(refusal(r, in: match))
            XCTAssertEqual(try decodeEdited(r) { $0 }, r)
        }
    }

    func testAPuzzleScoreThatContradictsItsResultIsRefusedWhenRead() throws {
        let r = try puzzleTournament().play(0)
        XCTAssertNotNil(try JSON.text(r).range(of: #""score":"#), "a puzzle record carries its score")
        assertDecodingFails(r, naming: ["score -3", "result"], settingScore("-3"))
        assertDecodingFails(r, naming: ["score 1000000000"], settingScore("1000000000"))
    }

    func testAPuzzleResultOrOutcomeThatContradictsTheMovesIsRefused() throws {
        let t = try puzzleTournament()
        let r = try t.play(0)
        let score = try XCTUnwrap(r.puzzleScore)
        var result = r
        result.result = .score(score - 3)
        XCTAssertTrue(refusal(result, in: t)?.contains("result \(score - 3) but the moves score \(score)") == true)
        var outcome = r
        outcome.outcome = "score 1000000000"
        let message = try XCTUnwrap(refusal(outcome, in: t))
        XCTAssertTrue(message.contains("games.jsonl line 3"), message)
        XCTAssertTrue(message.contains("outcome 'score 1000000000' but the moves score \(score)"), message)
        var words = r
        words.outcome = "goats win"
        XCTAssertNotNil(refusal(words, in: t))
    }

    func testAPuzzleRecordWithTwoPlayerFieldsIsRefused() throws {
        let t = try puzzleTournament()
        let r = try t.play(0)
        let edits: [(String, (inout GameRecord) -> Void)] = [
            ("pairing", { $0.pairing = 0 }), ("pair", { $0.pair = 0 }), ("opening", { $0.opening = ["a1:b2"] }),
            ("start", { $0.start = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0" }), ("sides", { $0.sides = ["goats", "tigers"] }),
        ]
        for (field, edit) in edits {
            var bad = r
            edit(&bad)
            let message = refusal(bad, in: t)
            XCTAssertTrue(message?.contains(field) == true, "\(field): \(message ?? "accepted")")
        }
    }

    func testATwoPlayerOutcomeThatContradictsTheResultIsRefused() throws {
        let t = try twoPlayerTournament()
        let r = try t.play(0)
        var bad = r
        bad.outcome = r.outcome == "goats win" ? "tigers win" : "goats win"
        let message = try XCTUnwrap(refusal(bad, in: t))
        XCTAssertTrue(message.contains("outcome '\(bad.outcome)' but the moves end in \(r.outcome)"), message)
    }

    func testATwoPlayerRecordCarryingAScoreIsRefusedWhenRead() throws {
        let r = try twoPlayerTournament().play(0)
        assertDecodingFails(r, naming: ["score 0", "only a finished puzzle game has a score"]) { "{\"score\":0," + $0.dropFirst() }
    }

    func testAResultWrittenWithAPlusOrInHexIsNotAScore() {
        XCTAssertNil(GameResult(text: "+3"))
        XCTAssertNil(GameResult(text: "0x3"))
        XCTAssertNil(GameResult(text: " 3"))
        XCTAssertEqual(GameResult(text: "-3"), .score(-3))
    }

    // MARK: - Duplicate keys

    func testDuplicateKeysAreFoundInAnyObjectAndThroughEscapes() {
        func dup(_ text: String) -> String? { JSON.duplicateKey(in: Data(text.utf8)) }
        XCTAssertNil(dup(#"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#), "the same key in different objects is fine")
        XCTAssertEqual(dup(#"{"a":1,"b":2,"a":3}"#), "a")
        XCTAssertEqual(dup(#"{"x":{"k":1,"k":2}}"#), "k")
        XCTAssertEqual(dup(#"{"score":1,"sc\u006fre":2}"#), "score")
        XCTAssertNil(dup(#"{"a":"a","b":["a","a"],"c":"{\"a\":1,\"a\":2}"}"#), "strings that look like keys are values")
        XCTAssertNil(dup(#"{"a\"":1,"a":2}"#))
    }

    func testALogLineGivingAKeyTwiceIsRefusedNamingTheKeyAndTheLine() throws {
        let r = try puzzleTournament().play(0)
        let url = scratch("dup.jsonl")
        let line = try JSON.text(r)
        let doubled = "{\"score\":0," + line.dropFirst()
        try Data((line + "\n" + doubled + "\n").utf8).write(to: url)
        XCTAssertThrowsError(try RecordLog.read(url)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .runtime)
            XCTAssertEqual((error as? WorkbenchError)?.message, "\(url.path) line 2: key 'score' appears twice")
        }
    }

    // MARK: - Files that are not regular files

    func scratch(_ name: String) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent(name)
    }

    /// `url` made into a FIFO, a link to /dev/zero, a link to itself, a broken link, a folder.
    func hostilePaths() throws -> [(URL, String)] {
        let fifo = scratch("fifo.jsonl")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let zero = scratch("zero.jsonl")
        try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
        let loop = scratch("loop.jsonl")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let broken = scratch("broken.jsonl")
        try FileManager.default.createSymbolicLink(atPath: broken.path, withDestinationPath: broken.path + ".missing")
        let folder = scratch("folder.jsonl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return [(fifo, "a FIFO"), (zero, "a character device"), (loop, "a symbolic link loop"),
                (broken, "a broken symbolic link"), (folder, "a directory")]
    }

    func testLogsThatAreNotRegularFilesAreRefusedForReadingAndAppending() throws {
        let paths = try hostilePaths()
        for (url, kind) in paths {
            let expected = "\(url.path): not a regular file (\(kind))"
            XCTAssertThrowsError(try RecordLog.read(url), kind) { XCTAssertEqual(($0 as? WorkbenchError)?.message, expected) }
            XCTAssertThrowsError(try RecordLog(appendingTo: url), kind) {
                XCTAssertEqual(($0 as? WorkbenchError)?.message, expected)
            }
            XCTAssertThrowsError(try RecordLog.repairTornLastLine(url), kind)
            XCTAssertThrowsError(try JSONLinesLog<GameRecord>.scan(url, describing: "a record") { _, _ in }, kind)
            XCTAssertThrowsError(try RegularFile.contents(url.path), kind)
        }
        // Nothing was created through the broken link.
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[3].0.path + ".missing"))
    }

    func testASymbolicLinkToARegularLogIsFollowedAndAMissingLogIsEmpty() throws {
        let real = scratch("real.jsonl")
        let log = try RecordLog(appendingTo: real)
        try log.append(try puzzleTournament().play(0))
        let link = real.deletingLastPathComponent().appendingPathComponent("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        XCTAssertEqual(try RecordLog.read(link).records.count, 1)
        try RecordLog(appendingTo: link).append(try puzzleTournament().play(1))
        XCTAssertEqual(try RecordLog.read(real).records.count, 2)
        XCTAssertEqual(try RecordLog.read(scratch("none.jsonl")).records.count, 0)
        XCTAssertNil(try RegularFile.contents(scratch("none.json").path))
    }

    // MARK: - Move lists

    func testAnEmptyItemInAMoveListIsAUsageErrorNamingItsPlace() {
        // The library names the setting (`moves`), the command line its flag (`--moves: move 2 is empty`).
        func problem(_ list: String) -> String? {
            do { _ = try Replay.split(list); return nil } catch {
                return error.kind == .usage && error.field == "moves" ? error.message : "runtime or no field"
            }
        }
        XCTAssertEqual(problem("b1-c2,,"), "move 2 is empty")
        XCTAssertEqual(problem(",c3"), "move 1 is empty")
        XCTAssertEqual(problem("a1:c3,,b2:b4"), "move 2 is empty")
        XCTAssertEqual(problem("a1:c3 b2:b4, ,c1:c2"), "move 3 is empty")
        XCTAssertEqual(problem("b1-c2,"), "move 2 is empty")
        XCTAssertEqual(try? Replay.split(" b1-c2 , d4-d3 "), ["b1-c2", "d4-d3"], "blanks around a comma are fine")
        XCTAssertEqual(try? Replay.split("b1-c2 d4-d3\tc1-d2"), ["b1-c2", "d4-d3", "c1-d2"])
        XCTAssertEqual(try? Replay.split(""), [])
        XCTAssertEqual(try? Replay.split("  "), [], "a list of only blanks is no moves")
    }
}
