import Boards

/// Exact expectimax for Coin Sorter's last turns: the best expected further points a
/// player who does *not* see the future draws can get, every refill enumerated (3^k
/// equally likely coins for k draws, cascades followed to the end).
///
/// Affordable for one or two turns left (about 0.2 s for two on this machine's kind);
/// with more it grows by about 300 × 243 per turn. It gives the exact end-game part of
/// the ceiling (docs/learning.md, "The ceiling"): what the best non-clairvoyant play
/// gets from a position an agent reached, and what the agent's own move there costs.
public enum CoinSorterExact {
    /// The best expected further points from the decision state `s` (0 when over).
    public static func value(_ s: CoinSorter) -> Double {
        guard !s.isOver else { return 0 }
        precondition(!s.isChanceNode, "a decision state")
        var best = 0.0
        let unchanged = s.turnsLeft > 1 ? value(Self.spendingTurn(s)) : 0
        best = unchanged
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                // Swapping two coins of one kind leaves the board as it is.
                guard s.coin(at: a) != s.coin(at: b) else { continue }
                let swap = CoinSorter.Swap(a, b)
                // At the last turn a swap completing nothing scores nothing.
                if s.turnsLeft == 1 && s.linesCompleted(by: swap) == 0 { continue }
                best = max(best, actionValue(s, swap))
            }
        }
        return best
    }

    /// The expected further points of playing `swap` at `s`, then playing perfectly.
    public static func actionValue(_ s: CoinSorter, _ swap: CoinSorter.Swap) -> Double {
        var after = s
        after.play(swap)
        return Double(after.score - s.score) + chanceValue(after, draws: 0)
    }

    /// Draws followed after one swap. A refill can complete lines again, and again, so
    /// cascades are followed for this many draws (a swap's own lines take at most 10,
    /// each cascading line 5 more); a branch deeper than that counts no further points
    /// (neither its cascade's nor the later turns'), which can only lower a value, by
    /// the chance of reaching it times those points: values are exact to within that,
    /// and never above the truth.
    public static let maxDraws = 15

    /// The expected further points from `s`, a chance node or a decision state,
    /// `draws` coins into the refills of the last swap.
    static func chanceValue(_ s: CoinSorter, draws: Int) -> Double {
        guard s.isChanceNode else { return value(s) }
        // Cut: the lines scored so far count, nothing after them (a lower bound).
        guard draws < maxDraws else { return 0 }
        var total = 0.0
        for k in 0..<3 {
            var next = s
            let before = next.score
            next.applyChance(next.chanceOutcome(k))
            total += Double(next.score - before) + chanceValue(next, draws: draws + 1)
        }
        return total / 3
    }

    /// `s` after a swap of two coins of one kind: the same board, one turn fewer.
    static func spendingTurn(_ s: CoinSorter) -> CoinSorter {
        var t = s
        for a in 0..<24 where t.coin(at: a) == t.coin(at: a + 1) {
            t.play(CoinSorter.Swap(a, a + 1))
            return t
        }
        // No two neighbours in cell order alike: find any two coins of one kind.
        for a in 0..<24 {
            for b in (a + 1)..<25 where t.coin(at: a) == t.coin(at: b) {
                t.play(CoinSorter.Swap(a, b))
                return t
            }
        }
        preconditionFailure("25 coins of 3 kinds always hold two alike")
    }

    /// The most points the deal still holds for a player who sees the draws: every
    /// sequence of swaps tried on copies of the referee (turns left ≤ 2 is affordable).
    public static func clairvoyantValue(_ referee: CoinSorterReferee) -> Int {
        let s = referee.state
        guard !s.isOver else { return 0 }
        var best = 0
        var triedUnchanged = false
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                let same = s.coin(at: a) == s.coin(at: b)
                if same && triedUnchanged { continue }
                triedUnchanged = triedUnchanged || same
                let swap = CoinSorter.Swap(a, b)
                if s.turnsLeft == 1 && s.linesCompleted(by: swap) == 0 { continue }
                var r = referee
                r.play(swap)
                best = max(best, r.state.score - s.score + clairvoyantValue(r))
            }
        }
        return best
    }
}
