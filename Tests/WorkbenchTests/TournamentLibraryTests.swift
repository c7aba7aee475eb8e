import Boards
import Foundation
import Search
@testable import Workbench
import XCTest

/// The tournament library as a researcher calls it from Swift: agents of their own,
/// built-in agents by spec, records that replay, results independent of threads, and
/// the record format (old logs still load).
final class TournamentLibraryTests: XCTestCase {
    /// An agent defined outside the library: the first legal move, always.
    struct FirstMove: TwoPlayerAgent {
        typealias Game = TigersGoats
        let spec = "first-move"
        var budget: SearchBudget { SearchBudget() }
        mutating func selectMove(_ game: GameHistory<TigersGoats>, budget: SearchBudget) -> SearchResult<TigersGoats.Move> {
            SearchResult(move: game.position.legalMoves.first)
        }
    }

    func tournament() throws -> Tournament<TigersGoats> {
        try Tournament<TigersGoats>(
            entrants: [Entrant(name: "first-move") { _ in FirstMove() }, .builtIn("greedy"), .builtIn("random")],
            gamesPerPairing: 4, seed: 7, openingPlies: 2)
    }

    func testACustomAgentPlaysBuiltInAgentsAndEveryPairingIsScheduled() throws {
        let summary = try tournament().run(threads: 1)
        XCTAssertEqual(summary.games, 12)
        XCTAssertEqual(summary.pairings.map { [$0.agentA, $0.agentB] },
                       [["first-move", "greedy"], ["first-move", "random"], ["greedy", "random"]])
        XCTAssertEqual(Set(summary.ratings.map(\.agent)), ["first-move", "greedy", "random"])
        XCTAssertTrue(summary.markdown.contains("`first-move`"))
    }

    func testAResumeRefusesAgentsThatNowMeanSomethingElseAndAnOldFolderResumes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let t = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn("alphabeta:depth=1")], gamesPerPairing: 2, seed: 4)
        XCTAssertEqual(t.config.resolvedAgents?[1].contains("lmr=on"), true, "\(t.config.resolvedAgents ?? [])")
        XCTAssertEqual(t.config.version, WorkbenchVersion.current)
        _ = try t.run(in: folder)
        let config = folder.appendingPathComponent("tournament.json")
        let recorded = try String(contentsOf: config, encoding: .utf8)
        // The run as an earlier default made it: the same names, another meaning.
        try recorded.replacingOccurrences(of: "lmr=on", with: "lmr=off").write(to: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try t.run(in: folder, resume: true)) { error in
            let e = error as! WorkbenchError
            XCTAssertEqual(e.field, "resume")
            XCTAssertTrue(e.message.contains("agent 'alphabeta:depth=1': lmr was off, now on"), e.message)
        }
        // A folder written before resolved specs were recorded resumes on its names.
        var old = try JSONSerialization.jsonObject(with: Data(recorded.utf8)) as! [String: Any]
        old["resolvedAgents"] = nil
        old["version"] = nil
        try JSONSerialization.data(withJSONObject: old).write(to: config)
        let summary = try t.run(in: folder, resume: true)
        XCTAssertEqual(summary.games, 2)
        XCTAssertNil(summary.resolvedAgents)
    }

    /// `bench tournament --resume` continues a run with its agents as it recorded them:
    /// an agent whose name means something else now (another default weight, a
    /// parameter added since) plays the recorded spec under its name.
    func testAResumedRunPlaysItsAgentsAsRecordedWhenTheirNamesMeanSomethingElseNow() throws {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("as-recorded-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        let catalog = TigersGoats.agentCatalog, name = "alphabeta:depth=1"
        // The run as a version with another default weight made it, to the end.
        let then = Entrant<TigersGoats>(name: name, spec: try catalog.parse(name + ",w.mobility=50"), catalog: catalog)
        let old = try Tournament<TigersGoats>(entrants: [.builtIn("random"), then], gamesPerPairing: 8, seed: 4)
        _ = try old.run(in: folder)
        let log = folder.appendingPathComponent(TournamentFolder.logName)
        let whole = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        // Today's meaning of the name plays other games: the check below can fail.
        let today = try Tournament<TigersGoats>(entrants: [.builtIn("random"), .builtIn(name)], gamesPerPairing: 8, seed: 4)
        XCTAssertNotEqual((4..<8).map { try? today.play($0).moves }, (4..<8).map { try? old.play($0).moves })
        // Killed after four games; resumed by today's version with the same names.
        try (whole.prefix(4).joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let (entrants, notes) = TournamentFolder.entrantsAsRecorded(today.entrants, in: folder, catalog: catalog)
        XCTAssertEqual(notes, ["agent '\(name)' plays as the run recorded it, not as this version reads the name (w.mobility: 2 → 50)"])
        XCTAssertEqual(entrants.map(\.resolved), old.config.resolvedAgents)
        let resumed = try Tournament<TigersGoats>(entrants: entrants, gamesPerPairing: 8, seed: 4)
        XCTAssertEqual(try resumed.run(in: folder, resume: true).games, 8)
        let after = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let moves = { (lines: [String]) in try lines.map { try JSONDecoder().decode(GameRecord.self, from: Data($0.utf8)) }
            .sorted { $0.index < $1.index }.map(\.moves) }
        XCTAssertEqual(try moves(after), try moves(whole), "the games after the resume are the recorded agent's")

        // A recorded spec from before a parameter existed reads as the kind played then.
        let config = folder.appendingPathComponent(TournamentFolder.configName)
        let text = try String(contentsOf: config, encoding: .utf8)
        XCTAssertTrue(text.contains("splitdepth=3,joinnodes=16000,"), text)
        try text.replacingOccurrences(of: "splitdepth=3,joinnodes=16000,", with: "splitdepth=3,").write(to: config, atomically: true, encoding: .utf8)
        let (again, said) = TournamentFolder.entrantsAsRecorded(today.entrants, in: folder, catalog: catalog)
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said[0].contains("joinnodes: 16000 → 0") && said[0].contains("w.mobility: 2 → 50"), said[0])
        XCTAssertFalse(again[1].resolved.contains("joinnodes"), again[1].resolved)
        // Names the run did not record are left to the resume's own check.
        let others: [Entrant<TigersGoats>] = [try .builtIn("greedy"), try .builtIn(name)]
        XCTAssertTrue(TournamentFolder.entrantsAsRecorded(others, in: folder, catalog: catalog).notes.isEmpty)
    }

    func testRecordsAreTheSameOnOneAndTwoThreads() throws {
        let t = try tournament()
        let log1 = try temporaryLog("one"), log2 = try temporaryLog("two")
        _ = try t.run(threads: 1, log: log1)
        _ = try t.run(threads: 2, log: log2)
        func strip(_ r: GameRecord) -> GameRecord { var r = r; r.times = []; return r }
        let one = try RecordLog.read(log1.url).records.map(strip).sorted { $0.index < $1.index }
        let two = try RecordLog.read(log2.url).records.map(strip).sorted { $0.index < $1.index }
        XCTAssertEqual(one.count, 12)
        XCTAssertEqual(one, two)
    }

    func testEveryRecordReplaysThroughTheEngineToItsResult() throws {
        let t = try tournament()
        for index in 0..<t.config.totalGames {
            let record = try t.play(index)
            let game: GameHistory<TigersGoats> = try Replay.game(of: record, rules: t.rules)
            XCTAssertEqual(game.outcome.map(GameResult.init), record.result, "game \(index)")
            XCTAssertEqual(game.moves.count, record.opening.count + record.moves.count)
        }
        let puzzle = try Tournament<CoinSorter>(entrants: [.builtIn("greedy"), .builtIn("random")], deals: 3, seed: 5)
        for index in 0..<puzzle.config.totalGames {
            let record = try puzzle.play(index)
            let referee = try Replay.game(of: record, game: CoinSorter.self)
            XCTAssertTrue(referee.state.isOver)
            XCTAssertEqual(GameResult.score(referee.state.score), record.result)
        }
    }

    func testARecordWithAnIllegalMoveDoesNotReplay() throws {
        var record = try tournament().play(0)
        record.moves[0] = "a1-a1"
        XCTAssertThrowsError(try Replay.game(of: record, rules: TigersGoats.Rules()) as GameHistory<TigersGoats>) { error in
            let e = error as! WorkbenchError
            XCTAssertEqual(e.kind, .runtime)
            XCTAssertTrue(e.message.contains("game 0"), e.message)
        }
    }

    func testResultsRoundTripThroughTheirRecordText() {
        for result in [GameResult.firstSideWins, .secondSideWins, .draw, .score(0), .score(17), .unfinished] {
            XCTAssertEqual(GameResult(text: result.text), result)
        }
        XCTAssertNil(GameResult(text: "1-1"))
        XCTAssertEqual(GameResult.firstSideWins.firstSideScore, 1)
        XCTAssertEqual(GameResult.draw.firstSideScore, 0.5)
        XCTAssertNil(GameResult.score(3).firstSideScore)
    }

    func testFormat1RecordsAndConfigsStillLoad() throws {
        let line = #"{"agents":["random","greedy"],"index":0,"moves":["a6-b5"],"nodes":[74],"opening":["b1-b2"],"outcome":"tigers win","pair":0,"pairing":0,"playouts":[0],"result":"0-1","seed":6,"sides":["goats","tigers"],"times":[0.1]}"#
        let record = try JSONDecoder().decode(GameRecord.self, from: Data(line.utf8))
        XCTAssertEqual(record.format, 1)
        XCTAssertEqual(record.result, .secondSideWins)
        XCTAssertEqual(record.score(of: "greedy"), 1)
        // Written again, it is the same line plus the format field.
        var object = try JSONSerialization.jsonObject(with: Data(try JSON.text(record).utf8)) as! [String: Any]
        XCTAssertEqual(object.removeValue(forKey: "format") as? Int, 1)
        let original = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        XCTAssertEqual(NSDictionary(dictionary: object), NSDictionary(dictionary: original))

        let config = #"{"agents":["a","b"],"command":"bench","game":"tigers-goats","games":2,"gauntlet":false,"longRange":true,"openingPlies":4,"plyLimit":120,"seed":1}"#
        let file = try JSONDecoder().decode(TournamentFile<TigersGoats.Rules>.self, from: Data(config.utf8))
        XCTAssertEqual(file.rules, TigersGoats.Rules(plyLimit: 120, longRangeCapture: true))
        XCTAssertEqual(file.config.agents, ["a", "b"])
        let again = try JSONDecoder().decode(TournamentFile<TigersGoats.Rules>.self, from: Data(try JSON.text(file).utf8))
        XCTAssertEqual(again, file)
    }

    func testARecordOfANewerFormatIsRefused() {
        let line = #"{"format":3,"agents":["random"],"index":0,"moves":[],"nodes":[],"opening":[],"outcome":"score 1","playouts":[],"result":"1","seed":1,"sides":["player"],"times":[]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(GameRecord.self, from: Data(line.utf8)))
    }

    func testBadTournamentsAreUsageErrors() {
        func kind(_ make: () throws -> Any) -> WorkbenchError.Kind? {
            do { _ = try make(); return nil } catch { return (error as? WorkbenchError)?.kind }
        }
        XCTAssertEqual(kind { try Tournament<TigersGoats>(entrants: [.builtIn("greedy")]) }, .usage)
        XCTAssertEqual(kind { try Tournament<TigersGoats>(entrants: [.builtIn("greedy"), .builtIn("greedy")]) }, .usage)
        XCTAssertEqual(kind { try Tournament<TigersGoats>(entrants: [.builtIn("greedy"), .builtIn("random")], gamesPerPairing: 3) }, .usage)
        XCTAssertEqual(kind { try Entrant<TigersGoats>.builtIn("alphabeta:depth=x") }, .usage)
        XCTAssertEqual(kind { try Tournament<CoinSorter>(entrants: [], deals: 3) }, .usage)
    }

    func testTheRegistryFindsEveryGameByNameAndRejectsOthers() throws {
        for game in GameRegistry.games { XCTAssertEqual(try GameRegistry.game(named: game.name).name, game.name) }
        XCTAssertEqual(GameRegistry.defaultGame.name, TigersGoats.name)
        XCTAssertThrowsError(try GameRegistry.game(named: "chess"))
        XCTAssertEqual(Set(GameRegistry.games.map { $0.name }).count, GameRegistry.games.count, "names are unique")
    }

    func temporaryLog(_ name: String) throws -> RecordLog {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-\(name)-\(UUID().uuidString).jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return try RecordLog(appendingTo: url)
    }
}

/// `tournament.json` files written before games described themselves still load.
final class LegacyTournamentFileTests: XCTestCase {
    func testAnEarlyPuzzleFileWithTwoPlayerOpeningsLoadsAsAPuzzle() throws {
        let text = #"{"agents":["random","greedy"],"command":"","game":"coin-sorter","games":10,"gauntlet":false,"openingPlies":4,"seed":1}"#
        let config = try JSONDecoder().decode(TournamentConfig.self, from: Data(text.utf8))
        XCTAssertEqual(config.players, 1, "the kind of a built-in game comes from the registry for files without it")
        XCTAssertEqual(config.openingPlies, 0, "openings never applied to puzzles")
        let written = try JSONDecoder().decode(TournamentConfig.self, from: Data(try JSON.text(config).utf8))
        XCTAssertEqual(written, config)
        let now = #"{"agents":["random","greedy"],"command":"","game":"coin-sorter","players":1,"games":10,"gauntlet":false,"openingPlies":4,"seed":1}"#
        XCTAssertThrowsError(try JSONDecoder().decode(TournamentConfig.self, from: Data(now.utf8)),
                             "a file that says it is a puzzle may not carry openings")
    }
}
