import Boards
import Foundation
@testable import Workbench
import XCTest

/// The record log: appends whole lines, reading changes nothing, and only the resume
/// repair cuts a torn last line or ends a last line that lacks its newline.
final class RecordLogTests: XCTestCase {
    func record(_ index: Int) -> GameRecord {
        GameRecord(index: index, agents: ["greedy"], sides: ["player"], seed: UInt64(index), moves: ["a1:b1"],
                   result: .score(index), outcome: "score \(index)", times: [0], nodes: [1], playouts: [0])
    }

    func temporaryURL() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAppendedRecordsReadBackInOrder() throws {
        let url = temporaryURL()
        let log = try RecordLog(appendingTo: url)
        for i in 0..<5 { try log.append(record(i)) }
        let contents = try RecordLog.read(url)
        XCTAssertEqual(contents.records.map(\.index), [0, 1, 2, 3, 4])
        XCTAssertFalse(contents.tornLastLine)
    }

    func testGroupCommitWritesEachRecordAtOnceAndSynchronisesInGroups() throws {
        for policy in SyncPolicy.allCases {
            let url = temporaryURL()
            let log = try RecordLog(appendingTo: url, sync: policy)
            for i in 0..<3 {
                try log.append(record(i))
                // In the file (a killed process loses nothing) before any synchronisation.
                XCTAssertEqual(try RecordLog.read(url).records.map(\.index), Array(0...i), "\(policy)")
            }
            GroupCommit.syncAll()
            try log.synchronize()
            XCTAssertEqual(try RecordLog.read(url).records.count, 3)
        }
    }

    func testTheDirectRecordLineIsTheEncodersText() throws {
        for r in try variedRecords() { XCTAssertEqual(r.jsonLine, try JSON.text(r)) }
    }

    func testMoveTimesInWholeMicrosecondsAreWrittenAsTheEncoderWritesThem() throws {
        // The writer formats whole microseconds itself; the encoder's text is the reference.
        var rng = SplitMix64(seed: 6)
        var micros: [UInt64] = Array(0..<1_200) + [9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 1_000_001,
                                                    123_456_789, 999_999_999_999_999, 100_000_000_000_000]
        for _ in 0..<6_000 { micros.append(rng.next() % [1_000, 1_000_000, 1_000_000_000, 999_999_999_999_999][Int(rng.next() % 4)]) }
        var r = record(9)
        for start in stride(from: 0, to: micros.count, by: 500) {
            r.times = micros[start..<min(start + 500, micros.count)].map { Double($0) / 1e6 }
            XCTAssertEqual(r.jsonLine, try JSON.text(r))
        }
    }

    /// Records of every game, with failures, odd strings and format 1-2 shapes.
    func variedRecords() throws -> [GameRecord] {
        var records: [GameRecord] = []
        let tg = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn("greedy")], gamesPerPairing: 2, seed: 3)
        records += try (0..<2).map { try tg.play($0) }
        let bc = try Tournament<BaghChal>(entrants: [.builtIn("random"), .builtIn("greedy")], gamesPerPairing: 2, seed: 4)
        records += try (0..<2).map { try bc.play($0) }
        let cs = try Tournament<CoinSorter>(entrants: [.builtIn("greedy")], deals: 2, seed: 5)
        records += try (0..<2).map { try cs.play($0) }
        let balls = try Tournament<Balls>(entrants: [.builtIn("random")], deals: 2, seed: 7)
        records += try (0..<2).map { try balls.play($0) }
        // The games' move times are the run's clock; replaced by whole microseconds from a
        // seed (as Match rounds them, of every size from 0 to minutes), so that these
        // records, and the damaged lines made from them, are the same on every run.
        var clock = SplitMix64(seed: 12)
        for i in records.indices {
            records[i].times = records[i].times.indices.map { k in
                Double(clock.next() % [10, 1_000, 1_000_000, 100_000_000][k % 4]) / 1e6
            }
        }
        var odd = record(9)
        odd.agents = ["a\"b\\c/d:e=f", "tab\tnew\nline\r\u{1}\u{8}\u{c}\u{1f}é\u{7f}\u{2028}😀"]
        odd.times = [1, 0.5, 3.2759999157860875e-06, 1e-7, 123456789, 1e21, 0, 1e16, 0.1, 1e15, -0.0]
        odd.nodes = [0, Int.max, -3]
        odd.seed = UInt64.max
        odd.start = "a position\nwith lines"
        odd.passed = true
        odd.failure = AgentFailure(.crash, "exited with \"status\" 3", stderr: ["line 1", "\u{1b}[31mred"])
        records.append(odd)
        var unpassed = record(11)
        unpassed.passed = false
        unpassed.pairing = 2
        unpassed.pair = 1
        records.append(unpassed)
        var old = record(10)
        old.format = 2
        old.pairing = 2
        old.pair = 1
        records.append(old)
        return records
    }

    func testTheDirectReaderGivesWhatTheDecoderGivesOrLeavesTheLineToIt() throws {
        let decoder = JSONDecoder()
        func direct(_ line: String) -> GameRecord? { direct(Array(line.utf8)) }
        func direct(_ bytes: [UInt8]) -> GameRecord? { bytes.withUnsafeBytes { GameRecord.read(line: $0) } }
        var rng = SplitMix64(seed: 11)
        var readDirectly = 0, mutated = 0
        for r in try variedRecords() {
            XCTAssertEqual(direct(r.jsonLine), r, "a line as written reads directly")
            XCTAssertEqual(direct(r.jsonLine), try decoder.decode(GameRecord.self, from: Data(r.jsonLine.utf8)))
            // Damaged, reordered or re-spelled lines: whatever the reader accepts, the
            // decoder accepts as the same record (and the reader accepts no duplicate key).
            let bytes = Array(r.jsonLine.utf8)
            let alphabet = Array("{}[]\",:0123456789-.eE+ \\tnu\"abcdefghijklmnopqrstuvwxyz".utf8)
            for _ in 0..<300 {
                var m = bytes
                let at = Int(rng.next() % UInt64(m.count))
                switch rng.next() % 4 {
                case 0: m.remove(at: at)
                case 1: m.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 2: m[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                default:
                    let len = min(Int(rng.next() % 40), m.count - at)
                    m.insert(contentsOf: m[at..<(at + len)], at: at)
                }
                mutated += 1
                let line = String(decoding: m, as: UTF8.self)
                guard let got = direct(m) else { continue }
                readDirectly += 1
                XCTAssertNil(JSON.duplicateKey(in: Data(m)), line)
                XCTAssertEqual(got, try? decoder.decode(GameRecord.self, from: Data(m)), line)
            }
        }
        XCTAssertGreaterThan(readDirectly, 0, "some mutations are still records (a digit changed)")
        XCTAssertLessThan(readDirectly, mutated)
        // JSON the writer never writes goes to the decoder.
        let line = record(3).jsonLine
        for variant in [line.replacingOccurrences(of: ",", with: ", "), line.replacingOccurrences(of: "\"index\":3", with: "\"index\":3.0"),
                        line.replacingOccurrences(of: "\"moves\"", with: "\"unknown\":null,\"moves\"")] {
            XCTAssertNil(direct(variant), variant)
        }
    }

    func testExponentsTheWriterNeverWritesAreLeftToTheDecoder() throws {
        // Found by the fuzz above on a run whose times gave `0.000E7`, which the decoder refuses.
        var r = record(9)
        r.times = [0.5]
        for form in ["0.000E7", "5E-1", "5e1", "0e+1", "0.0e-1"] {
            let line = r.jsonLine.replacingOccurrences(of: "\"times\":[0.5]", with: "\"times\":[\(form)]")
            XCTAssertTrue(line.contains(form))
            XCTAssertNil(Array(line.utf8).withUnsafeBytes { GameRecord.read(line: $0) }, line)
        }
    }

    func testARecordLinesIndexIsReadWithoutDecodingItWhateverItsStringsHold() throws {
        var odd = record(1234)
        odd.agents = ["\"index\":7,", "x\\\"index\":8"]
        odd.moves = ["{\"index\":9}", "]", "["]
        odd.failure = AgentFailure(.crash, "\"index\":10", stderr: ["}", "{"])
        for r in [record(0), record(41), odd] {
            XCTAssertEqual(GameRecord.index(inLine: Data(r.jsonLine.utf8)), r.index)
        }
        // Not as the writer puts the key: no index read (the reader then decodes the line).
        for line in ["{\"index\" : 3}", "{\"index\":-3}", "{\"index\":3.5}", "{\"a\":{\"index\":3}}", "{\"index\":", "", "{\"agents\":[\"index\"]}"] {
            XCTAssertNil(GameRecord.index(inLine: Data(line.utf8)), line)
        }
    }

    /// The report page's strings (the same escaper with `forHTML`) decode to the same text
    /// and carry nothing that could end a `<script>` element or a JavaScript string.
    func testHTMLSafeJSONStringsDecodeToTheSameTextAndHoldNoMarkup() throws {
        let texts = ["</script><b>&amp;", "a\"b\\c/d", "tab\tnew\nline\r\u{1}\u{8}\u{c}\u{1f}\u{7f}",
                     "sep\u{2028}par\u{2029}", "é\u{2027}\u{202a}€", ""]
        for text in texts {
            let quoted = JSONText.string(text)
            XCTAssertEqual(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)), text)
            XCTAssertFalse(quoted.contains { "<>&\u{2028}\u{2029}".contains($0) }, quoted)
            var plain: [UInt8] = []
            JSON.appendQuoted(text, to: &plain)
            XCTAssertEqual(String(decoding: plain, as: UTF8.self), try JSON.text(text))
        }
    }

    func testReadingATornLogChangesNothingAndRepairCutsTheTornLine() throws {
        let url = temporaryURL()
        let log = try RecordLog(appendingTo: url)
        for i in 0..<3 { try log.append(record(i)) }
        let whole = try Data(contentsOf: url)
        let torn = whole + Data(#"{"agents":["gre"#.utf8)
        try torn.write(to: url)
        let contents = try RecordLog.read(url)
        XCTAssertTrue(contents.tornLastLine)
        XCTAssertEqual(contents.records.count, 3)
        XCTAssertEqual(try Data(contentsOf: url), torn, "reading never rewrites the log")
        XCTAssertNotNil(try RecordLog.repairTornLastLine(url))
        XCTAssertEqual(try Data(contentsOf: url), whole)
        XCTAssertNil(try RecordLog.repairTornLastLine(url), "a whole log needs no repair")
    }

    func testAWholeLastLineWithoutItsNewlineIsEndedBeforeAppending() throws {
        let url = temporaryURL()
        let log = try RecordLog(appendingTo: url)
        for i in 0..<2 { try log.append(record(i)) }
        var data = try Data(contentsOf: url)
        data.removeLast()
        try data.write(to: url)
        XCTAssertTrue(try RecordLog.read(url).missingFinalNewline)
        XCTAssertNotNil(try RecordLog.repairTornLastLine(url))
        try RecordLog(appendingTo: url).append(record(2))
        XCTAssertEqual(try RecordLog.read(url).records.map(\.index), [0, 1, 2])
    }

    func testAMalformedLineInTheMiddleIsARuntimeErrorNamingTheLine() throws {
        let url = temporaryURL()
        let log = try RecordLog(appendingTo: url)
        try log.append(record(0))
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n".utf8))
        try handle.close()
        try log.append(record(1))
        XCTAssertThrowsError(try RecordLog.read(url)) { error in
            let e = error as! WorkbenchError
            XCTAssertEqual(e.kind, .runtime)
            XCTAssertTrue(e.message.contains("line 2"), e.message)
        }
    }

    func testADeviceIsRefusedAsALogBeforeAnythingIsWritten() throws {
        // /dev/full once stood in for a full disk; a device is now refused at the open.
        XCTAssertThrowsError(try RecordLog(appendingTo: URL(fileURLWithPath: "/dev/full"))) { error in
            XCTAssertEqual((error as! WorkbenchError).kind, .runtime)
            XCTAssertEqual((error as! WorkbenchError).message, "/dev/full: not a regular file (a character device)")
        }
    }
}
