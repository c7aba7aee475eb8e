import Foundation
import XCTest

/// The Coin Sorter oracle on the command line: every command that runs it says it
/// reads the referee's future draws, and its games replay like any others.
final class OracleCommandLineTests: XCTestCase {
    static let futureDraws = "reads the referee's random stream: it sees the future draws"

    func temporaryFolder() -> URL { scratchURL("bench-oracle-") }

    func testSearchWithTheOracleWorksAndSaysItReadsTheFutureDraws() throws {
        let run = try benchOK(["search", "--game", "coin-sorter", "--agent", "oracle", "--seed", "7"], timeout: 300)
        XCTAssertTrue(run.stdoutLines.first?.hasPrefix("note: 'oracle' \(Self.futureDraws)") == true, run.stdout)
        XCTAssertTrue(run.stdout.contains("ceiling"), run.stdout)
        XCTAssertTrue(run.stdout.contains("oracle on TTTTS/TSTCC/SSTST/TSCCS/SCCSC 10 0"), run.stdout)
        // The principal variation is the whole plan: 10 swaps.
        let pv = try XCTUnwrap(run.stdoutLines.first { $0.hasPrefix("pv ") })
        XCTAssertEqual(pv.split(separator: " ").count, 11, String(pv))

        let json = try benchOK(["search", "--game", "coin-sorter", "--agent", "oracle:beam=5", "--seed", "7", "--json"])
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertTrue((r["note"] as? String)?.contains("sees the future draws") == true, json.stdout)
        XCTAssertNotNil(r["move"] as? String)

        // A real agent's search carries no note.
        let greedy = try benchOK(["search", "--game", "coin-sorter", "--agent", "greedy", "--seed", "7", "--json"])
        XCTAssertFalse(greedy.stdout.contains("note"), greedy.stdout)
    }

    func testHelpAndErrorsNameTheOracleAsACeiling() throws {
        let help = try benchOK(["help", "search"])
        XCTAssertTrue(help.stdout.contains("oracle"), help.stdout)
        XCTAssertTrue(help.stdout.contains("future"), help.stdout)
        try assertUsageError(["search", "--game", "coin-sorter", "--agent", "orakel"],
                             names: ["orakel", "oracle (reads the future draws: a ceiling, not an agent)"])
        // Tuning a player that sees the future would tune nothing real play could use.
        let out = temporaryFolder()
        try assertUsageError(["tune", "--game", "coin-sorter", "--agent", "oracle:beam=5", "--iterations", "1", "--out", out.path],
                             names: ["tune", "oracle:beam=5", "future draws"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
    }

    func testPlaySaysSoAndRecordsTheOracle() throws {
        let record = temporaryFolder().appendingPathExtension("jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(at: record) }
        let run = try bench(["play", "--game", "coin-sorter", "--player", "oracle:beam=5", "--seed", "3", "--record", record.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("note: 'oracle:beam=5' \(Self.futureDraws)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("game over: score"), run.stdout)
        let text = try String(contentsOf: record, encoding: .utf8)
        XCTAssertTrue(text.contains("\"agents\":[\"oracle:beam=5\"]"), text)
    }

    /// A tournament with an oracle: a note on stderr, the tables mark it, and the log
    /// validates on resume and rebuilds with `bench report`.
    func testTournamentReportAndResumeWithTheOracle() throws {
        let out = temporaryFolder()
        let args = ["tournament", "--game", "coin-sorter", "--agents", "greedy", "oracle:beam=5", "--games", "4",
                    "--seed", "7", "--threads", "2", "--out", out.path]
        let run = try bench(args)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("'oracle:beam=5' \(Self.futureDraws)"), run.stderr)
        XCTAssertTrue(run.stdout.contains("| `oracle:beam=5` (sees the future draws) |"), run.stdout)
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        let report = try benchOK(["report", "--in", out.path])
        // The tables (not the run's clock and machine lines) are the same from the log alone.
        func tables(_ text: String) -> String {
            String(text.components(separatedBy: "## Scores").last!.components(separatedBy: "## Throughput")[0])
        }
        XCTAssertEqual(tables(try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)), tables(summary))
        XCTAssertTrue(report.stdout.contains("its score is a ceiling"), report.stdout)
        let resumed = try bench(args + ["--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
    }
}
