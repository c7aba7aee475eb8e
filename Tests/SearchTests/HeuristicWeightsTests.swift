import XCTest
@testable import Boards
@testable import Search

/// Named weights, and the Tigers & Goats and Coin Sorter evaluations built on them.
final class HeuristicWeightsTests: XCTestCase {
    func testEveryNamedWeightHasAFiniteDefault() {
        let tg = TigersGoatsEvaluator.defaultWeights
        XCTAssertEqual(tg.names, ["captures", "mobility", "trapped", "danger", "threat", "backed", "edge", "goatMobility"])
        let cs = CoinSorterEvaluator.defaultWeights
        XCTAssertEqual(cs.names, ["four", "three", "double"])
        for w in [tg, cs] {
            XCTAssertEqual(w.values.count, w.names.count)
            XCTAssertEqual(Set(w.names).count, w.names.count, "names are unique")
            for (i, name) in w.names.enumerated() {
                XCTAssertEqual(w[name], w.values[i], name)
                XCTAssertTrue(w[name].isFinite, name)
            }
        }
        XCTAssertEqual(tg["captures"], 100)
    }

    func testSettingAWeightChangesOnlyThatWeight() throws {
        var w = TigersGoatsEvaluator.defaultWeights
        try w.set("mobility", to: 3)
        XCTAssertEqual(w["mobility"], 3)
        for name in w.names where name != "mobility" {
            XCTAssertEqual(w[name], TigersGoatsEvaluator.defaultWeights[name], name)
        }
        XCTAssertTrue(w.description.contains("mobility=3.0"), w.description)
        XCTAssertNotEqual(w, TigersGoatsEvaluator.defaultWeights)
        try w.set("mobility", to: 2)
        XCTAssertEqual(w, TigersGoatsEvaluator.defaultWeights)
    }

    func testSettingAnUnknownOrNonFiniteWeightThrows() {
        var w = CoinSorterEvaluator.defaultWeights
        XCTAssertThrowsError(try w.set("nope", to: 1)) { error in
            let message = (error as? ParseError)?.message ?? ""
            XCTAssertTrue(message.contains("w.nope") && message.contains("w.four, w.three, w.double"), message)
        }
        XCTAssertThrowsError(try w.set("four", to: .infinity))
        XCTAssertThrowsError(try w.set("four", to: .nan))
        XCTAssertEqual(w, CoinSorterEvaluator.defaultWeights, "a rejected value changes nothing")
    }

    // MARK: - Tigers & Goats evaluation

    /// The same pieces with the other side to move score the negation, except that the
    /// tigers to move with a capture available get `threat` on top.
    func testEvaluationIsAntisymmetricInTheSideToMoveApartFromThreat() throws {
        var noThreat = TigersGoatsEvaluator.defaultWeights
        try noThreat.set("threat", to: 0)
        let plain = TigersGoatsEvaluator(), flat = TigersGoatsEvaluator(weights: noThreat)
        let threat = Int(TigersGoatsEvaluator.defaultWeights["threat"])
        var threatened = 0
        for p in AlphaBetaTests.positions {
            let tigersText = p.sideToMove == TigersGoats.tigers ? p.text : flippingSide(p.text)
            let t = try tigersGoats(tigersText), g = try tigersGoats(flippingSide(tigersText))
            XCTAssertEqual(flat.evaluate(g), -flat.evaluate(t), tigersText)
            let bonus = t.hasCaptureThreat ? threat : 0
            if bonus != 0 { threatened += 1 }
            XCTAssertEqual(plain.evaluate(t) + plain.evaluate(g), bonus, tigersText)
        }
        XCTAssertGreaterThan(threatened, 3, "some positions exercise the threat term")
    }

    /// Each term moves the value by its weight: one more captured goat is worth
    /// `captures` to the tigers and costs the goats as much.
    func testCapturesTermScalesWithItsWeight() throws {
        var w = TigersGoatsEvaluator.defaultWeights
        try w.set("captures", to: 7)
        let e = TigersGoatsEvaluator(weights: w)
        for side in ["t", "g"] {
            let zero = try tigersGoats("8/8/8/3G4/3T4/8/8/T6G \(side) 0")
            let two = try tigersGoats("8/8/8/3G4/3T4/8/8/T6G \(side) 2")
            let sign = side == "t" ? 1 : -1
            XCTAssertEqual(e.evaluate(two) - e.evaluate(zero), sign * 14, side)
        }
    }

    /// A trapped tiger helps the goats: compare a tiger boxed in a corner with the same
    /// tiger free, with only `trapped` weighted.
    func testTrappedTigersCountForTheGoats() throws {
        var w = TigersGoatsEvaluator.defaultWeights
        for name in w.names { try w.set(name, to: 0) }
        try w.set("trapped", to: 40)
        let e = TigersGoatsEvaluator(weights: w)
        // The a1-b2 corner: all four tigers trapped (see AlphaBetaTests.goatsTrapInOne).
        let boxed = try tigersGoats("8/8/8/8/GG6/GG6/TTGG4/TTGG4 g 0")
        XCTAssertEqual(boxed.tigerMobility.trapped, 4)
        XCTAssertEqual(e.evaluate(boxed), 160, "goats to move: +40 per trapped tiger")
        let open = try tigersGoats("8/8/8/8/GG6/GG6/TTG5/TTGG4 g 0")
        XCTAssertEqual(open.tigerMobility.trapped, 3)
        XCTAssertEqual(e.evaluate(open), 120)
    }

    // MARK: - Coin Sorter evaluation

    func testCoinSorterEvaluationCountsReadyLines() throws {
        // Row 1 holds four triangles and the fifth is on c3: one "four" line.
        let s = try coinSorter(CoinSorterAgentTests.oneSwapRow + " 3 0")
        let fours = CoinSorterEvaluator(weights: CoinSorterAgentTests.weights(four: 1))
        XCTAssertEqual(fours.evaluate(s), 1)
        // The same row with no fifth triangle anywhere is no ready line.
        let noFifth = try coinSorter("TTTTS/SCSCC/CSSSC/SCSCS/CSCSC 3 0")
        XCTAssertEqual(fours.evaluate(noFifth), 0)
        XCTAssertEqual(CoinSorterEvaluator(weights: CoinSorterAgentTests.zeroWeights).evaluate(s), 0)
    }
}

/// Numbers at the edge of what a spec may say: refused with the valid range, or
/// handled, never a trap.
final class ExtremeBudgetsAndWeightsTests: XCTestCase {
    func testAWeightBeyondTheRangeIsRefusedNamingTheRange() {
        for value in [1e300, 1e18, -1e7] {
            XCTAssertThrowsError(try AgentFactory<TigersGoatsEvaluator>.make("alphabeta:depth=2,w.mobility=\(value)", seed: 1)) {
                let message = ($0 as? ParseError)?.message ?? ""
                XCTAssertTrue(message.contains("-1000000...1000000"), message)
            }
        }
    }

    func testTheLargestWeightsGiveAnEvaluationBelowProvenScoresAndASearchThatEnds() throws {
        var w = TigersGoatsEvaluator.defaultWeights
        for name in w.names { try w.set(name, to: 1_000_000) }
        let e = TigersGoatsEvaluator(weights: w)
        var p = TigersGoats()
        var rng = SplitMix64(seed: 3)
        for _ in 0..<40 where p.outcome == nil {
            XCTAssertLessThanOrEqual(abs(e.evaluate(p)), Evaluation.maxStatic)
            let moves = p.legalMoves
            p.play(moves[rng.next(below: moves.count)])
        }
        var agent = try AgentFactory<TigersGoatsEvaluator>.make("alphabeta:depth=3,w.mobility=1000000,w.captures=-1000000", seed: 1)
        let r = agent.selectMove(GameHistory(TigersGoats()), budget: agent.budget)
        XCTAssertNotNil(r.move)
        XCTAssertLessThan(abs(try XCTUnwrap(r.value)), Double(Evaluation.provenThreshold), "a heuristic value never reads as a proven result")
    }

    func testEvaluationsAreClampedWhateverTheirSize() {
        XCTAssertEqual(Evaluation.clamped(1e300), Evaluation.maxStatic)
        XCTAssertEqual(Evaluation.clamped(-.infinity), -Evaluation.maxStatic)
        XCTAssertEqual(Evaluation.clamped(.nan), 0)
        XCTAssertEqual(Evaluation.clamped(41.6), 42)
    }

    func testATableLargerThanHalfTheMemoryIsRefusedAndABigOneCostsNothingUntilUsed() throws {
        let tooBig = TranspositionTable.maxMegabytes + 1
        XCTAssertThrowsError(try AgentFactory<TigersGoatsEvaluator>.make("alphabeta:depth=2,tt=\(tooBig)", seed: 1)) {
            let message = ($0 as? ParseError)?.message ?? ""
            XCTAssertTrue(message.contains("tt") && message.contains("\(TranspositionTable.maxMegabytes)"), message)
        }
        // 1 GiB of table: zero pages the system maps only when written.
        let table = TranspositionTable(megabytes: min(1024, TranspositionTable.maxMegabytes))
        XCTAssertNil(table.probe(0x1234_5678))
    }

    func testCoinSorterMCTSWithAMicrosecondStillChoosesAMove() throws {
        var agent = try CoinSorterAgents.make("mcts:time=0.000001", seed: 1)
        let referee = CoinSorterReferee(seed: 1)
        let r = agent.selectMove(referee.state, budget: agent.budget)
        XCTAssertNotNil(r.move)
        XCTAssertGreaterThanOrEqual(r.playouts, 1)
    }
}
