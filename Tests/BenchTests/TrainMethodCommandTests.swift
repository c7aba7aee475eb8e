import Foundation
import XCTest

/// `bench train`'s method options (`--symmetric`, `--init`, `--tc`), its held-out
/// evaluation (`--eval-every`, `--eval-games`, `--eval-seed`) and `--compare`, from the
/// command line: bad values refused with one line, tiny runs that work. (Every process
/// that builds a network pays its tables, about a second in a debug build, so each test
/// starts few of them; what training computes is checked in the library's tests.)
final class TrainMethodCommandTests: XCTestCase {
    func testBadMethodOptionsAreRefusedWithOneLineAndWriteNothing() throws {
        let out = scratchURL("bench-train-method-bad-")
        func refused(_ options: [String], _ words: [String], status: Int32 = 2) throws {
            try assertUsageError(["train", "--game", "coin-sorter", "--out", out.path] + options, names: words, status: status)
        }
        try refused(["--init", "2000"], ["--init", "2000", "out of range"])
        try refused(["--init", "high"], ["--init", "high"])
        try refused(["--init"], ["--init"])
        try refused(["--eval-every", "1500"], ["--eval-every", "multiple of 1000", "1500"])
        try refused(["--eval-every", "500"], ["--eval-every", "500"])
        try refused(["--eval-games", "0"], ["--eval-games", "0"])
        try refused(["--eval-seed", "5000000000"], ["--eval-seed", "5000000000"])
        try refused(["--symmetric=yes"], ["--symmetric", "no value"])
        try refused(["--tc=1"], ["--tc", "no value"])
        try refused(["--stages", "0"], ["--stages", "0"])
        try refused(["--stages", "12"], ["--stages", "12"])
        for item in ["plain", "=runA", "plain=", "a=runA,b"] {
            try refused(["--compare", item], ["--compare", "NAME=DIR"])
        }
        try refused(["--compare", ","], ["--compare", "at least one"])
        try refused(["--compare", "plain=/nonexistent/run"], ["/nonexistent/run", "no training run"])
        try refused(["--compare", "a=runA,a=runB"], ["--compare", "'a'", "twice"])
        // Options that mean nothing alone, or with --compare, are refused, never ignored.
        try refused(["--eval-games", "10"], ["--eval-games", "needs --eval-every"])
        try refused(["--eval-seed", "7"], ["--eval-seed", "needs --eval-every"])
        for option in [["--episodes", "5"], ["--resume"], ["--tc"], ["--seed", "2"]] {
            try refused(["--compare", "a=runA"] + option, ["--compare", option[0], "means nothing"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
    }

    /// A tiny run with every method option, its file's header, and a resume that keeps them.
    func testATinyRunWithTheMethodOptionsWritesThemAndItsResumeKeepsThem() throws {
        let run = scratchURL("bench-train-method-")
        let first = try benchOK(["train", "--game", "coin-sorter", "--episodes", "6", "--seed", "3", "--symmetric", "--tc", "--init", "5",
                                 "--eval-every", "1000", "--eval-games", "3", "--out", run.path], timeout: 300)
        XCTAssertTrue(first.stdout.contains("trained 6 episodes (seed 3, alpha 0.1, batch 1, symmetric tuples, temporal coherence, "
                                            + "initial value 5.0)"), first.stdout)
        // Format 2 (the method's fields), layout 4 (fully symmetric), coherence flag, initial value 5.
        let bytes = [UInt8](try Data(contentsOf: run.appendingPathComponent("weights.bin")))
        func field(_ offset: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }
        XCTAssertEqual(field(8, 4), 2)
        XCTAssertEqual(field(12, 4), 4)
        XCTAssertEqual(field(72, 4), 1)
        XCTAssertEqual(Double(bitPattern: field(80, 8)), 5)
        // No held-out evaluation before the first multiple of --eval-every.
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.appendingPathComponent("heldout.csv").path))

        let resumed = try benchOK(["train", "--game", "coin-sorter", "--episodes", "10", "--resume", "--out", run.path], timeout: 300)
        XCTAssertTrue(resumed.stdout.contains("trained 10 episodes (seed 3, alpha 0.1, batch 1, symmetric tuples, temporal coherence, "
                                              + "initial value 5.0)"), resumed.stdout)
    }

    /// A run holds its first checkpoint (0 episodes) from its start: one killed in its
    /// first block resumes (it was refused both as a new run, "not empty", and as a resume).
    func testARunKilledInItsFirstBlockResumes() throws {
        let run = scratchURL("bench-train-killed-early-")
        let bench = try startBench(["train", "--game", "coin-sorter", "--episodes", "1000000", "--threads", "1", "--out", run.path])
        let weights = run.appendingPathComponent("weights.bin")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: weights.path) && Date() < deadline { usleep(10_000) }
        kill(bench.process.processIdentifier, SIGKILL)
        _ = bench.wait(timeout: 30)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.appendingPathComponent("curve.csv").path), "killed in its first block")
        let resumed = try benchOK(["train", "--game", "coin-sorter", "--episodes", "2", "--resume", "--out", run.path], timeout: 300)
        XCTAssertTrue(resumed.stdout.contains("trained 2 episodes"), resumed.stdout)
    }

    /// A run's method is fixed at its start: a resume asking for another is refused, the
    /// checkpoint untouched.
    func testAResumeWithAnotherMethodIsRefused() throws {
        let run = scratchURL("bench-train-method-resume-")
        _ = try benchOK(["train", "--game", "coin-sorter", "--episodes", "2", "--out", run.path], timeout: 300)
        let weights = try Data(contentsOf: run.appendingPathComponent("weights.bin"))
        let resume = ["train", "--game", "coin-sorter", "--episodes", "4", "--resume", "--out", run.path]
        try assertUsageError(resume + ["--tc"], names: ["--resume", "does not learn with temporal coherence"])
        try assertUsageError(resume + ["--symmetric"], names: ["--resume", "not fully symmetric"])
        try assertUsageError(resume + ["--init", "3"], names: ["--resume", "initial value 0.0, not 3.0"])
        try assertUsageError(resume + ["--stages", "2"], names: ["--resume", "11 stages, not 2"])
        // Nothing left to play: a rate would be reported and never stored, a smaller target
        // taken as done.
        let atTarget = ["train", "--game", "coin-sorter", "--episodes", "2", "--resume", "--out", run.path]
        try assertUsageError(atTarget + ["--alpha", "0.5"], names: ["--resume", "2 episodes already"])
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "1", "--resume", "--out", run.path],
                             names: ["--episodes", "2 episodes already, more than 1"])
        XCTAssertEqual(try Data(contentsOf: run.appendingPathComponent("weights.bin")), weights)
        // A curve that is not one (no header) is a corrupt file, not an empty curve to write over.
        let curve = run.appendingPathComponent("curve.csv")
        try Data("garbage,x\n".utf8).write(to: curve)
        try assertUsageError(resume, names: ["curve.csv", "line 1", "corrupt"], status: 1)
        XCTAssertEqual(try String(contentsOf: curve, encoding: .utf8), "garbage,x\n")
        XCTAssertEqual(try Data(contentsOf: run.appendingPathComponent("weights.bin")), weights)
    }

    /// `--stages`: a tiny run writes format 3 with its stage count, its resume keeps it
    /// and refuses another.
    func testATinyStagedRunRecordsItsStagesAndItsResumeKeepsThem() throws {
        let run = scratchURL("bench-train-stages-")
        let first = try benchOK(["train", "--game", "coin-sorter", "--episodes", "4", "--seed", "3", "--stages", "2", "--out", run.path], timeout: 300)
        XCTAssertTrue(first.stdout.contains("trained 4 episodes (seed 3, alpha 0.1, batch 1, 2 stages)"), first.stdout)
        let bytes = [UInt8](try Data(contentsOf: run.appendingPathComponent("weights.bin")))
        XCTAssertEqual(bytes[8], 3)
        XCTAssertEqual(bytes[16], 2)
        let resume = ["train", "--game", "coin-sorter", "--episodes", "6", "--resume", "--out", run.path]
        try assertUsageError(resume + ["--stages", "3"], names: ["--resume", "2 stages, not 3"])
        let resumed = try benchOK(resume + ["--stages", "2"], timeout: 300)
        XCTAssertTrue(resumed.stdout.contains("trained 6 episodes (seed 3, alpha 0.1, batch 1, 2 stages)"), resumed.stdout)
    }

    /// `--compare` draws the held-out curves of runs side by side from their `heldout.csv`
    /// (written here by hand: a run reaching an evaluation costs a thousand episodes), and
    /// refuses a damaged one.
    func testCompareDrawsTheRunsHeldOutCurves() throws {
        let a = try scratchFolder("bench-train-compare-a-"), b = try scratchFolder("bench-train-compare-b-")
        let out = scratchURL("bench-train-compare-out-")
        try "episodes,games,first_seed,mean_score\n1000,300,6000000,9.5000\n2000,300,6000000,10.2500\n"
            .write(to: a.appendingPathComponent("heldout.csv"), atomically: true, encoding: .utf8)
        try "episodes,games,first_seed,mean_score\n1000,300,6000000,10.1000\n"
            .write(to: b.appendingPathComponent("heldout.csv"), atomically: true, encoding: .utf8)
        // A folder without its checkpoint holds no training run (exit 2, as everywhere).
        try assertUsageError(["train", "--game", "coin-sorter", "--compare", "a=\(a.path)", "--out", out.path],
                             names: ["--compare", "no training run", "weights.bin missing"])
        // (The checkpoint's presence is all --compare asks of it.)
        for folder in [a, b] { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("weights.bin").path, contents: Data()) }
        // Into a run's own folder, as results/coin-sorter-learning/README.md does it.
        _ = try benchOK(["train", "--game", "coin-sorter", "--compare", "b=\(b.path)", "--out", a.path])
        let run = try benchOK(["train", "--game", "coin-sorter", "--compare", "plain TD=\(a.path),with TC=\(b.path)", "--out", out.path])
        XCTAssertTrue(run.stdout.contains("held-out curves of 2 runs"), run.stdout)
        let csv = try String(contentsOf: out.appendingPathComponent("heldout-curves.csv"), encoding: .utf8)
        XCTAssertEqual(csv, "run,episodes,games,first_seed,mean_score\nplain TD,1000,300,6000000,9.5000\nplain TD,2000,300,6000000,10.2500\n"
                       + "with TC,1000,300,6000000,10.1000\n")
        let svg = try String(contentsOf: out.appendingPathComponent("heldout-curves.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("plain TD") && svg.contains("with TC") && svg.contains("300 deals from seed 6000000"), svg)

        // The curves are never replaced: the same comparison again writes the same files,
        // another one into the folder is refused.
        _ = try benchOK(["train", "--game", "coin-sorter", "--compare", "plain TD=\(a.path),with TC=\(b.path)", "--out", out.path])
        try assertUsageError(["train", "--game", "coin-sorter", "--compare", "a=\(a.path)", "--out", out.path],
                             names: ["--out", "heldout-curves.csv", "exists", "never replaces"])
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("heldout-curves.csv"), encoding: .utf8), csv)

        try "episodes,games,first_seed,mean_score\n1000,300,six,9.5\n".write(to: b.appendingPathComponent("heldout.csv"), atomically: true, encoding: .utf8)
        try assertUsageError(["train", "--game", "coin-sorter", "--compare", "a=\(a.path),b=\(b.path)", "--out", scratchURL("bench-train-compare-bad-").path],
                             names: ["heldout.csv", "line 2", "corrupt"], status: 1)
    }
}
