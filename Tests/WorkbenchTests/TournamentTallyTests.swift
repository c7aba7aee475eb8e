import Boards
import Foundation
import Search
@testable import Workbench
import XCTest

/// The running totals a summary is computed from: independent of the order records
/// arrive in, the same as counting the records directly, and refusing records that
/// cannot belong to the tournament.
final class TournamentTallyTests: XCTestCase {
    /// Every game of a small round robin, played once for all tests.
    static let roundRobin: (config: TournamentConfig, records: [GameRecord]) = {
        let t = try! Tournament<TigersGoats>(
            entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("alphabeta:depth=1")],
            gamesPerPairing: 6, seed: 11, openingPlies: 2)
        return (t.config, try! (0..<t.config.totalGames).map { try t.play($0) })
    }()

    static let deals: (config: TournamentConfig, records: [GameRecord]) = {
        let t = try! Tournament<CoinSorter>(entrants: [.builtIn("random"), .builtIn("greedy"), .builtIn("mcts:playouts=20")],
                                                  deals: 8, seed: 3)
        return (t.config, try! (0..<t.config.totalGames).map { try t.play($0) })
    }()

    /// The summary as JSON without the machine section.
    func tables(_ summary: TournamentSummary) throws -> String {
        var copy = summary
        copy.run = TournamentSummary.Run(machine: "", build: "", date: "", throughput: [], gamesPerSecond: nil, threads: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(copy), as: UTF8.self)
    }

    func summary(_ config: TournamentConfig, _ records: [GameRecord]) throws -> TournamentSummary {
        try TournamentSummary(config: config, records: records, wallSeconds: nil, gamesThisRun: 0, threads: nil)
    }

    func testTheTablesDoNotDependOnTheOrderRecordsArriveIn() throws {
        for (config, records) in [Self.roundRobin, Self.deals] {
            let inOrder = try tables(summary(config, records))
            var rng = SplitMix64(seed: 5)
            for _ in 0..<5 {
                var shuffled = records
                for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, rng.next(below: i + 1)) }
                XCTAssertEqual(try tables(summary(config, shuffled)), inOrder, config.game)
            }
        }
    }

    func testPairingTotalsAreTheRecordsCountedDirectly() throws {
        let (config, records) = Self.roundRobin
        let s = try summary(config, records)
        XCTAssertEqual(s.games, records.count)
        for (q, (a, _)) in config.pairings.enumerated() {
            let name = config.agents[a]
            let games = records.filter { $0.pairing == q }
            var expected = Trinomial()
            for g in games { expected.add(g.score(of: name)!) }
            XCTAssertEqual(s.pairings[q].overall, expected)
            // Both legs of every pair are here: each pair is one pentanomial count.
            XCTAssertEqual(s.pairings[q].pentanomial.reduce(0, +), games.count / 2)
            var penta = Pentanomial()
            for k in 0..<(config.games / 2) {
                let legs = games.filter { $0.pair == k }.sorted { $0.index < $1.index }
                penta.add(legs[0].score(of: name)!, legs[1].score(of: name)!)
            }
            XCTAssertEqual(s.pairings[q].pentanomial, penta.counts)
        }
        for rating in s.ratings {
            let mine = records.filter { $0.agents.contains(rating.agent) }
            XCTAssertEqual(rating.games, mine.count)
            let points = mine.map { $0.score(of: rating.agent)! }.reduce(0, +)
            XCTAssertEqual(try XCTUnwrap(rating.score), points / Double(mine.count), accuracy: 1e-12)
        }
    }

    func testAGameWithoutItsOtherLegIsCountedAloneNotAsAPair() throws {
        let (config, records) = Self.roundRobin
        let missing = 3  // the second leg of pair 1 of pairing 0
        var tally = TournamentTally(config: config)
        for r in records where r.index != missing { try tally.add(r) }
        let done = tally.completed()
        XCTAssertEqual(done.pairings[0].pairs.pairs, config.games / 2 - 1)
        XCTAssertEqual(done.pairings[0].lone.games, 1)
        XCTAssertEqual(done.pairings[0].overall.games, config.games - 1)
        let units = done.ratingUnits.filter { $0.a == config.pairings[0].0 && $0.b == config.pairings[0].1 }
        XCTAssertEqual(units.reduce(0.0) { $0 + $1.games * Double($1.count) }, Double(config.games - 1))
    }

    func testARecordOutsideTheScheduleOrSeenTwiceIsRefusedAndChangesNothing() throws {
        let (config, records) = Self.roundRobin
        var tally = TournamentTally(config: config)
        try tally.add(records[0])
        XCTAssertThrowsError(try tally.add(records[0])) { XCTAssertTrue("\($0)".contains("twice")) }
        var outside = records[1]
        outside.index = config.totalGames
        XCTAssertThrowsError(try tally.add(outside)) { XCTAssertTrue("\($0)".contains("outside")) }
        var short = records[1]
        short.nodes = [1]
        XCTAssertThrowsError(try tally.add(short))
        var one = records[1]
        one.agents = ["random"]
        XCTAssertThrowsError(try tally.add(one))
        XCTAssertEqual(tally.addedCount, 1)
        XCTAssertEqual(tally.games, 1)
    }

    func testTheSPRTStopsAtTheFirstPairInScheduleOrderWhereItDecides() throws {
        let t = try Tournament<TigersGoats>(entrants: [.builtIn("greedy"), .builtIn("random")], gamesPerPairing: 60,
                                            seed: 2, openingPlies: 2, sprt: SPRT(elo0: 0, elo1: 200, alpha: 0.1, beta: 0.1))
        let records = try (0..<t.config.totalGames).map { try t.play($0) }
        // The stopping pair, found directly.
        var penta = Pentanomial(), expected: Int? = nil
        for k in 0..<30 {
            penta.add(records[2 * k].score(of: "greedy")!, records[2 * k + 1].score(of: "greedy")!)
            if t.config.sprt!.decision(penta) != .none { expected = k; break }
        }
        let stop = try XCTUnwrap(expected, "greedy against random decides within 30 pairs")
        var rng = SplitMix64(seed: 9)
        var shuffled = records
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, rng.next(below: i + 1)) }
        let tally = try TournamentTally(config: t.config, records: shuffled)
        XCTAssertEqual(tally.sprtStop, stop)
        XCTAssertTrue(tally.isDecided)
        let s = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        XCTAssertEqual(s.games, 2 * (stop + 1), "games past the stopping pair are not counted")
        XCTAssertEqual(s.sprt?.pairs, stop + 1)
        XCTAssertEqual(s.sprt?.decision, "H1")
    }

    func testPuzzleHistogramsAreOmittedForScoresBeyondTheLimitInsteadOfAllocated() throws {
        let (config, records) = Self.deals
        var tally = TournamentTally(config: config)
        for var r in records {
            if r.index == 0 { r.result = .score(1_000_000_000) }
            try tally.add(r)
        }
        let s = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        XCTAssertEqual(s.puzzleAgents[0].maximum, 1_000_000_000)
        XCTAssertEqual(s.puzzleAgents[0].histogram, [])
        XCTAssertFalse(s.puzzleAgents[1].histogram.isEmpty)
    }

    func testUndefinedStatisticsAreNullInJSONAndADashInTablesNeverInfinityOrMinusZero() throws {
        // One deal: no spread, no t; one game pair: no interval.
        let deal = Array(Self.deals.records.prefix(3))
        let twoGames = Array(Self.roundRobin.records.prefix(2))
        for (config, records) in [(Self.deals.config, deal), (Self.roundRobin.config, twoGames)] {
            let s = try summary(config, records)
            let json = try JSON.text(s)
            for bad in ["inf", "nan", "NaN", "-0,", "-0}", "-0]", "-0.0"] {
                XCTAssertFalse(json.contains(bad), "\(config.game): JSON holds \(bad): \(json)")
            }
            XCTAssertTrue(json.contains("null"), "undefined statistics are null")
            XCTAssertTrue(s.markdown.contains("—"))
            XCTAssertFalse(s.markdown.contains("inf"))
            XCTAssertFalse(s.markdown.contains("-0.0"))
        }
        let puzzle = try summary(Self.deals.config, deal)
        XCTAssertNil(puzzle.puzzleComparisons[0].comparison.t)
        XCTAssertNil(puzzle.puzzleAgents[0].scores.halfWidth)
        let pair = try summary(Self.roundRobin.config, twoGames)
        XCTAssertNil(pair.ratings[0].low, "two games: no bootstrap interval")
        XCTAssertNil(pair.pairings[0].paired.eloError)
    }

    func testATournamentFileWithNumbersBeyondTheLimitsIsRefusedWhenRead() throws {
        let good = #"{"agents":["random","greedy"],"game":"tigers-goats","games":4,"gauntlet":false,"openingPlies":4,"seed":1}"#
        XCTAssertNoThrow(try JSONDecoder().decode(TournamentConfig.self, from: Data(good.utf8)))
        for bad in [good.replacingOccurrences(of: #""games":4"#, with: #""games":1000000000000"#),
                    good.replacingOccurrences(of: #""games":4"#, with: #""games":3"#),
                    good.replacingOccurrences(of: #""games":4"#, with: #""games":-2"#),
                    good.replacingOccurrences(of: #""openingPlies":4"#, with: #""openingPlies":100000"#),
                    good.replacingOccurrences(of: #"["random","greedy"]"#, with: #"["random","random"]"#),
                    good.replacingOccurrences(of: #"["random","greedy"]"#, with: #"["random"]"#)] {
            XCTAssertThrowsError(try JSONDecoder().decode(TournamentConfig.self, from: Data(bad.utf8)), bad)
        }
    }

    func testARecordIndexFarBeyondTheOthersCostsOneWordNotAnArrayUpToIt() {
        var set = GameIndexSet()
        set.insert(3)
        set.insert(Int.max - 1)
        XCTAssertTrue(set.contains(Int.max - 1))
        XCTAssertTrue(set.contains(3))
        XCTAssertFalse(set.contains(4))
        XCTAssertEqual(set.count, 2)
    }

    func testAStoredPlyLimitOutOfRangeIsRefusedNotClamped() {
        for (text, valid) in [(#"{"plyLimit":300}"#, true), (#"{"plyLimit":999999}"#, false), (#"{"plyLimit":0}"#, false)] {
            let tg = try? JSONDecoder().decode(TigersGoats.Rules.self, from: Data(text.utf8))
            let bc = try? JSONDecoder().decode(BaghChal.Rules.self, from: Data(text.utf8))
            XCTAssertEqual(tg != nil, valid, text)
            XCTAssertEqual(bc != nil, valid, text)
        }
    }
}
