import Foundation
import XCTest

/// `bench train` and the agents that read its weights: a run, its resume, its files,
/// and every kind of bad input refused with one line.
final class TrainCommandTests: XCTestCase {
    func testTrainingWritesItsFilesAndResumesToTheSameWeights() throws {
        let whole = scratchURL("bench-train-whole-"), split = scratchURL("bench-train-split-")
        let run = try benchOK(["train", "--game", "coin-sorter", "--episodes", "8", "--seed", "3", "--out", whole.path], timeout: 300)
        XCTAssertTrue(run.stdout.contains("episodes 8: mean score"), run.stdout)
        XCTAssertTrue(run.stdout.contains("trained 8 episodes (seed 3, alpha 0.1, batch 1)"), run.stdout)
        for name in ["weights.bin", "curve.csv", "curve.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: whole.appendingPathComponent(name).path), name)
        }
        let curve = try String(contentsOf: whole.appendingPathComponent("curve.csv"), encoding: .utf8)
        XCTAssertTrue(curve.hasPrefix("episodes,count,mean_score\n8,8,"), curve)

        // Interrupted at 4 (a checkpoint), then resumed: the same file, byte for byte.
        _ = try benchOK(["train", "--game", "coin-sorter", "--episodes", "4", "--seed", "3", "--out", split.path], timeout: 300)
        let resumed = try benchOK(["train", "--game", "coin-sorter", "--episodes", "8", "--resume", "--out", split.path], timeout: 300)
        XCTAssertTrue(resumed.stdout.contains("trained 8 episodes"), resumed.stdout)
        XCTAssertEqual(try Data(contentsOf: whole.appendingPathComponent("weights.bin")),
                       try Data(contentsOf: split.appendingPathComponent("weights.bin")))

        // Two threads in batches: the same weights as one thread with the same batch.
        let b1 = scratchURL("bench-train-b1-"), b2 = scratchURL("bench-train-b2-")
        _ = try benchOK(["train", "--game", "coin-sorter", "--episodes", "8", "--batch", "4", "--out", b1.path], timeout: 300)
        _ = try benchOK(["train", "--game", "coin-sorter", "--episodes", "8", "--batch", "4", "--threads", "2", "--out", b2.path], timeout: 300)
        XCTAssertEqual(try Data(contentsOf: b1.appendingPathComponent("weights.bin")),
                       try Data(contentsOf: b2.appendingPathComponent("weights.bin")))

        // The learned agents play a tournament.
        let weights = whole.appendingPathComponent("weights.bin").path
        let tournament = scratchURL("bench-train-tournament-")
        let t = try benchOK(["tournament", "--game", "coin-sorter", "--agents", "greedy:eval=\(weights)",
                             "expectimax:depth=2,samples=2,width=3,eval=\(weights)", "--games", "2", "--seed", "7",
                             "--out", tournament.path], timeout: 300)
        XCTAssertTrue(t.stdout.contains("greedy:eval="), t.stdout)
        let search = try benchOK(["search", "--game", "coin-sorter", "--seed", "7", "--agent", "greedy:eval=\(weights)"])
        XCTAssertTrue(search.stdout.contains("move"), search.stdout)
    }

    func testBadTrainingInputIsRefusedWithOneLine() throws {
        let out = scratchURL("bench-train-bad-")
        try assertUsageError(["train", "--game", "coin-sorter"], names: ["train", "--out"])
        try assertUsageError(["train", "--out", out.path], names: ["train", "--game", "is required", "coin-sorter"])
        try assertUsageError(["train", "--game", "balls", "--out", out.path], names: ["balls", "no learned evaluation"])
        try assertUsageError(["train", "--game", "coin-sorter", "--batch", "3", "--episodes", "30", "--out", out.path],
                             names: ["--batch", "divide 1000"])
        try assertUsageError(["train", "--game", "coin-sorter", "--batch", "20", "--episodes", "30", "--out", out.path],
                             names: ["--episodes", "multiple"])
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "0", "--out", out.path], names: ["--episodes"])
        try assertUsageError(["train", "--game", "coin-sorter", "--alpha", "0", "--out", out.path], names: ["--alpha"])
        try assertUsageError(["train", "--game", "coin-sorter", "--alpha", "fast", "--out", out.path], names: ["--alpha", "fast"])
        try assertUsageError(["train", "--game", "coin-sorter", "--seed", "-1", "--out", out.path], names: ["--seed"])
        try assertUsageError(["train", "--game", "coin-sorter", "--frobnicate", "--out", out.path], names: ["--frobnicate"])
        try assertUsageError(["train", "--game", "coin-sorter", "--resume", "--out", out.path], names: ["--resume", "no training run"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("weights.bin").path), "nothing written")

        _ = try benchOK(["train", "--game", "coin-sorter", "--episodes", "5", "--out", out.path], timeout: 300)
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "10", "--out", out.path], names: ["already holds", "--resume"])
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "10", "--seed", "2", "--resume", "--out", out.path],
                             names: ["seed is 1, not 2"])
        // A damaged checkpoint: a runtime failure, one line, and nothing overwritten.
        let weights = out.appendingPathComponent("weights.bin")
        var bytes = try Data(contentsOf: weights)
        bytes[bytes.count / 2] ^= 1
        try bytes.write(to: weights)
        try assertUsageError(["train", "--game", "coin-sorter", "--episodes", "10", "--resume", "--out", out.path],
                             names: ["checksum mismatch"], status: 1)
        XCTAssertEqual(try Data(contentsOf: weights), bytes)

        // Agents with a missing or damaged weights file, or hand-made weights beside one.
        // (A file that cannot be used is a runtime failure, status 1, in every command;
        // hand-made weights beside a learned evaluation are a usage error, status 2.)
        try assertUsageError(["tournament", "--game", "coin-sorter", "--agents", "greedy", "greedy:eval=\(weights.path)", "--games", "2"],
                             names: ["greedy:eval=", "checksum mismatch"], status: 1)
        try assertUsageError(["search", "--game", "coin-sorter", "--agent", "expectimax:eval=/nonexistent/w.bin"],
                             names: ["expectimax:eval=/nonexistent/w.bin", "cannot read"], status: 1)
        try assertUsageError(["search", "--game", "coin-sorter", "--agent", "greedy:eval=\(weights.path)"],
                             names: ["checksum mismatch"], status: 1)
        try assertUsageError(["search", "--game", "coin-sorter", "--agent", "greedy:eval=\(weights.path),w.four=1"],
                             names: ["hand-made"])
    }
}
