import XCTest
@testable import Boards

/// The conformance suites catch what they claim to: each planted bug makes the named
/// check fail, and the same wrappers without a bug pass.
final class ConformanceSelfTests: XCTestCase {
    typealias Mutant = MutantTigersGoats

    /// A small suite over Tigers & Goats with `bug` planted: short games that still
    /// capture, repeat, reach the ply limit and trap a tiger.
    func mutantSuite(_ bug: Mutant.Bug) -> TwoPlayerConformance<Mutant, MutantTigersGoatsReference> {
        var suite = TwoPlayerConformance<Mutant, MutantTigersGoatsReference>()
        suite.starts = [Mutant(base: TigersGoats(rules: .init(plyLimit: 40)), bug: bug),
                        Mutant(base: try! TigersGoats(parsing: "8/8/8/8/8/GG6/8/TGG5 g 0"), bug: bug)]
        suite.parse = { Mutant(base: try TigersGoats(parsing: $0), bug: bug) }
        suite.policies = [.irreversibleFirst, .seekRepetition(after: 10), .smother(.first)]
        suite.games = suite.policies.count * suite.starts.count
        suite.perftEvery = 10
        suite.perft3Every = 0
        suite.maxPlies = 60
        return suite
    }

    func testTwoPlayerSuiteReportsEachPlantedBugUnderTheRightCheck() {
        typealias C = TwoPlayerCheck
        let expected: [(Mutant.Bug, [String])] = [
            (.dropsLastMove, [C.legalMoves]),
            (.duplicatesFirstMove, [C.legalMoves]),
            (.moveCountOffByOne, [C.moveCount, C.perft]),
            (.hashDependsOnPly, [C.hash]),
            (.textAlwaysGoatsToMove, [C.positionText, C.play]),
            (.captureWrittenAsStep, [C.moveNotation]),
            (.parseAcceptsAnything, [C.malformedMove, C.illegalMove]),
            (.captureLeavesTheGoat, [C.play]),
            (.outcomeIgnoresPlyLimit, [C.outcome]),
            (.outcomeIgnoresStuckSide, [C.outcome]),
            (.everyMoveIrreversible, [C.repetition]),
        ]
        XCTAssertEqual(Set(expected.map { "\($0.0)" }), Set(Mutant.Bug.allCases.filter { $0 != .none }.map { "\($0)" }),
                       "every planted bug is tried")
        for (bug, checks) in expected {
            let report = mutantSuite(bug).run()
            for check in checks {
                XCTAssertGreaterThan(report.failuresByCheck[check, default: 0], 0,
                                     "\(bug) should fail the \(check) check; report: \(report)")
            }
        }
    }

    func testTwoPlayerSuitePassesTheMutantWrapperWithoutABug() {
        let report = mutantSuite(.none).run()
        XCTAssertTrue(report.passed, report.description)
        // The short games reach every end the suite checks.
        for ending in ["draw by repetition", "draw by the rules", "goats win", "tigers win"] {
            XCTAssertGreaterThan(report.endings[ending, default: 0], 0, "no game ended: \(ending); \(report)")
        }
    }

    func testReplayCheckReportsAMoveListThatLeadsElsewhere() throws {
        let suite = TwoPlayerConformance<TigersGoats, NaiveTigersGoats>()
        var history = GameHistory(TigersGoats())
        var notations: [String] = []
        for n in ["b1-c2", "d4-d3", "c2-b1"] {
            history.play(try history.position.parseMove(n))
            notations.append(n)
        }
        var report = ConformanceReport()
        suite.checkReplay(history, TigersGoats(), notations, "faithful", &report)
        XCTAssertTrue(report.passed, report.description)
        notations[1] = "d4-d2"  // a legal move, but not the one played
        suite.checkReplay(history, TigersGoats(), notations, "mutated", &report)
        XCTAssertGreaterThan(report.failuresByCheck[TwoPlayerCheck.replay, default: 0], 0, report.description)
    }

    // MARK: - Puzzle suite

    func puzzleSuite(_ bug: MutantCoinSorter.Bug) -> PuzzleConformance<MutantCoinSorterReferee, MutantCoinSorterReference> {
        var suite = PuzzleConformance<MutantCoinSorterReferee, MutantCoinSorterReference>(
            referee: { MutantCoinSorterReferee(base: CoinSorterReferee(seed: $0), bug: bug) })
        suite.parse = { MutantCoinSorter(base: try CoinSorter(parsing: $0), bug: bug) }
        suite.seeds = Array(0..<4)  // random and greedy games, the greedy ones score
        return suite
    }

    func testPuzzleSuiteReportsEachPlantedBugUnderTheRightCheck() {
        typealias C = PuzzleCheck
        let expected: [(MutantCoinSorter.Bug, [String])] = [
            (.dropsLastSwap, [C.legalMoves]),
            (.scoreOneTooHigh, [C.score]),
            (.textDropsScore, [C.play, C.positionText]),
            (.endsOneTurnEarly, [C.end]),
            (.parseAcceptsAnything, [C.malformedMove]),
            (.notationHigherCellFirst, [C.legalMoves]),
            (.chanceOutcomeTwice, [C.chance]),
            (.chanceOutcomeByIndexAlwaysFirst, [C.chance]),
            (.randomMoveIllegal, [C.randomMove]),
            (.randomMoveSkipsLastSwap, [C.randomMove]),
        ]
        XCTAssertEqual(Set(expected.map { "\($0.0)" }),
                       Set(MutantCoinSorter.Bug.allCases.filter { $0 != .none }.map { "\($0)" }), "every planted bug is tried")
        for (bug, checks) in expected {
            let report = puzzleSuite(bug).run()
            for check in checks {
                XCTAssertGreaterThan(report.failuresByCheck[check, default: 0], 0,
                                     "\(bug) should fail the \(check) check; report: \(report)")
            }
        }
    }

    func testPuzzleSuitePassesTheMutantWrapperWithoutABug() {
        let report = puzzleSuite(.none).run()
        XCTAssertTrue(report.passed, report.description)
    }

    func testPuzzleSuiteReportsAReferenceDealtFromAnotherSeed() {
        // Mutated data: the referee deals the game of the seed before the reference's.
        var suite = PuzzleConformance<CoinSorterReferee, CoinSorterReference>(referee: { CoinSorterReferee(seed: $0 &- 1) })
        suite.seeds = [1, 2, 3]
        let report = suite.run()
        XCTAssertGreaterThan(report.failuresByCheck[PuzzleCheck.deal, default: 0], 0, report.description)
    }
}
