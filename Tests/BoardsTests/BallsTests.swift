import XCTest
@testable import Boards

final class BallsTests: XCTestCase {
    static let seed1Level1 = "1 0 65,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1"

    func testTheDealOfSeed1Level1IsTheRulesExample() {
        XCTAssertEqual(BallsReferee(seed: 1, level: BallsLevel(1)!).state.text, Self.seed1Level1)
        XCTAssertEqual(BallsReference(seed: 1, level: 1).text, Self.seed1Level1)
    }

    func testTheLevelsTable() {
        XCTAssertEqual(BallsLevel.all.map(\.balls), [4, 4, 8, 15, 25, 30, 30, 30, 30, 30])
        XCTAssertEqual(BallsLevel.all.map(\.target), [1, 2, 4, 7, 12, 17, 20, 25, 28, 30])
        XCTAssertNil(BallsLevel(0))
        XCTAssertNil(BallsLevel(11))
    }

    /// By hand: a tap on a lone ball at t = 0 (r = 2 at tick 1, the ball one step away at
    /// distance √2) catches it at tick 1; its explosion (r = 4 at tick 1) is gone at
    /// 1 + 118 = 119, the tap's (r = 1 at tick 0) at 0 + 121, so the level ends after tick 121.
    func testATapOnALoneBallAtTickZero() throws {
        let s = try Balls(parsing: "1 0 10,10,-1,-1 300,470,-1,-1 310,10,-1,-1 10,470,-1,-1")
        XCTAssertEqual(s.simulate(BallsTap(t: 0, x: 10, y: 10)), BallsOutcome(score: 1, ticks: 121, passed: true))
        XCTAssertEqual(s.simulate(BallsTap(t: 0, x: 160, y: 240)), BallsOutcome(score: 0, ticks: 121, passed: false))
        XCTAssertEqual(s.simulate(BallsTap(t: 7, x: 3, y: 3)), BallsOutcome(score: 1, ticks: 128, passed: true))
        var played = s
        played.play(BallsTap(t: 0, x: 10, y: 10))
        // The other three, 121 ticks on: 300 − 121 = 179 and 470 − 121 = 349; 10 reaches −1
        // at tick 11 and turns, so it is at −1 + 110 = 109.
        XCTAssertEqual(played.text, "1 121 179,349,-1,-1 189,109,-1,1 109,349,1,-1 over")
    }

    /// By hand, seed 1 level 1, tap 0@65,199: ball 1 is caught at tick 1 at (64,198), an
    /// explosion with r = k + 3 at tick k. Ball 3 at (165 − k, 213 − k) is at squared
    /// distance (101 − k)² + (15 − k)²: 3730 ≥ 61² at k = 54, 3716 < 62² at k = 55, so it
    /// is caught at tick 55 and its explosion is gone at 55 + 118 = 173. Balls 2 and 4
    /// (y > 400) stay out of reach.
    func testTheChainOfSeed1Level1() {
        let s = BallsReferee(seed: 1, level: BallsLevel(1)!).state
        XCTAssertEqual(s.simulate(BallsTap(t: 0, x: 65, y: 199)), BallsOutcome(score: 2, ticks: 173, passed: true))
        var reference = BallsReference(seed: 1, level: 1)
        XCTAssertTrue(reference.tap(t: 0, x: 65, y: 199) == (2, 173, true))
    }

    func testBallPositionsInClosedFormMatchTheStepping() {
        for (seed, level) in [(UInt64(3), 10), (4, 5), (5, 1)] {
            let s = BallsReferee(seed: seed, level: BallsLevel(level)!).state
            var r = BallsReference(seed: seed, level: level)
            for tick in 0...2000 {
                if tick > 0 { r.step() }
                XCTAssertEqual(s.balls(atTick: tick).map { BallsReference.Ball(x: $0.x, y: $0.y, dx: $0.dx, dy: $0.dy) }.map(\.text),
                               r.balls.map(\.text), "seed \(seed) level \(level) tick \(tick)")
                if tick % 97 == 0 {
                    XCTAssertEqual(s.shown(atTick: tick).text, r.text)
                    XCTAssertEqual(try Balls(parsing: r.text), s.shown(atTick: tick))
                }
            }
            // One period later every ball is where it started.
            XCTAssertEqual(s.balls(atTick: BallsField.period), s.balls(atTick: 0))
            XCTAssertNotEqual(s.balls(atTick: BallsField.period / 2), s.balls(atTick: 0))
        }
    }

    // MARK: The fast simulator against the reference

    /// Checks taps on the deal of (seed, level) against the reference, which steps each
    /// from tick 0 (sharing the steps before the earliest tap): score, ticks, passed and
    /// the text of the level once over.
    func check(seed: UInt64, level: Int, taps: [BallsTap], file: StaticString = #filePath, line: UInt = #line) -> Int {
        let s = BallsReferee(seed: seed, level: BallsLevel(level)!).state
        var base = BallsReference(seed: seed, level: level)
        var hits = 0
        for tap in taps.sorted(by: { $0.t < $1.t }) {
            while base.tick < Int(tap.t) { base.step() }
            var r = base
            let want = r.tap(t: Int(tap.t), x: Int(tap.x), y: Int(tap.y))
            let got = s.simulate(tap)
            let label = "seed \(seed) level \(level) tap \(tap.notation)"
            XCTAssertEqual(got, BallsOutcome(score: want.score, ticks: want.ticks, passed: want.passed), label, file: file, line: line)
            var played = s
            played.play(tap)
            XCTAssertEqual(played.text, r.overText, label, file: file, line: line)
            XCTAssertEqual(played.score, want.score, label, file: file, line: line)
            if want.score > 0 { hits += 1 }
        }
        return hits
    }

    func testRandomTapsAgreeWithTheReference() {
        var rng = SplitMix64(seed: 21)
        var hits = 0, total = 0
        for seed in UInt64(0)..<20 {
            for level in 1...10 {
                let s = BallsReferee(seed: seed, level: BallsLevel(level)!).state
                var taps: [BallsTap] = []
                for _ in 0..<6 {
                    taps.append(BallsTap(t: rng.next(below: 1500), x: rng.next(below: 320), y: rng.next(below: 480)))
                }
                // Taps on or near a ball at the tick of the tap: they catch it, and start chains.
                for _ in 0..<6 {
                    let t = rng.next(below: 1500)
                    let b = s.ball(rng.next(below: s.ballCount), atTick: t)
                    let x = min(max(b.x + rng.next(below: 13) - 6, 0), 319), y = min(max(b.y + rng.next(below: 13) - 6, 0), 479)
                    taps.append(BallsTap(t: t, x: x, y: y))
                }
                total += taps.count
                hits += check(seed: seed, level: level, taps: taps)
            }
        }
        // The cases must exercise both kinds: misses and chains.
        XCTAssertGreaterThan(hits, total / 3, "taps that caught a ball")
        XCTAssertLessThan(hits, total, "taps that caught nothing")
    }

    func testTapsAtTheCornersAndEdgesAgreeWithTheReference() {
        var taps: [BallsTap] = []
        for t in [0, 1, 2, 319, 320, 321, 322, 480, 481, 482, 641, 642, 961, 962] {
            for (x, y) in [(0, 0), (319, 0), (0, 479), (319, 479), (0, 240), (319, 240), (160, 0), (160, 479)] {
                taps.append(BallsTap(t: t, x: x, y: y))
            }
        }
        for seed in UInt64(100)..<106 { _ = check(seed: seed, level: 10, taps: taps) }
        // A ball standing on -1 or the far edge is caught there.
        for seed in UInt64(0)..<20 {
            let s = BallsReferee(seed: seed, level: BallsLevel(6)!).state
            var edgeTaps: [BallsTap] = []
            for t in 0..<1000 {
                for i in 0..<s.ballCount {
                    let b = s.ball(i, atTick: t)
                    if b.x == -1 || b.x == 320 || b.y == -1 || b.y == 480 {
                        edgeTaps.append(BallsTap(t: t, x: min(max(b.x, 0), 319), y: min(max(b.y, 0), 479)))
                    }
                }
            }
            _ = check(seed: seed, level: 6, taps: Array(edgeTaps.prefix(12)))
        }
    }

    func testTapsNearThePeriodAgreeWithTheReference() {
        var rng = SplitMix64(seed: 7)
        for (seed, level) in [(UInt64(1), 10), (2, 7), (3, 4)] {
            let s = BallsReferee(seed: seed, level: BallsLevel(level)!).state
            var taps: [BallsTap] = []
            for _ in 0..<30 {
                let t = BallsField.lastTapTick - rng.next(below: 40)
                let b = s.ball(rng.next(below: s.ballCount), atTick: t)
                taps.append(BallsTap(t: t, x: min(max(b.x, 0), 319), y: min(max(b.y, 0), 479)))
                taps.append(BallsTap(t: t, x: rng.next(below: 320), y: rng.next(below: 480)))
            }
            taps.append(BallsTap(t: BallsField.lastTapTick, x: 319, y: 479))
            XCTAssertGreaterThan(check(seed: seed, level: level, taps: taps), 20)
        }
    }

    func testTapsAnywhereInThePeriodAgreeWithTheReference() {
        var rng = SplitMix64(seed: 99)
        let s = BallsReferee(seed: 5, level: BallsLevel(9)!).state
        var taps: [BallsTap] = []
        for _ in 0..<40 {
            let t = rng.next(below: BallsField.period)
            let b = s.ball(rng.next(below: s.ballCount), atTick: t)
            taps.append(BallsTap(t: t, x: min(max(b.x, 0), 319), y: min(max(b.y, 0), 479)))
        }
        XCTAssertEqual(check(seed: 5, level: 9, taps: taps), taps.count)
    }

    func testDirectCatchesCountTheTapsOwnExplosionOnly() {
        // The reference with every ball's explosion ignored: the balls the tap alone catches.
        var rng = SplitMix64(seed: 3)
        for seed in UInt64(0)..<10 {
            let s = BallsReferee(seed: seed, level: BallsLevel(10)!).state
            for _ in 0..<20 {
                let t = rng.next(below: 500)
                let b = s.ball(rng.next(below: 30), atTick: t)
                let spread = rng.next(below: 2) == 0 ? 3 : 40
                let tap = BallsTap(t: t, x: min(max(b.x + rng.next(below: 2 * spread + 1) - spread, 0), 319),
                                   y: min(max(b.y + rng.next(below: 2 * spread + 1) - spread, 0), 479))
                var caught = 0
                for i in 0..<s.ballCount {
                    for k in 1...120 {
                        let p = s.ball(i, atTick: t + k)
                        let r = (k + 1 <= 61 ? k + 1 : 122 - (k + 1)) + 4
                        let dx = p.x - Int(tap.x), dy = p.y - Int(tap.y)
                        if dx * dx + dy * dy < r * r { caught += 1; break }
                    }
                }
                XCTAssertEqual(s.directCatches(tap), caught, "seed \(seed) \(tap.notation)")
                // Within 3 of a ball on each axis, the tap outgrows it: r + 4 = 6 at tick t + 1.
                if spread == 3 { XCTAssertGreaterThanOrEqual(caught, 1) }
            }
        }
    }

    // MARK: Text

    func testPositionTextRoundTrips() throws {
        for seed in UInt64(0)..<20 {
            for level in 1...10 {
                let s = BallsReferee(seed: seed, level: BallsLevel(level)!).state
                XCTAssertEqual(try Balls(parsing: s.text), s)
                let later = s.shown(atTick: Int(seed) * 15_000 + level)
                XCTAssertEqual(try Balls(parsing: later.text).text, later.text)
                XCTAssertEqual(try Balls(parsing: later.text), later)
                var over = s
                over.play(BallsTap(t: Int(seed) * 7, x: 160, y: 240))
                XCTAssertEqual(try Balls(parsing: over.text), over)
                XCTAssertEqual(try Balls(parsing: over.text).score, over.score)
                XCTAssertTrue(try Balls(parsing: over.text).isOver)
            }
        }
    }

    func testBadPositionTextIsRefusedWithOneLine() {
        let bad: [(String, String)] = [
            ("", "empty"),
            ("x 0", "level 'x'"),
            ("11 0", "level 11 is out of range"),
            ("0 0", "level 0 is out of range"),
            ("1", "missing the tick"),
            ("1 t", "tick 't'"),
            ("1 308802 " + Array(repeating: "5,5,-1,-1", count: 4).joined(separator: " "), "tick 308802 is out of range"),
            ("1 -1", "tick -1 is out of range"),
            ("1 0 65,199,-1,-1", "1 balls, but level 1 deals 4"),
            ("1 0 " + Array(repeating: "5,5,-1,-1", count: 5).joined(separator: " "), "5 balls, but level 1 deals 4"),
            ("1 0 65,199,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "ball 1 '65,199,-1'"),
            ("1 0 65,199,-1,x 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "ball 1"),
            ("1 0 65,199,-1,-1 75,441,0,-1 165,213,-1,-1 150,417,-1,-1", "ball 2 '75,441,0,-1': a direction"),
            ("1 0 65,199,-1,-1 75,441,-1,2 165,213,-1,-1 150,417,-1,-1", "a direction must be 1 or -1"),
            ("1 0 321,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "x must be in -1...320"),
            ("1 0 65,481,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "y must be in -1...480"),
            ("1 5 -1,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "x must be in -1...320"),
            ("1 0 65,199,1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "ball 1 '65,199,1,-1' was not dealt"),
            ("1 0 320,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1", "was not dealt"),
            ("1 0 65,199,-1,-1 75,441,-1,-1 165,213,-1,-1 150,417,-1,-1 extra", "5 balls, but level 1 deals 4"),
            ("1 200 " + Array(repeating: "5,5,-1,-1", count: 5).joined(separator: " ") + " over", "5 balls left, but level 1 deals only 4"),
            ("1 100 over", "tick 100 is out of range 121..."),
        ]
        for (text, want) in bad {
            XCTAssertThrowsError(try Balls(parsing: text), text) { error in
                let message = (error as? ParseError)?.message ?? ""
                XCTAssertTrue(message.contains(want), "'\(text)': \(message)")
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testTapNotation() throws {
        let s = BallsReferee(seed: 1, level: BallsLevel(1)!).state
        XCTAssertEqual(try s.parseMove("37@100,100"), BallsTap(t: 37, x: 100, y: 100))
        XCTAssertEqual(try s.parseMove(" 308801@319,479 "), BallsTap(t: 308_801, x: 319, y: 479))
        XCTAssertEqual(try s.parseMove("0@0,0"), BallsTap(t: 0, x: 0, y: 0))
        XCTAssertEqual(s.notation(of: BallsTap(t: 37, x: 100, y: 100)), "37@100,100")
        let bad: [(String, String)] = [
            ("", "malformed tap"), ("37", "malformed tap"), ("37@100", "malformed tap"), ("@1,2", "malformed tap"),
            ("37@100,100,1", "malformed tap"), ("37@@100,100", "malformed tap"), ("+37@100,100", "malformed tap"),
            ("37@1e2,100", "malformed tap"), ("a@1,2", "malformed tap"), ("37@100 100", "malformed tap"),
            ("308802@1,1", "tick 308802 is out of range 0...308801"), ("-1@1,1", "tick -1 is out of range"),
            ("0@320,0", "point (320,0) is outside the field"), ("0@0,480", "outside the field"), ("0@-1,5", "outside the field"),
        ]
        for (text, want) in bad {
            XCTAssertThrowsError(try s.parseMove(text), text) { error in
                let message = (error as? ParseError)?.message ?? ""
                XCTAssertTrue(message.contains(want), "'\(text)': \(message)")
            }
        }
        var over = s
        over.play(BallsTap(t: 0, x: 0, y: 0))
        XCTAssertThrowsError(try over.parseMove("1@1,1")) { error in
            XCTAssertTrue((error as? ParseError)?.message.contains("already over") == true)
        }
        var rng = SplitMix64(seed: 0)
        XCTAssertNil(over.randomMove(using: &rng))
    }

    func testRandomTapsAreUniformAndInRange() {
        let s = BallsReferee(seed: 1, level: BallsLevel(3)!).state
        var rng = SplitMix64(seed: 4)
        var lowT = 0, lowX = 0, lowY = 0
        for _ in 0..<4000 {
            let tap = s.randomMove(using: &rng)!
            XCTAssertTrue(tap.isInRange && s.isLegal(tap))
            if Int(tap.t) < BallsField.period / 2 { lowT += 1 }
            if tap.x < 160 { lowX += 1 }
            if tap.y < 240 { lowY += 1 }
        }
        for low in [lowT, lowX, lowY] { XCTAssertTrue((1800...2200).contains(low), "\(low) of 4000 in the lower half") }
        XCTAssertTrue(s.legalMoves.isEmpty, "taps are not listed")
    }
}

extension BallsReference.Ball {
    var text: String { "\(x),\(y),\(dx),\(dy)" }
}
