import XCTest
@testable import Boards

/// Position text and move notation of Tigers & Goats (docs/formats.md, "Tigers & Goats").
final class TigersGoatsNotationTests: XCTestCase {
    static let startText = "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0"

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
            try TigersGoats(parsing: text)
        }
    }

    func rejectsMove(_ move: String, in p: TigersGoats, words: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) {
        assertParseError("move '\(move)' in \(p.text)", words: words, file: file, line: line) { () throws(ParseError) in
            try p.parseMove(move)
        }
    }

    // MARK: - Position text

    func testStartPositionTextIsExactlyTheRulesText() throws {
        XCTAssertEqual(TigersGoats().text, Self.startText)
        XCTAssertEqual(TigersGoats(rules: .init(longRangeCapture: true)).text, Self.startText)
        XCTAssertEqual(NaiveTigersGoats().text, Self.startText)
        let parsed = try TigersGoats(parsing: Self.startText)
        XCTAssertEqual(parsed, TigersGoats())
        XCTAssertEqual(parsed.sideToMove, .first)
        XCTAssertEqual(parsed.captures, 0)
        XCTAssertEqual(parsed.goats.nonzeroBitCount, 28)
        XCTAssertEqual(squareSet(parsed.tigers), [27, 28, 35, 36])  // d4 e4 d5 e5
    }

    func testSquareIndicesFollowRules() throws {
        // a1 = 0, h1 = 7, a8 = 56, h8 = 63: one goat at a time.
        for (text, square) in [("8/8/8/8/8/8/8/G6T g 0", 0), ("8/8/8/8/8/8/8/T6G g 0", 7),
                               ("G7/8/8/8/8/8/8/7T g 0", 56), ("7G/8/8/8/8/8/8/T7 g 0", 63)] {
            XCTAssertEqual(try TigersGoats(parsing: text).goats, UInt64(1) << UInt64(square), text)
        }
        XCTAssertEqual(TigersGoats.Notation.squareName(28), "e4")
        XCTAssertEqual(TigersGoats.Notation.square(named: "e4"), 28)
        XCTAssertNil(TigersGoats.Notation.square(named: "i1"))
        XCTAssertNil(TigersGoats.Notation.square(named: "a0"))
    }

    func checkTextRoundTrips(longRange: Bool) throws {
        let rules = TigersGoats.Rules(longRangeCapture: longRange)
        for p in RandomTigersGoats.samples(longRange: longRange) {
            let text = p.text
            let q = try TigersGoats(parsing: text, rules: rules)
            XCTAssertEqual(q.text, text)
            XCTAssertEqual(q.goats, p.goats, text)
            XCTAssertEqual(q.tigers, p.tigers, text)
            XCTAssertEqual(q.sideToMove, p.sideToMove, text)
            XCTAssertEqual(q.captures, p.captures, text)
            XCTAssertEqual(q.hash, p.hash, text)
            XCTAssertEqual(q.rules.longRangeCapture, longRange, text)
            // The naive writer and reader agree with the engine's text.
            let ref = NaiveTigersGoats(engine: p)
            XCTAssertEqual(ref.text, text)
            XCTAssertEqual(NaiveTigersGoats(text: text, longRange: longRange)?.board, ref.board, text)
        }
    }

    func testPositionTextRoundTripsOnRandomPositions() throws {
        try checkTextRoundTrips(longRange: false)
    }

    func testLongRangePositionTextRoundTripsOnRandomPositions() throws {
        try checkTextRoundTrips(longRange: true)
    }

    // MARK: - Malformed position text

    func testRankCountOtherThanEightIsRejected() {
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/GGGGGGGG g 0", words: ["7", "ranks"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG/8 g 0", words: ["9", "ranks"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG/ g 0", words: ["9", "ranks"])
    }

    func testRankOfWrongLengthIsRejected() {
        rejectsPosition("GGGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0", words: ["rank 8", "9"])
        rejectsPosition("GGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0", words: ["rank 8", "7"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G7G/GGGGGGGG g 0", words: ["rank 2", "9"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/ g 0", words: ["rank 1", "0"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/8G g 0", words: ["rank 1", "9"])
    }

    func testUnknownCharacterIsRejected() {
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TX2G/G2TT2G/G6G/G6G/GGGGGGGG g 0", words: ["character", "'X'"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/9 g 0", words: ["character", "'9'"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G06G/G6G/GGGGGGGG g 0", words: ["character", "'0'"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2tt2G/G2TT2G/G6G/G6G/GGGGGGGG g 0", words: ["character", "'t'"])
    }

    func testMissingOrUnknownSideIsRejected() {
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG", words: ["side"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG w 0", words: ["side", "'w'"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG G 0", words: ["side", "'G'"])
    }

    func testMissingNonNumericOrNegativeCaptureCountIsRejected() {
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g", words: ["captured"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g x", words: ["'x'", "number"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g -1", words: ["-1", "negative"])
    }

    func testTrailingFieldsAreRejected() {
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0 extra", words: ["extra"])
        rejectsPosition("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0 0", words: ["unexpected"])
    }

    func testEmptyTextIsRejected() {
        rejectsPosition("", words: ["empty"])
        rejectsPosition("   ", words: ["empty"])
    }

    func testOverlappingBitboardsAreRejectedNamingTheSquare() {
        let start = TigersGoats()
        assertParseError("goat and tiger on d4", words: ["d4"]) { () throws(ParseError) in
            try TigersGoats(goats: start.goats | (1 << 27), tigers: start.tigers, sideToMove: .first, captures: 0)
        }
        assertParseError("goat and tiger on h8", words: ["h8"]) { () throws(ParseError) in
            try TigersGoats(goats: 1 << 63, tigers: 1 << 63, sideToMove: .second, captures: 0)
        }
        XCTAssertNoThrow(try TigersGoats(goats: start.goats, tigers: start.tigers, sideToMove: .first, captures: 0))
    }

    // MARK: - Move notation

    func checkMoveNotationRoundTrips(longRange: Bool) throws {
        var checked = 0
        // Positions drawn by the ply limit still generate moves (perft ignores the
        // limit) but reject them as moves of a finished game; see the ply-limit test.
        for p in RandomTigersGoats.samples(longRange: longRange) where p.outcome == nil {
            for m in p.legalMoves {
                let n = p.notation(of: m)
                XCTAssertEqual(n, NaiveTigersGoats.notation(NaiveTigersGoats.Move(m)))
                XCTAssertEqual(try p.parseMove(n), m, "\(n) in \(p.text)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    func testMoveNotationRoundTripsForEveryLegalMoveOfRandomPositions() throws {
        try checkMoveNotationRoundTrips(longRange: false)
    }

    func testLongRangeMoveNotationRoundTripsForEveryLegalMoveOfRandomPositions() throws {
        try checkMoveNotationRoundTrips(longRange: true)
    }

    func testEverySquarePairTextParsesExactlyWhenItIsALegalMovesNotation() {
        // Each text the fast reader of notation takes (square, separator, square):
        // accepted as the legal move it names, or refused.
        let names = (0..<64).map(TigersGoats.Notation.squareName)
        let texts = names.flatMap { a in names.flatMap { b in ["\(a)-\(b)", "\(a)x\(b)"] } } + ["a1", "i1-a1", "a9-a1"]
        for p in RandomTigersGoats.samples(longRange: false).prefix(8) {
            let legal = Dictionary(uniqueKeysWithValues: p.legalMoves.map { (p.notation(of: $0), $0) })
            for text in texts {
                XCTAssertEqual(try? p.parseMove(text), legal[text], "\(text) in \(p.text)")
            }
        }
    }

    func testMoveNotationNamesStepsAndCapturesByLandingSquare() throws {
        let start = TigersGoats()
        XCTAssertEqual(start.notation(of: TigersGoats.Move(from: 1, to: 10)), "b1-c2")
        XCTAssertEqual(try start.parseMove("b1-c2"), TigersGoats.Move(from: 1, to: 10))
        let p = try TigersGoats(parsing: "8/8/8/3G4/3T4/8/8/G7 t 0")
        XCTAssertEqual(try p.parseMove("d4xd6"), TigersGoats.Move(from: 27, to: 43, isCapture: true))
        XCTAssertEqual(try p.parseMove("d4-d1"), TigersGoats.Move(from: 27, to: 3))
    }

    // MARK: - Malformed and illegal moves

    func testGarbageMoveTextIsRejected() {
        let start = TigersGoats()
        for text in ["zz", "", "a9-a8", "b1c2", "b1-", "-c2", "b1--c2", "i1-h1", "b1-c2-d3", "b1 c2"] {
            rejectsMove(text, in: start, words: ["'\(text)'"])
        }
    }

    func testMoveOfAbsentPieceIsRejected() {
        let start = TigersGoats()
        rejectsMove("b2-c3", in: start, words: ["b2"])      // empty square
        rejectsMove("d4-d3", in: start, words: ["d4"])      // a tiger, but goats to move
    }

    func testGoatMoveWhenTigersToMoveIsRejected() throws {
        var p = TigersGoats()
        p.play(try p.parseMove("a1-b2"))
        rejectsMove("a2-b3", in: p, words: ["a2", "tiger"])
    }

    func testSlideOrStepOntoOccupiedSquareIsRejected() throws {
        var p = TigersGoats()
        rejectsMove("a1-a2", in: p, words: ["a1", "a2"])     // goat onto goat
        p.play(try p.parseMove("b1-b2"))
        rejectsMove("d4-e4", in: p, words: ["d4", "e4"])     // tiger onto tiger
        rejectsMove("d4-d5", in: p, words: ["d4", "d5"])
    }

    func testSlideThroughPieceAndLongStepAreRejected() throws {
        var p = TigersGoats()
        rejectsMove("b1-b3", in: p)                           // a goat steps one square only
        rejectsMove("b1-d3", in: p)
        p.play(try p.parseMove("b1-b2"))
        rejectsMove("d4-f4", in: p)                           // through the tiger on e4
        let q = try TigersGoats(parsing: "8/8/8/8/8/G7/8/T7 t 0", rules: .init(longRangeCapture: true))
        rejectsMove("a1-a5", in: q)                           // through the goat on a3
        rejectsMove("a1-b2", in: q)                           // tigers do not move diagonally
        XCTAssertNoThrow(try q.parseMove("a1xa4"))
    }

    func testCaptureWrittenAsSlideAndSlideWrittenAsCaptureAreRejected() throws {
        let p = try TigersGoats(parsing: "8/8/8/3G4/3T4/8/8/G7 t 0")
        rejectsMove("d4-d6", in: p, words: ["d4xd6"])
        rejectsMove("d4xd3", in: p, words: ["d4-d3"])
        rejectsMove("d4xd2", in: p)
    }

    func testIllegalCapturesAreRejected() throws {
        // Diagonal, over a tiger, and from a distance under the standard rule.
        let diagonal = try TigersGoats(parsing: "8/8/8/4G3/3T4/8/8/G7 t 0")
        rejectsMove("d4xf6", in: diagonal)
        let overTiger = try TigersGoats(parsing: "8/8/8/3T4/3T4/8/8/G7 t 0")
        rejectsMove("d4xd6", in: overTiger)
        let distant = "8/8/8/3G4/8/8/8/G2T4 t 0"
        rejectsMove("d1xd6", in: try TigersGoats(parsing: distant))
        XCTAssertNoThrow(try TigersGoats(parsing: distant, rules: .init(longRangeCapture: true)).parseMove("d1xd6"))
        // Landing square occupied.
        rejectsMove("d4xd6", in: try TigersGoats(parsing: "8/8/3G4/3G4/3T4/8/8/G7 t 0"))
    }

    func testAnyMoveInAGameWonByFourCapturesIsRejected() throws {
        let p = try TigersGoats(parsing: "8/8/8/3TT3/3TT3/8/8/GGGG4 g 4")
        XCTAssertEqual(p.outcome, .win(.second))
        rejectsMove("a1-a2", in: p, words: ["over"])
        rejectsMove("d1-e2", in: p, words: ["over"])
    }

    func testAnyMoveInAGameWonByTrappingIsRejected() throws {
        let trapped = try TigersGoats(parsing: "8/8/8/8/8/G7/G7/TGG5 t 0")
        XCTAssertEqual(trapped.outcome, .win(.first))
        rejectsMove("a1xa3", in: trapped, words: ["over"])
        rejectsMove("a1-a2", in: trapped)
    }

    func testAnyMoveInAGameDrawnByThePlyLimitIsRejected() throws {
        var p = TigersGoats(rules: .init(plyLimit: 2))
        p.play(try p.parseMove("a1-b2"))
        p.play(try p.parseMove("d4-c4"))
        XCTAssertEqual(p.outcome, .draw)
        rejectsMove("b2-a1", in: p, words: ["over"])
    }
}
