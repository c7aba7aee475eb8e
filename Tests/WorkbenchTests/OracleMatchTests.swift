import Boards
import Foundation
import Search
@testable import Workbench
import XCTest

/// The workbench side of the oracle: `Match.selectMove` hands the referee to a
/// ``RefereeReadingAgent`` only, tournaments with an oracle record ordinary swaps that
/// replay and validate, and the tables mark it as seeing the future draws.
final class OracleMatchTests: XCTestCase {
    /// A normal agent that notes what it was handed.
    struct StateSpy: PuzzleAgent {
        typealias Game = CoinSorter
        let spec = "state-spy"
        var budget: SearchBudget { SearchBudget() }
        var seen: [CoinSorter] = []
        mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
            seen.append(state)
            return SearchResult(move: CoinSorter.Swap(0, 1))
        }
    }

    /// A referee-reading agent that notes the referees it was handed.
    struct RefereeSpy: RefereeReadingAgent {
        typealias Game = CoinSorter
        typealias Referee = CoinSorterReferee
        let spec = "oracle:spy"
        var budget: SearchBudget { SearchBudget() }
        var blindCalls = 0
        var referees: [CoinSorterReferee] = []
        mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
            blindCalls += 1
            return SearchResult(move: nil)
        }
        mutating func selectMove(referee: CoinSorterReferee, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
            referees.append(referee)
            return SearchResult(move: CoinSorter.Swap(0, 1))
        }
    }

    func testOnlyARefereeReadingAgentIsHandedTheReferee() throws {
        let referee = CoinSorterReferee(seed: 7)
        var normal: any PuzzleAgent<CoinSorter> = StateSpy()
        XCTAssertEqual(Match.selectMove(&normal, referee: referee).move, CoinSorter.Swap(0, 1))
        XCTAssertEqual((normal as? StateSpy)?.seen, [referee.state])
        XCTAssertFalse(normal.readsReferee)

        var spy: any PuzzleAgent<CoinSorter> = RefereeSpy()
        XCTAssertTrue(spy.readsReferee)
        _ = Match.selectMove(&spy, referee: referee)
        let after = try XCTUnwrap(spy as? RefereeSpy)
        XCTAssertEqual(after.blindCalls, 0)
        XCTAssertEqual(after.referees.map(\.state), [referee.state])
        // The copy it got plays on exactly like the real referee.
        var copy = after.referees[0], real = referee
        for swap in [CoinSorter.Swap(4, 5), CoinSorter.Swap(0, 24), CoinSorter.Swap(7, 12)] {
            copy.play(swap); real.play(swap)
            XCTAssertEqual(copy.state, real.state)
        }
    }

    func testEntrantsSayWhetherTheySeeTheFuture() throws {
        XCTAssertTrue(try Entrant<CoinSorter>.builtIn("oracle:beam=5").readsFutureDraws)
        XCTAssertFalse(try Entrant<CoinSorter>.builtIn("greedy").readsFutureDraws)
        XCTAssertTrue(Entrant<CoinSorter>(name: "spy") { _ in RefereeSpy() }.readsFutureDraws)
        XCTAssertFalse(Entrant<CoinSorter>(name: "spy") { _ in StateSpy() }.readsFutureDraws)
        XCTAssertFalse(CoinSorter.defaultAgents.contains { Clairvoyance.isOracle($0) }, "never in a default line-up")
    }

    /// An oracle's games are ordinary swaps: they replay, validate as a log, score at
    /// least what greedy scores on the same deal, and the summary marks the oracle.
    func testTournamentWithAnOracleReplaysAndIsMarked() throws {
        let t = try Tournament<CoinSorter>(entrants: [.builtIn("greedy"), .builtIn("oracle:beam=20")], deals: 3, seed: 5)
        var records: [GameRecord] = []
        for index in 0..<t.config.totalGames { records.append(try t.play(index)) }
        try RecordCheck<CoinSorter>.validate(records, file: t.file, source: "test")
        for deal in 0..<3 {
            let greedy = records[deal * 2], oracle = records[deal * 2 + 1]
            XCTAssertEqual(oracle.agents, ["oracle:beam=20"])
            guard case .score(let g) = greedy.result, case .score(let o) = oracle.result else { return XCTFail("not scores") }
            XCTAssertGreaterThanOrEqual(o, g, "deal \(deal)")
        }
        let summary = try t.run(threads: 2)
        let markdown = summary.markdown
        XCTAssertTrue(markdown.contains("| `oracle:beam=20` (sees the future draws) |"), markdown)
        XCTAssertTrue(markdown.contains(Clairvoyance.tableNote), markdown)
        XCTAssertFalse(markdown.contains("| `greedy` (sees"), markdown)
    }
}
