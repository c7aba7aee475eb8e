import Foundation
import XCTest
import Boards
import Search
@testable import Workbench

/// Games defined only in the tests, outside the registry, run through the library as
/// what they are: the tournament asks the game how many players it has, never its name.
final class ToyGameTournamentTests: XCTestCase {
    func testAToyTwoPlayerGameRunsARoundRobinWithTheGenericAgents() throws {
        XCTAssertThrowsError(try GameRegistry.game(named: ToyNim.name), "the toy is not in the registry")
        let tournament = try Tournament<ToyNim>(
            entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("alphabeta:depth=8"), .builtIn("mcts:playouts=300")],
            gamesPerPairing: 10, seed: 3, openingPlies: 1)
        XCTAssertEqual(tournament.config.players, 2)
        XCTAssertFalse(tournament.config.isPuzzle)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toy-nim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try tournament.run(in: folder, threads: 2)
        XCTAssertEqual(summary.games, 60)
        // Perfect play from 15 - 1 stones: alpha-beta to depth 8 sees every win it can force.
        let records = try RecordLog.read(folder.appendingPathComponent("games.jsonl")).records
        XCTAssertEqual(records.count, 60)
        let ab = records.filter { $0.agents.contains("alphabeta:depth=8") && $0.agents.contains("random") }
        let abScore = ab.compactMap { $0.score(of: "alphabeta:depth=8") }.reduce(0, +)
        XCTAssertGreaterThan(abScore, Double(ab.count) * 0.8, "alpha-beta should beat random at Nim")
        // The folder is a tournament folder like the command line's: a second run is
        // refused, and reading it back gives the same tables.
        XCTAssertThrowsError(try tournament.run(in: folder, threads: 1)) { error in
            XCTAssertTrue("\(error)".contains("already holds a tournament"), "\(error)")
        }
        let resumed = try tournament.run(in: folder, resume: true, threads: 1)
        XCTAssertEqual(resumed.games, 60)
        XCTAssertEqual(try RecordLog.read(folder.appendingPathComponent("games.jsonl")).records.count, 60, "nothing replayed")
    }

    func testTheToyGameDescribesItselfAndItsRuleOptions() throws {
        let d = ToyNim.gameDescription
        XCTAssertEqual(d.players, 2)
        XCTAssertEqual(d.chance, .none)
        XCTAssertEqual(d.rules.map(\.name), ["stones"])
        var values = RuleValues(parameters: ToyNim.ruleParameters)
        XCTAssertEqual(try ToyNim.rules(values), ToyNim.defaultRules)
        try values.set("stones", "7")
        XCTAssertEqual(try ToyNim.rules(values).stones, 7)
        // The library names the rule (its field), not the command line's option for it.
        for (name, text) in [("stones", "+7"), ("stones", "201"), ("pebbles", "3")] {
            do {
                try values.set(name, text)
                XCTFail("\(name)=\(text) was taken")
            } catch {
                XCTAssertEqual(error.field, name)
                XCTAssertFalse(error.message.contains("--"), error.message)
            }
        }
        XCTAssertEqual(ToyNim.agentDescriptions.map(\.name), ["random", "greedy", "alphabeta", "mcts"])
    }

    func testAToyPuzzlePlaysAPuzzleTournamentWithTheGenericAgents() throws {
        XCTAssertThrowsError(try GameRegistry.game(named: ToyFlips.name), "the toy is not in the registry")
        let tournament = try Tournament<ToyFlips>(
            entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("expectimax:depth=1,samples=64"),
                       .builtIn("mcts:playouts=200")],
            deals: 200, seed: 4)
        XCTAssertEqual(tournament.config.players, 1)
        XCTAssertTrue(tournament.config.isPuzzle)
        let summary = try tournament.run(threads: 2)
        let means = Dictionary(uniqueKeysWithValues: summary.puzzleAgents.map { ($0.agent, $0.scores.mean) })
        // Greedy sees only the sure point: 8 a deal. Expectimax sees that a flip is worth
        // 1.5 and flips every time: 12 a deal in expectation.
        XCTAssertEqual(means["greedy"] ?? nil, 8)
        XCTAssertGreaterThan((means["expectimax:depth=1,samples=64"] ?? nil) ?? 0, 11)
        XCTAssertEqual(ToyFlips.gameDescription.chance, .everyTurn)
    }
}
