import Boards

/// Expectimax on the learned value (``CoinSorterNTuple``), `depth` turns deep (2 by
/// default), with the refills below the last searched turn enumerated exactly for their
/// first `exactDraws` coins (3^k equally likely fillings; the draws after those, rare
/// cascades or a second line, sampled once per filling from the agent's seeded stream).
///
/// At each decision node the `width` swaps ranked best by points + value of their
/// afterstate (the greedy policy's key) are searched. The last searched turn is a leaf:
/// its value is the best points + afterstate value of its swaps (the network's own
/// expectation of everything after). A swap completing nothing leaves a decision state;
/// a scoring swap is averaged over its refills: enumerated as above when the leaf
/// follows them, and sampled `samples` times when more than one turn is searched below
/// (at depth 3, the root's refills: 243 fillings each followed by a searched turn would
/// cost seconds a move). With one turn left the agent plays as greedy does.
///
/// Options that change nothing unless given:
/// - `paired`: common random numbers. Every sibling swap of a node draws its sampled
///   refills from the same stream (seeded once per node), so the move is chosen on
///   paired samples: the noise of the *difference* between two swaps is what decides
///   the move, and pairing removes the part they share.
/// - `margin`: play the greedy choice (the best ranked swap) unless the search values
///   another swap more than `margin` points above it.
/// - `cache`: a table of leaf values for one move's search (``CoinSorterLeafCache``);
///   the same moves, less work when leaves repeat.
public struct CoinSorterLearnedExpectimax: PuzzleAgent {
    public typealias Game = CoinSorter

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: depth) }
    public let network: CoinSorterNTuple
    /// Swaps searched per decision node.
    public let width: Int
    /// Coins of a refill enumerated exactly above a leaf (5 covers one line: 243 fillings).
    public let exactDraws: Int
    /// Turns searched (the last one a leaf); at least 1.
    public let depth: Int
    /// Refills sampled at a chance node with more than one searched turn below it.
    public let samples: Int
    /// Whether sibling swaps share their sampled refills (common random numbers).
    public let paired: Bool
    /// Points by which the search must beat the greedy choice to overrule it; `nil`:
    /// the best searched swap is played.
    public let margin: Double?
    /// Leaf values of the current move's search, or `nil` for none.
    let cache: CoinSorterLeafCache?
    @usableFromInline var rng: SplitMix64

    public init(spec: String, network: CoinSorterNTuple, width: Int, exactDraws: Int, seed: UInt64,
                depth: Int = 2, samples: Int = 8, paired: Bool = false, margin: Double? = nil, cache: Bool = false) {
        self.spec = spec
        self.network = network
        self.width = max(1, width)
        self.exactDraws = max(0, exactDraws)
        self.depth = max(1, depth)
        self.samples = max(1, samples)
        self.paired = paired
        self.margin = margin
        self.cache = cache ? CoinSorterLeafCache() : nil
        rng = SplitMix64(seed: seed)
    }

    /// Leaf lookups answered by the cache, and not, since the agent was made.
    public var cacheCounts: (hits: Int, misses: Int) { (cache?.hits ?? 0, cache?.misses ?? 0) }

    public mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        var nodes = 0
        let depth = min(self.depth, state.turnsLeft)
        if depth <= 1 {
            let choice = CoinSorterTDTrainer.bestSwap(network, state, rng: &rng)
            var r = SearchResult(move: choice.swap)
            r.nodes = 300; r.depth = 1; r.seconds = clock.elapsed
            return r
        }
        cache?.clear()
        let ranked = rankedSwaps(state)
        var stream = rng
        // Paired: every root swap's sampled refills come from one stream, seeded here.
        let shared = paired ? stream.next() : 0
        let greedy = ranked[0]
        var best = -Double.infinity, chosen = greedy, ties = 0, greedyValue = -Double.infinity
        for swap in ranked.prefix(width) {
            let v = swapValue(state, swap, shared: shared, depth: depth, rng: &stream, nodes: &nodes)
            if swap == greedy { greedyValue = v }
            if v > best {
                best = v; chosen = swap; ties = 1
            } else if v == best {
                ties += 1
                if stream.next(below: ties) == 0 { chosen = swap }
            }
        }
        if let margin, chosen != greedy, best <= greedyValue + margin {
            chosen = greedy; best = greedyValue
        }
        rng = stream
        var r = SearchResult(move: chosen)
        r.value = best
        r.nodes = nodes
        r.depth = depth
        r.seconds = clock.elapsed
        return r
    }

    /// The swaps of `s`, best first by points + afterstate value (ties in generation
    /// order); one swap stands for all the swaps of two coins of one kind (they leave
    /// the same board).
    func rankedSwaps(_ s: CoinSorter) -> [CoinSorter.Swap] {
        var ranked: [(key: Float, swap: CoinSorter.Swap)] = []
        ranked.reserveCapacity(300)
        let turns = s.turnsLeft - 1
        var sameKind = false
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                let swap = CoinSorter.Swap(a, b)
                if s.coin(at: a) == s.coin(at: b) {
                    if sameKind { continue }
                    sameKind = true
                }
                let after = s.exchanging(swap)
                let lines = after.completeLines
                let points = lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount
                ranked.append((Float(points) + network.value(after, turns: turns), swap))
            }
        }
        // Stable order on ties: by key, then by the swap's place in the list.
        let order = ranked.indices.sorted { ranked[$0].key != ranked[$1].key ? ranked[$0].key > ranked[$1].key : $0 < $1 }
        return order.map { ranked[$0].swap }
    }

    /// The expected further points from `s` (a chance node or a decision state) with
    /// `depth` turns searched from its next decision, `draws` coins into its refills:
    /// above a leaf the first ``exactDraws`` coins are enumerated and the rest sampled
    /// once per filling; above a deeper search ``samples`` whole refills are sampled.
    func chance(_ s: CoinSorter, draws: Int, depth: Int, rng: inout SplitMix64, nodes: inout Int) -> Double {
        guard s.isChanceNode else { return value(s, depth: depth, rng: &rng, nodes: &nodes) }
        if depth > 1 {
            var total = 0.0
            for _ in 0..<samples {
                var next = s
                let before = next.score
                while next.isChanceNode { next.applyChance(next.chanceOutcome(rng.next(below: 3))) }
                total += Double(next.score - before) + value(next, depth: depth, rng: &rng, nodes: &nodes)
            }
            return total / Double(samples)
        }
        if draws < exactDraws {
            var total = 0.0
            for k in 0..<3 {
                var next = s
                let before = next.score
                next.applyChance(next.chanceOutcome(k))
                total += Double(next.score - before) + chance(next, draws: draws + 1, depth: depth, rng: &rng, nodes: &nodes)
            }
            return total / 3
        }
        var next = s
        let before = next.score
        while next.isChanceNode { next.applyChance(next.chanceOutcome(rng.next(below: 3))) }
        return Double(next.score - before) + leaf(next, nodes: &nodes)
    }

    /// The points of `swap` from `s` plus the refills below it, `depth` turns searched from
    /// `s`. Paired: the refills are sampled from a stream seeded `shared`, the same for every
    /// sibling swap (common random numbers); else from `rng`.
    @inline(__always)
    func swapValue(_ s: CoinSorter, _ swap: CoinSorter.Swap, shared: UInt64, depth: Int,
                   rng: inout SplitMix64, nodes: inout Int) -> Double {
        var after = s
        after.play(swap)
        if paired {
            var own = SplitMix64(seed: shared)
            return Double(after.score - s.score) + chance(after, draws: 0, depth: depth - 1, rng: &own, nodes: &nodes)
        }
        return Double(after.score - s.score) + chance(after, draws: 0, depth: depth - 1, rng: &rng, nodes: &nodes)
    }

    /// A settled state's value with `depth` turns searched: the leaf's value at 1, else
    /// the best of its `width` best ranked swaps, each followed by its refills.
    func value(_ s: CoinSorter, depth: Int, rng: inout SplitMix64, nodes: inout Int) -> Double {
        if depth <= 1 || s.turnsLeft <= 1 { return leaf(s, nodes: &nodes) }
        if s.isOver { return 0 }
        nodes += 300
        let shared = paired ? rng.next() : 0
        var best = -Double.infinity
        for swap in rankedSwaps(s).prefix(width) {
            best = max(best, swapValue(s, swap, shared: shared, depth: depth, rng: &rng, nodes: &nodes))
        }
        return best
    }

    /// A leaf's value, from the cache when it holds it.
    @inline(__always)
    func leaf(_ s: CoinSorter, nodes: inout Int) -> Double {
        guard let cache, !s.isOver else { return decision(s, nodes: &nodes) }
        let key = CoinSorterLeafCache.key(s)
        if let v = cache.value(key) { return Double(v) }
        let v = decision(s, nodes: &nodes)
        cache.store(key, Float(v))
        return v
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
