import XCTest
@testable import Boards
@testable import Search

/// The placement-phase solver against a plain minimax over the naive reference's moves
/// (no transposition table, no symmetry, no ordering, no cut-offs), with the reduced
/// tables of BaghChalTablebaseTests at the leaves.
final class BaghChalPlacementSolverTests: XCTestCase {
    /// The value by exhaustive minimax: the reference generates the moves, the table
    /// values the sliding phase.
    static func minimax(_ p: NaiveBaghChal, _ table: BaghChalTablebase) -> Int {
        if p.captures >= table.index.capturesToWin { return p.goatsToMove ? -1 : 1 }
        let engine = Self.engine(p)
        if p.goatsInHand == 0 {
            switch table.value(of: engine)! {
            case .win: return 1
            case .loss: return -1
            case .draw: return 0
            }
        }
        var best = -2
        for m in p.legalMoves() {
            var child = p
            child.play(m)
            best = max(best, -minimax(child, table))
        }
        return best == -2 ? -1 : best
    }

    static func engine(_ p: NaiveBaghChal) -> BaghChal {
        var goats: UInt32 = 0, tigers: UInt32 = 0
        for i in 0..<25 {
            if p.cells[i] == NaiveBaghChal.goatCell { goats |= 1 << UInt32(i) }
            if p.cells[i] == NaiveBaghChal.tigerCell { tigers |= 1 << UInt32(i) }
        }
        return try! BaghChal(goats: goats, tigers: tigers, sideToMove: p.goatsToMove ? .first : .second,
                             goatsInHand: p.goatsInHand, captures: p.captures)
    }

    /// Positions with `inHand` goats in hand reached by seeded random play from the
    /// start, fewer than `capturesBelow` captured (either side to move).
    static func reachable(count: Int, inHand: Int, capturesBelow: Int, seed: UInt64) -> [BaghChal] {
        var rng = SplitMix64(seed: seed)
        var out: [BaghChal] = []
        while out.count < count {
            var p = BaghChal()
            var ok = true
            while p.goatsInHand > inHand || (p.goatsInHand == inHand && p.sideToMove == BaghChal.goats && rng.next(below: 2) == 0) {
                let moves = p.legalMoves
                if moves.isEmpty || p.captures >= capturesBelow { ok = false; break }
                p.play(moves[rng.next(below: moves.count)])
            }
            if ok && p.captures < capturesBelow && p.goatsInHand == inHand && !p.legalMoves.isEmpty { out.append(p) }
        }
        return out
    }

    func testValuesAgreeWithExhaustiveMinimaxOverTheReferenceMoves() {
        let table = BaghChalTablebaseTests.twoCaptures
        let solver = BaghChalPlacementSolver(table: table, tableMegabytes: 1)
        var kinds: Set<TablebaseValue.Kind> = []
        for inHand in 1...2 {
            for (i, p) in Self.reachable(count: 12, inHand: inHand, capturesBelow: 2, seed: UInt64(40 + inHand)).enumerated() {
                let expected = Self.minimax(NaiveBaghChal(engine: p), table)
                let got = solver.value(of: p)
                XCTAssertEqual(got, expected == 1 ? .win : expected == 0 ? .draw : .loss, "position \(i): \(p.text)")
                kinds.insert(got)
            }
        }
        // The check means something only if the positions are not all of one value.
        XCTAssertGreaterThan(kinds.count, 1, "values seen: \(kinds)")
    }

    func testATranspositionTableSharedAcrossPositionsGivesTheSameValuesAsAFreshOne() {
        let table = BaghChalTablebaseTests.twoCaptures
        let shared = BaghChalPlacementSolver(table: table, tableMegabytes: 1)
        for p in Self.reachable(count: 20, inHand: 2, capturesBelow: 2, seed: 7) {
            let fresh = BaghChalPlacementSolver(table: table, tableMegabytes: 1)
            XCTAssertEqual(shared.value(of: p), fresh.value(of: p), p.text)
        }
    }

    func testTheKeyIsTheSameForEverySymmetricImageAndDiffersWithTheCountersAndSide() {
        let solver = BaghChalPlacementSolver(table: BaghChalTablebaseTests.oneCapture, tableMegabytes: 1)
        for p in Self.reachable(count: 20, inHand: 3, capturesBelow: 5, seed: 11) {
            let k = solver.key(p)
            for s in 0..<8 {
                var goats: UInt32 = 0, tigers: UInt32 = 0
                for i in 0..<25 {
                    let to = UInt32(solver.table.index.perm[s * 25 + i])
                    if p.goats & (1 << UInt32(i)) != 0 { goats |= 1 << to }
                    if p.tigers & (1 << UInt32(i)) != 0 { tigers |= 1 << to }
                }
                let image = try! BaghChal(goats: goats, tigers: tigers, sideToMove: p.sideToMove,
                                          goatsInHand: p.goatsInHand, captures: p.captures)
                XCTAssertEqual(solver.key(image), k, "symmetry \(s) of \(p.text)")
                // And the engine agrees that the image is the same game: the same number of moves.
                XCTAssertEqual(image.legalMoves.count, p.legalMoves.count)
            }
            if p.captures > 0, p.goatsInHand < 20 {
                let other = try! BaghChal(goats: p.goats, tigers: p.tigers, sideToMove: p.sideToMove,
                                          goatsInHand: p.goatsInHand + 1, captures: p.captures - 1)
                XCTAssertNotEqual(solver.key(other), k)
            }
        }
    }
}
