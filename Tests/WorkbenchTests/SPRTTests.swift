@testable import Workbench
import Foundation
import XCTest

/// The SPRT of docs/statistics.md: Wald's bounds, and the exact normalised-Elo GSPRT on
/// pentanomial pairs as fishtest computes it.
///
/// Reference LLRs marked "fishtest" were computed with an independent python3/scipy
/// transcription of fishtest's `LLR_normalized` (brentq for the secular equation,
/// fishtest's ten rounds of the fixed-point iteration), which agrees with these to
/// about 1e-12 on every case here; one small case is also solved in this file by a
/// different method (Newton on the full Lagrange system).
final class SPRTTests: XCTestCase {
    let standard = SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05)

    func penta(_ counts: [Int]) -> Pentanomial { Pentanomial(counts: counts) }

    func llr(_ counts: [Int], _ elo0: Double, _ elo1: Double) -> Double {
        SPRT(elo0: elo0, elo1: elo1, alpha: 0.05, beta: 0.05).llr(penta(counts))
    }

    // MARK: - Bounds and parsing

    func testBoundsAreWaldsLogRatiosOfTheErrorRates() {
        // ln(β/(1−α)) = ln(0.05/0.95) = −ln 19 = −2.94443897916644
        XCTAssertEqual(standard.lowerBound, -2.94443897916644, accuracy: 1e-12)
        // ln((1−β)/α) = ln 19 = 2.94443897916644
        XCTAssertEqual(standard.upperBound, 2.94443897916644, accuracy: 1e-12)
        // α = 0.05, β = 0.1: ln(0.1/0.95) = −2.25129179860650, ln(0.9/0.05) = ln 18 = 2.89037175789616
        let t = SPRT(elo0: 0, elo1: 5, alpha: 0.05, beta: 0.1)
        XCTAssertEqual(t.lowerBound, -2.25129179860650, accuracy: 1e-12)
        XCTAssertEqual(t.upperBound, 2.89037175789616, accuracy: 1e-12)
    }

    func testParsingTakesFourNumbersAndRejectsTheRest() throws {
        let s = try SPRT(parsing: "0,10,0.05,0.1")
        XCTAssertEqual(s, SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1))
        XCTAssertEqual(try SPRT(parsing: "-5,5,1e-9,0.05"), SPRT(elo0: -5, elo1: 5, alpha: 1e-9, beta: 0.05))
        // One number syntax (docs/formats.md, "Numbers"): no blanks, no `+`, no hex, nothing empty;
        // and α, β in [1e-9, 0.5), so that both bounds are finite.
        for bad in ["", "0,10,0.05", "0,10,0.05,0.05,1", "a,10,0.05,0.05", "10,0,0.05,0.05", "5,5,0.05,0.05",
                    "0,10,0,0.05", "0,10,0.05,0.5", "0,10,-0.1,0.05", "0,inf,0.05,0.05", "0,1001,0.05,0.05",
                    " -5, 5 ,0.05,0.05", "+0,10,0.05,0.05", "0x0,10,0.05,0.05", "0,10,0.05,0.05,", "0,,10,0.05,0.05",
                    "0,10,5e-324,0.05", "0,10,0.05,1e-10", "0,10,nan,0.05"] {
            XCTAssertThrowsError(try SPRT(parsing: bad), "'\(bad)' should be rejected")
        }
    }

    func testDecisionsCompareTheLLRWithTheBounds() {
        XCTAssertEqual(standard.decision(llr: 2.95), .h1)
        XCTAssertEqual(standard.decision(llr: standard.upperBound), .h1)
        XCTAssertEqual(standard.decision(llr: 2.94), .none)
        XCTAssertEqual(standard.decision(llr: -2.94), .none)
        XCTAssertEqual(standard.decision(llr: standard.lowerBound), .h0)
        XCTAssertEqual(SPRT.Decision.h0.rawValue, "H0 accepted")
        XCTAssertEqual(SPRT.Decision.h1.rawValue, "H1 accepted")
        XCTAssertEqual(SPRT.Decision.none.rawValue, "continue")
    }

    // MARK: - The LLR against fishtest

    /// The case from issue 10: five pairs all scoring ¾. The Gaussian formula said 3.71
    /// (an H1 after five pairs); fishtest says 0.14. N is the regularised total 5.004.
    func testFiveIdenticalPairsScoringThreeQuartersGiveAnLLROfAbout0_14() {
        let p = penta([0, 0, 0, 5, 0])
        XCTAssertEqual(standard.llr(p), 0.13976520470354267, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(standard.decision(p), .none)
    }

    /// Pairs all scoring ¾ against H0 0, H1 10 at α = β = 0.05: 105 are not enough
    /// (LLR 2.9351 < ln 19 = 2.9444), 106 accept H1 (2.9631).
    func testPairsScoringThreeQuartersAcceptH1AfterAbout105() {
        XCTAssertEqual(standard.llr(penta([0, 0, 0, 105, 0])), 2.9351231731818546, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(standard.llr(penta([0, 0, 0, 106, 0])), 2.963076752478643, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(standard.decision(penta([0, 0, 0, 105, 0])), .none)
        XCTAssertEqual(standard.decision(penta([0, 0, 0, 106, 0])), .h1)
        let first = (1...200).first { standard.decision(penta([0, 0, 0, $0, 0])) != .none }
        XCTAssertEqual(first, 106)
    }

    func testLLRMatchesFishtestOnSampleCounts() {
        let cases: [(counts: [Int], elo0: Double, elo1: Double, fishtest: Double)] = [
            ([10, 20, 40, 20, 10], 0, 5, -0.020709467029953472),
            ([5, 30, 60, 40, 15], 0, 5, 0.5856132306948859),
            ([1, 0, 0, 0, 0], -5, 5, -0.04072166313438576),
            ([5, 10, 30, 15, 10], 0, 10, 0.4958953207844441),
            ([3, 5, 9, 6, 2], 0, 10, -0.057290995537181),
            ([3, 5, 9, 6, 2], -10, 10, -0.07319006065878508),
            ([0, 0, 10, 0, 5], 0, 5, 0.17363745558456053),
            ([0, 1, 2, 1, 0], 0, 10, -0.0033139937675481413),
            ([100, 400, 1000, 420, 110], 0, 5, 0.4799287284160972),
            // docs/statistics.md's example match, greedy vs mcts:playouts=2000.
            ([0, 3, 27, 20, 0], 0, 10, 0.8034646033189689),
            ([0, 3, 27, 20, 0], 0, 50, 3.3724607356766554),
        ]
        for c in cases {
            XCTAssertEqual(llr(c.counts, c.elo0, c.elo1), c.fishtest, accuracy: 1e-9, "\(c.counts) \(c.elo0) \(c.elo1)")
        }
    }

    /// Regression (fixed): with the old Gaussian formula a match whose pairs all had
    /// the same score had variance 0; it must still be decided, now by the exact test.
    func testMatchesWhoseEveryPairScoresTheSameAreDecided() {
        let s = SPRT(elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05)
        XCTAssertEqual(s.llr(penta([0, 0, 0, 0, 30])), 14.681596143013588, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(s.llr(penta([0, 0, 0, 30, 0])), 9.174446662233487, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(s.llr(penta([30, 0, 0, 0, 0])), -29.93720202898373, accuracy: 1e-9)  // fishtest
        XCTAssertEqual(s.decision(penta([0, 0, 0, 0, 30])), .h1, "30 pairs won 2-0")
        XCTAssertEqual(s.decision(penta([0, 0, 0, 30, 0])), .h1, "30 pairs scoring ¾")
        XCTAssertEqual(s.decision(penta([30, 0, 0, 0, 0])), .h0, "30 pairs lost 0-2")
    }

    // MARK: - The fit, derived independently

    /// The constrained maximum for counts 3 5 9 6 2 (p̂ = counts/25) solved another way:
    /// Newton's method on the whole Lagrange system ∂/∂pᵢ [Σ p̂ ln p − λ(Σp − 1) −
    /// ν(μ − ½ − tσ)] = 0, Σp = 1, μ − ½ = tσ, seven unknowns, a finite-difference
    /// Jacobian, started at p̂. No secular equation and no fixed point.
    func testFitAgreesWithANewtonSolveOfTheLagrangeSystem() throws {
        let counts = [3, 5, 9, 6, 2]
        let observed = counts.map { Double($0) / 25 }
        for nElo in [-10.0, 0, 10, 40] {
            let t = SPRT.tValue(nElo)
            let fit = PairScoreFit.fit(observed, t: t)
            let newton = try XCTUnwrap(Self.lagrangeNewton(observed, t: t), "Newton converges at nElo \(nElo)")
            for i in 0..<5 { XCTAssertEqual(fit[i], newton[i], accuracy: 1e-10, "p[\(i)] at nElo \(nElo)") }
        }
        // And the LLR from the Newton solutions (no empty cell, so N = 25).
        let p0 = try XCTUnwrap(Self.lagrangeNewton(observed, t: SPRT.tValue(0)))
        let p1 = try XCTUnwrap(Self.lagrangeNewton(observed, t: SPRT.tValue(10)))
        var byHand = 0.0
        for i in 0..<5 { byHand += 25 * observed[i] * log(p1[i] / p0[i]) }
        XCTAssertEqual(llr(counts, 0, 10), byHand, accuracy: 1e-9)
        XCTAssertEqual(byHand, -0.057290995537181, accuracy: 1e-9)  // and fishtest
    }

    /// At t = 0 the constraint is just μ = ½, one linear constraint, whose maximum is
    /// pᵢ = p̂ᵢ / (1 + x(aᵢ − ½)) with x the root of Σ p̂ᵢ (aᵢ − ½)/(1 + x(aᵢ − ½)) = 0
    /// (poles at x = ±2). For counts 1 1 1 1 4 (p̂ = ⅛ ⅛ ⅛ ⅛ ½) that root is found here by
    /// plain bisection, without the fit's machinery.
    func testFitAtTZeroIsTheMeanConstrainedMaximum() {
        let observed = [0.125, 0.125, 0.125, 0.125, 0.5]
        let a = [0, 0.25, 0.5, 0.75, 1]
        func f(_ x: Double) -> Double { (0..<5).reduce(0) { $0 + observed[$1] * (a[$1] - 0.5) / (1 + x * (a[$1] - 0.5)) } }
        var low = -1.999999, high = 1.999999  // the poles are at ±2
        for _ in 0..<200 { let mid = (low + high) / 2; if f(mid) > 0 { low = mid } else { high = mid } }
        let x = (low + high) / 2
        let expected = (0..<5).map { observed[$0] / (1 + x * (a[$0] - 0.5)) }
        let fit = PairScoreFit.fit(observed, t: 0)
        for i in 0..<5 { XCTAssertEqual(fit[i], expected[i], accuracy: 1e-12) }
        XCTAssertEqual(PairScoreFit.moments(fit).mean, 0.5, accuracy: 1e-12)
    }

    /// The fit meets its constraint and is a distribution, also where fishtest's
    /// iteration from the uniform start has no root to follow (|nElo| in the hundreds)
    /// and where empty cells among 10¹² pairs make p̂ as small as 2·10⁻¹⁶.
    func testFitMeetsItsConstraintEverywhere() {
        let countSets: [[Int]] = [
            [3, 5, 9, 6, 2], [0, 0, 0, 5, 0], [1, 0, 0, 0, 0], [0, 0, 10, 0, 5], [7, 1, 1_000_000_000_000, 50, 50],
            [0, 1_000_000_000_000, 0, 0, 0], [1_000_000_000_000, 0, 0, 0, 1_000_000_000_000], [0, 0, 0, 0, 1],
        ]
        for counts in countSets {
            let observed = PairScoreFit.regularised(counts).p
            for nElo in [-1000.0, -400, -100, -5, 0, 5, 100, 400, 1000] {
                let t = SPRT.tValue(nElo)
                let p = PairScoreFit.fit(observed, t: t)
                let (mean, sd) = PairScoreFit.moments(p)
                XCTAssertEqual(p.reduce(0, +), 1, accuracy: 1e-12)
                XCTAssertTrue(p.allSatisfy { $0 > 0 && $0.isFinite }, "\(counts) at \(nElo): \(p)")
                XCTAssertEqual((mean - 0.5) / sd, t, accuracy: 1e-8 * max(1, abs(t)), "\(counts) at nElo \(nElo)")
            }
        }
        // One of those needs the continuation: the uniform start has no root at nElo 1000.
        XCTAssertNil(PairScoreFit.iterate([0.2, 0.2, 0.2, 0.2, 0.2], t: SPRT.tValue(1000), from: [0.2, 0.2, 0.2, 0.2, 0.2]))
    }

    // MARK: - Properties

    func testLLRIsZeroWhenTheHypothesesCoincide() {
        for counts in [[3, 5, 9, 6, 2], [0, 0, 0, 5, 0], [1, 0, 0, 0, 0]] {
            for elo in [-50.0, 0, 7.5] {
                XCTAssertEqual(SPRT.llr(counts: counts, elo0: elo, elo1: elo), 0)
            }
        }
    }

    /// Seen from the other agent, the counts reverse and the hypotheses become
    /// −elo1 < −elo0: the same test with the LLR negated.
    func testSwappingTheSidesNegatesTheLLR() {
        let cases: [([Int], Double, Double)] = [
            ([3, 5, 9, 6, 2], 0, 10), ([0, 0, 0, 5, 0], 0, 10), ([5, 30, 60, 40, 15], -5, 5), ([1, 0, 0, 0, 0], -3, 8),
            ([0, 0, 10, 0, 5], 0, 200),
        ]
        for (counts, e0, e1) in cases {
            let here = llr(counts, e0, e1)
            let there = llr(counts.reversed(), -e1, -e0)
            XCTAssertEqual(there, -here, accuracy: 1e-9 * max(1, abs(here)), "\(counts) \(e0) \(e1)")
        }
    }

    /// Moving one pair up by one cell (a better result) raises the LLR, all the way
    /// from 20 20 20 20 20 to 0 0 0 40 60.
    func testLLRRisesWithTheScore() {
        var counts = [20, 20, 20, 20, 20]
        var previous = llr(counts, 0, 5)
        for _ in 0..<60 {
            let from = counts.firstIndex { $0 > 0 }!
            counts[from] -= 1
            counts[from + 1] += 1
            let next = llr(counts, 0, 5)
            XCTAssertGreaterThan(next, previous, "\(counts)")
            previous = next
        }
    }

    /// Near the hypotheses (small nElo, many balanced pairs) the exact LLR is close to
    /// the Gaussian N/2 · (t₁ − t₀)(2t − t₀ − t₁), t = (s̄ − ½)/√v: within 0.1%.
    func testNearTheHypothesesTheGaussianFormulaIsClose() {
        let cases: [([Int], Double, Double)] = [
            ([100, 400, 1000, 420, 110], 0, 5), ([1000, 4000, 10000, 4200, 1100], 0, 5),
            ([1000, 4000, 10000, 4100, 1000], -2, 2), ([500, 2000, 5000, 2100, 520], 0, 2),
        ]
        for (counts, e0, e1) in cases {
            let p = penta(counts)
            let t = (p.mean - 0.5) / p.variance.squareRoot()
            let t0 = SPRT.tValue(e0), t1 = SPRT.tValue(e1)
            let gaussian = Double(p.pairs) / 2 * (t1 - t0) * (2 * t - t0 - t1)
            XCTAssertEqual(llr(counts, e0, e1), gaussian, accuracy: 1e-3 * abs(gaussian), "\(counts) \(e0) \(e1)")
        }
    }

    func testEdgeCountsGiveFiniteLLRs() {
        XCTAssertEqual(standard.llr(Pentanomial()), 0, "no pairs")
        XCTAssertEqual(standard.decision(Pentanomial()), .none)
        let big = 1_000_000_000_000
        let edges: [[Int]] = [
            [1, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 1], [big, 0, 0, 0, 0], [0, 0, big, 0, 0], [0, 0, 0, 0, big],
            [big, big, big, big, big], [big, 0, 0, 0, big], [1, 0, 0, 0, big], [big, 1, 0, 1, 0],
        ]
        for counts in edges {
            for (e0, e1) in [(-1000.0, 1000.0), (0, 10), (999, 1000), (-1000, -999), (-0.001, 0.001)] {
                let l = llr(counts, e0, e1)
                XCTAssertTrue(l.isFinite, "\(counts) \(e0) \(e1): \(l)")
            }
        }
    }

    // MARK: - Helpers

    /// Solves the Lagrange system of the constrained maximum by Newton's method.
    static func lagrangeNewton(_ observed: [Double], t: Double) -> [Double]? {
        let a = [0, 0.25, 0.5, 0.75, 1]
        func residual(_ z: [Double]) -> [Double] {
            let p = Array(z[0..<5]), lambda = z[5], nu = z[6]
            let mu = (0..<5).reduce(0) { $0 + p[$1] * a[$1] }
            let second = (0..<5).reduce(0) { $0 + p[$1] * a[$1] * a[$1] }
            let sigma = (second - mu * mu).squareRoot()
            var r = (0..<5).map { i in
                // ∂σ/∂pᵢ = (aᵢ² − 2μaᵢ)/(2σ) for σ² = Σ p a² − (Σ p a)².
                observed[i] / p[i] - lambda - nu * (a[i] - t * (a[i] * a[i] - 2 * mu * a[i]) / (2 * sigma))
            }
            r.append(p.reduce(0, +) - 1)
            r.append(mu - 0.5 - t * sigma)
            return r
        }
        var z = observed + [1, 0]
        for _ in 0..<100 {
            let r = residual(z)
            if r.map(abs).max()! < 1e-14 { return Array(z[0..<5]) }
            var jacobian = [[Double]](repeating: [Double](repeating: 0, count: 7), count: 7)
            for j in 0..<7 {
                let h = 1e-7 * max(1, abs(z[j]))
                var up = z, down = z
                up[j] += h
                down[j] -= h
                let ru = residual(up), rd = residual(down)
                for i in 0..<7 { jacobian[i][j] = (ru[i] - rd[i]) / (2 * h) }
            }
            guard let step = solve(jacobian, r.map { -$0 }) else { return nil }
            for j in 0..<7 { z[j] += step[j] }
        }
        return residual(z).map(abs).max()! < 1e-11 ? Array(z[0..<5]) : nil
    }

    /// Gaussian elimination with partial pivoting.
    static func solve(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        var m = m, b = b
        let n = b.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            guard abs(m[pivot][col]) > 1e-300 else { return nil }
            m.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                for k in col..<n { m[row][k] -= f * m[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = b[row]
            for k in (row + 1)..<n { s -= m[row][k] * x[k] }
            x[row] = s / m[row][row]
        }
        return x
    }
}
