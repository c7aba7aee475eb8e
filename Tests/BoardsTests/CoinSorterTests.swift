import XCTest
@testable import Boards

/// The Coin Sorter engine and its referee, checked against docs/rules.md, Coin Sorter and against the
/// naive reference in CoinSorterReference.swift.
final class CoinSorterTests: XCTestCase {
    static let seed1Deal = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0"

    // MARK: - Helpers

    /// A state from 25 coin numbers (0 = T, 1 = S, 2 = C), not settled.
    func state(_ cells: [Int], turns: Int = 10, score: Int = 0) -> CoinSorter {
        CoinSorter(coins: cells.map { Coin(rawValue: UInt8($0))! }, turnsLeft: turns, score: score)
    }

    /// A state parsed from position text; fails the test when it does not parse.
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> CoinSorter {
        do {
            return try CoinSorter(parsing: text)
        } catch {
            XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
            throw error
        }
    }

    /// The coins of a state as reference cells.
    func cells(of s: CoinSorter) -> [Int] { (0..<25).map { Int(s.coin(at: $0).rawValue) } }

    /// The error message of parsing `text` as a position, or nil when it parses.
    func positionError(_ text: String) -> String? {
        do {
            _ = try CoinSorter(parsing: text)
            return nil
        } catch {
            return error.message
        }
    }

    /// The error message of parsing `text` as a swap in `s`, or nil when it parses.
    func swapError(_ text: String, in s: CoinSorter) -> String? {
        do {
            _ = try s.parseMove(text)
            return nil
        } catch {
            return error.message
        }
    }

    /// Applies `outcomes` one by one at chance nodes, checking that the cell each goes to
    /// is the next of `expectedCells` and that it lands there.
    func applyDraws(_ s: inout CoinSorter, cells expectedCells: [Int], outcomes: [Coin],
                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(expectedCells.count, outcomes.count, "test set-up", file: file, line: line)
        for (i, (cell, coin)) in zip(expectedCells, outcomes).enumerated() {
            XCTAssertTrue(s.isChanceNode, "draw \(i + 1) of \(outcomes.count) is due", file: file, line: line)
            XCTAssertEqual(s.chanceOutcomes, [.triangle, .square, .circle], "draw \(i + 1)", file: file, line: line)
            XCTAssertEqual(s.nextDrawCell, cell, "cell of draw \(i + 1) (\(CoinSorterReference.cellName(cell)) expected)",
                           file: file, line: line)
            s.applyChance(coin)
            XCTAssertEqual(s.coin(at: cell), coin, "draw \(i + 1) lands on \(CoinSorterReference.cellName(cell))",
                           file: file, line: line)
        }
    }

    /// The reference's final text after playing swap (a, b) on `board` with `newCoins`.
    func referenceText(board: String, turns: Int = 10, score: Int = 0, swap a: Int, _ b: Int,
                       newCoins: [Coin]) -> String {
        var r = CoinSorterReference(cells: CoinSorterReference.cells(fromBoard: board), turnsLeft: turns,
                                    score: score, newCoins: newCoins.map { Int($0.rawValue) })
        r.swap(a, b)
        return r.text
    }

    // MARK: - Random stream and deal

    func testSplitMix64FirstOutputsMatchTheFormulaOfRules() {
        // Independently computed with python3 from the formula in docs/rules.md, Coin Sorter:
        //   s = (s + 0x9E3779B97F4A7C15) mod 2^64; z = s;
        //   z = ((z ^ z >> 30) * 0xBF58476D1CE4E5B9) mod 2^64; z = ((z ^ z >> 27) * 0x94D049BB133111EB) mod 2^64;
        //   return z ^ z >> 31
        let known: [UInt64: [UInt64]] = [
            0: [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F],
            1: [0x910A_2DEC_8902_5CC1, 0xBEEB_8DA1_658E_EC67, 0xF893_A2EE_FB32_555E],
            0x0123_4567_89AB_CDEF: [0x157A_3807_A48F_AA9D, 0xD573_529B_34A1_D093, 0x2F90_B72E_996D_CCBE],
            UInt64.max: [0xE4D9_7177_1B65_2C20, 0xE99F_F867_DBF6_82C9, 0x382F_F84C_B272_81E9],
        ]
        for (seed, values) in known {
            var engine = SplitMix64(seed: seed)
            var reference = ReferenceSplitMix64(seed: seed)
            for (i, want) in values.enumerated() {
                XCTAssertEqual(engine.next(), want, "engine output \(i + 1) of seed \(seed)")
                XCTAssertEqual(reference.next(), want, "reference output \(i + 1) of seed \(seed)")
            }
        }
        // Many more seeds and outputs: the engine equals the reference written from the formula.
        var seeds = ReferenceSplitMix64(seed: 0x5EED)
        for _ in 0..<200 {
            let seed = seeds.next()
            var engine = SplitMix64(seed: seed)
            var reference = ReferenceSplitMix64(seed: seed)
            for i in 0..<8 {
                let e = engine.next(), r = reference.next()
                guard e == r else {
                    XCTFail("seed \(seed), output \(i + 1): engine \(e), reference \(r)")
                    return
                }
            }
        }
    }

    func testDealOfSeed1IsTheOneGivenInRules() {
        XCTAssertEqual(CoinSorterReferee(seed: 1).state.text, Self.seed1Deal)
        XCTAssertEqual(CoinSorterReference(seed: 1).text, Self.seed1Deal, "the reference deals it too")
        let s = CoinSorterReferee(seed: 1).state
        XCTAssertEqual(s.turnsLeft, 10)
        XCTAssertEqual(s.score, 0)
        XCTAssertFalse(s.isChanceNode)
        XCTAssertFalse(s.isOver)
        // Cell 0 is a1 (top left), cell 4 is e1, cell 5 is a2: the first draws fill the top row.
        XCTAssertEqual(s.coin(at: 0), .circle)
        XCTAssertEqual(s.coin(at: 1), .square)
        XCTAssertEqual(s.coin(at: 2), .triangle)
        XCTAssertEqual(s.coin(at: 5), .circle)
        XCTAssertEqual(s.coin(at: 24), .triangle)
    }

    func testDealThatMatchesLinesRedrawsThemWithoutScoring() {
        var found = 0
        var seed: UInt64 = 0
        while found < 25 && seed < 5_000 {
            let reference = CoinSorterReference(seed: seed)
            if reference.dealMatched {
                found += 1
                let dealt = CoinSorterReferee(seed: seed).state
                XCTAssertEqual(dealt.text, reference.text, "deal of seed \(seed), which matches a line")
                XCTAssertEqual(dealt.score, 0, "the deal of seed \(seed) scores nothing")
                XCTAssertFalse(dealt.isChanceNode, "the deal of seed \(seed) is settled")
                XCTAssertEqual(CoinSorterReference.lineCount(cells(of: dealt)), 0, "seed \(seed): no complete line left")
            }
            seed += 1
        }
        XCTAssertEqual(found, 25, "expected plenty of deals with a complete line among the first seeds")
    }

    // MARK: - Notation of cells and swaps

    func testCellsAreNamedColumnThenRowWithRowOneAtTheTop() {
        XCTAssertEqual(CoinSorter.cellName(0), "a1")
        XCTAssertEqual(CoinSorter.cellName(4), "e1")
        XCTAssertEqual(CoinSorter.cellName(5), "a2")
        XCTAssertEqual(CoinSorter.cellName(12), "c3")
        XCTAssertEqual(CoinSorter.cellName(24), "e5")
        for cell in 0..<25 {
            XCTAssertEqual(CoinSorter.cell(named: Substring(CoinSorterReference.cellName(cell))), cell)
        }
        let s = CoinSorterReferee(seed: 1).state
        XCTAssertEqual(s.notation(of: CoinSorter.Swap(12, 0)), "a1:c3")
        XCTAssertEqual(try s.parseMove("a1:c3"), CoinSorter.Swap(0, 12))
        XCTAssertEqual(try s.parseMove("c3:a1"), CoinSorter.Swap(0, 12), "either order names the same swap")
        XCTAssertEqual(try s.parseMove("e5:d4"), CoinSorter.Swap(18, 24))
        for move in s.legalMoves {
            XCTAssertEqual(try s.parseMove(s.notation(of: move)), move, "notation of \(move) round-trips")
        }
    }

    // MARK: - Hand-built boards

    /// Row 3 reads T T S T T and column c reads T T S T T; a1 holds a T. Swapping a1 and
    /// c3 completes row 3 and column c at once, sharing c3; nothing else.
    static let rowAndColumnBoard = "TSTCS/CSTSC/TTSTT/SCTCS/CSTSC"

    func testSwapCompletingARowAndAColumnScoresTwoAndDrawsRowsThenColumnsSharedCellTwice() throws {
        var s = try parse(Self.rowAndColumnBoard + " 10 0")
        XCTAssertFalse(s.isChanceNode)
        XCTAssertEqual(s.linesCompleted(by: CoinSorter.Swap(0, 12)), 2)
        s.play(try s.parseMove("a1:c3"))
        XCTAssertEqual(s.score, 2, "one row and one column: 2 points")
        XCTAssertEqual(s.turnsLeft, 9)
        XCTAssertTrue(s.isChanceNode)
        XCTAssertFalse(s.isOver)
        XCTAssertEqual(s.legalMoves.count, 0, "no swap while coins are due")
        XCTAssertEqual(s.coin(at: 0), .square, "a1 got the square from c3")

        // Row 3 (cells 10-14) left to right, then column c (2, 7, 12, 17, 22) top to bottom:
        // c3 (12) is drawn twice, first as the row's third draw and then as the column's third.
        let outcomes: [Coin] = [.circle, .square, .circle, .square, .circle,
                                .square, .circle, .triangle, .square, .circle]
        applyDraws(&s, cells: [10, 11, 12, 13, 14], outcomes: Array(outcomes[0..<5]))
        XCTAssertEqual(s.coin(at: 12), .circle, "c3 after the row's draws")
        applyDraws(&s, cells: [2, 7, 12, 17, 22], outcomes: Array(outcomes[5...]))
        XCTAssertEqual(s.coin(at: 12), .triangle, "c3 drawn again for the column")
        XCTAssertFalse(s.isChanceNode, "the new coins complete nothing")
        XCTAssertNil(s.nextDrawCell)
        XCTAssertEqual(s.chanceOutcomes, [])
        XCTAssertEqual(s.text, "SSSCS/CSCSC/CSTSC/SCSCS/CSCSC 9 2")
        XCTAssertEqual(s.text, referenceText(board: Self.rowAndColumnBoard, swap: 0, 12, newCoins: outcomes))
        XCTAssertEqual(s.legalMoves.count, 300)
    }

    func testSwapCompletingTwoRowsDrawsTheUpperRowFirstLeftToRight() throws {
        // Row 1: T T T T S, row 2: S S S S T; swapping e1 and e2 completes both.
        let board = "TTTTS/SSSST/CTSCT/TCTST/SCTCS"
        var s = try parse(board + " 10 0")
        s.play(CoinSorter.Swap(4, 9))
        XCTAssertEqual(s.score, 2)
        let outcomes: [Coin] = [.square, .circle, .square, .circle, .triangle,
                                .circle, .square, .circle, .triangle, .circle]
        applyDraws(&s, cells: Array(0..<10), outcomes: outcomes)
        XCTAssertFalse(s.isChanceNode)
        XCTAssertEqual(s.text, "SCSCT/CSCTC/CTSCT/TCTST/SCTCS 9 2")
        XCTAssertEqual(s.text, referenceText(board: board, swap: 4, 9, newCoins: outcomes))
    }

    func testSwapCompletingTwoColumnsDrawsTheLeftColumnFirstTopToBottom() throws {
        // Column a: T T T T S, column b: S S S S T; swapping a5 and b5 completes both.
        let board = "TSCTC/TSTCS/TSCST/TSTCC/STSCT"
        var s = try parse(board + " 10 0")
        XCTAssertEqual(s.linesCompleted(by: CoinSorter.Swap(20, 21)), 2)
        s.play(try s.parseMove("b5:a5"))
        XCTAssertEqual(s.score, 2)
        let outcomes: [Coin] = [.square, .circle, .square, .circle, .triangle,
                                .circle, .triangle, .circle, .triangle, .square]
        applyDraws(&s, cells: [0, 5, 10, 15, 20, 1, 6, 11, 16, 21], outcomes: outcomes)
        XCTAssertFalse(s.isChanceNode)
        XCTAssertEqual(s.text, "SCCTC/CTTCS/SCCST/CTTCC/TSSCT 9 2")
        XCTAssertEqual(s.text, referenceText(board: board, swap: 20, 21, newCoins: outcomes))
    }

    func testRefilledCoinsThatCompleteAnotherLineScoreAgain() throws {
        // Swapping e1 and d2 completes row 1 (T); column e then reads T C C C C, so a C
        // drawn into e1 completes column e, which scores a second point and is redrawn.
        let board = "TTTTS/SCSTC/CSTSC/STCTC/TSSCC"
        var s = try parse(board + " 10 0")
        s.play(try s.parseMove("e1:d2"))
        XCTAssertEqual(s.score, 1, "the swap completes row 1 only")
        let rowRefill: [Coin] = [.square, .circle, .square, .triangle, .circle]
        applyDraws(&s, cells: [0, 1, 2, 3, 4], outcomes: rowRefill)
        XCTAssertEqual(s.score, 2, "the refill completed column e: one more point")
        XCTAssertTrue(s.isChanceNode, "column e waits for new coins")
        XCTAssertFalse(s.isOver)
        let columnRefill: [Coin] = [.triangle, .square, .triangle, .square, .triangle]
        applyDraws(&s, cells: [4, 9, 14, 19, 24], outcomes: columnRefill)
        XCTAssertFalse(s.isChanceNode)
        XCTAssertEqual(s.score, 2)
        XCTAssertEqual(s.text, "SCSTT/SCSSS/CSTST/STCTS/TSSCT 9 2")
        XCTAssertEqual(s.text, referenceText(board: board, swap: 4, 8, newCoins: rowRefill + columnRefill))
    }

    func testRefillThatCompletesTheSameLinesAgainScoresThemAgain() throws {
        var s = try parse(Self.rowAndColumnBoard + " 10 0")
        s.play(CoinSorter.Swap(0, 12))
        XCTAssertEqual(s.score, 2)
        // All triangles again: row 3 and column c are complete once more.
        applyDraws(&s, cells: [10, 11, 12, 13, 14, 2, 7, 12, 17, 22], outcomes: Array(repeating: .triangle, count: 10))
        XCTAssertEqual(s.score, 4)
        XCTAssertEqual(s.nextDrawCell, 10, "the second round draws row 3 first again")
    }

    func testSwapCompletingNothingScoresZeroAndLeavesADecisionNode() throws {
        var s = try parse(Self.seed1Deal)
        let before = s
        XCTAssertEqual(s.linesCompleted(by: CoinSorter.Swap(0, 1)), 0)
        s.play(try s.parseMove("a1:b1"))
        XCTAssertEqual(s.score, 0)
        XCTAssertEqual(s.turnsLeft, 9)
        XCTAssertFalse(s.isChanceNode)
        XCTAssertNil(s.nextDrawCell)
        XCTAssertFalse(s.isOver)
        XCTAssertEqual(s.legalMoves.count, 300)
        XCTAssertEqual(s.text, "SCTCT/CTTTS/TSCSS/CTCCT/STTCT 9 0")
        XCTAssertNotEqual(s, before)
    }

    func testSwappingTwoCoinsOfTheSameKindStillUsesATurn() throws {
        var s = try parse(Self.seed1Deal)
        XCTAssertEqual(s.coin(at: 0), s.coin(at: 3), "a1 and d1 both hold a circle")
        s.play(try s.parseMove("a1:d1"))
        XCTAssertEqual(s.text, "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 9 0")
        var referee = CoinSorterReferee(seed: 1)
        referee.play(CoinSorter.Swap(0, 3))
        XCTAssertEqual(referee.state.text, "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 9 0")
        for _ in 0..<9 { referee.play(CoinSorter.Swap(0, 3)) }
        XCTAssertEqual(referee.state.turnsLeft, 0)
        XCTAssertTrue(referee.state.isOver, "ten same-kind swaps use up the ten turns")
    }

    func testGameIsOverAtZeroTurnsOnlyAfterTheLastSettle() throws {
        // The last turn completes row 1; the refill completes column e; only after its
        // refill is the game over.
        var s = try parse("TTTTS/SCSTC/CSTSC/STCTC/TSSCC 1 7")
        XCTAssertFalse(s.isOver)
        s.play(CoinSorter.Swap(4, 8))
        XCTAssertEqual(s.turnsLeft, 0)
        XCTAssertEqual(s.score, 8)
        XCTAssertTrue(s.isChanceNode)
        XCTAssertFalse(s.isOver, "coins are still due")
        applyDraws(&s, cells: [0, 1, 2, 3, 4], outcomes: [.square, .circle, .square, .triangle, .circle])
        XCTAssertEqual(s.score, 9)
        XCTAssertFalse(s.isOver, "the cascade is still due")
        applyDraws(&s, cells: [4, 9, 14, 19], outcomes: [.triangle, .square, .triangle, .square])
        XCTAssertFalse(s.isOver, "one coin still due")
        applyDraws(&s, cells: [24], outcomes: [.triangle])
        XCTAssertTrue(s.isOver)
        XCTAssertEqual(s.text, "SCSTT/SCSSS/CSTST/STCTS/TSSCT 0 9")
        XCTAssertEqual(s.legalMoves, [])

        // A last swap that completes nothing ends the game at once.
        var quiet = try parse("CSTCT/CTTTS/TSCSS/CTCCT/STTCT 1 3")
        quiet.play(CoinSorter.Swap(0, 1))
        XCTAssertTrue(quiet.isOver)
        XCTAssertEqual(quiet.text, "SCTCT/CTTTS/TSCSS/CTCCT/STTCT 0 3")

        // The referee plays the last turn's refills itself.
        var referee = CoinSorterReferee(seed: 9, turns: 1)
        XCTAssertFalse(referee.state.isOver)
        referee.play(CoinSorter.Swap(0, 24))
        XCTAssertTrue(referee.state.isOver)
        XCTAssertEqual(referee.state.turnsLeft, 0)
    }

    func testLinesCompletedEqualsThePointsASwapScoresBeforeRefills() throws {
        // The hand-built boards.
        let row = try parse(Self.rowAndColumnBoard + " 10 0")
        XCTAssertEqual(row.linesCompleted(by: CoinSorter.Swap(0, 12)), 2)
        XCTAssertEqual(row.linesCompleted(by: CoinSorter.Swap(0, 1)), 0)
        XCTAssertEqual(row, try parse(Self.rowAndColumnBoard + " 10 0"), "linesCompleted leaves the board unchanged")

        // Boards rich in triangles, so that many swaps complete one line or more.
        var rng = ReferenceSplitMix64(seed: 2024)
        var scoringSwaps = 0, multiLineSwaps = 0
        for board in 0..<30 {
            var cells: [Int] = []
            for _ in 0..<25 {
                let r = Int(rng.next() % 5)
                cells.append(r < 3 ? 0 : r - 2)
            }
            // Keep boards with no line complete yet, as after a settle.
            if CoinSorterReference.lineCount(cells) > 0 { continue }
            let s = state(cells, turns: 5, score: 3)
            let reference = CoinSorterReference(cells: cells, turnsLeft: 5, score: 3, newCoins: [])
            for a in 0..<24 {
                for b in (a + 1)..<25 {
                    let swap = CoinSorter.Swap(a, b)
                    let predicted = s.linesCompleted(by: swap)
                    var after = s
                    after.play(swap)
                    let scored = after.score - s.score
                    let expected = reference.linesCompleted(swapping: a, b)
                    guard predicted == scored, predicted == expected else {
                        XCTFail("board \(board) \(s.text), swap \(s.notation(of: swap)): linesCompleted \(predicted), "
                            + "scored \(scored), reference \(expected)")
                        return
                    }
                    if scored > 0 { scoringSwaps += 1 }
                    if scored > 1 { multiLineSwaps += 1 }
                }
            }
        }
        XCTAssertGreaterThan(scoringSwaps, 20, "the boards should offer many scoring swaps")
        XCTAssertGreaterThan(multiLineSwaps, 0, "and some that complete two lines")
    }

    // MARK: - Against the reference

    /// Plays `turns` swaps on seed `seed`: each turn either a best swap (by the reference's
    /// own count) or a uniformly random pair, chosen by a stream of its own.
    func swapsAndReference(seed: UInt64) -> (swaps: [(Int, Int)], reference: CoinSorterReference) {
        var reference = CoinSorterReference(seed: seed)
        var chooser = ReferenceSplitMix64(seed: seed ^ 0xC0FF_EE00_D15E_A5E5)
        var swaps: [(Int, Int)] = []
        while !reference.isOver {
            var pick: (Int, Int)
            let a = Int(chooser.next() % 25)
            var b = Int(chooser.next() % 24)
            if b >= a { b += 1 }
            pick = (a, b)
            if chooser.next() % 2 == 0 {
                let best = reference.bestSwaps()
                if best.lines > 0 { pick = best.swaps[Int(chooser.next() % UInt64(best.swaps.count))] }
            }
            swaps.append(pick)
            reference.swap(pick.0, pick.1)
        }
        return (swaps, reference)
    }

    func testEngineAndRefereeEqualTheReferenceOnManySeeds() {
        var seeds: [UInt64] = Array(0..<300)
        var big = ReferenceSplitMix64(seed: 77)
        for _ in 0..<100 { seeds.append(big.next()) }
        var failures = 0
        var totalScore = 0, cascades = 0, multiLine = 0, dealMatches = 0, sameKindSwaps = 0
        for seed in seeds {
            var reference = CoinSorterReference(seed: seed)
            var chooser = ReferenceSplitMix64(seed: seed ^ 0xC0FF_EE00_D15E_A5E5)
            var referee = CoinSorterReferee(seed: seed)
            if reference.dealMatched { dealMatches += 1 }
            guard referee.state.text == reference.text else {
                XCTFail("seed \(seed): deal \(referee.state.text), reference \(reference.text)")
                failures += 1
                if failures >= 5 { return } else { continue }
            }
            var turn = 0
            while !reference.isOver {
                turn += 1
                let a = Int(chooser.next() % 25)
                var b = Int(chooser.next() % 24)
                if b >= a { b += 1 }
                var pick = (a, b)
                if chooser.next() % 2 == 0 {
                    let best = reference.bestSwaps()
                    if best.lines > 0 { pick = best.swaps[Int(chooser.next() % UInt64(best.swaps.count))] }
                }
                if reference.cells[pick.0] == reference.cells[pick.1] { sameKindSwaps += 1 }
                let before = referee.state.text
                reference.swap(pick.0, pick.1)
                referee.play(CoinSorter.Swap(pick.0, pick.1))
                let s = referee.state
                guard s.text == reference.text, !s.isChanceNode else {
                    XCTFail("seed \(seed), turn \(turn): \(before) then "
                        + "\(CoinSorterReference.cellName(pick.0)):\(CoinSorterReference.cellName(pick.1)) gives "
                        + "\(s.text)\(s.isChanceNode ? " (chance node)" : ""), reference \(reference.text)")
                    failures += 1
                    break
                }
            }
            if failures >= 5 { return }
            XCTAssertEqual(turn, 10, "seed \(seed): ten turns")
            XCTAssertTrue(referee.state.isOver, "seed \(seed): over after ten turns")
            XCTAssertEqual(referee.state.score, reference.score, "seed \(seed): final score")
            totalScore += reference.score
            cascades += reference.cascadeRounds
            if reference.mostLinesInOneRound > 1 { multiLine += 1 }
        }
        // The games must have exercised what they are meant to check.
        XCTAssertGreaterThan(totalScore, 500, "many lines completed")
        XCTAssertGreaterThan(cascades, 10, "refills that complete lines")
        XCTAssertGreaterThan(multiLine, 5, "rounds with two lines or more")
        XCTAssertGreaterThan(dealMatches, 10, "deals that settle")
        XCTAssertGreaterThan(sameKindSwaps, 10, "swaps of two coins of the same kind")
    }

    func testSameSeedAndSwapsGiveTheSameGameTwice() {
        for seed: UInt64 in [3, 42, 0xDEAD_BEEF, UInt64.max] {
            let (swaps, reference) = swapsAndReference(seed: seed)
            var first = CoinSorterReferee(seed: seed)
            var second = CoinSorterReferee(seed: seed)
            for (a, b) in swaps {
                first.play(CoinSorter.Swap(a, b))
                second.play(CoinSorter.Swap(b, a))
                XCTAssertEqual(first.state, second.state, "seed \(seed)")
            }
            XCTAssertEqual(first.state.score, second.state.score, "seed \(seed)")
            XCTAssertEqual(first.state.score, reference.score, "seed \(seed)")
            XCTAssertTrue(first.state.isOver)
        }
        XCTAssertNotEqual(CoinSorterReferee(seed: 1).state.text, CoinSorterReferee(seed: 2).state.text,
                          "different seeds deal differently")
    }

    // MARK: - Position text

    func testPositionTextRoundTrips() throws {
        let texts = [
            Self.seed1Deal,
            "TTTTT/SSSSS/CCCCC/TSCTS/CSTCS 0 12345",
            "CCCCC/CCCCC/CCCCC/CCCCC/CCCCC 3 0",
            Self.rowAndColumnBoard + " 1 99",
        ]
        for text in texts {
            let s = try parse(text)
            XCTAssertEqual(s.text, text)
            XCTAssertEqual(try parse(s.text), s)
            XCTAssertEqual(s.description, text)
        }
        let spaced = try parse("  CSTCT/CTTTS/TSCSS/CTCCT/STTCT \t10   0\n")
        XCTAssertEqual(spaced.text, Self.seed1Deal, "runs of whitespace separate fields")
        XCTAssertEqual(try parse(Self.seed1Deal), CoinSorterReferee(seed: 1).state,
                       "a parsed position equals the same position dealt")
        // Every state of a few refereed games.
        for seed: UInt64 in 0..<20 {
            let (swaps, _) = swapsAndReference(seed: seed)
            var referee = CoinSorterReferee(seed: seed)
            for (a, b) in swaps {
                referee.play(CoinSorter.Swap(a, b))
                let s = referee.state
                XCTAssertEqual(try parse(s.text).text, s.text)
                XCTAssertEqual(try parse(s.text), s, "seed \(seed): parsed \(s.text) equals the played state")
            }
        }
        let built = state(CoinSorterReference.cells(fromBoard: "TSCTS/CTSCT/SCTSC/TSCTS/CTSCT"), turns: 4, score: 17)
        XCTAssertEqual(built.text, "TSCTS/CTSCT/SCTSC/TSCTS/CTSCT 4 17")
    }

    func testMalformedPositionsAreRejectedWithAMessageNamingTheProblem() {
        let board = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT"
        // The text, and words the message must contain (case-insensitive).
        let cases: [(String, [String])] = [
            ("", ["empty"]),
            ("   ", ["empty"]),
            ("CSTCT/CTTTS/TSCSS/CTCCT 10 0", ["4 rows"]),
            ("CSTCT/CTTTS/TSCSS/CTCCT/STTCT/CSTCT 10 0", ["6 rows"]),
            ("CSTCT/CTTTS/TSCSS/CTCCT/ 10 0", ["row 5", "0 cells"]),
            ("CSTCT/CTTT/TSCSS/CTCCT/STTCT 10 0", ["row 2", "4 cells"]),
            ("CSTCT/CTTTS/TSCSSS/CTCCT/STTCT 10 0", ["row 3", "6 cells"]),
            ("CSTCT/CTTTS/TSCSS/CTCCT/STTCX 10 0", ["'X'", "row 5"]),
            ("cSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0", ["'c'", "row 1"]),
            ("CSTCT/CT1TS/TSCSS/CTCCT/STTCT 10 0", ["'1'", "row 2"]),
            (board, ["missing", "turns"]),
            (board + " x 0", ["turns", "'x'", "not a number"]),
            (board + " -1 0", ["turns", "-1"]),
            (board + " 10", ["missing", "score"]),
            (board + " 10 y", ["score", "'y'", "not a number"]),
            (board + " 10 -3", ["score", "-3"]),
            (board + " 10 0 extra", ["'extra'"]),
            (board + " 10 0 0", ["after the score"]),
        ]
        for (text, words) in cases {
            guard let message = positionError(text) else {
                XCTFail("'\(text)' parsed, expected an error naming \(words)")
                continue
            }
            for word in words {
                XCTAssertTrue(message.lowercased().contains(word.lowercased()),
                              "message for '\(text)' should contain \(word): \(message)")
            }
            XCTAssertFalse(message.contains("\n"), "one line: \(message)")
        }
    }

    // MARK: - Swaps

    func testMalformedSwapsAreRejected() throws {
        let s = try parse(Self.seed1Deal)
        for text in ["a1", "a1:a1", "f1:a2", "a6:a1", "a1-b2", "", "a1:b2:c3", "A1:B2", "a0:a1", ":", "a1:", "c3 a1"] {
            guard let message = swapError(text, in: s) else {
                XCTFail("swap '\(text)' was accepted")
                continue
            }
            XCTAssertTrue(message.contains("swap"), "message for '\(text)': \(message)")
            XCTAssertTrue(message.contains("'\(text)'"), "message for '\(text)' quotes it: \(message)")
        }
        XCTAssertTrue(swapError("a1:a1", in: s)?.contains("differ") ?? false, "a1:a1 names two equal cells")
    }

    func testSwapWhenNoTurnsAreLeftIsRejected() throws {
        let over = try parse(Self.seed1Deal.replacingOccurrences(of: " 10 0", with: " 0 4"))
        XCTAssertTrue(over.isOver)
        let message = swapError("a1:b2", in: over)
        XCTAssertNotNil(message)
        XCTAssertTrue(message?.contains("no turns left") ?? false, message ?? "")

        var referee = CoinSorterReferee(seed: 5, turns: 2)
        XCTAssertNil(swapError("a1:b2", in: referee.state))
        referee.play(CoinSorter.Swap(0, 6))
        referee.play(CoinSorter.Swap(0, 6))
        XCTAssertNotNil(swapError("a1:b2", in: referee.state), "after the last turn")
    }

    func testLegalMovesAreThe300DistinctSwapsAtADecisionNodeAndNoneWhenOver() throws {
        let s = CoinSorterReferee(seed: 1).state
        let moves = s.legalMoves
        XCTAssertEqual(moves.count, 300)
        XCTAssertEqual(Set(moves).count, 300, "all distinct")
        XCTAssertEqual(Set(moves.map { s.notation(of: $0) }).count, 300, "distinct notations")
        for m in moves {
            XCTAssertLessThan(m.first, m.second)
            XCTAssertLessThan(Int(m.second), 25)
        }
        var expected = Set<CoinSorter.Swap>()
        for a in 0..<25 { for b in 0..<25 where a != b { expected.insert(CoinSorter.Swap(a, b)) } }
        XCTAssertEqual(Set(moves), expected, "every pair of different cells")

        let over = try parse(Self.seed1Deal.replacingOccurrences(of: " 10 0", with: " 0 0"))
        XCTAssertEqual(over.legalMoves.count, 0)
        var chance = try parse(Self.rowAndColumnBoard + " 10 0")
        chance.play(CoinSorter.Swap(0, 12))
        XCTAssertTrue(chance.isChanceNode)
        XCTAssertEqual(chance.legalMoves.count, 0, "none at a chance node either")
        let lastTurn = try parse(Self.seed1Deal.replacingOccurrences(of: " 10 0", with: " 1 0"))
        XCTAssertEqual(lastTurn.legalMoves.count, 300)
    }
}
