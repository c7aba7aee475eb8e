import Foundation
import XCTest
@testable import Workbench

/// The held-out evaluation's file, `heldout.csv`, across a resume.
final class CoinSorterTrainingHeldOutTests: XCTestCase {
    /// A resume that evaluates on other deals keeps the earlier lines' deals as they were
    /// evaluated (each line says its own games and first seed). A resume at the run's
    /// end writes the files again: the cheapest way to see it (training costs seconds).
    func testAResumeWithOtherHeldOutDealsKeepsTheEarlierLinesGamesAndSeed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heldout-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let first = TrainingMethod(evaluateEvery: 1000, evaluationGames: 3, evaluationSeed: 6_000_000)
        _ = try CoinSorterTraining(folder: folder, episodes: 1000, threads: 2, seed: 3, alpha: nil, batch: nil, method: first)
            .run(resume: false) { _, _ in }
        let second = TrainingMethod(evaluateEvery: 1000, evaluationGames: 4, evaluationSeed: 7_000_000)
        _ = try CoinSorterTraining(folder: folder, episodes: 1000, threads: 2, seed: nil, alpha: nil, batch: nil, method: second)
            .run(resume: true) { _, _ in }
        let lines = try String(contentsOf: folder.appendingPathComponent("heldout.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
        XCTAssertEqual(lines, ["episodes,games,first_seed", "1000,3,6000000"])
    }
}
