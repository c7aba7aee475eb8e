import XCTest
@testable import Boards

/// Move generation, perft, outcomes and hashing of the Tigers & Goats engine, checked
/// against docs/rules.md, Tigers & Goats and against the naive reference in TigersGoatsReference.swift.
final class TigersGoatsTests: XCTestCase {
    static let longRangeRules = TigersGoats.Rules(longRangeCapture: true)

    func position(_ text: String, rules: TigersGoats.Rules = .standard,
                  file: StaticString = #filePath, line: UInt = #line) throws -> TigersGoats {
        do {
            return try TigersGoats(parsing: text, rules: rules)
        } catch {
            XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
            throw error
        }
    }

    func play(_ notation: [String], from start: TigersGoats,
              file: StaticString = #filePath, line: UInt = #line) throws -> TigersGoats {
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

    // MARK: - Perft from the start (docs/rules.md tables)

    func testPerftFromStartMatchesRulesTableToDepth4() {
        let start = TigersGoats()
        let expected: [UInt64] = [68, 1_080, 74_360, 1_702_512]
        for (i, want) in expected.enumerated() {
            XCTAssertEqual(Perft.count(start, depth: i + 1), want, "perft(\(i + 1)) from the start")
        }
    }

    func testLongRangePerftFromStartMatchesRulesTableToDepth4() {
        let start = TigersGoats(rules: Self.longRangeRules)
        let expected: [UInt64] = [68, 1_088, 74_880, 1_735_888]
        for (i, want) in expected.enumerated() {
            XCTAssertEqual(Perft.count(start, depth: i + 1), want, "long-range perft(\(i + 1)) from the start")
        }
    }

    func testPerftDepthZeroIsOneLeaf() {
        XCTAssertEqual(Perft.count(TigersGoats(), depth: 0), 1)
    }

    func testReferencePerftFromStartMatchesRulesTableToDepth3() {
        XCTAssertEqual((1...3).map { NaiveTigersGoats().perft($0) }, [68, 1_080, 74_360])
        XCTAssertEqual((1...3).map { NaiveTigersGoats(longRange: true).perft($0) }, [68, 1_088, 74_880])
    }

    func testDivideSumsToPerftAndListsEveryStartMove() {
        let divide = Perft.divide(TigersGoats(), depth: 3)
        XCTAssertEqual(divide.count, 68)
        XCTAssertEqual(divide.reduce(0) { $0 + $1.nodes }, 74_360)
        XCTAssertEqual(Set(divide.map { NaiveTigersGoats.Move($0.move) }), Set(NaiveTigersGoats().legalMoves()))
    }

    // MARK: - Random positions against the reference

    /// The sample must hold the positions that exercise every rule, or the comparisons
    /// below would prove little.
    func checkSampleCoverage(longRange: Bool) {
        let sample = RandomTigersGoats.samples(longRange: longRange)
        XCTAssertGreaterThanOrEqual(sample.count, 1_000)
        let refs = sample.map(NaiveTigersGoats.init(engine:))
        let tigersToMove = refs.filter { !$0.goatsToMove }
        let withCaptureMoves = tigersToMove.filter { $0.legalMoves().contains(where: \.isCapture) }
        XCTAssertGreaterThanOrEqual(tigersToMove.count, 200, "tigers to move")
        XCTAssertGreaterThanOrEqual(withCaptureMoves.count, 50, "positions where a capture is available")
        XCTAssertGreaterThanOrEqual(refs.filter { $0.captures == 4 }.count, 3, "positions with 4 goats taken")
        for n in 1...3 {
            XCTAssertTrue(refs.contains { $0.captures == n }, "positions with \(n) goats taken")
        }
        XCTAssertTrue(refs.contains { $0.goatsToMove && !$0.goatsInDanger().isEmpty }, "goats to move with a goat in danger")
        XCTAssertTrue(refs.contains { $0.plies >= $0.plyLimit && $0.captures < 4 }, "a game reaching the ply limit")
        if longRange {
            let distant = withCaptureMoves.filter { r in
                r.legalMoves().contains { $0.isCapture && abs($0.to - $0.from) != 2 && abs($0.to - $0.from) != 16 }
            }
            XCTAssertGreaterThanOrEqual(distant.count, 20, "long-range captures from a distance")
        }
    }

    func testRandomSampleReachesCapturesAndFourGoatsTaken() {
        checkSampleCoverage(longRange: false)
    }

    func testLongRangeRandomSampleReachesDistantCapturesAndFourGoatsTaken() {
        checkSampleCoverage(longRange: true)
    }

    func checkMovesMatchReference(longRange: Bool) {
        let sample = RandomTigersGoats.samples(longRange: longRange)
        var failures = 0
        for p in sample where failures < 5 {
            let ref = NaiveTigersGoats(engine: p)
            let want = ref.legalMoves()
            let got = p.legalMoves
            var list = MoveList<TigersGoats.Move>(filler: TigersGoats.nullMove)
            p.generateMoves(into: &list)
            let gotSet = Set(got.map(NaiveTigersGoats.Move.init))
            let wantSet = Set(want)
            if gotSet != wantSet || got.count != want.count || list.count != want.count || p.moveCount() != want.count {
                failures += 1
                XCTFail("""
                    moves differ in \(p.text) (long range \(longRange)): \
                    engine \(got.count) (list \(list.count), moveCount \(p.moveCount())), reference \(want.count); \
                    missing \(wantSet.subtracting(gotSet).sorted()), extra \(gotSet.subtracting(wantSet).sorted())
                    """)
            }
            XCTAssertEqual(Set(got.map(p.notation(of:))), Set(want.map(NaiveTigersGoats.notation)), "notation in \(p.text)")
        }
    }

    func testLegalMovesAndMoveCountMatchReferenceOnRandomPositions() {
        checkMovesMatchReference(longRange: false)
    }

    func testLongRangeLegalMovesAndMoveCountMatchReferenceOnRandomPositions() {
        checkMovesMatchReference(longRange: true)
    }

    func checkGoatsInDanger(longRange: Bool) {
        var failures = 0
        for p in RandomTigersGoats.samples(longRange: longRange) where failures < 5 {
            let want = NaiveTigersGoats(engine: p).goatsInDanger()
            if squareSet(p.goatsInDanger) != want {
                failures += 1
                XCTFail("goats in danger in \(p.text): engine \(squareSet(p.goatsInDanger).sorted()), reference \(want.sorted())")
            }
        }
    }

    func testGoatsInDangerMatchesReferenceOnRandomPositions() {
        checkGoatsInDanger(longRange: false)
    }

    func testLongRangeGoatsInDangerMatchesReferenceOnRandomPositions() {
        checkGoatsInDanger(longRange: true)
    }

    func checkPlayMatchesReference(longRange: Bool) {
        // Every move of every sampled position, played by both: same pieces, side and count.
        var failures = 0
        for p in RandomTigersGoats.samples(longRange: longRange).enumerated().filter({ $0.offset % 7 == 0 }).map(\.element)
        where failures < 5 {
            let ref = NaiveTigersGoats(engine: p)
            for m in p.legalMoves {
                var child = p
                child.play(m)
                var refChild = ref
                refChild.play(NaiveTigersGoats.Move(m))
                if NaiveTigersGoats(engine: child) != refChild {
                    failures += 1
                    XCTFail("after \(p.notation(of: m)) in \(p.text): engine \(child.text), reference \(refChild.text)")
                }
            }
        }
    }

    func testPlayMatchesReferenceForEveryMoveOfRandomPositions() {
        checkPlayMatchesReference(longRange: false)
    }

    func testLongRangePlayMatchesReferenceForEveryMoveOfRandomPositions() {
        checkPlayMatchesReference(longRange: true)
    }

    /// A capture is exactly a move with the capture flag (a jumped goat), and in
    /// Tigers & Goats the irreversible moves are exactly the captures.
    func testIsCaptureMatchesCaptureFlagOnRandomPositions() {
        for longRange in [false, true] {
            var captures = 0, quiet = 0
            for p in RandomTigersGoats.samples(longRange: longRange) {
                for m in p.legalMoves {
                    XCTAssertEqual(p.isCapture(m), m.isCapture, "\(p.notation(of: m)) in \(p.text)")
                    XCTAssertEqual(p.isIrreversible(m), p.isCapture(m), "\(p.notation(of: m)) in \(p.text)")
                    var after = p
                    after.play(m)
                    XCTAssertEqual(p.isCapture(m), after.captures == p.captures + 1, "material changes on a capture")
                    if m.isCapture { captures += 1 } else { quiet += 1 }
                }
            }
            XCTAssertGreaterThan(captures, 20, "long range \(longRange)")
            XCTAssertGreaterThan(quiet, 1000, "long range \(longRange)")
        }
    }

    func checkOutcomeMatchesReference(longRange: Bool) {
        for p in RandomTigersGoats.samples(longRange: longRange) {
            XCTAssertEqual(p.outcome, NaiveTigersGoats(engine: p).outcome, "outcome of \(p.text) at ply \(p.plyCount)")
        }
    }

    func testOutcomeMatchesReferenceOnRandomPositions() {
        checkOutcomeMatchesReference(longRange: false)
        checkOutcomeMatchesReference(longRange: true)
    }

    /// Perft(3) on an evenly spread part of the sample (the naive perft is slow in debug).
    func checkPerft3(longRange: Bool, count: Int) {
        let sample = RandomTigersGoats.samples(longRange: longRange)
        let step = max(1, sample.count / count)
        var checked = 0, failures = 0
        var i = 0
        while i < sample.count && failures < 3 {
            let p = sample[i]
            let want = NaiveTigersGoats(engine: p).perft(3)
            let got = Perft.count(p, depth: 3)
            if got != UInt64(want) {
                failures += 1
                XCTFail("perft(3) of \(p.text) (long range \(longRange)): engine \(got), reference \(want)")
            }
            checked += 1
            i += step
        }
        XCTAssertGreaterThanOrEqual(checked, count)
    }

    func testPerft3MatchesReferenceOnRandomPositions() {
        checkPerft3(longRange: false, count: 100)
    }

    func testLongRangePerft3MatchesReferenceOnRandomPositions() {
        checkPerft3(longRange: true, count: 100)
    }

    /// The two-ply closed forms (either side to move) against the naive perft 2 on every
    /// position of the sample, and perft 2 to 4 (which call them from the nodes above
    /// the leaves) on a spread part of it; a form must cover both sides under the
    /// standard captures, and long-range captures must have none.
    func checkLeafCountTwoPlies(longRange: Bool) {
        let sample = RandomTigersGoats.samples(longRange: longRange)
        var checked = [0, 0], failures = 0
        for p in sample where failures < 5 {
            guard let got = p.leafCountTwoPlies() else {
                XCTAssertTrue(longRange, "no two-ply count under the standard captures: \(p.text)")
                continue
            }
            XCTAssertFalse(longRange, "a two-ply count under long-range captures: \(p.text)")
            let want = NaiveTigersGoats(engine: p).perft(2)
            if got != want {
                failures += 1
                XCTFail("two-ply count of \(p.text): engine \(got), reference \(want)")
            }
            checked[p.sideToMove == TigersGoats.goats ? 0 : 1] += 1
        }
        if !longRange {
            XCTAssertGreaterThanOrEqual(checked[0], 200, "goats to move")
            XCTAssertGreaterThanOrEqual(checked[1], 200, "tigers to move")
        }
        // Perft 3 counts its last two plies by the closed form of the other side to move
        // (perft 4 adds nothing the form does not meet at 3, and takes seconds a position
        // in a debug build); one position in 29.
        var i = 0
        while i < sample.count && failures < 5 {
            let p = sample[i], ref = NaiveTigersGoats(engine: p)
            for depth in 2...3 {
                let got = Perft.count(p, depth: depth), want = UInt64(ref.perft(depth))
                if got != want {
                    failures += 1
                    XCTFail("perft(\(depth)) of \(p.text) (long range \(longRange)): engine \(got), reference \(want)")
                }
            }
            i += 29
        }
    }

    /// Perft three plies down (the two-ply closed forms summed over the children, tables
    /// found once a node) against the naive perft 3 on a spread part of the sample, either
    /// side to move; none under long-range captures.
    func checkLeafCountThreePlies(longRange: Bool) {
        let sample = RandomTigersGoats.samples(longRange: longRange)
        var checked = [0, 0], failures = 0, i = 0
        while i < sample.count && failures < 5 {
            let p = sample[i]
            // One position in 14: the naive perft 3 takes about a second a position here
            // in a debug build.
            i += 14
            guard let got = p.leafCountThreePlies() else {
                XCTAssertTrue(longRange, "no three-ply count under the standard captures: \(p.text)")
                continue
            }
            XCTAssertFalse(longRange, "a three-ply count under long-range captures: \(p.text)")
            let want = NaiveTigersGoats(engine: p).perft(3)
            if got != want {
                failures += 1
                XCTFail("three-ply count of \(p.text): engine \(got), reference \(want)")
            }
            checked[p.sideToMove == TigersGoats.goats ? 0 : 1] += 1
        }
        if !longRange {
            XCTAssertGreaterThanOrEqual(checked[0], 15, "goats to move")
            XCTAssertGreaterThanOrEqual(checked[1], 15, "tigers to move")
        }
    }

    func testLeafCountThreePliesMatchesReferenceOnRandomPositions() {
        checkLeafCountThreePlies(longRange: false)
        checkLeafCountThreePlies(longRange: true)
    }

    func testLeafCountTwoPliesMatchesReferenceOnRandomPositions() {
        checkLeafCountTwoPlies(longRange: false)
        checkLeafCountTwoPlies(longRange: true)
    }

    // MARK: - Hand-made positions for single rules

    func testTigerCapturesOnlyAdjacentGoatOrthogonallyOntoEmptySquare() throws {
        // Tiger d4; goats d5 (d6 empty: capture), e5 (diagonal: none), b4 (two away: none),
        // e4 with f4 a goat (landing occupied: none), d3 with d2 a tiger (landing occupied: none).
        let p = try position("8/8/8/3GG3/1G1TGG2/3G4/3T4/8 t 0")
        let moves = Set(p.legalMoves.filter(\.isCapture).map(p.notation(of:)))
        XCTAssertEqual(moves, ["d4xd6"])
        XCTAssertEqual(squareSet(p.goatsInDanger), [35])  // d5
    }

    func testLongRangeTigerJumpsFirstGoatOnLineAfterEmptySquares() throws {
        // Tiger a1; goat a5 with a6 empty; goat e1 with f1 a goat; under long range only a1xa6.
        let text = "8/8/8/G7/8/8/8/T3GG2 t 0"
        let standard = try position(text)
        XCTAssertFalse(standard.legalMoves.contains(where: \.isCapture))
        let longRange = try position(text, rules: Self.longRangeRules)
        XCTAssertEqual(Set(longRange.legalMoves.filter(\.isCapture).map(longRange.notation(of:))), ["a1xa6"])
        var after = longRange
        after.play(try longRange.parseMove("a1xa6"))
        XCTAssertEqual(after.text, "8/8/T7/8/8/8/8/4GG2 g 1")
    }

    func testTigerCannotJumpTigerOrTwoGoats() throws {
        let p = try position("8/8/8/3G4/3G4/8/3T4/2TT4 t 0", rules: Self.longRangeRules)
        XCTAssertFalse(p.legalMoves.contains(where: \.isCapture), p.legalMoves.map(p.notation(of:)).description)
    }

    func testGoatStepsToAllEightEmptyNeighbours() throws {
        let p = try position("8/8/8/8/3G4/8/8/7T g 0")
        XCTAssertEqual(Set(p.legalMoves.map(p.notation(of:))),
                       ["d4-c3", "d4-d3", "d4-e3", "d4-c4", "d4-e4", "d4-c5", "d4-d5", "d4-e5"])
    }

    // MARK: - Outcomes

    func testFourthCaptureWinsForTigers() throws {
        let p = try position("8/8/8/8/3G4/3T4/8/GGGGGGGG t 3")
        XCTAssertNil(p.outcome)
        let after = try play(["d3xd5"], from: p)
        XCTAssertEqual(after.captures, 4)
        XCTAssertEqual(after.outcome, .win(TigersGoats.tigers))
        XCTAssertTrue(after.legalMoves.isEmpty)
        XCTAssertEqual(after.moveCount(), 0)
        XCTAssertEqual(after.goatsInDanger, 0)
        XCTAssertEqual(TigersGoats.describe(after.outcome!), "tigers win")
    }

    func testParsedPositionWithFourCapturesIsWonByTigersAndHasNoMoves() throws {
        let p = try position("8/8/8/3TT3/3TT3/8/8/GGGG4 g 4")
        XCTAssertEqual(p.outcome, .win(.second))
        XCTAssertEqual(p.moveCount(), 0)
        XCTAssertEqual(Perft.count(p, depth: 2), 0)
    }

    func testTrappedTigersToMoveMeansGoatsWin() throws {
        // Tiger a1 boxed in by a2, a3, b1, c1.
        let trapped = try position("8/8/8/8/8/G7/G7/TGG5 t 0")
        XCTAssertEqual(trapped.outcome, .win(TigersGoats.goats))
        XCTAssertEqual(trapped.moveCount(), 0)
        XCTAssertEqual(Perft.count(trapped, depth: 1), 0)
        XCTAssertEqual(try position(trapped.text, rules: Self.longRangeRules).outcome, .win(.first))
        // The goats close the trap with c2-c1.
        let before = try position("8/8/8/8/8/G7/G1G5/TG6 g 0")
        XCTAssertNil(before.outcome)
        let after = try play(["c2-c1"], from: before)
        XCTAssertEqual(after.outcome, .win(.first))
        XCTAssertEqual(TigersGoats.describe(after.outcome!), "goats win")
    }

    func testTigerWhoseOnlyMoveIsACaptureIsNotTrapped() throws {
        let p = try position("8/8/8/8/8/8/G7/TGG5 t 0")
        XCTAssertNil(p.outcome)
        XCTAssertEqual(p.legalMoves.map(p.notation(of:)), ["a1xa3"])
    }

    func testGoatsToMoveWithoutMoveMeansTigersWin() throws {
        let stuck = try position("8/8/8/8/8/8/TT6/GT6 g 0")
        XCTAssertEqual(stuck.outcome, .win(TigersGoats.tigers))
        XCTAssertEqual(stuck.moveCount(), 0)
        let before = try position("8/8/8/8/8/8/TT6/G6T t 0")
        XCTAssertNil(before.outcome)
        let after = try play(["h1-b1"], from: before)
        XCTAssertEqual(after.outcome, .win(.second))
    }

    func testPlyLimitDrawsExactlyWhenReached() throws {
        var p = TigersGoats(rules: .init(plyLimit: 4))
        for (i, n) in ["a1-b2", "d4-c4", "b2-a1", "c4-d4"].enumerated() {
            XCTAssertNil(p.outcome, "before ply \(i + 1)")
            p.play(try p.parseMove(n))
        }
        XCTAssertEqual(p.plyCount, 4)
        XCTAssertEqual(p.outcome, .draw)

        var parsed = try position("8/8/8/8/3G4/8/8/7T g 0", rules: .init(plyLimit: 1))
        XCTAssertNil(parsed.outcome)
        parsed = try play(["d4-d5"], from: parsed)
        XCTAssertEqual(parsed.outcome, .draw)
    }

    func testPerftIgnoresPlyLimit() {
        let p = TigersGoats(rules: .init(plyLimit: 1))
        XCTAssertEqual(Perft.count(p, depth: 3), 74_360)
    }

    func testFourthCaptureOnTheLastPlyIsAWinNotADraw() throws {
        let p = try position("8/8/8/8/3G4/3T4/8/GGGGGGGG t 3", rules: .init(plyLimit: 1))
        XCTAssertEqual(try play(["d3xd5"], from: p).outcome, .win(.second))
    }

    func testThreefoldRepetitionDrawsOnThirdOccurrenceNotBefore() throws {
        var history = GameHistory<TigersGoats>()
        let shuffle = ["a1-b2", "d4-c4", "b2-a1", "c4-d4"]
        var plies = 0
        for round in 1...2 {
            for n in shuffle {
                XCTAssertNil(history.outcome, "after \(plies) plies")
                history.play(try history.position.parseMove(n))
                plies += 1
            }
            XCTAssertEqual(history.repetitions, round + 1, "start position seen again")
            XCTAssertEqual(history.position.text, TigersGoats().text)
        }
        XCTAssertEqual(history.outcome, .draw)
        XCTAssertNil(history.position.outcome, "repetition is the history's, not the position's")
        XCTAssertTrue(history.undo())
        XCTAssertNil(history.outcome)
        XCTAssertEqual(history.repetitions, 2, "goat back on a1, tiger on c4: seen after plies 3 and 7")
    }

    func testSameBoardWithOtherSideToMoveIsNoRepetition() throws {
        // Tigers shuffle with a tempo loss for goats: the pieces repeat, but with the
        // other side to move, so the count of the current position does not grow.
        var history = GameHistory<TigersGoats>(try position("8/8/8/8/8/8/8/G6T g 0"))
        for n in ["a1-a2", "h1-h2", "a2-b2", "h2-h1", "b2-a1"] {
            history.play(try history.position.parseMove(n))
        }
        // Pieces equal the start, tigers to move: first occurrence of that position.
        XCTAssertEqual(history.repetitions, 1)
        XCTAssertNil(history.outcome)
    }

    // MARK: - Zobrist hashing

    func testIncrementalHashEqualsComputedHashAlongRandomGames() {
        for longRange in [false, true] {
            var mismatches = 0
            for p in RandomTigersGoats.samples(longRange: longRange) where mismatches < 3 {
                if p.hash != p.computedHash {
                    mismatches += 1
                    XCTFail("incremental hash differs from computed hash in \(p.text)")
                }
            }
        }
    }

    func testHashIdentifiesPiecesAndSideAcrossRandomGames() {
        struct Key: Hashable { let goats: UInt64, tigers: UInt64, side: Player }
        var hashOf: [Key: UInt64] = [:]
        var keyOf: [UInt64: Key] = [:]
        for p in RandomTigersGoats.standard + RandomTigersGoats.longRange {
            let k = Key(goats: p.goats, tigers: p.tigers, side: p.sideToMove)
            if let h = hashOf[k] { XCTAssertEqual(h, p.hash, "same position, other hash: \(p.text)") }
            if let other = keyOf[p.hash] { XCTAssertEqual(other, k, "hash collision at \(p.text)") }
            hashOf[k] = p.hash
            keyOf[p.hash] = k
        }
        XCTAssertGreaterThan(hashOf.count, 1_000)
    }

    func testHashReturnsAfterMovesAndTheirReverse() throws {
        let start = TigersGoats()
        let back = try play(["a1-b2", "d4-c4", "b2-a1", "c4-d4"], from: start)
        XCTAssertEqual(back.hash, start.hash)
        XCTAssertNotEqual(try play(["a1-b2"], from: start).hash, start.hash)
        // A transposition: the same position by another move order.
        let one = try play(["a1-b2", "d4-c4", "h1-g2"], from: start)
        let two = try play(["h1-g2", "d4-c4", "a1-b2"], from: start)
        XCTAssertEqual(one.text, two.text)
        XCTAssertEqual(one.hash, two.hash)
    }

    func testHashAfterCaptureEqualsHashOfParsedResult() throws {
        let p = try position("8/8/8/8/3G4/3T4/8/GGGGGGGG t 0")
        let after = try play(["d3xd5"], from: p)
        let parsed = try position(after.text)
        XCTAssertEqual(after.hash, parsed.hash)
        XCTAssertEqual(after.hash, after.computedHash)
    }

    func testSideToMoveChangesHash() throws {
        let board = "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG"
        let goatsToMove = try position(board + " g 0"), tigersToMove = try position(board + " t 0")
        XCTAssertNotEqual(goatsToMove.hash, tigersToMove.hash)
        XCTAssertEqual(goatsToMove.hash, TigersGoats().hash)
        XCTAssertEqual(tigersToMove.hash, tigersToMove.computedHash)
    }
}
