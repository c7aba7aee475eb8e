@testable import Boards
@testable import Search

// The Coin Sorter agents as they were before the generic puzzle agents replaced them
// (PuzzleRandomAgent, PuzzleGreedyAgent, PuzzleExpectimaxAgent): kept in the tests as
// the reference the generic agents are checked against move by move
// (PuzzleAgentEquivalenceTests), and as the agents older tests were written for.

/// Plays a uniformly random swap.
struct CoinSorterRandomAgent: PuzzleAgent {
    let spec: String
    var budget: SearchBudget { SearchBudget() }
    private var rng: SplitMix64

    init(spec: String, seed: UInt64) {
        self.spec = spec
        rng = SplitMix64(seed: seed)
    }

    mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver else { return SearchResult(move: nil) }
        let a = rng.next(below: 25)
        var b = rng.next(below: 24)
        if b >= a { b += 1 }
        var r = SearchResult(move: CoinSorter.Swap(a, b))
        r.nodes = 1
        return r
    }
}

/// Shared swap scoring: the points a swap scores for sure first, then the
/// evaluation of the board it leaves (matched lines still in place, refills unknown).
extension CoinSorterEvaluator {
    /// `1000 × points + potential`: orders swaps by points, then by potential.
    @inlinable @inline(__always)
    func greedyValue(_ state: CoinSorter, _ swap: CoinSorter.Swap) -> Double {
        let after = state.exchanging(swap)
        let lines = after.completeLines
        let points = lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount
        return Double(points) * 1000 + evaluate(after)
    }

    /// The `count` best swaps by ``greedyValue(_:_:)``, best first; among equal values
    /// the earlier swap (lower cells) comes first. Scores all 300 swaps.
    func bestSwaps(_ state: CoinSorter, count: Int) -> [(value: Double, swap: CoinSorter.Swap)] {
        var top: [(value: Double, swap: CoinSorter.Swap)] = []
        top.reserveCapacity(count + 1)
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                let swap = CoinSorter.Swap(a, b)
                let v = greedyValue(state, swap)
                guard top.count < count || v > top[top.count - 1].value else { continue }
                // Insert keeping descending order; ties keep the earlier swap first.
                var i = top.count
                while i > 0 && top[i - 1].value < v { i -= 1 }
                top.insert((v, swap), at: i)
                if top.count > count { top.removeLast() }
            }
        }
        return top
    }
}

/// Greedy: the swap with the most immediate points, then the best board potential.
struct CoinSorterGreedyAgent: PuzzleAgent {
    let spec: String
    var budget: SearchBudget { SearchBudget(depth: 1) }
    let evaluator: CoinSorterEvaluator
    private var rng: SplitMix64

    init(spec: String, evaluator: CoinSorterEvaluator, seed: UInt64) {
        self.spec = spec
        self.evaluator = evaluator
        rng = SplitMix64(seed: seed)
    }

    mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        var best = -Double.infinity, chosen = CoinSorter.Swap(0, 1), ties = 0
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                let swap = CoinSorter.Swap(a, b)
                // Points first: the heuristic only orders swaps scoring the same.
                let v = evaluator.greedyValue(state, swap)
                if v > best {
                    best = v; chosen = swap; ties = 1
                } else if v == best {
                    ties += 1
                    if rng.next(below: ties) == 0 { chosen = swap }
                }
            }
        }
        var r = SearchResult(move: chosen)
        // Report the value in points (the ranking key weighs points by 1000).
        let after = state.exchanging(chosen)
        let lines = after.completeLines
        r.value = Double(lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount) + evaluator.evaluate(after)
        r.nodes = 300
        r.depth = 1
        r.seconds = clock.elapsed
        return r
    }
}

/// Expectimax over chance with sampled refills: at each decision, the `width` best
/// swaps by the greedy score are searched; a swap that completes lines is averaged
/// over `samples` random refills (drawn from the agent's own seeded stream, never
/// the referee's), down to `depth` turns, then the evaluation scores the board.
struct ExpectimaxAgent: PuzzleAgent {
    let spec: String
    var budget: SearchBudget
    let evaluator: CoinSorterEvaluator
    let samples: Int
    let width: Int
    private var rng: SplitMix64
    private var nodes = 0
    private var clock = Clock(seconds: nil)
    private var outOfTime = false

    init(spec: String, evaluator: CoinSorterEvaluator, budget: SearchBudget, samples: Int, width: Int, seed: UInt64) {
        self.spec = spec
        self.evaluator = evaluator
        self.budget = budget
        self.samples = max(1, samples)
        self.width = max(1, width)
        rng = SplitMix64(seed: seed)
    }

    mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        clock = Clock(seconds: budget.seconds)
        outOfTime = false
        nodes = 0
        let depth = max(1, budget.depth ?? AgentParameters.expectimaxDepth.defaultValue!.int!)
        let (value, swap) = decide(state, depth: depth)
        var r = SearchResult(move: swap)
        r.value = value
        r.nodes = nodes
        r.depth = depth
        r.seconds = clock.elapsed
        return r
    }

    /// The best expected further points from a decision node, and the swap.
    mutating func decide(_ state: CoinSorter, depth: Int) -> (Double, CoinSorter.Swap) {
        // Rank all swaps by the greedy score; search the best `width`.
        let top = evaluator.bestSwaps(state, count: width)
        nodes += 300
        var best = -Double.infinity, bestSwap = top[0].1
        for (_, swap) in top {
            let v = expectation(state, swap, depth: depth)
            if v > best { best = v; bestSwap = swap }
        }
        return (best, bestSwap)
    }

    /// The expected further points of playing `swap`, then searching `depth - 1` turns.
    mutating func expectation(_ state: CoinSorter, _ swap: CoinSorter.Swap, depth: Int) -> Double {
        var after = state
        after.play(swap)
        let gained = Double(after.score - state.score)
        if !after.isChanceNode { return gained + value(after, depth: depth - 1) }
        var total = 0.0
        for _ in 0..<samples {
            var sample = after
            while sample.isChanceNode {
                sample.applyChance(Coin(rawValue: UInt8(rng.next(below: 3)))!)
            }
            total += Double(sample.score - state.score) + value(sample, depth: depth - 1)
        }
        return total / Double(samples)
    }

    /// The value of a decision node with `depth` turns of search left.
    mutating func value(_ state: CoinSorter, depth: Int) -> Double {
        if state.isOver { return 0 }
        nodes += 1
        // Out of time: the evaluation stands in for the rest of the search.
        if !outOfTime && nodes & 63 == 0 && clock.expired { outOfTime = true }
        if depth <= 0 || outOfTime { return evaluator.evaluate(state) }
        return decide(state, depth: depth).0
    }
}

