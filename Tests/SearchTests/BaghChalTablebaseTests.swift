import XCTest
@testable import Boards
@testable import Search

/// The Bagh-Chal tablebase: its position count against Burnside's lemma, the ranking,
/// and solved values checked against the naive reference move generator
/// (BaghChalReference.swift, shared with BoardsTests by a symbolic link).
final class BaghChalTablebaseTests: XCTestCase {
    /// The reduced problems are solved once per test run: 1 capture wins (level 0
    /// only) and 2 captures win (levels 0 and 1, captures looking up level 1).
    static let oneCapture = BaghChalTablebase.solve(capturesToWin: 1, threads: 2)
    static let twoCaptures = BaghChalTablebase.solve(capturesToWin: 2, threads: 2)

    // MARK: Counting

    /// The classes of sliding-phase positions by Burnside's lemma, in plain arithmetic:
    /// the average over the 8 symmetries of the boards (4 tigers, 20 - c goats, 1 + c
    /// empty points) each one leaves unchanged, per captured count c in 0...4 and side.
    static func burnsideCount(capturesToWin: Int) -> Int {
        // The 8 symmetries as functions of (file, rank), written out one by one.
        let symmetries: [(Int, Int) -> (Int, Int)] = [
            { f, r in (f, r) }, { f, r in (r, 4 - f) }, { f, r in (4 - f, 4 - r) }, { f, r in (4 - r, f) },
            { f, r in (4 - f, r) }, { f, r in (f, 4 - r) }, { f, r in (r, f) }, { f, r in (4 - r, 4 - f) },
        ]
        var total = 0
        for captured in 0..<capturesToWin {
            let goats = 20 - captured, empties = 1 + captured
            var fixed = 0
            for s in symmetries {
                // The cycle lengths of the permutation.
                var seen = Set<Int>(), cycles: [Int] = []
                for start in 0..<25 where !seen.contains(start) {
                    var length = 0, p = start
                    while !seen.contains(p) {
                        seen.insert(p)
                        length += 1
                        let (f, r) = s(p % 5, p / 5)
                        p = r * 5 + f
                    }
                    cycles.append(length)
                }
                // Colourings constant on cycles: ways[t][e] with t tigers and e empty points so far.
                var ways = [[Int]](repeating: [Int](repeating: 0, count: empties + 1), count: 5)
                ways[0][0] = 1
                for length in cycles {
                    var next = [[Int]](repeating: [Int](repeating: 0, count: empties + 1), count: 5)
                    for t in 0...4 {
                        for e in 0...empties where ways[t][e] > 0 {
                            next[t][e] += ways[t][e]  // the cycle holds goats
                            if t + length <= 4 { next[t + length][e] += ways[t][e] }
                            if e + length <= empties { next[t][e + length] += ways[t][e] }
                        }
                    }
                    ways = next
                }
                _ = goats
                fixed += ways[4][empties]
            }
            XCTAssertEqual(fixed % 8, 0)
            total += 2 * fixed / 8
        }
        return total
    }

    func testBurnsideGivesLimAndNievergeltsCount() {
        XCTAssertEqual(Self.burnsideCount(capturesToWin: 5), 88_260_972)
    }

    func testIndexCountsEachClassOnce() {
        for k in [1, 5] {
            let index = BaghChalTablebaseIndex(capturesToWin: k)
            var canonical = 0
            for captured in 0..<k {
                let ranks = index.slotsPerSide[captured] / index.tigerClassCount
                for cls in 0..<index.tigerClassCount {
                    if index.classStabiliser[cls] == 1 { canonical += ranks; continue }
                    for rank in 0..<ranks where index.isCanonical(cls: cls, rank: rank, k: captured + 1) { canonical += 1 }
                }
            }
            XCTAssertEqual(2 * canonical, Self.burnsideCount(capturesToWin: k), "capturesToWin \(k)")
        }
    }

    func testSolvedStatisticsCountEveryClass() {
        XCTAssertEqual(Self.oneCapture.statistics.positions, Self.burnsideCount(capturesToWin: 1))
        XCTAssertEqual(Self.twoCaptures.statistics.positions, Self.burnsideCount(capturesToWin: 2))
    }

    /// Every symmetric image of a position has the same slot, and the slot gives back a
    /// position of the same class.
    func testSymmetricPositionsShareASlot() throws {
        let index = BaghChalTablebaseIndex()
        var rng = SplitMix64(seed: 12)
        for _ in 0..<2000 {
            let p = Self.randomSlidingPosition(&rng, capturesBelow: 5)
            let slot = try XCTUnwrap(index.slot(of: p))
            for s in 0..<8 {
                let q = try BaghChal(goats: BaghChalTablebaseIndex.map(p.goats, index.perm + s * 25),
                                     tigers: BaghChalTablebaseIndex.map(p.tigers, index.perm + s * 25),
                                     sideToMove: p.sideToMove, goatsInHand: 0, captures: p.captures)
                XCTAssertEqual(index.slot(of: q), slot)
            }
            XCTAssertTrue(index.isCanonical(slot: slot))
            XCTAssertEqual(index.slot(of: index.engine(ofSlot: slot)), slot)
        }
    }

    // MARK: Values against the naive reference

    /// A uniformly random sliding-phase position (not necessarily reachable).
    static func randomSlidingPosition(_ rng: inout SplitMix64, capturesBelow k: Int) -> BaghChal {
        let captured = rng.next(below: k)
        var points = Array(0..<25)
        for i in stride(from: 24, to: 0, by: -1) { points.swapAt(i, rng.next(below: i + 1)) }
        var tigers: UInt32 = 0, goats: UInt32 = 0
        for p in points[0..<4] { tigers |= 1 << UInt32(p) }
        for p in points[4..<(24 - captured)] { goats |= 1 << UInt32(p) }
        return try! BaghChal(goats: goats, tigers: tigers, sideToMove: rng.next(below: 2) == 0 ? .first : .second,
                             goatsInHand: 0, captures: captured)
    }

    /// Checks the value of `p` against its children by the naive reference: a win in n
    /// has a child lost in n - 1 and none lost sooner; a loss in n has only children
    /// won for the opponent, the slowest in n - 1; a draw has no lost child and a drawn
    /// one; a position without moves is lost in 0; 5 (`capturesToWin`) captures win.
    static func checkAgainstChildren(_ p: BaghChal, _ table: BaghChalTablebase, file: StaticString = #filePath, line: UInt = #line) {
        guard let value = table.value(of: p) else { return XCTFail("no value for \(p.text)", file: file, line: line) }
        let reference = NaiveBaghChal(engine: p)
        var children: [TablebaseValue] = []
        for m in reference.legalMoves() {
            var child = reference
            child.play(m)
            var goats: UInt32 = 0, tigers: UInt32 = 0
            for i in 0..<25 {
                if child.cells[i] == NaiveBaghChal.goatCell { goats |= 1 << UInt32(i) }
                if child.cells[i] == NaiveBaghChal.tigerCell { tigers |= 1 << UInt32(i) }
            }
            if child.captures >= table.index.capturesToWin {
                children.append(.loss(plies: 0))  // the tigers have won
                continue
            }
            let engine = try! BaghChal(goats: goats, tigers: tigers, sideToMove: child.goatsToMove ? .first : .second,
                                       goatsInHand: 0, captures: child.captures)
            children.append(table.value(of: engine)!)
        }
        let expected: TablebaseValue
        let lost = children.compactMap { if case .loss(let n) = $0 { return n } else { return nil } }
        let won = children.compactMap { if case .win(let n) = $0 { return n } else { return nil } }
        if children.isEmpty {
            expected = .loss(plies: 0)
        } else if let fastest = lost.min() {
            expected = .win(plies: fastest + 1)
        } else if won.count == children.count {
            expected = .loss(plies: won.max()! + 1)
        } else {
            expected = .draw
        }
        XCTAssertEqual(value, expected, "\(p.text): children \(children)", file: file, line: line)
    }

    /// Every position of the smallest problem (one capture wins; level 0 only).
    func testEveryPositionOfTheOneCaptureGameAgreesWithItsChildren() {
        let table = Self.oneCapture
        for slot in 0..<table.index.slotCount where table.index.isCanonical(slot: slot) {
            Self.checkAgainstChildren(table.index.engine(ofSlot: slot), table)
        }
        let s = table.statistics
        XCTAssertGreaterThan(s.rows.reduce(0) { $0 + $1.wins }, 0)
        XCTAssertGreaterThan(s.rows.reduce(0) { $0 + $1.losses }, 0)
    }

    /// Random positions of the two-capture game, both levels (captures look up level 1).
    func testRandomPositionsOfTheTwoCaptureGameAgreeWithTheirChildren() {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<20_000 {
            Self.checkAgainstChildren(Self.randomSlidingPosition(&rng, capturesBelow: 2), Self.twoCaptures)
        }
    }

    func testTheTableDoesNotDependOnTheThreadCount() {
        let one = BaghChalTablebase.solve(capturesToWin: 2, threads: 1)
        XCTAssertEqual(one.storage.codes, Self.twoCaptures.storage.codes)
    }
}

extension BaghChalTablebase.Storage {
    var codes: [UInt16] {
        switch self {
        case .narrow(let a): return a.map(UInt16.init)
        case .wide(let a): return a
        }
    }
}

/// The full table, checked against the naive reference when its file exists
/// (`$BAGH_CHAL_TABLEBASE`, or `tablebases/bagh-chal.tb` in the package; made by
/// `bench solve --game bagh-chal`, minutes in a release build, so not made here).
final class BaghChalFullTablebaseTests: XCTestCase {
    static let table: Result<BaghChalTablebase, Error> = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["BAGH_CHAL_TABLEBASE"]
            ?? root.appendingPathComponent("tablebases/bagh-chal.tb").path
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(XCTSkip("no tablebase at \(path) (bench solve --game bagh-chal makes it)"))
        }
        do { return .success(try BaghChalTablebase(file: path)) } catch { return .failure(error) }
    }()

    func testTheFullTableCountsLimAndNievergeltsPositions() throws {
        let table = try Self.table.get()
        XCTAssertEqual(table.statistics.positions, 88_260_972)
        XCTAssertEqual(table.statistics.positions, BaghChalTablebaseTests.burnsideCount(capturesToWin: 5))
    }

    /// Random positions of every level agree with their children by the naive reference.
    func testRandomPositionsOfTheFullTableAgreeWithTheirChildren() throws {
        let table = try Self.table.get()
        var rng = SplitMix64(seed: 88_260_972)
        let check = BaghChalTablebaseTests.self
        for _ in 0..<20_000 {
            check.checkAgainstChildren(BaghChalTablebaseTests.randomSlidingPosition(&rng, capturesBelow: 5), table)
        }
    }

    /// Reachable positions from the reference's seeded random games (all phases; the
    /// sliding-phase ones are checked), and a known position: the tigers take the fifth goat.
    func testReachablePositionsAndAWinInOne() throws {
        let table = try Self.table.get()
        let check = BaghChalTablebaseTests.self
        var checked = 0
        for p in RandomBaghChal.sample where p.goatsInHand == 0 && p.captures < 5 {
            check.checkAgainstChildren(p, table)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
        // Tigers to move with 4 captured and a capture available: a win in 1.
        let p = try BaghChal(parsing: "TGGGT/GGGGG/GG1GG/G3G/TG1GT t 0 4")
        XCTAssertEqual(table.value(of: p), .win(plies: 1))
    }
}
