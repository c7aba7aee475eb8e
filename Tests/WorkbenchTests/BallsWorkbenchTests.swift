import Foundation
import XCTest
import Boards
import Search
@testable import Workbench

/// Balls! through the library: the level reaches the deal everywhere, records replay and
/// are checked (score and pass), and the tables give the pass rate.
final class BallsWorkbenchTests: XCTestCase {
    func testTheLevelReachesTheDealOfATournamentAndItsRecordsReplay() throws {
        let rules = BallsRules(level: 6)
        let t = try Tournament<Balls>(entrants: [.builtIn("random"), .builtIn("greedy:window=20")], deals: 6, seed: 11,
                                            rules: rules)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("balls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try t.run(in: folder, threads: 2)
        XCTAssertEqual(summary.games, 12)
        let records = try RecordLog.read(folder.appendingPathComponent("games.jsonl")).records
        var check = t.recordCheck(source: "games.jsonl")
        for (i, r) in records.enumerated() {
            try check.check(r, line: i + 1)
            XCTAssertEqual(r.moves.count, 1)
            let referee = try Replay.game(of: r, rules: rules, game: Balls.self)
            XCTAssertEqual(referee.state.level.number, 6)
            XCTAssertEqual(referee.state.score, r.puzzleScore)
            XCTAssertEqual(r.passed, referee.state.score >= 17)
            // The same tap on the deal of another level is another game.
            let dealt = BallsReferee(seed: r.seed, level: BallsLevel(6)!).state
            XCTAssertEqual(dealt.simulate(try dealt.parseMove(r.moves[0])).score, r.puzzleScore)
        }
        // tournament.json keeps the level, and a resume with another level is refused.
        let config = try String(contentsOf: folder.appendingPathComponent("tournament.json"), encoding: .utf8)
        XCTAssertTrue(config.contains("\"level\":6"), config)
        let other = try Tournament<Balls>(entrants: [.builtIn("random"), .builtIn("greedy:window=20")], deals: 6, seed: 11,
                                                rules: BallsRules(level: 7))
        XCTAssertThrowsError(try other.run(in: folder, resume: true, threads: 1)) { error in
            XCTAssertTrue("\(error)".contains("options differ"), "\(error)")
        }
        // Checked under the wrong level, the records do not replay to their scores.
        var wrong = RecordCheck<Balls>(config: t.config, rules: BallsRules(level: 1), source: "games.jsonl")
        XCTAssertThrowsError(try records.enumerated().forEach { try wrong.check($1, line: $0 + 1) })
    }

    func testARecordWithAFalsePassIsRefused() throws {
        let t = try Tournament<Balls>(entrants: [.builtIn("greedy")], deals: 1, seed: 1, rules: BallsRules(level: 1))
        var r = try t.play(0)
        XCTAssertEqual(r.passed, true)
        var check = t.recordCheck(source: "games.jsonl")
        try check.check(r, line: 1)
        r.passed = false
        var again = t.recordCheck(source: "games.jsonl")
        XCTAssertThrowsError(try again.check(r, line: 1)) { error in
            XCTAssertTrue("\(error)".contains("passed false"), "\(error)")
        }
        r.passed = nil
        var third = t.recordCheck(source: "games.jsonl")
        XCTAssertThrowsError(try third.check(r, line: 1))
    }

    func testThePassRateHasItsWilsonInterval() throws {
        let t = try Tournament<Balls>(entrants: [.builtIn("random"), .builtIn("greedy")], deals: 30, seed: 2,
                                            rules: BallsRules(level: 4))
        let summary = try t.run(threads: 2)
        for a in summary.puzzleAgents {
            let pass = try XCTUnwrap(a.pass)
            XCTAssertEqual(pass.total, 30)
            XCTAssertEqual(a.passRate, Double(pass.count) / 30)
            let interval = try XCTUnwrap(pass.interval)
            XCTAssertEqual(a.passLow, interval.low)
            XCTAssertEqual(a.passHigh, interval.high)
            XCTAssertLessThanOrEqual(interval.low, a.passRate!)
            XCTAssertGreaterThanOrEqual(interval.high, a.passRate!)
        }
        let greedy = try XCTUnwrap(summary.puzzleAgents.first { $0.agent == "greedy" }?.passRate)
        let random = try XCTUnwrap(summary.puzzleAgents.first { $0.agent == "random" }?.passRate)
        XCTAssertGreaterThan(greedy, random, "tapping on a ball passes level 4 more often than tapping anywhere")
        XCTAssertTrue(summary.markdown.contains("pass rate [95%]"))
        XCTAssertTrue(TournamentReport.csv(summary).hasPrefix("agent,deals,mean,ci_low,ci_high,sd,min,max,passed,pass_rate"))
        // A game without a target has no pass column.
        let coins = try Tournament<CoinSorter>(entrants: [.builtIn("random")], deals: 2, seed: 1).run(threads: 1)
        XCTAssertNil(coins.puzzleAgents[0].pass)
        XCTAssertFalse(coins.markdown.contains("pass rate"))
    }

    func testGreedyIsDeterministicForItsSeedAndTakesTheMostDirectCatches() throws {
        let state = BallsReferee(seed: 9, level: BallsLevel(8)!).state
        var a = try Balls.agentCatalog.make("greedy:window=40,step=2", seed: 5)
        var b = try Balls.agentCatalog.make("greedy:window=40,step=2", seed: 5)
        let ma = try XCTUnwrap(a.selectMove(state).move), mb = try XCTUnwrap(b.selectMove(state).move)
        XCTAssertEqual(ma, mb)
        var best = 0
        for t in stride(from: 0, to: 40, by: 2) {
            for i in 0..<state.ballCount {
                let p = state.ball(i, atTick: t)
                best = max(best, state.directCatches(BallsTap(t: t, x: min(max(p.x, 0), 319), y: min(max(p.y, 0), 479))))
            }
        }
        XCTAssertEqual(state.directCatches(ma), best)
        XCTAssertTrue(Int(ma.t) < 40 && ma.t % 2 == 0)
        XCTAssertThrowsError(try Balls.agentCatalog.make("greedy:window=0", seed: 1))
        XCTAssertThrowsError(try Balls.agentCatalog.make("expectimax", seed: 1))
    }

    func testTuningGreedysNumericOptionsRunsOnTheLevel() throws {
        let settings = try TuningSettings(game: Balls.self, rules: BallsRules(level: 5), agent: "greedy:window=30,step=3",
                                          iterations: 2, batch: 2)
        XCTAssertEqual(settings.parameters.map(\.name), ["window", "step"])
        let games = WorkbenchTuningGames<Balls>(settings: settings)
        let match = try games.match(seed: 3, plus: "greedy:window=31,step=3", minus: "greedy:window=29,step=3")
        XCTAssertEqual(match.rules, BallsRules(level: 5))
    }

    /// An option whose declared range reaches past ±10⁶ (search's sims, up to 10⁸) is
    /// tuned as a weight is, within its declared range: its defaults used to be a c_end
    /// of 5·10⁶ and bounds past the limit, and `bench tune --agent search` was refused.
    func testTuningSearchsWideOptionsTakesTheWeightsDefaults() throws {
        let settings = try TuningSettings(game: Balls.self, rules: BallsRules(level: 1), agent: "search:sims=4000",
                                          iterations: 2, batch: 2)
        let sims = try XCTUnwrap(settings.parameters.first { $0.name == "sims" })
        XCTAssertEqual(sims.cEnd, 400)
        XCTAssertEqual(sims.lower...sims.upper, 1...20_000)
        // An option within the limit keeps a twentieth of its declared range.
        let lag = try XCTUnwrap(settings.parameters.first { $0.name == "lag" })
        XCTAssertEqual(lag.cEnd, 119.0 / 20)
        XCTAssertEqual(lag.lower...lag.upper, 1...120)
    }
}
