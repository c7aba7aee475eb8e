@testable import Boards
import Foundation
@testable import Search

// The Coin Sorter MCTS as it was before PuzzleMCTSAgent replaced it: the reference
// the generic agent is checked against (PuzzleAgentEquivalenceTests).

/// Open-loop MCTS for Coin Sorter, the single-player stochastic setting.
///
/// The tree holds sequences of swaps, not states: each iteration plays the swaps of
/// its path from the real state and draws every refill afresh from the agent's own
/// seeded stream (never the referee's), so node statistics average over chance.
/// Children are the `width` best swaps by the greedy ranking of the state met at
/// expansion (300 children per node would spread the playouts too thin). A leaf is
/// scored by a greedy rollout of `rollout` turns (default 0) plus the evaluation of
/// the board it leaves; UCT uses the points gained from the root, with `c` (default
/// 2, which did best against greedy on 200 deals among 0.5, 1 and 2).
struct CoinSorterMCTSAgent: PuzzleAgent {
    let spec: String
    var budget: SearchBudget
    let evaluator: CoinSorterEvaluator
    let exploration: Double
    let width: Int
    let rolloutTurns: Int
    private var rng: SplitMix64

    init(spec: String, evaluator: CoinSorterEvaluator, budget: SearchBudget, exploration: Double, width: Int,
                rolloutTurns: Int, seed: UInt64) {
        self.spec = spec
        self.budget = budget
        self.evaluator = evaluator
        self.exploration = exploration
        self.width = max(1, width)
        self.rolloutTurns = max(0, rolloutTurns)
        rng = SplitMix64(seed: seed)
    }

    struct Node {
        var swap: CoinSorter.Swap
        var firstChild: Int32 = -1
        var childCount: Int32 = 0
        var visits: Int32 = 0
        var total: Double = 0
    }

    mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        guard !state.isOver, !state.isChanceNode else { return SearchResult(move: nil) }
        let clock = Clock(seconds: budget.seconds)
        // At least one playout, whatever the budget: it expands the root, which the
        // move is chosen from.
        let limit = max(1, budget.playouts ?? (budget.seconds == nil ? AgentParameters.puzzleMCTSPlayouts.defaultValue!.int! : Int.max))
        var nodes = [Node(swap: CoinSorter.Swap(0, 1))]
        var path: [Int] = []
        var playouts = 0
        while playouts < limit {
            if playouts > 0 && playouts & 31 == 0 && clock.expired { break }
            var s = state
            var index = 0
            path.removeAll(keepingCapacity: true)
            path.append(0)
            // Descend while the node has children, sampling chance on the way.
            while nodes[index].childCount > 0 && !s.isOver {
                index = select(nodes, index)
                play(&s, nodes[index].swap)
                path.append(index)
            }
            // Expand a visited leaf, then step into its first child.
            if !s.isOver && (nodes[index].visits > 0 || index == 0) {
                let children = candidates(s)
                nodes[index].firstChild = Int32(nodes.count)
                nodes[index].childCount = Int32(children.count)
                for c in children { nodes.append(Node(swap: c)) }
                index = Int(nodes[index].firstChild)
                play(&s, nodes[index].swap)
                path.append(index)
            }
            let value = Double(s.score - state.score) + rollout(s)
            for i in path {
                nodes[i].visits += 1
                nodes[i].total += value
            }
            playouts += 1
        }
        let root = nodes[0]
        var best = Int(root.firstChild)
        for c in Int(root.firstChild)..<Int(root.firstChild + root.childCount) where nodes[c].visits > nodes[best].visits {
            best = c
        }
        var r = SearchResult(move: nodes[best].swap)
        r.value = nodes[best].visits > 0 ? nodes[best].total / Double(nodes[best].visits) : 0
        r.playouts = playouts
        r.nodes = nodes.count
        r.seconds = clock.elapsed
        r.principalVariation = [nodes[best].swap]
        return r
    }

    /// UCT over the children of `index`; unvisited children first, in ranking order.
    func select(_ nodes: [Node], _ index: Int) -> Int {
        let first = Int(nodes[index].firstChild), count = Int(nodes[index].childCount)
        let logN = log(Double(max(nodes[index].visits, 1)))
        var best = first, bestValue = -Double.infinity
        for c in first..<(first + count) {
            let n = nodes[c]
            if n.visits == 0 { return c }
            let v = n.total / Double(n.visits) + exploration * (logN / Double(n.visits)).squareRoot()
            if v > bestValue { bestValue = v; best = c }
        }
        return best
    }

    /// Plays `swap` and draws the refills it calls for from the agent's stream.
    mutating func play(_ s: inout CoinSorter, _ swap: CoinSorter.Swap) {
        s.play(swap)
        while s.isChanceNode { s.applyChance(Coin(rawValue: UInt8(rng.next(below: 3)))!) }
    }

    /// The `width` best swaps of `s` by the greedy ranking (points, then potential).
    func candidates(_ s: CoinSorter) -> [CoinSorter.Swap] {
        evaluator.bestSwaps(s, count: width).map(\.swap)
    }

    /// Points from `rolloutTurns` greedy turns, plus the evaluation of what is left.
    mutating func rollout(_ start: CoinSorter) -> Double {
        var s = start
        var turns = 0
        while !s.isOver && turns < rolloutTurns {
            play(&s, evaluator.bestSwaps(s, count: 1)[0].swap)
            turns += 1
        }
        return Double(s.score - start.score) + (s.isOver ? 0 : evaluator.evaluate(s))
    }
}
