import Foundation
import XCTest

// The log's promise under the harshest interruption: a run killed with SIGKILL at
// any moment (while starting, between games, in the middle of writing a record)
// and resumed, again and again, ends with the same tables as a run never stopped.
extension TournamentTests {
    func testManyKillsAtRandomMomentsEachFollowedByResumeGiveTheSameTables() throws {
        let arguments = ["tournament", "--agents", "random", "greedy", "alphabeta:depth=2",
                         "--games", "40", "--seed", "9", "--threads", "2"]
        let reference = temporaryFolder("kill-reference")
        _ = try benchOK(arguments + ["--out", reference.path], timeout: 120)

        let folder = temporaryFolder("killed-20-times")
        let config = folder.appendingPathComponent("tournament.json")
        // Kill times from a seeded generator: 0-250 ms after the start, so some kills
        // land while the process starts and some while it writes a record.
        var state: UInt64 = 0x5EED
        var kills = 0
        while kills < 20 {
            let resume = FileManager.default.fileExists(atPath: config.path)
            let process = try startBench(arguments + ["--out", folder.path] + (resume ? ["--resume"] : []))
            state = state &* 6364136223846793005 &+ 1442695040888963407
            usleep(useconds_t((state >> 33) % 250_000))
            guard process.process.isRunning else {
                let run = try XCTUnwrap(process.wait(timeout: 30))
                XCTAssertEqual(run.status, 0, "a run that was not killed ends well: \(run.stderr)")
                break
            }
            kill(process.process.processIdentifier, SIGKILL)
            let killed = try XCTUnwrap(process.wait(timeout: 30))
            // It may have finished between the check and the kill.
            if killed.exited {
                XCTAssertEqual(killed.status, 0, "a run that was not killed ends well: \(killed.stderr)")
                break
            }
            kills += 1
        }
        // On a fast machine the resumed runs may finish the 120 games before the twentieth kill.
        XCTAssertGreaterThanOrEqual(kills, 10, "the run was killed many times before it could finish")
        _ = try benchOK(arguments + ["--out", folder.path, "--resume"], timeout: 120,
                        stderr: nil)
        XCTAssertEqual(try summary(folder), try summary(reference))
        XCTAssertEqual(try records(folder), try records(reference))
        XCTAssertEqual(lineCount(folder.appendingPathComponent("games.jsonl")), 120, "each game once")
    }
}
