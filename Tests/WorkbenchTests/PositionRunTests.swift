import Boards
import Foundation
import Search
@testable import Workbench
import XCTest

/// Gradings and placement studies kept in folders (``PositionRun``): shards merged to
/// what one machine writes, a resumed run equal to an uninterrupted one, and the
/// refusals of bench merge (on the reduced two-capture table of GradingTests).
final class PositionRunTests: XCTestCase {
    private var root: URL!
    private var table: BaghChalTablebase { GradingTests.table }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("position-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func grade(_ name: String, shard: Shard?, seed: UInt64 = 4, positions: Int = 40, resume: Bool = false,
                       agent: String = "greedy", asRecorded: Bool = false) throws -> PositionRunReport {
        let catalog = BaghChal.agentCatalog
        let checked = try catalog.checkedSpec(agent)
        // As `bench grade --resume` does with asRecorded: the agent the run recorded.
        let (spec, resolved, _) = asRecorded ? Grading.agentAsRecorded(checked, in: url(name), catalog: catalog)
            : (checked, checked.resolved.text, nil)
        return try Grading.run(BaghChal.self, agent: checked.text, table: table, folder: root.appendingPathComponent(name),
                               positions: positions, seed: seed, shard: shard, resume: resume, threads: 2,
                               command: "bench grade --out \(name)", resolved: resolved) { seed throws(ParseError) in
            try catalog.make(spec, seed: seed)
        }.report
    }

    private func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    private func json(_ name: String, _ file: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url(name).appendingPathComponent(file))) as? [String: Any])
    }

    /// The log's lines without their timing field, in file order.
    private func lines(_ name: String, _ file: String) throws -> [String] {
        try String(contentsOf: url(name).appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            .map { $0.replacingOccurrences(of: #","seconds":[0-9.e-]+"#, with: "", options: .regularExpression) }
    }

    private func assertSameApartFromTiming(_ a: [String: Any], _ b: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        var a = a, b = b
        for key in ["seconds", "threads"] { a[key] = nil; b[key] = nil }
        XCTAssertEqual(a as NSDictionary, b as NSDictionary, file: file, line: line)
    }

    private func assertRefused(_ folders: [String], into out: String, status: Int32, names: [String], partial: Bool = false,
                               file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try PositionRun.merge(folders.map(url), as: GradingSpec.self, into: url(out), partial: partial)
            XCTFail("merged", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind == .usage ? 2 : 1, status, error.message, file: file, line: line)
            for name in names { XCTAssertTrue(error.message.contains(name), "'\(name)' not in: \(error.message)", file: file, line: line) }
            XCTAssertFalse(error.message.contains("\n"), file: file, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url(out).path), "a refused merge left \(out)", file: file, line: line)
    }

    func testShardsOfAGradingMergeToTheOneMachineRun() throws {
        let whole = try grade("whole", shard: nil)
        for k in [2, 0, 1] { _ = try grade("shard-\(k)", shard: Shard(index: k, count: 3)) }
        // Shard k holds exactly the positions n with n mod 3 = k.
        let shard1 = try lines("shard-1", "graded.jsonl")
        XCTAssertEqual(shard1.count, 13)
        XCTAssertEqual(shard1.map { line -> Int in
            let digits = line.range(of: #""position":[0-9]+"#, options: .regularExpression).map { line[$0].dropFirst(11) }
            return Int(digits ?? "") ?? -1
        }, Array(stride(from: 1, to: 40, by: 3)))
        let outcome = try PositionRun.merge(["shard-1", "shard-2", "shard-0"].map(url), as: GradingSpec.self, into: url("merged"),
                                            partial: false) { "whole run of: " + $0 }
        XCTAssertEqual(outcome.missing, 0)
        XCTAssertEqual(outcome.shards, 3)
        assertSameApartFromTiming(try json("whole", "report.json"), try json("merged", "report.json"))
        XCTAssertEqual(try lines("whole", "graded.jsonl"), try lines("merged", "graded.jsonl"))
        XCTAssertEqual(outcome.text.components(separatedBy: "\n").last, whole.text.components(separatedBy: "\n").last)
        let merged = try PositionRun.readFile(url("merged"), as: GradingSpec.self)
        XCTAssertNil(merged.shard)
        XCTAssertTrue(merged.command.hasPrefix("whole run of: "), "the front end's command is recorded")
        // The merged folder is a run like any other: resuming it grades nothing and changes nothing.
        _ = try grade("merged", shard: nil, resume: true)
        XCTAssertEqual(try lines("whole", "graded.jsonl"), try lines("merged", "graded.jsonl"))
    }

    func testAResumedShardEqualsAnUninterruptedOneWithoutDuplicates() throws {
        _ = try grade("clean", shard: Shard(index: 1, count: 2), positions: 30)
        _ = try grade("cut", shard: Shard(index: 1, count: 2), positions: 30)
        // Interrupted: six positions done, the seventh half-written.
        let log = url("cut").appendingPathComponent("graded.jsonl")
        let text = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        try (text.prefix(6).joined(separator: "\n") + "\n" + text[6].prefix(20)).write(to: log, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: url("cut").appendingPathComponent("report.json"))
        _ = try grade("cut", shard: Shard(index: 1, count: 2), positions: 30, resume: true)
        XCTAssertEqual(try lines("clean", "graded.jsonl"), try lines("cut", "graded.jsonl"))
        assertSameApartFromTiming(try json("clean", "report.json"), try json("cut", "report.json"))
        // Another run's options, or a new run on a folder that holds one, are refused.
        XCTAssertThrowsError(try grade("cut", shard: Shard(index: 1, count: 2), seed: 5, positions: 30, resume: true)) {
            XCTAssertTrue(($0 as? WorkbenchError)?.message.contains("options differ") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try grade("cut", shard: Shard(index: 1, count: 2), positions: 30)) {
            XCTAssertTrue(($0 as? WorkbenchError)?.message.contains("already holds a run") ?? false, "\($0)")
        }
    }

    func testMergeRefusesOverlapsForeignShardsAndDamageAndNamesWhatIsMissing() throws {
        for k in 0..<3 { _ = try grade("s\(k)", shard: Shard(index: k, count: 3)) }
        _ = try grade("other-seed", shard: Shard(index: 2, count: 3), seed: 9)
        _ = try grade("other-count", shard: Shard(index: 1, count: 4))
        _ = try grade("unsharded", shard: nil)
        assertRefused(["s0", "s1", "s0"], into: "m1", status: 2, names: ["shard 0/3 is given twice"])
        assertRefused(["s0", "s1", "other-seed"], into: "m2", status: 2, names: ["other-seed", "another run"])
        assertRefused(["s0", "other-count"], into: "m3", status: 2, names: ["other-count", "another run"])
        assertRefused(["unsharded", "s1"], into: "m4", status: 2, names: ["unsharded", "not a shard"])
        assertRefused(["s0", "s2"], into: "m5", status: 1, names: ["13 of 40 items missing", "first: 1, 4, 7", "shards not given: 1/3"])
        // With --partial the report covers what there is.
        let partial = try PositionRun.merge(["s0", "s2"].map(url), as: GradingSpec.self, into: url("m6"), partial: true)
        XCTAssertEqual(partial.missing, 13)
        XCTAssertEqual(try json("m6", "report.json")["positions"] as? Int, 27)
        // Damage: a line of another shard, a line twice, a value that is not one, a torn line in the middle.
        let log = url("s1").appendingPathComponent("graded.jsonl")
        let good = try String(contentsOf: log, encoding: .utf8)
        let first = String(good.split(separator: "\n")[0])
        for (bad, names) in [
            (first.replacingOccurrences(of: "\"position\":1,", with: "\"position\":2,"), ["line 14", "another shard"]),
            (first, ["line 14", "appears twice"]),
            (first.replacingOccurrences(of: #""after":"[A-Z0-9]+""#, with: #""after":"X2""#, options: .regularExpression), ["line 14", "not a graded position"]),
            ("{\"position\":", ["line 14", "not a graded position"]),
        ] {
            try (good + bad + "\n" + first.replacingOccurrences(of: "\"position\":1,", with: "\"position\":100,") + "\n")
                .write(to: log, atomically: true, encoding: .utf8)
            assertRefused(["s0", "s1", "s2"], into: "m7", status: 1, names: ["s1/graded.jsonl"] + names)
        }
        try good.write(to: log, atomically: true, encoding: .utf8)
        // A grading is not a placement study, and a merge never writes into a folder that holds files.
        XCTAssertThrowsError(try PositionRun.merge([url("s0")], as: PlacementStudySpec.self, into: url("m8"), partial: false)) {
            XCTAssertTrue(($0 as? WorkbenchError)?.message.contains("holds a grading run, not a placement run") ?? false, "\($0)")
        }
        let before = try lines("s0", "graded.jsonl")
        XCTAssertThrowsError(try PositionRun.merge(["s0", "s1", "s2"].map(url), as: GradingSpec.self, into: url("s0"), partial: false)) {
            XCTAssertTrue(($0 as? WorkbenchError)?.message.contains("already holds files") ?? false, "\($0)")
        }
        XCTAssertEqual(try lines("s0", "graded.jsonl"), before)
    }

    func testShardsOfAPlacementStudyMergeToTheOneMachineStudy() throws {
        let spec = PlacementStudySpec(game: "bagh-chal", goatsInHand: [2, 1], positions: 5, seed: 3, nodeLimit: 1_000_000,
                                      tableMegabytes: 1)
        XCTAssertEqual(spec.itemCount, 10)
        XCTAssertEqual(spec.locate(7).index, 1)
        XCTAssertEqual(spec.locate(7).position, 2)
        func study(_ name: String, _ shard: Shard?) throws {
            _ = try PlacementStudy.study(BaghChal.self, table: table, spec: spec, folder: url(name), shard: shard, resume: false,
                                         threads: 2, command: "bench solve --study \(name)")
        }
        try study("whole", nil)
        try study("p0", Shard(index: 0, count: 2))
        try study("p1", Shard(index: 1, count: 2))
        _ = try PositionRun.merge([url("p1"), url("p0")], as: PlacementStudySpec.self, into: url("merged"), partial: false)
        func reports(_ name: String) throws -> [[String: Any]] {
            let data = try Data(contentsOf: url(name).appendingPathComponent("report.json"))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]]).map {
                var r = $0
                for key in ["seconds", "nodesPerSecond"] { r[key] = nil }
                return r
            }
        }
        let whole = try reports("whole"), merged = try reports("merged")
        XCTAssertEqual(whole.count, 2)
        XCTAssertEqual(whole as NSArray, merged as NSArray)
        XCTAssertEqual(try lines("whole", "solved.jsonl").sorted(), try lines("merged", "solved.jsonl").sorted())
        XCTAssertEqual(try lines("merged", "solved.jsonl").first?.contains("\"number\":0,"), true)
        // The same values as the study without a folder.
        let plain = PlacementStudy.run(table: table, goatsInHand: 2, count: 5, seed: 3, nodeLimit: 1_000_000, threads: 1,
                                       tableMegabytes: 1)
        XCTAssertEqual(whole[0]["values"] as? [String], plain.values)
        XCTAssertEqual(whole[0]["nodes"] as? [Int], plain.nodes)
    }

    /// Rewrites `run.json` of `name`: `edit` changes its fields.
    private func editRunFile(_ name: String, _ edit: (inout [String: Any]) -> Void) throws {
        let file = url(name).appendingPathComponent(PositionRun.configName)
        var fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        edit(&fields)
        try JSONSerialization.data(withJSONObject: fields).write(to: file)
    }

    func testAGradingRecordsTheResolvedAgentAndResumeRefusesAChangedMeaningButAnOldFolderResumes() throws {
        _ = try grade("g", shard: nil, positions: 6, agent: "alphabeta:depth=1")
        let file = try json("g", PositionRun.configName)
        XCTAssertEqual(file["version"] as? String, WorkbenchVersion.current)
        let spec = try XCTUnwrap(file["spec"] as? [String: Any])
        XCTAssertEqual((spec["resolvedAgent"] as? String)?.contains("lmr=on"), true, "\(spec)")
        let report = try String(contentsOf: url("g").appendingPathComponent("report.md"), encoding: .utf8)
        XCTAssertTrue(report.contains("resolved by bench \(WorkbenchVersion.current)"), report)
        // The run as an earlier default made it: the same name, another meaning.
        try editRunFile("g") { fields in
            var spec = fields["spec"] as! [String: Any]
            spec["resolvedAgent"] = (spec["resolvedAgent"] as! String).replacingOccurrences(of: "lmr=on", with: "lmr=off")
            fields["spec"] = spec
        }
        XCTAssertThrowsError(try grade("g", shard: nil, positions: 6, resume: true, agent: "alphabeta:depth=1")) { error in
            let e = error as! WorkbenchError
            XCTAssertEqual(e.kind, .usage)
            XCTAssertTrue(e.message.contains("agent 'alphabeta:depth=1': lmr was off, now on"), e.message)
        }
        // bench grade --resume plays the agent as the run recorded it, and says so.
        let checked = try BaghChal.agentCatalog.checkedSpec("alphabeta:depth=1")
        let recorded = Grading.agentAsRecorded(checked, in: url("g"), catalog: BaghChal.agentCatalog)
        XCTAssertEqual(recorded.spec.bool("lmr"), false)
        XCTAssertEqual(recorded.resolved, checked.resolved.text.replacingOccurrences(of: "lmr=on", with: "lmr=off"))
        XCTAssertEqual(recorded.note, "agent 'alphabeta:depth=1' plays as the run recorded it, not as this version reads the name (lmr: on → off)")
        let asRecorded = try grade("g", shard: nil, positions: 6, resume: true, agent: "alphabeta:depth=1", asRecorded: true)
        XCTAssertTrue(asRecorded.text.contains("lmr=off"), asRecorded.text)
        // A folder written before resolved specs were recorded resumes on its name, and says so.
        try editRunFile("g") { fields in
            var spec = fields["spec"] as! [String: Any]
            spec["resolvedAgent"] = nil
            fields["spec"] = spec
            fields["version"] = nil
        }
        let old = try grade("g", shard: nil, positions: 6, resume: true, agent: "alphabeta:depth=1")
        XCTAssertTrue(old.text.contains("Resolved specs were not recorded"), old.text)
        // Another agent is another run, whatever it resolves to.
        XCTAssertThrowsError(try grade("g", shard: nil, positions: 6, resume: true, agent: "greedy"))
    }

    func testAPlacementStudyRecordsTheVersionAndAnOldFolderResumes() throws {
        let spec = PlacementStudySpec(game: "bagh-chal", goatsInHand: [1], positions: 2, seed: 3, nodeLimit: 100_000, tableMegabytes: 1)
        func study(resume: Bool) throws -> PositionRunReport {
            try PlacementStudy.study(BaghChal.self, table: table, spec: spec, folder: url("p"), shard: nil, resume: resume,
                                     threads: 1, command: "bench solve --study p").report
        }
        XCTAssertTrue(try study(resume: false).text.contains("Computed by bench \(WorkbenchVersion.current)."))
        XCTAssertEqual(try json("p", PositionRun.configName)["version"] as? String, WorkbenchVersion.current)
        try editRunFile("p") { $0["version"] = nil }
        let old = try study(resume: true)
        XCTAssertTrue(old.text.contains("version not recorded"), old.text)
        let report = try String(contentsOf: url("p").appendingPathComponent("report.md"), encoding: .utf8)
        XCTAssertTrue(report.contains("version not recorded"), report)
    }

    func testGradedLinesRoundTripAndRefuseImpossibleValues() throws {
        for v in [TablebaseValue.draw, .win(plies: 1), .win(plies: 37), .loss(plies: 0), .loss(plies: 12)] {
            XCTAssertEqual(TablebaseValue(code: v.shortCode), v)
        }
        for bad in ["W", "D1", "w1", "W01", "W-1", "X", "", "W+1"] { XCTAssertNil(TablebaseValue(code: bad), bad) }
        let line = GradedLine(number: 3, move: GradedMove(before: .win(plies: 3), after: .loss(plies: 0), forfeit: .time), seconds: 0.5)
        let data = try JSONEncoder().encode(line)
        XCTAssertEqual(try JSONDecoder().decode(GradedLine.self, from: data), line)
        let spec = GradingSpec(game: "bagh-chal", agent: "greedy", positions: 10, seed: 1)
        XCTAssertNil(spec.problem(with: line))
        XCTAssertNotNil(spec.problem(with: GradedLine(number: 3, move: GradedMove(before: .draw, after: .win(plies: 3)), seconds: 0)))
    }
}
