import Foundation

/// Elo, its 95% interval and LOS from game pairs (docs/statistics.md, "Per game
/// pair"), the estimates to read when games come in pairs from one opening.
///
/// The per-game (trinomial) formulas treat the two games of a pair as independent,
/// which they are not: both start from the same opening, so an unbalanced opening
/// moves both results together. Here the unit is the pair: with N pairs of mean
/// score s̄ and pair variance v, Elo = elo(s̄), the interval is elo(s̄ ± 1.96·√(v/N)),
/// LOS = Φ((s̄ − ½)/√(v/N)), and the normalised Elo is (s̄ − ½)/√(2v) · 800/ln 10.
/// Each is `nil` where undefined: no pairs, fewer than two, no spread, or a score of
/// 0 or 1 (no finite Elo).
public struct PairedElo: Codable, Equatable, Sendable {
    public let pairs: Int
    @Nullable public var score: Double?
    @Nullable public var elo: Double?
    /// Half the width of the 95% interval.
    @Nullable public var eloError: Double?
    @Nullable public var los: Double?
    @Nullable public var normalizedElo: Double?
    @Nullable public var normalizedEloError: Double?

    public init(_ p: Pentanomial) {
        pairs = p.pairs
        guard pairs > 0 else { return }
        let s = p.mean, v = p.variance
        score = defined(s)
        elo = s > 0 && s < 1 ? defined(Trinomial.elo(s)) : nil
        guard pairs >= 2, v > 0 else { return }
        let se = (v / Double(pairs)).squareRoot()
        let low = s - 1.96 * se, high = s + 1.96 * se
        if low > 0 && high < 1 { eloError = defined((Trinomial.elo(high) - Trinomial.elo(low)) / 2) }
        los = defined(0.5 + 0.5 * erf((s - 0.5) / (se * 2.0.squareRoot())))
        normalizedElo = defined(p.normalizedElo)
        normalizedEloError = defined(p.normalizedEloError)
    }
}
