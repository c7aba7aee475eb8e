import Boards
import Foundation
import Workbench
import XCTest

/// A tournament run through the library is a tournament folder `bench` reads: `report`
/// rebuilds its tables, and `--resume` with the same options finds nothing left to play.
final class LibraryFolderTests: XCTestCase {
    func testBenchReportReadsAFolderTheLibraryWrote() throws {
        let folder = try scratchFolder("library-folder")
        let tournament = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn("greedy")],
                                                     gamesPerPairing: 4, seed: 5)
        let summary = try tournament.run(in: folder, threads: 2)
        XCTAssertEqual(summary.run.gamesThisRun, 4)
        XCTAssertTrue(summary.markdown.contains("Produced by a program using the Workbench library"))
        let log = try Data(contentsOf: folder.appendingPathComponent("games.jsonl"))
        let report = try benchOK(["report", "--in", folder.path])
        XCTAssertTrue(report.stdout.contains("`greedy`"), report.stdout)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("games.jsonl")), log, "report only reads the log")
        let again = try bench(["tournament", "--agents", "random", "greedy", "--games", "4", "--seed", "5",
                               "--openings", "4", "--out", folder.path])
        XCTAssertEqual(again.status, 2, "a second run into the folder is refused: \(again.stderr)")
        XCTAssertTrue(again.stderr.contains("already holds a tournament"), again.stderr)
    }
}
