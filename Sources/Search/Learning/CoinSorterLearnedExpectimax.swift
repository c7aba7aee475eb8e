import Boards

/// Expectimax two turns deep on the learned value (``CoinSorterNTuple``), with the
/// refills of a scoring swap enumerated exactly for their first `exactDraws` coins
/// (3^k equally likely fillings; the draws after those, rare cascades or a second line,
/// sampled once per filling from the agent's seeded stream).
///
/// At the root the `width` swaps ranked best by points + value of their afterstate (the
/// greedy policy's key) are searched: a swap completing nothing leaves a decision state,
/// valued by the best points + afterstate value of the next turn; a scoring swap is
/// averaged over its refills, each filling valued the same way. With one turn left the
/// agent plays as greedy does (the network's afterstate value is already an
/// expectation). Sampling one turn of refills, as the generic expectimax does, adds noise
/// the network's own expectation does not have; enumerating them does not.
public struct CoinSorterLearnedExpectimax: PuzzleAgent {
    public typealias Game = CoinSorter

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: 2) }
    public let network: CoinSorterNTuple
    /// Root swaps searched.
    public let width: Int
    /// Coins of a refill enumerated exactly (5 covers one line: 243 fillings).
    public let exactDraws: Int
    @usableFromInline var rng: SplitMix64

    public init(spec: String, network: CoinSorterNTuple, width: Int, exactDraws: Int, seed: UInt64) {
        self.spec = spec
        self.network = network
        self.width = max(1, width)
        self.exactDraws = max(0, exactDraws)
        rng = SplitMix64(seed: seed)
    }

    public mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        var nodes = 0
        if state.turnsLeft == 1 {
            let choice = CoinSorterTDTrainer.bestSwap(network, state, rng: &rng)
            var r = SearchResult(move: choice.swap)
            r.nodes = 300; r.depth = 1; r.seconds = clock.elapsed
            return r
        }
        // The root's swaps ranked by the greedy key; one swap stands for all the swaps
        // of two coins of one kind (they leave the same board).
        var ranked: [(key: Float, swap: CoinSorter.Swap)] = []
        ranked.reserveCapacity(300)
        let turns = state.turnsLeft - 1
        var sameKind = false
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                let swap = CoinSorter.Swap(a, b)
                if state.coin(at: a) == state.coin(at: b) {
                    if sameKind { continue }
                    sameKind = true
                }
                let after = state.exchanging(swap)
                let lines = after.completeLines
                let points = lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount
                ranked.append((Float(points) + network.value(after, turns: turns), swap))
            }
        }
        // Stable order on ties: by key, then by the swap's place in the list.
        let order = ranked.indices.sorted { ranked[$0].key != ranked[$1].key ? ranked[$0].key > ranked[$1].key : $0 < $1 }
        var best = -Double.infinity, chosen = ranked[order[0]].swap, ties = 0
        for i in order.prefix(width) {
            var after = state
            after.play(ranked[i].swap)
            let v = Double(after.score - state.score) + chance(after, draws: 0, nodes: &nodes)
            if v > best {
                best = v; chosen = ranked[i].swap; ties = 1
            } else if v == best {
                ties += 1
                if rng.next(below: ties) == 0 { chosen = ranked[i].swap }
            }
        }
        var r = SearchResult(move: chosen)
        r.value = best
        r.nodes = nodes
        r.depth = 2
        r.seconds = clock.elapsed
        return r
    }

    /// The expected further points from `s` (a chance node or a decision state), `draws`
    /// coins into its refills: enumerated while `draws < exactDraws`, then sampled.
    mutating func chance(_ s: CoinSorter, draws: Int, nodes: inout Int) -> Double {
        guard s.isChanceNode else { return decision(s, nodes: &nodes) }
        if draws < exactDraws {
            var total = 0.0
            for k in 0..<3 {
                var next = s
                let before = next.score
                next.applyChance(next.chanceOutcome(k))
                total += Double(next.score - before) + chance(next, draws: draws + 1, nodes: &nodes)
            }
            return total / 3
        }
        var next = s
        let before = next.score
        while next.isChanceNode { next.applyChance(next.chanceOutcome(rng.next(below: 3))) }
        return Double(next.score - before) + decision(next, nodes: &nodes)
    }

    /// A decision state's value: the best points + afterstate value of its next swap.
    @inline(__always)
    func decision(_ s: CoinSorter, nodes: inout Int) -> Double {
        if s.isOver { return 0 }
        nodes += 300
        let turns = s.turnsLeft - 1
        var best = network.value(s, turns: turns)   // a swap of two coins of one kind
        for a in 0..<24 {
            let ka = s.coin(at: a)
            for b in (a + 1)..<25 where s.coin(at: b) != ka {
                let after = s.exchanging(CoinSorter.Swap(a, b))
                let lines = after.completeLines
                let v = Float(lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount) + network.value(after, turns: turns)
                if v > best { best = v }
            }
        }
        return Double(best)
    }
}
