@testable import Workbench
import Foundation
import XCTest

/// The statistics of tournament tables against values computed by hand from the
/// definitions in `docs/statistics.md` (each literal shows its arithmetic; the
/// decimals were checked with python3's `math` and `scipy.stats`).
///
/// `@testable import Workbench` works for the executable target: SwiftPM builds
/// executable targets testably, so the types are tested directly.
final class StatisticsTests: XCTestCase {
    /// Elo values are compared to a millionth of a point.
    let eloTolerance = 1e-6

    // MARK: - Trinomial (per game)

    func testEloOfAScore() {
        // elo(μ) = −400 · log10(1/μ − 1)
        // μ = 0.75: −400 · log10(1/3) = 400 · 0.477121254719662 = 190.848501887865
        XCTAssertEqual(Trinomial.elo(0.75), 190.848501887865, accuracy: eloTolerance)
        // μ = 0.5: −400 · log10(1) = 0
        XCTAssertEqual(Trinomial.elo(0.5), 0, accuracy: 1e-12)
        // μ = 0.25: −400 · log10(3) = −190.848501887865
        XCTAssertEqual(Trinomial.elo(0.25), -190.848501887865, accuracy: eloTolerance)
        // μ = 0.9: −400 · log10(1/9) = 400 · 0.954242509439325 = 381.697003775730
        XCTAssertEqual(Trinomial.elo(0.9), 381.697003775730, accuracy: eloTolerance)
        // The ends: ±∞.
        XCTAssertEqual(Trinomial.elo(1), .infinity)
        XCTAssertEqual(Trinomial.elo(0), -.infinity)
    }

    func testScoreVarianceAndIntervalForAnEvenMatch() {
        // W=30, D=40, L=30: n = 100, μ = (30 + 20)/100 = 0.5.
        let t = Trinomial(wins: 30, draws: 40, losses: 30)
        XCTAssertEqual(t.games, 100)
        XCTAssertEqual(t.score, 0.5, accuracy: 1e-15)
        // σ² = (30·0.25 + 40·0 + 30·0.25)/100 = 15/100 = 0.15
        XCTAssertEqual(t.variance, 0.15, accuracy: 1e-15)
        XCTAssertEqual(t.elo, 0, accuracy: 1e-12)
        // margin = 1.96 · √0.15 / √100 = 1.96 · 0.387298334620742 / 10 = 0.0759104735856654
        // elo(0.5 ± 0.0759104735856654) = ±53.1589719045787
        let i = t.eloInterval
        XCTAssertEqual(i.low, -53.1589719045787, accuracy: eloTolerance)
        XCTAssertEqual(i.high, 53.1589719045787, accuracy: eloTolerance)
        XCTAssertEqual(t.eloError, 53.1589719045787, accuracy: eloTolerance)
        // D/n = 40/100
        XCTAssertEqual(t.drawRatio, 0.4, accuracy: 1e-15)
        // W = L: ½ + ½·erf(0) = ½
        XCTAssertEqual(t.los, 0.5, accuracy: 1e-15)
    }

    func testScoreVarianceAndIntervalForALopsidedMatch() {
        // W=60, D=20, L=20: n = 100, μ = (60 + 10)/100 = 0.7.
        let t = Trinomial(wins: 60, draws: 20, losses: 20)
        XCTAssertEqual(t.score, 0.7, accuracy: 1e-15)
        // σ² = (60·0.3² + 20·0.2² + 20·0.7²)/100 = (5.4 + 0.8 + 9.8)/100 = 0.16
        XCTAssertEqual(t.variance, 0.16, accuracy: 1e-15)
        // elo(0.7) = −400·log10(3/7) = 147.190714117838
        XCTAssertEqual(t.elo, 147.190714117838, accuracy: eloTolerance)
        // margin = 1.96 · 0.4 / 10 = 0.0784
        // low = elo(0.6216) = 86.2239512252410, high = elo(0.7784) = 218.253228481561
        let i = t.eloInterval
        XCTAssertEqual(i.low, 86.2239512252410, accuracy: eloTolerance)
        XCTAssertEqual(i.high, 218.253228481561, accuracy: eloTolerance)
        // ± = (218.253228481561 − 86.2239512252410)/2 = 66.0146386281601
        XCTAssertEqual(t.eloError, 66.0146386281601, accuracy: eloTolerance)
        // D/n = 20/100
        XCTAssertEqual(t.drawRatio, 0.2, accuracy: 1e-15)
        // LOS = ½ + ½·erf(40/√160) = ½ + ½·erf(3.16227766) = 0.999996127891785
        XCTAssertEqual(t.los, 0.999996127891785, accuracy: 1e-12)
    }

    func testLikelihoodOfSuperiority() {
        // W=12, L=8: ½ + ½·erf(4/√40) = ½ + ½·erf(0.632455532) = ½ + ½·0.628906630 = 0.814453315
        XCTAssertEqual(Trinomial(wins: 12, draws: 0, losses: 8).los, 0.8144533152386513, accuracy: 1e-12)
        // Draws do not enter LOS.
        XCTAssertEqual(Trinomial(wins: 12, draws: 50, losses: 8).los, 0.8144533152386513, accuracy: 1e-12)
        // Symmetric: W=8, L=12 gives 1 − 0.814453315.
        XCTAssertEqual(Trinomial(wins: 8, draws: 3, losses: 12).los, 1 - 0.8144533152386513, accuracy: 1e-12)
        // No decisive game: ½.
        XCTAssertEqual(Trinomial(wins: 0, draws: 7, losses: 0).los, 0.5)
        XCTAssertEqual(Trinomial().los, 0.5)
    }

    func testAddCountsWinsDrawsAndLosses() {
        var t = Trinomial()
        for s in [1.0, 0.5, 0, 1, 0.5, 1] { t.add(s) }
        XCTAssertEqual(t, Trinomial(wins: 3, draws: 2, losses: 1))
        // μ = (3 + 1)/6
        XCTAssertEqual(t.score, 4.0 / 6, accuracy: 1e-15)
        XCTAssertEqual(t.drawRatio, 2.0 / 6, accuracy: 1e-15)
    }

    func testAPerfectScoreHasInfiniteElo() {
        let t = Trinomial(wins: 10, draws: 0, losses: 0)
        XCTAssertEqual(t.score, 1)
        XCTAssertEqual(t.elo, .infinity)
        XCTAssertEqual(Trinomial(wins: 0, draws: 0, losses: 10).elo, -.infinity)
        // LOS = ½ + ½·erf(10/√20) = ½ + ½·erf(2.236) = 0.999217...
        XCTAssertEqual(t.los, 0.5 + 0.5 * erf(10 / 20.0.squareRoot()), accuracy: 1e-12)
        XCTAssertGreaterThan(t.los, 0.999)
        // No games: score ½, Elo 0, an unbounded interval.
        XCTAssertEqual(Trinomial().score, 0.5)
        XCTAssertEqual(Trinomial().elo, 0)
        XCTAssertEqual(Trinomial().drawRatio, 0)
        XCTAssertEqual(Trinomial().eloInterval.low, -.infinity)
        XCTAssertEqual(Trinomial().eloInterval.high, .infinity)
    }

    /// Regression (fixed): at a 100% (or 0%) score σ = 0, so
    /// the interval is (∞, ∞) and the ± is (∞ − ∞)/2 = NaN, which summary.md prints as
    /// `-inf` ("+inf ± -inf") and summary.json as "nan". Expected: an infinite (or
    /// at least non-NaN, non-negative) ±.
    func testEloErrorIsInfiniteNotNaNAtAPerfectScore() throws {
        let t = Trinomial(wins: 10, draws: 0, losses: 0)
        XCTAssertFalse(t.eloError.isNaN, "eloError at 10-0-0 is \(t.eloError)")
        XCTAssertFalse(TournamentReport.f(t.eloError).hasPrefix("-"), "the ± prints as \(TournamentReport.f(t.eloError))")
    }

    // MARK: - Pentanomial (per game pair)

    func testPentanomialMeanVarianceAndNormalisedElo() {
        let p = Pentanomial(counts: [5, 10, 30, 15, 10])
        XCTAssertEqual(p.pairs, 70)
        // s̄ = (0·5 + ¼·10 + ½·30 + ¾·15 + 1·10)/70 = (2.5 + 15 + 11.25 + 10)/70 = 38.75/70 = 0.553571428571429
        XCTAssertEqual(p.mean, 38.75 / 70, accuracy: 1e-15)
        // v = Σ cₖ(k/4)²/N − s̄² = (10/16 + 30·4/16 + 15·9/16 + 10)/70 − s̄²
        //   = (425/16)/70 − 0.306441326530612 = 0.379464285714286 − 0.306441326530612 = 0.0730229591836735
        XCTAssertEqual(p.variance, 0.0730229591836735, accuracy: 1e-13)
        // nElo = (s̄ − ½)/√(2v) · 800/ln 10 = 0.0535714285714286/0.382159607291016 · 347.435585522154 = 48.7037962614524
        XCTAssertEqual(p.normalizedElo, 48.7037962614524, accuracy: eloTolerance)
        // ± = 1.96·√(v/N)/√(2v) · 800/ln 10 = 1.96/√140 · 347.435585522154 = 57.5527860163099
        XCTAssertEqual(p.normalizedEloError, 57.5527860163099, accuracy: eloTolerance)
    }

    func testSymmetricPentanomialHasZeroNormalisedElo() {
        let p = Pentanomial(counts: [10, 20, 40, 20, 10])
        XCTAssertEqual(p.mean, 0.5, accuracy: 1e-15)
        // v = (10·¼ + 20·1/16 + 0 + 20·1/16 + 10·¼)/100 = (2.5 + 1.25 + 1.25 + 2.5)/100 = 0.075
        XCTAssertEqual(p.variance, 0.075, accuracy: 1e-15)
        XCTAssertEqual(p.normalizedElo, 0, accuracy: 1e-12)
        // ± = 1.96/√200 · 347.435585522154 = 48.1521154755158
        XCTAssertEqual(p.normalizedEloError, 48.1521154755158, accuracy: eloTolerance)
        XCTAssertEqual(Pentanomial(counts: [3, 0, 0, 0, 3]).normalizedElo, 0, accuracy: 1e-12)
    }

    func testPentanomialAddMapsPairScoresToTheFiveCounts() {
        var p = Pentanomial()
        p.add(0, 0)      // LL → 0
        p.add(0.5, 0)    // DL → ¼
        p.add(0, 0.5)    // LD → ¼
        p.add(1, 0)      // WL → ½
        p.add(0.5, 0.5)  // DD → ½
        p.add(0, 1)      // LW → ½
        p.add(1, 0.5)    // WD → ¾
        p.add(1, 1)      // WW → 1
        XCTAssertEqual(p.counts, [1, 2, 3, 1, 1])
        XCTAssertEqual(Pentanomial().mean, 0.5)
        XCTAssertEqual(Pentanomial().variance, 0)
    }

    // MARK: - Student t

    func testStudentTCDF() {
        XCTAssertEqual(StudentT.cdf(0, dof: 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(StudentT.cdf(0, dof: 9), 0.5, accuracy: 1e-12)
        XCTAssertEqual(StudentT.cdf(0, dof: 1000), 0.5, accuracy: 1e-12)
        // dof 1 is Cauchy: ½ + atan(1)/π = ½ + ¼ = 0.75
        XCTAssertEqual(StudentT.cdf(1, dof: 1), 0.75, accuracy: 1e-10)
        XCTAssertEqual(StudentT.cdf(-1, dof: 1), 0.25, accuracy: 1e-10)
        // dof 2 has a closed form: ½ + t/(2√(2 + t²)); t = 1: ½ + 1/(2√3) = 0.788675134594813
        XCTAssertEqual(StudentT.cdf(1, dof: 2), 0.788675134594813, accuracy: 1e-10)
        // scipy.stats.t.cdf(−2, 5) = 0.0509697394149293
        XCTAssertEqual(StudentT.cdf(-2, dof: 5), 0.0509697394149293, accuracy: 1e-9)
    }

    func testStudentTQuantiles() {
        // Table values of t(0.975, ν) (scipy.stats.t.ppf): 2.262157162798205, 2.045229642132703,
        // 1.962341461133449, 2.776445105197793.
        XCTAssertEqual(StudentT.quantile(0.975, dof: 9), 2.262157162798205, accuracy: 1e-7)
        XCTAssertEqual(StudentT.quantile(0.975, dof: 29), 2.045229642132703, accuracy: 1e-7)
        XCTAssertEqual(StudentT.quantile(0.975, dof: 999), 1.962341461133449, accuracy: 1e-7)
        XCTAssertEqual(StudentT.quantile(0.975, dof: 4), 2.776445105197793, accuracy: 1e-7)
        // Symmetry and the median.
        XCTAssertEqual(StudentT.quantile(0.025, dof: 9), -2.262157162798205, accuracy: 1e-7)
        XCTAssertEqual(StudentT.quantile(0.5, dof: 9), 0, accuracy: 1e-6)  // cdf is flat at ½ for |t| < ~3e-8
    }

    func testStudentTTwoSidedP() {
        // 2·(1 − cdf(2.262, 9)) = 0.0500128455024546
        XCTAssertEqual(StudentT.twoSidedP(2.262, dof: 9), 0.0500128455024546, accuracy: 1e-8)
        XCTAssertEqual(StudentT.twoSidedP(-2.262, dof: 9), 0.0500128455024546, accuracy: 1e-8)
        XCTAssertEqual(StudentT.twoSidedP(0, dof: 9), 1, accuracy: 1e-12)
        XCTAssertEqual(StudentT.twoSidedP(.infinity, dof: 9), 0)
        XCTAssertEqual(StudentT.twoSidedP(.nan, dof: 9), 1)
    }

    func testSampleSummaryOfASmallList() throws {
        let s = SampleSummary([1, 2, 3, 4, 5])
        XCTAssertEqual(s.count, 5)
        // mean = 15/5 = 3
        XCTAssertEqual(try XCTUnwrap(s.mean), 3, accuracy: 1e-15)
        // sd = √((4 + 1 + 0 + 1 + 4)/4) = √2.5 = 1.58113883008419
        XCTAssertEqual(try XCTUnwrap(s.standardDeviation), 1.58113883008419, accuracy: 1e-12)
        // half-width = t(0.975, 4) · sd/√5 = 2.77644510519779 · 0.707106781186548 = 1.96324316147756
        XCTAssertEqual(try XCTUnwrap(s.halfWidth), 1.96324316147756, accuracy: 1e-7)
    }

    func testASampleTooSmallOrWithoutSpreadHasNoSpreadOrInterval() {
        let one = SampleSummary([7])
        XCTAssertEqual(one.mean, 7)
        XCTAssertNil(one.standardDeviation, "n = 1: undefined")
        XCTAssertNil(one.halfWidth)
        XCTAssertNil(one.interval)
        let flat = SampleSummary([4, 4, 4])
        XCTAssertEqual(flat.standardDeviation, 0)
        XCTAssertNil(flat.halfWidth, "no spread: no interval, not a zero-width one")
        XCTAssertEqual(SampleSummary([]).count, 0)
        XCTAssertNil(SampleSummary([]).mean)
    }

    func testPairedComparisonOfTwoSmallLists() throws {
        let a: [Double] = [10, 12, 9, 14, 11], b: [Double] = [8, 11, 9, 11, 10]
        let c = PairedComparison(a, b)
        // d = [2, 1, 0, 3, 1]; d̄ = 7/5 = 1.4
        XCTAssertEqual(c.difference.count, 5)
        XCTAssertEqual(try XCTUnwrap(c.difference.mean), 1.4, accuracy: 1e-15)
        // sd = √((0.36 + 0.16 + 1.96 + 2.56 + 0.16)/4) = √1.3 = 1.14017542509914
        XCTAssertEqual(try XCTUnwrap(c.difference.standardDeviation), 1.14017542509914, accuracy: 1e-12)
        // t = 1.4/(1.14017542509914/√5) = 1.4/0.509901951359279 = 2.74562589193458
        XCTAssertEqual(try XCTUnwrap(c.t), 2.74562589193458, accuracy: 1e-10)
        // p = 2·P(T₄ > 2.74562589193458) = 0.0516059578111748 (scipy.stats.ttest_rel)
        XCTAssertEqual(try XCTUnwrap(c.pValue), 0.0516059578111748, accuracy: 1e-8)
        // half-width = 2.77644510519779 · 0.509901951359279 = 1.41571477698227
        XCTAssertEqual(try XCTUnwrap(c.difference.halfWidth), 1.41571477698227, accuracy: 1e-7)

        // Swapped: the same t and p with the sign turned.
        let r = PairedComparison(b, a)
        XCTAssertEqual(try XCTUnwrap(r.t), -(try XCTUnwrap(c.t)), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(r.pValue), try XCTUnwrap(c.pValue), accuracy: 1e-12)
    }

    func testAPairedComparisonWithoutSpreadOrWithOneDealIsUndefined() {
        let a: [Double] = [10, 12, 9, 14, 11]
        // Identical lists, or a constant gap: the differences have no spread.
        for other in [a, a.map { $0 + 2 }] {
            let c = PairedComparison(other, a)
            XCTAssertNil(c.t)
            XCTAssertNil(c.pValue)
        }
        let one = PairedComparison([3], [1])
        XCTAssertEqual(one.difference.mean, 2)
        XCTAssertNil(one.t, "n = 1: undefined, not t = ±inf")
        XCTAssertNil(one.pValue)
    }

    // MARK: - Wilcoxon signed-rank and Holm

    func testWilcoxonExactPValueMatchesTheDistributionCountedByHand() throws {
        // d = [3, -1, 2, 5]: ranks by |d| 1 (−1), 2 (2), 3 (3), 4 (5); W⁺ = 2 + 3 + 4 = 9.
        // Of the 2⁴ = 16 equally likely sign patterns, the subsets of ranks {1,2,3,4}
        // summing to 9 or more are {2,3,4} and {1,2,3,4}: P(W⁺ ≥ 9) = 2/16, and
        // two-sided p = 2 · 2/16 = 0.25 (scipy.stats.wilcoxon([3, -1, 2, 5]).pvalue).
        let w = WilcoxonSignedRank(differences: [(3, 1), (-1, 1), (2, 1), (5, 1)])
        XCTAssertEqual(w.count, 4)
        XCTAssertEqual(w.positiveRankSum, 9)
        XCTAssertTrue(w.exact)
        XCTAssertEqual(try XCTUnwrap(w.pValue), 0.25, accuracy: 1e-12)
    }

    func testWilcoxonWithTiesInASmallSampleEnumeratesTheSignPatternsLikeSciPy() throws {
        // d = [1, 1, 1, 2, -1, 0, 3]: zero dropped; |d| = 1 (×4) ranks 1-4 → 2.5 each,
        // 2 → 5, 3 → 6. W⁺ = 3·2.5 + 5 + 6 = 18.5. Of the 2⁶ sign patterns of the
        // ranks (2.5 ×4, 5, 6), those with W⁺ ≥ 18.5 number 5, so p = 2 · 5/64 = 0.15625
        // (scipy.stats.wilcoxon([1, 1, 1, 2, -1, 0, 3]).pvalue, SciPy 1.17).
        let w = WilcoxonSignedRank(differences: [(1, 3), (2, 1), (-1, 1), (0, 1), (3, 1)])
        XCTAssertEqual(w.count, 6)
        XCTAssertEqual(w.positiveRankSum, 18.5)
        XCTAssertEqual(try XCTUnwrap(w.pValue), 0.15625, accuracy: 1e-12)
        XCTAssertNil(WilcoxonSignedRank(differences: [(0, 5)]).pValue, "only zero differences: undefined")
    }

    func testAnUndefinedWilcoxonPValueIsWrittenAsNullNotLeftOut() throws {
        let json = String(decoding: try JSONEncoder().encode(WilcoxonSignedRank(differences: [(0, 5)])), as: UTF8.self)
        XCTAssertTrue(json.contains("\"pValue\":null"), json)
        let back = try JSONDecoder().decode(WilcoxonSignedRank.self, from: Data(#"{"count":0,"exact":false,"positiveRankSum":0}"#.utf8))
        XCTAssertNil(back.pValue, "a summary written before reads as undefined")
    }

    func testWilcoxonOnALargeTiedSampleUsesTheNormalApproximationLikeSciPy() throws {
        // d = 1 (×10), 2 (×6), −1 (×4), 0 (×5): n = 20 non-zero. |1| ×14 ranks 1-14 → 7.5,
        // |2| ×6 ranks 15-20 → 17.5. W⁺ = 10·7.5 + 6·17.5 = 180; mean = 20·21/4 = 105;
        // var = 20·21·41/24 − ((14³ − 14) + (6³ − 6))/48 = 717.5 − (2730 + 210)/48 = 656.25;
        // z = 75/25.617376 = 2.927700; p = erfc(z/√2) = 0.00341479 (scipy: 0.00341479).
        let w = WilcoxonSignedRank(differences: [(1, 10), (2, 6), (-1, 4), (0, 5)])
        XCTAssertFalse(w.exact)
        XCTAssertEqual(w.positiveRankSum, 180)
        XCTAssertEqual(try XCTUnwrap(w.pValue), 0.00341479, accuracy: 1e-8)
    }

    func testHolmAdjustsTheSmallestPValueMostAndKeepsTheOrder() throws {
        // p = [0.01, 0.04, 0.03, nil] → sorted 0.01, 0.03, 0.04 with m = 3:
        // 3·0.01 = 0.03, 2·0.03 = 0.06, max(0.06, 1·0.04) = 0.06.
        let adjusted = Holm.adjust([0.01, 0.04, 0.03, nil])
        XCTAssertEqual(try XCTUnwrap(adjusted[0]), 0.03, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(adjusted[2]), 0.06, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(adjusted[1]), 0.06, accuracy: 1e-15)
        XCTAssertNil(adjusted[3])
        XCTAssertEqual(Holm.adjust([0.6, 0.7]).compactMap { $0 }, [1, 1], "capped at 1")
    }

    // MARK: - Paired (pentanomial) Elo

    func testPairedEloUsesThePairVariance() throws {
        // counts [0, 2, 4, 3, 1]: N = 10, s̄ = (2·¼ + 4·½ + 3·¾ + 1)/10 = 5.75/10 = 0.575,
        // v = (2·0.325² + 4·0.075² + 3·0.175² + 0.425²)/10 = (0.21125 + 0.0225 + 0.091875
        // + 0.180625)/10 = 0.050625; se = √(0.050625/10) = 0.0711512;
        // LOS = Φ(0.075/0.0711512) = Φ(1.054093) = 0.8540797.
        var p = Pentanomial()
        p.counts = [0, 2, 4, 3, 1]
        let e = PairedElo(p)
        XCTAssertEqual(try XCTUnwrap(e.score), 0.575, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(e.elo), Trinomial.elo(0.575), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(e.los), 0.8540797, accuracy: 1e-6)
        let se = (0.050625 / 10.0).squareRoot()
        XCTAssertEqual(try XCTUnwrap(e.eloError), (Trinomial.elo(0.575 + 1.96 * se) - Trinomial.elo(0.575 - 1.96 * se)) / 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(e.normalizedElo), 0.075 / (2 * 0.050625).squareRoot() * 800 / log(10), accuracy: 1e-9)
    }

    func testPairedEloIsUndefinedWithoutPairsOrSpread() {
        XCTAssertNil(PairedElo(Pentanomial()).score)
        var one = Pentanomial()
        one.counts = [0, 0, 0, 1, 0]
        XCTAssertEqual(PairedElo(one).score, 0.75)
        XCTAssertNil(PairedElo(one).eloError, "one pair: no interval")
        XCTAssertNil(PairedElo(one).los)
        XCTAssertNil(PairedElo(one).normalizedElo)
        var same = Pentanomial()
        same.counts = [0, 0, 5, 0, 0]
        XCTAssertNil(PairedElo(same).los, "no spread")
        var sweep = Pentanomial()
        sweep.counts = [0, 0, 0, 0, 4]
        XCTAssertNil(PairedElo(sweep).elo, "a score of 1 has no finite Elo")
    }

    // MARK: - Bradley–Terry

    /// Games between agents `a` and `b`, with `a`'s wins, draws and losses.
    func games(_ a: Int, _ b: Int, wins: Int, draws: Int, losses: Int) -> [BradleyTerry.Game] {
        Array(repeating: BradleyTerry.Game(a: a, b: b, score: 1), count: wins)
            + Array(repeating: BradleyTerry.Game(a: a, b: b, score: 0.5), count: draws)
            + Array(repeating: BradleyTerry.Game(a: a, b: b, score: 0), count: losses)
    }

    func testTwoAgentsRatingDifferenceWithTheVirtualDraw() {
        // A 3-0-1 against B. With one virtual draw: A has 3 + ½ = 3.5 points of 4 + 1 = 5 games,
        // and at the MM fixed point γA/(γA + γB) = 3.5/5 = 0.7, so the difference is
        // elo(0.7) = −400·log10(3/7) = 147.190714117838 (without the prior: elo(0.75) = 190.85).
        let small = BradleyTerry.fit(agents: 2, games: games(0, 1, wins: 3, draws: 0, losses: 1))
        XCTAssertEqual(small[0] - small[1], 147.190714117838, accuracy: 1e-6)
        // Mean 0: ±73.595357058919
        XCTAssertEqual(small[0], 73.595357058919, accuracy: 1e-6)
        XCTAssertEqual(small[1], -73.595357058919, accuracy: 1e-6)

        // 60-30-10 over 100 games: 75 points, 75% (190.85 without the prior). With it:
        // (75 + ½)/(100 + 1) = 0.747524752475248, elo = 188.562708478093.
        let big = BradleyTerry.fit(agents: 2, games: games(0, 1, wins: 60, draws: 30, losses: 10))
        XCTAssertEqual(big[0] - big[1], 188.562708478093, accuracy: 1e-6)
        XCTAssertLessThan(big[0] - big[1], 190.848501887865)
        XCTAssertEqual(big[0] + big[1], 0, accuracy: 1e-9)

        // The side order of a game does not matter: B's losses are A's wins.
        let flipped = BradleyTerry.fit(agents: 2, games: games(1, 0, wins: 10, draws: 30, losses: 60))
        XCTAssertEqual(flipped[0], big[0], accuracy: 1e-6)

        // Anchored on B: B is 0, A is +188.56.
        let anchored = BradleyTerry.fit(agents: 2, games: games(0, 1, wins: 60, draws: 30, losses: 10), anchor: 1)
        XCTAssertEqual(anchored[1], 0, accuracy: 1e-12)
        XCTAssertEqual(anchored[0], 188.562708478093, accuracy: 1e-6)

        // An agent that wins every game still gets a finite rating: (10 + ½)/11 → elo = 529.0...
        let sweep = BradleyTerry.fit(agents: 2, games: games(0, 1, wins: 10, draws: 0, losses: 0))
        XCTAssertTrue(sweep[0].isFinite)
        XCTAssertEqual(sweep[0] - sweep[1], Trinomial.elo(10.5 / 11), accuracy: 1e-6)
    }

    func testAnAgentWithoutGamesHasNoRatingAndLeavesTheMeanToTheOthers() {
        // Agent 0 played nobody (an interrupted round robin); 1 scored 7.5 of 20 against 2.
        // With the virtual draw 1 has 8 of 21: a difference of elo(8/21) = −400·log10(13/8)
        // = −84.3414..., so ±42.1707 around a mean of the two that played.
        let g = games(1, 2, wins: 0, draws: 15, losses: 5)
        let r = BradleyTerry.fit(agents: 3, games: g)
        XCTAssertTrue(r[0].isNaN, "no games, no rating")
        XCTAssertEqual(r[1], -200 * log10(13.0 / 8), accuracy: 1e-6)
        XCTAssertEqual(r[1] + r[2], 0, accuracy: 1e-9)
        // An anchor without games cannot anchor: the mean is 0 as without one.
        let anchored = BradleyTerry.fit(agents: 3, games: g, anchor: 0)
        XCTAssertEqual(anchored[1], r[1], accuracy: 1e-9)
        XCTAssertTrue(BradleyTerry.fit(agents: 2, games: []).allSatisfy(\.isNaN))
        let ci = BradleyTerry.intervals(agents: 3, games: g)
        XCTAssertTrue(ci[0].low.isNaN && ci[0].high.isNaN)
        XCTAssertLessThan(ci[1].low, r[1])
        XCTAssertGreaterThan(ci[1].high, r[1])
    }

    func testThreeAgentsWithTransitiveResults() {
        // A beats B 3-0-1, B beats C 3-1-0, A beats C 4-0-0.
        let g = games(0, 1, wins: 3, draws: 0, losses: 1) + games(1, 2, wins: 3, draws: 1, losses: 0)
            + games(0, 2, wins: 4, draws: 0, losses: 0)
        let r = BradleyTerry.fit(agents: 3, games: g)
        XCTAssertGreaterThan(r[0], r[1])
        XCTAssertGreaterThan(r[1], r[2])
        XCTAssertEqual(r.reduce(0, +), 0, accuracy: 1e-9)
        // With the virtual draws each pairing has 5 games and the points are
        // A: 3 + 4 + 1 = 8, B: 1 + 3.5 + 1 = 5.5, C: 0.5 + 0 + 1 = 1.5. The MM fixed point
        // (iterated to convergence in python3) gives 176.907259270492, 31.0709063826252, −207.978165653117.
        XCTAssertEqual(r[0], 176.907259270492, accuracy: 1e-5)
        XCTAssertEqual(r[1], 31.0709063826252, accuracy: 1e-5)
        XCTAssertEqual(r[2], -207.978165653117, accuracy: 1e-5)
        // And it solves the ML equations: points = Σ nᵢⱼ γᵢ/(γᵢ + γⱼ) with γ = 10^(r/400).
        let gamma = r.map { pow(10, $0 / 400) }
        let points = [8.0, 5.5, 1.5]
        for i in 0..<3 {
            let expected = (0..<3).filter { $0 != i }.reduce(0.0) { $0 + 5 * gamma[i] / (gamma[i] + gamma[$1]) }
            XCTAssertEqual(expected, points[i], accuracy: 1e-8, "agent \(i)")
        }
        // Ratings have mean 0 for any results.
        let mixed = games(0, 1, wins: 2, draws: 5, losses: 3) + games(1, 2, wins: 1, draws: 1, losses: 6)
            + games(2, 3, wins: 4, draws: 0, losses: 4) + games(0, 3, wins: 7, draws: 2, losses: 1)
        XCTAssertEqual(BradleyTerry.fit(agents: 4, games: mixed).reduce(0, +), 0, accuracy: 1e-9)
    }

    func testBootstrapIntervalsContainTheEstimateAndAreSeeded() {
        let g = games(0, 1, wins: 12, draws: 6, losses: 6) + games(1, 2, wins: 10, draws: 8, losses: 6)
            + games(0, 2, wins: 14, draws: 6, losses: 4)
        let fit = BradleyTerry.fit(agents: 3, games: g)
        let ci = BradleyTerry.intervals(agents: 3, games: g, samples: 200, seed: 7)
        XCTAssertEqual(ci.count, 3)
        for i in 0..<3 {
            XCTAssertLessThan(ci[i].low, fit[i], "agent \(i): \(ci[i]) vs \(fit[i])")
            XCTAssertGreaterThan(ci[i].high, fit[i], "agent \(i): \(ci[i]) vs \(fit[i])")
        }
        // The same seed gives the same intervals; another seed (almost surely) others.
        let again = BradleyTerry.intervals(agents: 3, games: g, samples: 200, seed: 7)
        XCTAssertEqual(ci.map(\.low), again.map(\.low))
        XCTAssertEqual(ci.map(\.high), again.map(\.high))
        let other = BradleyTerry.intervals(agents: 3, games: g, samples: 200, seed: 8)
        XCTAssertNotEqual(ci.map(\.low) + ci.map(\.high), other.map(\.low) + other.map(\.high))
        // No games: zero-width intervals.
        XCTAssertEqual(BradleyTerry.intervals(agents: 2, games: []).map(\.low), [0, 0])
    }

    func testPercentileInterpolatesBetweenRanks() {
        let sorted: [Double] = [0, 10, 20, 30, 40]
        XCTAssertEqual(BradleyTerry.percentile(sorted, 0), 0)
        XCTAssertEqual(BradleyTerry.percentile(sorted, 1), 40)
        XCTAssertEqual(BradleyTerry.percentile(sorted, 0.5), 20)
        // 0.975 · 4 = 3.9 → 30 + 0.9 · 10 = 39
        XCTAssertEqual(BradleyTerry.percentile(sorted, 0.975), 39, accuracy: 1e-12)
        // 0.025 · 4 = 0.1 → 0 + 0.1 · 10 = 1
        XCTAssertEqual(BradleyTerry.percentile(sorted, 0.025), 1, accuracy: 1e-12)
        XCTAssertEqual(BradleyTerry.percentile([], 0.5), 0)
    }
}
