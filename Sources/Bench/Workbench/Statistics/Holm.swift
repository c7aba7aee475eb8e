/// Holm's step-down correction of p-values for a family of tests (docs/statistics.md):
/// the i-th smallest of m p-values is multiplied by m − i + 1, made monotone, and
/// capped at 1. It keeps the chance of any false "significant" at the nominal level
/// when several agents are compared at once, and is never less powerful than
/// Bonferroni. Undefined p-values (`nil`) stay undefined and do not count in m.
public enum Holm {
    public static func adjust(_ pValues: [Double?]) -> [Double?] {
        let defined = pValues.enumerated().compactMap { i, p in p.map { (i, $0) } }.sorted { $0.1 < $1.1 }
        let m = defined.count
        var adjusted = [Double?](repeating: nil, count: pValues.count)
        var running = 0.0
        for (rank, (i, p)) in defined.enumerated() {
            running = max(running, min(1, Double(m - rank) * p))
            adjusted[i] = running
        }
        return adjusted
    }
}
