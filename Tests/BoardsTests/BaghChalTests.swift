import XCTest
@testable import Boards

/// The Bagh-Chal engine checked against docs/rules.md, Bagh-Chal and against the naive
/// reference in BaghChalReference.swift: perft, move generation, outcomes, hashing,
/// position text and move notation.
final class BaghChalTests: XCTestCase {
    static let startText = "T3T/5/5/5/T3T g 20 0"

    func position(_ text: String, rules: BaghChal.Rules = .standard,
                  file: StaticString = #filePath, line: UInt = #line) throws -> BaghChal {
        do {
            return try BaghChal(parsing: text, rules: rules)
        } catch {
            XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
            throw error
        }
    }

    func play(_ notation: [String], from start: BaghChal,
              file: StaticString = #filePath, line: UInt = #line) throws -> BaghChal {
        var p = start
        for n in notation {
            do {
                p.play(try p.parseMove(n))
            } catch {
                XCTFail("move \(n) rejected in \(p.text): \(error)", file: file, line: line)
                throw error
            }
        }
        return p
    }

    /// Asserts that `body` throws a `ParseError` whose message contains every one of `words`.
    func assertParseError<T>(_ what: String, words: [String], file: StaticString = #filePath, line: UInt = #line,
                             _ body: () throws(ParseError) -> T) {
        do {
            let value = try body()
            XCTFail("\(what) was accepted: \(value)", file: file, line: line)
        } catch {
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
            for w in words {
                XCTAssertTrue(error.message.contains(w), "\(what): message '\(error.message)' does not mention '\(w)'",
                              file: file, line: line)
            }
        }
    }

    func rejectsPosition(_ text: String, words: [String], file: StaticString = #filePath, line: UInt = #line) {
        assertParseError("position '\(text)'", words: words, file: file, line: line) { () throws(ParseError) in
            try BaghChal(parsing: text)
        }
    }

    func rejectsMove(_ move: String, in p: BaghChal, words: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) {
        assertParseError("move '\(move)' in \(p.text)", words: words, file: file, line: line) { () throws(ParseError) in
            try p.parseMove(move)
        }
    }

    // MARK: - Perft from the start (docs/rules.md table)

    func testPerftFromStartMatchesRulesTableToDepth6() {
        // Depth 6 takes about 2 s in a debug build.
        let start = BaghChal()
        let expected: [UInt64] = [21, 252, 5_052, 68_204, 1_304_788, 18_592_000]
        for (i, want) in expected.enumerated() {
            XCTAssertEqual(Perft.count(start, depth: i + 1), want, "perft(\(i + 1)) from the start")
        }
    }

    func testPerftDepthZeroIsOneLeaf() {
        XCTAssertEqual(Perft.count(BaghChal(), depth: 0), 1)
    }

    func testReferencePerftFromStartMatchesRulesTableToDepth4() {
        XCTAssertEqual((1...4).map { NaiveBaghChal().perft($0) }, [21, 252, 5_052, 68_204])
    }

    func testDivideSumsToPerftAndListsEveryStartMove() {
        let divide = Perft.divide(BaghChal(), depth: 4)
        XCTAssertEqual(divide.count, 21)
        XCTAssertEqual(divide.reduce(0) { $0 + $1.nodes }, 68_204)
        XCTAssertEqual(Set(divide.map { NaiveBaghChal.Move($0.move) }), Set(NaiveBaghChal().legalMoves()))
    }

    func testPerftIgnoresPlyLimit() {
        XCTAssertEqual(Perft.count(BaghChal(rules: .init(plyLimit: 1)), depth: 3), 5_052)
    }

    // MARK: - The board's lines

    /// The step and jump tables against the rules text as the reference reads it, point
    /// by point and direction by direction.
    func testLineTablesMatchTheRulesText() {
        let directions = NaiveBaghChal.directions
        var lines = 0
        for point in 0..<25 {
            let f = point % 5, r = point / 5
            for (d, (df, dr)) in directions.enumerated() {
                let joined = NaiveBaghChal.joined(f, r, f + df, r + dr)
                XCTAssertEqual(BaghChal.Board.neighbour(of: point, direction: d),
                               joined ? NaiveBaghChal.index(f + df, r + dr) : nil, "neighbour of \(point) direction \(d)")
                let runsOn = joined && NaiveBaghChal.joined(f + df, r + dr, f + 2 * df, r + 2 * dr)
                XCTAssertEqual(BaghChal.Board.landing(from: point, direction: d),
                               runsOn ? NaiveBaghChal.index(f + 2 * df, r + 2 * dr) : nil, "landing from \(point) direction \(d)")
                if joined { lines += 1 }
            }
            let expected = Set((0..<25).filter { q in NaiveBaghChal.joined(f, r, q % 5, q / 5) })
            XCTAssertEqual(pointSet(BaghChal.Board.neighbours(of: point)), expected, "neighbours of \(point)")
        }
        // 40 orthogonal and 16 diagonal segments, each counted from both ends.
        XCTAssertEqual(lines, 2 * (40 + 16))
        XCTAssertNil(BaghChal.Board.neighbour(of: 25, direction: 0))
        XCTAssertNil(BaghChal.Board.neighbour(of: 0, direction: 8))
        XCTAssertEqual(BaghChal.Board.neighbours(of: -1), 0)
    }

    func testDiagonalsOnlyThroughEvenPoints() {
        // c3 (even) has 8 neighbours, b3 (odd) 4, a1 3, b1 3 (a1, c1, b2), b2 8.
        let counts = ["c3": 8, "b3": 4, "a1": 3, "b1": 3, "b2": 8, "c2": 4, "e5": 3, "d5": 3]
        for (name, n) in counts {
            let p = BaghChal.Notation.point(named: Substring(name))!
            XCTAssertEqual(BaghChal.Board.neighbours(of: p).nonzeroBitCount, n, name)
        }
    }

    // MARK: - Random positions against the reference

    /// The sample must hold the positions that exercise every rule, or the comparisons
    /// below would prove little.
    func testRandomSampleReachesEveryPhaseAndEnding() {
        let sample = RandomBaghChal.sample
        XCTAssertGreaterThanOrEqual(sample.count, 1_500)
        let refs = sample.map(NaiveBaghChal.init(engine:))
        let tigersToMove = refs.filter { !$0.goatsToMove }
        XCTAssertGreaterThanOrEqual(tigersToMove.count, 500, "tigers to move")
        XCTAssertGreaterThanOrEqual(tigersToMove.filter { r in r.legalMoves().contains { $0.kind == .capture } }.count,
                                    50, "positions where a capture is available")
        XCTAssertTrue(tigersToMove.contains { r in
            r.legalMoves().contains { $0.kind == .capture && abs($0.to % 5 - $0.from % 5) == 2 && abs($0.to / 5 - $0.from / 5) == 2 }
        }, "a diagonal capture available")
        XCTAssertGreaterThanOrEqual(refs.filter { $0.goatsToMove && $0.goatsInHand == 0 }.count, 200, "goats stepping")
        XCTAssertGreaterThanOrEqual(refs.filter { $0.captures == 5 }.count, 3, "games won by 5 captures")
        for n in 1...4 { XCTAssertTrue(refs.contains { $0.captures == n }, "positions with \(n) goats taken") }
        XCTAssertTrue(refs.contains { $0.tigerMobility().trapped > 0 }, "a trapped tiger")
        XCTAssertTrue(refs.contains { $0.plies >= $0.plyLimit && $0.captures < 5 }, "a game reaching the ply limit")
    }

    func testLegalMovesAndMoveCountMatchReferenceOnRandomPositions() {
        var failures = 0
        for p in RandomBaghChal.sample where failures < 5 {
            let want = NaiveBaghChal(engine: p).legalMoves()
            let got = p.legalMoves
            let gotSet = Set(got.map(NaiveBaghChal.Move.init))
            if gotSet != Set(want) || got.count != want.count || p.moveCount() != want.count {
                failures += 1
                XCTFail("""
                    moves differ in \(p.text): engine \(got.count) (moveCount \(p.moveCount())), reference \(want.count); \
                    missing \(Set(want).subtracting(gotSet).sorted()), extra \(gotSet.subtracting(want).sorted())
                    """)
            }
            XCTAssertEqual(Set(got.map(p.notation(of:))), Set(want.map(NaiveBaghChal.notation)), "notation in \(p.text)")
        }
    }

    func testMoveOrderIsPlacementsByPointThenTigersByPointCapturesFirst() throws {
        XCTAssertEqual(BaghChal().legalMoves.map(\.to), [1, 2, 3] + Array(5...19) + [21, 22, 23])
        let p = try position("T3T/5/5/1G3/T3T t 19 0")
        XCTAssertEqual(p.legalMoves.map(p.notation(of:)), ["a1xc3", "a1-b1", "a1-a2", "e1-d1", "e1-d2", "e1-e2",
                                                           "a5-a4", "a5-b4", "a5-b5", "e5-d4", "e5-e4", "e5-d5"])
    }

    func testGoatsInDangerAndTigerMobilityMatchReferenceOnRandomPositions() {
        var failures = 0
        for p in RandomBaghChal.sample where failures < 5 {
            let ref = NaiveBaghChal(engine: p)
            let danger = pointSet(p.goatsInDanger)
            let mobility = p.tigerMobility, want = ref.tigerMobility()
            if danger != ref.goatsInDanger() || (p.captures < 5 && (mobility.moves != want.moves || mobility.trapped != want.trapped)) {
                failures += 1
                XCTFail("in \(p.text): danger \(danger.sorted()) vs \(ref.goatsInDanger().sorted()), mobility \(mobility) vs \(want)")
            }
        }
    }

    func testPlayMatchesReferenceForEveryMoveOfRandomPositions() {
        var failures = 0
        for p in RandomBaghChal.sample.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) where failures < 5 {
            let ref = NaiveBaghChal(engine: p)
            for m in p.legalMoves {
                var child = p
                child.play(m)
                var refChild = ref
                refChild.play(NaiveBaghChal.Move(m))
                if NaiveBaghChal(engine: child) != refChild || child.hash != child.computedHash {
                    failures += 1
                    XCTFail("after \(p.notation(of: m)) in \(p.text): engine \(child.text), reference \(refChild.text)")
                }
            }
        }
    }

    func testOutcomeMatchesReferenceOnRandomPositions() {
        for p in RandomBaghChal.sample {
            XCTAssertEqual(p.outcome, NaiveBaghChal(engine: p).outcome, "outcome of \(p.text) at ply \(p.plyCount)")
        }
    }

    func testPerft3MatchesReferenceOnRandomPositions() {
        let sample = RandomBaghChal.sample
        let step = max(1, sample.count / 120)
        var checked = 0, failures = 0
        var i = 0
        while i < sample.count && failures < 3 {
            let p = sample[i]
            let want = NaiveBaghChal(engine: p).perft(3)
            let got = Perft.count(p, depth: 3)
            if got != UInt64(want) {
                failures += 1
                XCTFail("perft(3) of \(p.text): engine \(got), reference \(want)")
            }
            checked += 1
            i += step
        }
        XCTAssertGreaterThanOrEqual(checked, 100)
    }

    /// Perft three plies down in the placement phase (the two-ply closed forms summed over
    /// the children, built in one loop) against the naive perft 3 on every other position
    /// of the sample, either side to move; none in the movement phase, nor when the goats
    /// place their last goat (their children move goats: no closed form).
    func testLeafCountThreePliesMatchesReferenceOnRandomPositions() {
        var checked = [0, 0], failures = 0
        for (i, p) in RandomBaghChal.sample.enumerated() where i % 2 == 0 && failures < 3 {
            let lastPlacement = p.goatsInHand == 1 && p.sideToMove == BaghChal.goats
            guard let got = p.leafCountThreePlies() else {
                XCTAssertTrue(p.goatsInHand == 0 || lastPlacement, "no three-ply count: \(p.text)")
                continue
            }
            XCTAssertFalse(p.goatsInHand == 0 || lastPlacement, "a three-ply count: \(p.text)")
            let want = NaiveBaghChal(engine: p).perft(3)
            if got != want {
                failures += 1
                XCTFail("three-ply count of \(p.text): engine \(got), reference \(want)")
            }
            checked[p.sideToMove == BaghChal.goats ? 0 : 1] += 1
        }
        XCTAssertGreaterThanOrEqual(checked[0], 50, "goats to move")
        XCTAssertGreaterThanOrEqual(checked[1], 50, "tigers to move")
    }

    /// The three-ply count with the goats to place and 0 to 4 goats captured, against the
    /// naive perft 3: with 4 captured a tiger's jump after the placement is the fifth
    /// capture and ends the game (its loop leaves the jumps out), which random samples of
    /// the placement phase hardly reach. Goats next to three tigers, so jumps exist.
    func testLeafCountThreePliesWithFourGoatsCapturedMatchesReference() throws {
        // Goats on b1, a2, b2 (next to the tiger on a1), e4 and d5 (next to e5).
        let goats: UInt32 = 1 << 1 | 1 << 5 | 1 << 6 | 1 << 19 | 1 << 23
        for captures in 0...4 {
            let p = try BaghChal(goats: goats, tigers: 0x110_0011, sideToMove: BaghChal.goats,
                                 goatsInHand: BaghChal.goatsPerGame - 5 - captures, captures: captures)
            let want = NaiveBaghChal(engine: p).perft(3)
            XCTAssertEqual(p.leafCountThreePlies(), want, "\(captures) captured: \(p.text)")
            XCTAssertEqual(Perft.count(p, depth: 3), UInt64(want), "\(captures) captured: \(p.text)")
        }
    }

    /// Captures are exactly the moves with the capture flag; the irreversible moves are
    /// the captures and the placements.
    func testIsCaptureAndIsIrreversibleOnRandomPositions() {
        var captures = 0, placements = 0, steps = 0
        for p in RandomBaghChal.sample {
            for m in p.legalMoves {
                var after = p
                after.play(m)
                XCTAssertEqual(p.isCapture(m), after.captures == p.captures + 1, "\(p.notation(of: m)) in \(p.text)")
                XCTAssertEqual(p.isIrreversible(m), m.isCapture || m.isPlacement, "\(p.notation(of: m)) in \(p.text)")
                XCTAssertEqual(m.isPlacement, after.goatsInHand == p.goatsInHand - 1)
                if m.isCapture { captures += 1 } else if m.isPlacement { placements += 1 } else { steps += 1 }
            }
        }
        XCTAssertGreaterThan(captures, 50)
        XCTAssertGreaterThan(placements, 1_000)
        XCTAssertGreaterThan(steps, 1_000)
    }

    // MARK: - Hand-made positions for single rules

    func testTigerCapturesAlongLinesIncludingDiagonalsFromEvenPoints() throws {
        // Tiger c3 (even): goats b2 (a1 empty), c2 (c1 empty) and c4 (c5 empty) can be
        // jumped; d3 (e3 a goat), b3 (a3 a goat) and d4 (e5 a tiger) cannot. Tiger b1
        // (odd): the goat on c2 is diagonal to it, on no line; b2 has a goat behind it.
        let p = try position("T3T/2GG1/GGTGG/1GG2/1T3 t 12 0")
        let captures = Set(p.legalMoves.filter(\.isCapture).map(p.notation(of:)))
        XCTAssertEqual(captures, ["c3xa1", "c3xc5", "c3xc1"])
        XCTAssertEqual(pointSet(p.goatsInDanger), [6, 17, 7])  // b2, c4, c2
    }

    func testNoCaptureAlongADiagonalThatDoesNotExist() throws {
        // Tiger b1 with a goat on c2 and d3 empty: b1 has no diagonal lines.
        let p = try position("T3T/5/5/2G2/1T2T t 19 0")
        XCTAssertFalse(p.legalMoves.contains(where: \.isCapture), p.legalMoves.map(p.notation(of:)).description)
        // Tiger d2 (even) with a goat on c3 and b4 empty: a diagonal capture.
        let q = try position("T3T/5/2G2/3T1/4T t 19 0")
        XCTAssertTrue(q.legalMoves.map(q.notation(of:)).contains("d2xb4"))
    }

    func testTigerCannotJumpTigerOrTwoGoats() throws {
        let p = try position("5/2G2/2G2/2T2/T1T1T t 18 0")
        XCTAssertFalse(p.legalMoves.contains(where: \.isCapture), p.legalMoves.map(p.notation(of:)).description)
    }

    func testGoatsMayNotStepWhileGoatsRemainInHand() throws {
        let p = try position("T3T/5/2G2/5/T3T g 19 0")
        XCTAssertTrue(p.legalMoves.allSatisfy(\.isPlacement))
        XCTAssertEqual(p.moveCount(), 20)
        rejectsMove("c3-c4", in: p, words: ["in hand", "place"])
        let stepping = try position("TGGGT/GGGGG/GG1GG/GGGGG/TGGGT g 0 0")
        XCTAssertEqual(stepping.legalMoves.map(stepping.notation(of:)).sorted(),
                       ["b2-c3", "b3-c3", "b4-c3", "c2-c3", "c4-c3", "d2-c3", "d3-c3", "d4-c3"])
        rejectsMove("c3", in: stepping, words: ["placed"])
    }

    func testTwentiethPlacementEndsThePlacementPhase() throws {
        let last = try position("TGGGT/GGGGG/GGGGG/GGGG1/T1GGT g 1 0")
        XCTAssertTrue(last.isPlacementPhase)
        XCTAssertEqual(last.legalMoves.map(last.notation(of:)), ["b1", "e2"])
        let placed = try play(["e2", "a1-b1"], from: last)
        XCTAssertFalse(placed.isPlacementPhase)
        XCTAssertEqual(placed.goatsInHand, 0)
        XCTAssertEqual(placed.legalMoves.map(placed.notation(of:)), ["a2-a1", "b2-a1"])
        XCTAssertEqual(placed.moveCount(), 2)
        rejectsMove("b1", in: placed, words: ["placed"])
    }

    // MARK: - Outcomes

    func testFifthCaptureWinsForTigers() throws {
        let p = try position("T3T/5/5/1G3/T3T t 15 4")
        XCTAssertNil(p.outcome)
        let after = try play(["a1xc3"], from: p)
        XCTAssertEqual(after.captures, 5)
        XCTAssertEqual(after.outcome, .win(BaghChal.tigers))
        XCTAssertTrue(after.legalMoves.isEmpty)
        XCTAssertEqual(after.moveCount(), 0)
        XCTAssertEqual(after.goatsInDanger, 0)
        XCTAssertEqual(Perft.count(after, depth: 2), 0)
        XCTAssertEqual(BaghChal.describe(after.outcome!), "tigers win")
        rejectsMove("c3", in: after, words: ["over", "tigers win"])
    }

    func testTrappedTigersToMoveMeansGoatsWin() throws {
        // Every tiger in a corner, its three neighbours and the three landing points taken.
        let trapped = try position("TGGGT/GG1GG/G1G1G/GG1GG/TGGGT t 3 0")
        XCTAssertEqual(trapped.outcome, .win(BaghChal.goats))
        XCTAssertEqual(trapped.moveCount(), 0)
        XCTAssertEqual(trapped.tigerMobility.trapped, 4)
        XCTAssertEqual(Perft.count(trapped, depth: 1), 0)
        XCTAssertEqual(BaghChal.describe(trapped.outcome!), "goats win")
        // The goats close the trap by placing on c3 (the landing point of four diagonal jumps).
        let before = try position("TGGGT/GG1GG/G3G/GG1GG/TGGGT g 4 0")
        XCTAssertNil(before.outcome)
        let after = try play(["c3"], from: before)
        XCTAssertEqual(after.text, trapped.text)
        XCTAssertEqual(after.outcome, .win(.first))
        rejectsMove("a1-b1", in: after, words: ["over", "goats win"])
    }

    func testTigerWhoseOnlyMoveIsACaptureIsNotTrapped() throws {
        let p = try position("TGGGT/GG1GG/G3G/GG1GG/TGGGT t 4 0")
        XCTAssertNil(p.outcome)
        XCTAssertEqual(p.legalMoves.map(p.notation(of:)), ["a1xc3", "e1xc3", "a5xc3", "e5xc3"])
    }

    func testGoatsToMoveWithoutMoveMeansTigersWin() throws {
        // a1 and b1 empty, every line into them held by a tiger; all goats placed.
        let stuck = try position("GGGGT/GGGGG/GGGGG/TTGGG/2TGG g 0 1")
        XCTAssertEqual(stuck.outcome, .win(BaghChal.tigers))
        XCTAssertEqual(stuck.moveCount(), 0)
        let before = try position("GGGGT/GGGGG/GGGGG/TTGGG/1T1GG t 0 1")
        XCTAssertNil(before.outcome)
        let after = try play(["b1-c1"], from: before)
        XCTAssertEqual(after.text, stuck.text)
        XCTAssertEqual(after.outcome, .win(.second))
    }

    func testGoatsWithGoatsInHandAlwaysHaveAMove() {
        for p in RandomBaghChal.sample where p.sideToMove == .first && p.goatsInHand > 0 && p.captures < 5 {
            XCTAssertTrue(p.hasLegalMove, p.text)
        }
    }

    func testPlyLimitDrawsExactlyWhenReached() throws {
        var p = BaghChal(rules: .init(plyLimit: 4))
        for (i, n) in ["c3", "a1-a2", "d3", "a2-a1"].enumerated() {
            XCTAssertNil(p.outcome, "before ply \(i + 1)")
            p.play(try p.parseMove(n))
        }
        XCTAssertEqual(p.plyCount, 4)
        XCTAssertEqual(p.outcome, .draw)
        XCTAssertEqual(BaghChal.describe(p.outcome!), "draw")
        rejectsMove("e3", in: p, words: ["over", "draw"])
        // Perft still counts the moves (the ply limit plays no part in it).
        XCTAssertEqual(p.moveCount(), 19)
    }

    func testWinOnTheLastPlyIsAWinNotADraw() throws {
        let p = try position("T3T/5/5/1G3/T3T t 15 4", rules: .init(plyLimit: 1))
        XCTAssertEqual(try play(["a1xc3"], from: p).outcome, .win(.second))
    }

    func testThreefoldRepetitionDrawsOnThirdOccurrenceNotBefore() throws {
        let start = try position("T3T/T1G1T/GGGGG/GGGGG/GGGGG g 0 4")
        var history = GameHistory(start)
        let shuffle = ["c4-d4", "a5-b5", "d4-c4", "b5-a5"]
        var plies = 0
        for round in 1...2 {
            for n in shuffle {
                XCTAssertNil(history.outcome, "after \(plies) plies")
                history.play(try history.position.parseMove(n))
                plies += 1
            }
            XCTAssertEqual(history.repetitions, round + 1, "start position seen again")
            XCTAssertEqual(history.position.text, start.text)
        }
        XCTAssertEqual(history.outcome, .draw)
        XCTAssertNil(history.position.outcome, "repetition is the history's, not the position's")
        XCTAssertTrue(history.undo())
        XCTAssertNil(history.outcome)
        XCTAssertEqual(history.repetitions, 2)
    }

    func testPlacementsAndCapturesCutTheRepetitionWindow() throws {
        var history = GameHistory<BaghChal>()
        history.play(try history.position.parseMove("c3"))
        XCTAssertEqual(history.reversibleStart, 1, "a placement is irreversible")
        history.play(try history.position.parseMove("a1-b1"))
        XCTAssertEqual(history.reversibleStart, 1, "a tiger step is not")
        let p = try position("T3T/5/5/1G3/T3T t 17 2")
        var h2 = GameHistory(p)
        h2.play(try p.parseMove("a1xc3"))
        XCTAssertEqual(h2.reversibleStart, 1, "a capture is irreversible")
    }

    func testSameBoardWithOtherSideOrGoatsInHandIsAnotherPosition() throws {
        let a = try position("T3T/5/2G2/5/T3T g 18 1")
        let b = try position("T3T/5/2G2/5/T3T t 19 0")
        let c = try position("T3T/5/2G2/5/T3T g 19 0")
        XCTAssertEqual(Set([a.hash, b.hash, c.hash]).count, 3)
        XCTAssertEqual(a.goats, c.goats)
    }

    // MARK: - Zobrist hashing

    func testIncrementalHashEqualsComputedHashAndIdentifiesPositions() throws {
        struct Key: Hashable { let goats: UInt32, tigers: UInt32, side: Player, hand: Int }
        var hashOf: [Key: UInt64] = [:]
        var keyOf: [UInt64: Key] = [:]
        for p in RandomBaghChal.sample {
            XCTAssertEqual(p.hash, p.computedHash, p.text)
            XCTAssertEqual(p.hash, try position(p.text).hash, p.text)
            let k = Key(goats: p.goats, tigers: p.tigers, side: p.sideToMove, hand: p.goatsInHand)
            if let h = hashOf[k] { XCTAssertEqual(h, p.hash, "same position, other hash: \(p.text)") }
            if let other = keyOf[p.hash] { XCTAssertEqual(other, k, "hash collision at \(p.text)") }
            hashOf[k] = p.hash
            keyOf[p.hash] = k
        }
        XCTAssertGreaterThan(hashOf.count, 1_000)
    }

    func testHashOfATranspositionIsTheSame() throws {
        let one = try play(["c3", "a1-a2", "d3", "e1-e2"], from: BaghChal())
        let two = try play(["d3", "e1-e2", "c3", "a1-a2"], from: BaghChal())
        XCTAssertEqual(one.text, two.text)
        XCTAssertEqual(one.hash, two.hash)
        XCTAssertNotEqual(one.hash, BaghChal().hash)
    }

    // MARK: - Position text

    func testStartPositionTextIsExactlyTheRulesText() throws {
        XCTAssertEqual(BaghChal().text, Self.startText)
        XCTAssertEqual(NaiveBaghChal().text, Self.startText)
        let parsed = try position(Self.startText)
        XCTAssertEqual(parsed, BaghChal())
        XCTAssertEqual(parsed.sideToMove, .first)
        XCTAssertEqual(parsed.goatsInHand, 20)
        XCTAssertEqual(parsed.captures, 0)
        XCTAssertEqual(parsed.goats, 0)
        XCTAssertEqual(pointSet(parsed.tigers), [0, 4, 20, 24])  // a1 e1 a5 e5
        XCTAssertEqual(BaghChal.name, "bagh-chal")
        XCTAssertEqual(BaghChal.sideName(.first), "goats")
        XCTAssertEqual(BaghChal.sideName(.second), "tigers")
    }

    func testPointIndicesFollowRules() throws {
        // a1 = 0, e1 = 4, a5 = 20, e5 = 24, c3 = 12: one goat at a time.
        for (text, point) in [("T3T/5/5/5/GT2T t 19 0", 0), ("T3T/5/5/5/T2TG t 19 0", 4),
                              ("GT2T/5/5/5/T3T t 19 0", 20), ("T2TG/5/5/5/T3T t 19 0", 24),
                              ("T3T/5/2G2/5/T3T t 19 0", 12)] {
            XCTAssertEqual(try position(text).goats, UInt32(1) << UInt32(point), text)
        }
        for i in 0..<25 {
            XCTAssertEqual(BaghChal.Notation.point(named: Substring(BaghChal.Notation.pointName(i))), i)
        }
        XCTAssertEqual(BaghChal.Notation.pointName(12), "c3")
        for bad in ["f1", "a0", "a6", "A1", "c", "c33", "", "é3"] {
            XCTAssertNil(BaghChal.Notation.point(named: Substring(bad)), bad)
        }
    }

    func testPositionTextRoundTripsOnRandomPositions() throws {
        for p in RandomBaghChal.sample {
            let text = p.text
            let q = try position(text)
            XCTAssertEqual(q.text, text)
            XCTAssertEqual(q.goats, p.goats, text)
            XCTAssertEqual(q.tigers, p.tigers, text)
            XCTAssertEqual(q.sideToMove, p.sideToMove, text)
            XCTAssertEqual(q.goatsInHand, p.goatsInHand, text)
            XCTAssertEqual(q.captures, p.captures, text)
            XCTAssertEqual(q.hash, p.hash, text)
            let ref = NaiveBaghChal(engine: p)
            XCTAssertEqual(ref.text, text)
            XCTAssertEqual(NaiveBaghChal(text: text)?.cells, ref.cells, text)
        }
    }

    func testSplitRunsOfEmptyPointsAreAccepted() throws {
        XCTAssertEqual(try position("T12T/5/221/5/T3T g 20 0").text, Self.startText)
        XCTAssertEqual(try position("  T3T/5/5/5/T3T\tg 20  0\n").text, Self.startText)
    }

    func testRulesAreValidatedWhenParsing() {
        assertParseError("ply limit 0", words: ["ply limit", "0"]) { () throws(ParseError) in
            try BaghChal(parsing: Self.startText, rules: .init(plyLimit: 0))
        }
        assertParseError("ply limit 65536", words: ["ply limit"]) { () throws(ParseError) in
            try BaghChal(parsing: Self.startText, rules: .init(plyLimit: 65_536))
        }
        XCTAssertEqual(try BaghChal(parsing: Self.startText, rules: .init(plyLimit: 7)).rules.plyLimit, 7)
    }

    // MARK: - Malformed position text

    func testMalformedBoardTextIsRejected() {
        rejectsPosition("", words: ["empty"])
        rejectsPosition("   ", words: ["empty"])
        rejectsPosition("T3T/5/5/T3T g 20 0", words: ["4 ranks", "expected 5"])
        rejectsPosition("T3T/5/5/5/5/T3T g 20 0", words: ["6 ranks"])
        rejectsPosition("T3T/5/5/5/T3T/ g 20 0", words: ["6 ranks"])
        rejectsPosition("T4T/5/5/5/T3T g 20 0", words: ["rank 5", "6 points"])
        rejectsPosition("T3T/5/5/4/T3T g 20 0", words: ["rank 2", "4 points"])
        rejectsPosition("T3T/5//5/T3T g 20 0", words: ["rank 3", "0 points"])
        rejectsPosition("T3T/5/5/5/T3TG g 20 0", words: ["rank 1", "6 points"])
        rejectsPosition("T3T/5/6/5/T3T g 20 0", words: ["character", "'6'"])
        rejectsPosition("T3T/5/05/5/T3T g 20 0", words: ["character", "'0'"])
        rejectsPosition("T3T/5/2X2/5/T3T g 20 0", words: ["character", "'X'", "rank 3"])
        rejectsPosition("t3T/5/5/5/T3T g 20 0", words: ["character", "'t'"])
        rejectsPosition("T3T/5/2٣/5/T3T g 20 0", words: ["character"])
    }

    func testMalformedFieldsAreRejected() {
        rejectsPosition("T3T/5/5/5/T3T", words: ["side"])
        rejectsPosition("T3T/5/5/5/T3T w 20 0", words: ["side", "'w'"])
        rejectsPosition("T3T/5/5/5/T3T G 20 0", words: ["side", "'G'"])
        rejectsPosition("T3T/5/5/5/T3T g", words: ["in hand"])
        rejectsPosition("T3T/5/5/5/T3T g 20", words: ["captured"])
        rejectsPosition("T3T/5/5/5/T3T g x 0", words: ["in hand", "'x'", "number"])
        rejectsPosition("T3T/5/5/5/T3T g 20 two", words: ["captured", "'two'", "number"])
        rejectsPosition("T3T/5/5/5/T3T g -1 0", words: ["in hand", "-1", "negative"])
        rejectsPosition("T3T/5/5/5/T3T g 20 -1", words: ["captured", "-1", "negative"])
        rejectsPosition("T3T/5/5/5/T3T g +20 0", words: ["'+20'", "number"])
        rejectsPosition("T3T/5/5/5/T3T g 2.0 0", words: ["'2.0'", "number"])
        rejectsPosition("T3T/5/5/5/T3T g 99999999999999999999999 0", words: ["in hand", "number"])
        rejectsPosition("T3T/5/5/5/T3T g 99999999999 0", words: ["in hand", "99999999999", "out of range"])
        rejectsPosition("T3T/5/5/5/T3T g 20 0 extra", words: ["unexpected", "extra"])
        rejectsPosition("T3T/5/5/5/T3T g 20 0 0", words: ["unexpected"])
    }

    func testInconsistentCountsAreRejected() {
        rejectsPosition("T3T/5/5/5/T3T g 21 0", words: ["in hand", "21", "0...20"])
        rejectsPosition("T3T/5/5/5/T3T g 14 6", words: ["captured", "6", "0...5"])
        rejectsPosition("T3T/5/5/5/T3T g 19 0", words: ["0 goats on the board", "19 in hand", "make 19", "20"])
        rejectsPosition("T3T/5/2G2/5/T3T g 20 0", words: ["1 goats on the board", "make 21"])
        rejectsPosition("T3T/5/2G2/5/T3T g 19 1", words: ["make 21"])
        rejectsPosition("T3T/5/5/5/T4 g 20 0", words: ["3 tigers", "expected 4"])
        rejectsPosition("T3T/5/2T2/5/T3T g 20 0", words: ["5 tigers"])
        rejectsPosition("5/5/5/5/5 g 20 0", words: ["0 tigers"])
        rejectsPosition("T3T/5/5/5/T3T t 20 0", words: ["tigers to move", "20 goats in hand", "goats move first"])
        rejectsPosition("T3T/5/5/5/T3T t 19 1", words: ["tigers to move", "no goat on the board"])
        rejectsPosition("T3T/5/GGGGG/GGGGG/T3T t 0 5", words: ["make 15"])
        rejectsPosition("T3T/GGGGG/GGGGG/GGGGG/T3T t 0 5", words: ["tigers to move", "5 goats captured"])
        XCTAssertNoThrow(try BaghChal(parsing: "T3T/GGGGG/GGGGG/GGGGG/T3T g 0 5"))
        XCTAssertNoThrow(try BaghChal(parsing: "T3T/5/2G2/5/T3T t 19 0"))
        XCTAssertNoThrow(try BaghChal(parsing: "T3T/5/2G2/5/T3T g 18 1"))
    }

    /// Seeded random edits of valid texts (a character replaced, inserted or deleted,
    /// from an alphabet of likely and unlikely characters): parsing either throws or
    /// gives a position whose own text parses back to it; it never traps.
    func testMutatedPositionAndMoveTextsParseOrThrowWithoutTrapping() {
        let alphabet = Array("GTgt012345679x-/ +é\t")
        var rng = SplitMix64(seed: 0xF022)
        let texts = RandomBaghChal.sample.enumerated().filter { $0.offset % 10 == 0 }.map(\.element.text)
        var accepted = 0, rejected = 0
        for text in texts {
            for _ in 0..<40 {
                var chars = Array(text)
                for _ in 0...rng.next(below: 3) {
                    let i = rng.next(below: chars.count + 1)
                    switch rng.next(below: 3) {
                    case 0 where i < chars.count: chars[i] = alphabet[rng.next(below: alphabet.count)]
                    case 1: chars.insert(alphabet[rng.next(below: alphabet.count)], at: i)
                    default: if i < chars.count { chars.remove(at: i) }
                    }
                }
                let mutated = String(chars)
                do {
                    let p = try BaghChal(parsing: mutated)
                    XCTAssertEqual(try BaghChal(parsing: p.text).text, p.text, mutated)
                    XCTAssertEqual(p.goats.nonzeroBitCount + p.goatsInHand + p.captures, 20, mutated)
                    accepted += 1
                } catch {
                    XCTAssertFalse(error.message.isEmpty)
                    rejected += 1
                }
            }
        }
        XCTAssertGreaterThan(rejected, 1_000)
        XCTAssertGreaterThan(accepted, 10, "some edits (a split run, a moved piece) stay valid")
        let moveAlphabet = Array("abcdef0123456x-  é")
        for p in RandomBaghChal.sample.prefix(200) {
            for _ in 0..<20 {
                let n = 1 + rng.next(below: 6)
                let text = String((0..<n).map { _ in moveAlphabet[rng.next(below: moveAlphabet.count)] })
                if let m = try? p.parseMove(text) {
                    XCTAssertTrue(p.legalMoves.contains(m), "'\(text)' parsed to an illegal move in \(p.text)")
                }
            }
        }
    }

    func testBitboardInitialiserRejectsOverlapsAndPointsBeyondTheBoard() {
        assertParseError("goat and tiger on a1", words: ["a1", "both"]) { () throws(ParseError) in
            try BaghChal(goats: 1, tigers: 0x110_0011, sideToMove: .second, goatsInHand: 19, captures: 0)
        }
        assertParseError("bit 25", words: ["25", "beyond"]) { () throws(ParseError) in
            try BaghChal(goats: 1 << 25, tigers: 0x110_0011, sideToMove: .second, goatsInHand: 19, captures: 0)
        }
        assertParseError("bit 31", words: ["31"]) { () throws(ParseError) in
            try BaghChal(goats: 0, tigers: 0x110_0011 | 1 << 31, sideToMove: .first, goatsInHand: 20, captures: 0)
        }
        assertParseError("in hand 100", words: ["in hand", "100"]) { () throws(ParseError) in
            try BaghChal(goats: 0, tigers: 0x110_0011, sideToMove: .first, goatsInHand: 100, captures: 0)
        }
        assertParseError("captures -3", words: ["captured", "-3"]) { () throws(ParseError) in
            try BaghChal(goats: 0, tigers: 0x110_0011, sideToMove: .first, goatsInHand: 20, captures: -3)
        }
        XCTAssertEqual(try BaghChal(goats: 0, tigers: 0x110_0011, sideToMove: .first, goatsInHand: 20, captures: 0),
                       BaghChal())
    }

    // MARK: - Move notation

    func testMoveNotationRoundTripsForEveryLegalMoveOfRandomPositions() throws {
        var checked = 0
        for p in RandomBaghChal.sample where p.outcome == nil {
            for m in p.legalMoves {
                let n = p.notation(of: m)
                XCTAssertEqual(n, NaiveBaghChal.notation(NaiveBaghChal.Move(m)))
                XCTAssertEqual(try p.parseMove(n), m, "\(n) in \(p.text)")
                XCTAssertEqual(try p.parseMove("  \(n)\t"), m)
                XCTAssertEqual(BaghChal.Move(raw: m.raw), m)
                XCTAssertNotEqual(m.raw, 0)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    func testEveryPointOrPointPairTextParsesExactlyWhenItIsALegalMovesNotation() {
        // Each text the fast reader of notation takes (a point, or point, separator,
        // point): accepted as the legal move it names, or refused.
        let names = (0..<25).map(BaghChal.Notation.pointName)
        let texts = names + names.flatMap { a in names.flatMap { b in ["\(a)-\(b)", "\(a)x\(b)"] } }
        for p in RandomBaghChal.sample.prefix(40) {
            let legal = Dictionary(uniqueKeysWithValues: p.legalMoves.map { (p.notation(of: $0), $0) })
            for text in texts {
                XCTAssertEqual(try? p.parseMove(text), legal[text], "\(text) in \(p.text)")
            }
        }
    }

    func testMoveNotationNamesPlacementsStepsAndCapturesByLandingPoint() throws {
        let start = BaghChal()
        XCTAssertEqual(start.notation(of: BaghChal.Move(placing: 12)), "c3")
        XCTAssertEqual(try start.parseMove("c3"), BaghChal.Move(placing: 12))
        let p = try position("T3T/5/5/1G3/T3T t 19 0")
        XCTAssertEqual(try p.parseMove("a1xc3"), BaghChal.Move(from: 0, to: 12, isCapture: true))
        XCTAssertEqual(BaghChal.Move(from: 0, to: 12, isCapture: true).capturedPoint, 6)
        XCTAssertEqual(try p.parseMove("a1-a2"), BaghChal.Move(from: 0, to: 5))
        XCTAssertEqual(p.notation(of: BaghChal.Move(from: 0, to: 5)), "a1-a2")
    }

    func testGarbageMoveTextIsRejected() {
        let start = BaghChal()
        for text in ["zz", "", "  ", "f1", "a6", "a0", "c33", "C3", "c3c4", "c3-", "-c3", "c3--c4", "c3-c4-c5",
                     "c3 c4", "c3x", "x", "-", "é3", "c3-c4 extra", "a1xb2xc3", "a1:c3"] {
            rejectsMove(text, in: start, words: ["malformed", "'\(text)'"])
        }
    }

    func testIllegalMovesAreRejectedWithTheReason() throws {
        let start = BaghChal()
        rejectsMove("a1", in: start, words: ["a1", "not empty"])                 // a tiger's point
        rejectsMove("a1-a2", in: start, words: ["in hand"])                     // goats to move, placing
        var p = try play(["c3"], from: start)
        rejectsMove("d3", in: p, words: ["tigers to move"])
        rejectsMove("c3-c4", in: p, words: ["no tiger on c3"])
        rejectsMove("a1-c1", in: p, words: ["no line", "a1", "c1"])
        rejectsMove("a1xa3", in: p, words: ["no goat on a2"])
        rejectsMove("a1xb3", in: p, words: ["not two points on"])
        p = try play(["a1-b2", "b1"], from: p)
        rejectsMove("b2-b1", in: p, words: ["b1", "not empty"])
        let capture = try position("T3T/5/5/1G3/T3T t 19 0")
        rejectsMove("a1-c3", in: capture, words: ["write it a1xc3"])
        rejectsMove("a1xa2", in: capture, words: ["write it a1-a2"])
        let stepping = try position("TGGGT/GGGGG/GG1GG/GGGGG/TGGGT g 0 0")
        rejectsMove("b3xd3", in: stepping, words: ["goats do not capture"])
        rejectsMove("a2-b3", in: stepping, words: ["no line"])
        rejectsMove("b1-b2", in: stepping, words: ["b2", "not empty"])
        rejectsMove("a1-b2", in: stepping, words: ["no goat on a1"])
    }
}
