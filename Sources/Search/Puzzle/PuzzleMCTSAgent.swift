import Boards
import Foundation

/// Open-loop MCTS for any puzzle, the single-player stochastic setting.
///
/// The tree holds sequences of moves, not states: each iteration plays the moves of
/// its path from the real state and samples every chance event afresh from the
/// agent's own seeded stream (never the referee's), so node statistics average over
/// chance. Children are the `width` best moves by the greedy ranking
/// (``PuzzleEvaluator/rankingValue(of:in:)``) of the state met at expansion, in
/// ranking order (all moves would spread the playouts too thin). A leaf is scored by
/// a greedy rollout of `rolloutTurns` turns plus the evaluation of the state it
/// leaves; UCT uses the points gained from the root, with exploration constant
/// `exploration`. The move is the root child with the most visits.
///
/// A budget given to ``selectMove(_:budget:)`` with neither playouts nor time uses the
/// agent's own budget; at least one playout is run whatever the budget.
///
/// The search is compiled where the agent is made: the inlinable initialiser stores
/// it as a closure, so a caller holding the agent as `any PuzzleAgent` still runs code
/// specialised for the puzzle (as ``MCTSAgent`` does).
public struct PuzzleMCTSAgent<E: PuzzleEvaluator>: PuzzleAgent, SearchAgentIdentity {
    public typealias Game = E.Game

    public var core: SearchAgentCore<E>
    /// The UCT exploration constant.
    public let exploration: Double
    /// Children per expanded node (at least 1).
    public let width: Int
    /// Greedy turns played from a leaf before the evaluation (at least 0).
    public let rolloutTurns: Int
    /// ``PuzzleMCTSSearch/run(_:playouts:seconds:evaluator:exploration:width:rolloutTurns:rng:)``
    /// for this agent, specialised where the agent was made.
    @usableFromInline var searcher: PuzzleSearcher<Game>

    @inlinable
    public init(spec: String, evaluator: E, budget: SearchBudget, exploration: Double, width: Int,
                rolloutTurns: Int, seed: UInt64) {
        core = SearchAgentCore(spec: spec, budget: budget, evaluator: evaluator)
        self.exploration = exploration
        let width = max(1, width), rolloutTurns = max(0, rolloutTurns)
        self.width = width
        self.rolloutTurns = rolloutTurns
        searcher = PuzzleSearcher(seed: seed) { state, playouts, seconds, rng in
            PuzzleMCTSSearch.run(state, playouts: playouts, seconds: seconds, evaluator: evaluator,
                                 exploration: exploration, width: width, rolloutTurns: rolloutTurns, rng: &rng)
        }
    }

    public mutating func selectMove(_ state: Game, budget: SearchBudget) -> SearchResult<Game.Move> {
        let b = budget.playouts == nil && budget.seconds == nil ? self.budget : budget
        return searcher.run(state, limit: max(1, b.playouts ?? (b.seconds == nil ? 1 : Int.max)), seconds: b.seconds)
    }
}

/// A node of the open-loop tree: the move into it, its children (contiguous in the
/// arena) and the points gained through it.
@usableFromInline
struct PuzzleMCTSNode<Move: BitwiseCopyable>: BitwiseCopyable {
    @usableFromInline var move: Move
    @usableFromInline var firstChild: Int32 = -1
    @usableFromInline var childCount: Int32 = 0
    @usableFromInline var visits: Int32 = 0
    @usableFromInline var total: Double = 0

    @inlinable init(move: Move) { self.move = move }
}

/// One open-loop MCTS search: the tree arena and scratch storage.
@usableFromInline
struct PuzzleMCTSSearch<E: PuzzleEvaluator> {
    @usableFromInline typealias Game = E.Game

    /// Its ``PuzzleSearchScratch/ranked`` holds the ranked moves of one expansion or
    /// rollout turn (`width` of them).
    @usableFromInline var scratch: PuzzleSearchScratch<E>
    @usableFromInline let exploration: Double
    @usableFromInline let rolloutTurns: Int
    @usableFromInline var nodes: [PuzzleMCTSNode<Game.Move>] = []
    @usableFromInline var path: [Int] = []

    @inlinable
    init(scratch: PuzzleSearchScratch<E>, exploration: Double, rolloutTurns: Int) {
        self.scratch = scratch
        self.exploration = exploration
        self.rolloutTurns = rolloutTurns
    }

    /// Runs up to `playouts` playouts from the decision node `state`, stopping early
    /// once `seconds` have passed; chance is drawn from `rng`.
    @inlinable
    static func run(_ state: Game, playouts: Int, seconds: Double?, evaluator: E, exploration: Double, width: Int,
                    rolloutTurns: Int, rng: inout SplitMix64) -> SearchResult<Game.Move> {
        PuzzleSearchScratch.with(evaluator: evaluator, width: width, slots: 1, rng: &rng) { scratch in
            var search = PuzzleMCTSSearch(scratch: scratch, exploration: exploration, rolloutTurns: rolloutTurns)
            let r = search.search(state, playouts: playouts, seconds: seconds)
            scratch = search.scratch
            return r
        }
    }

    /// The search of ``run(_:playouts:seconds:evaluator:exploration:width:rolloutTurns:rng:)``.
    @inlinable
    mutating func search(_ state: Game, playouts limit: Int, seconds: Double?) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: seconds)
        nodes = [PuzzleMCTSNode(move: Game.nullMove)]
        var playouts = 0
        while playouts < limit {
            if playouts > 0 && playouts & 31 == 0 && clock.expired { break }
            var s = state
            var index = 0
            path.removeAll(keepingCapacity: true)
            path.append(0)
            // Descend while the node has children, sampling chance on the way.
            while nodes[index].childCount > 0 && !s.isOver {
                index = select(index)
                scratch.play(&s, nodes[index].move)
                path.append(index)
            }
            // Expand a visited leaf (or the root), then step into its first child.
            if !s.isOver && (nodes[index].visits > 0 || index == 0) {
                let count = scratch.rank(s, count: scratch.width)
                if count > 0 {
                    nodes[index].firstChild = Int32(nodes.count)
                    nodes[index].childCount = Int32(count)
                    for k in 0..<count { nodes.append(PuzzleMCTSNode(move: scratch.ranked[k].move)) }
                    index = Int(nodes[index].firstChild)
                    scratch.play(&s, nodes[index].move)
                    path.append(index)
                }
            }
            let value = Double(s.score - state.score) + rollout(s)
            for i in path {
                nodes[i].visits += 1
                nodes[i].total += value
            }
            playouts += 1
        }
        let root = nodes[0]
        var r = SearchResult<Game.Move>(move: nil)
        r.playouts = playouts
        r.nodes = nodes.count
        r.seconds = clock.elapsed
        guard root.childCount > 0 else { return r }
        var best = Int(root.firstChild)
        for c in Int(root.firstChild)..<Int(root.firstChild + root.childCount) where nodes[c].visits > nodes[best].visits {
            best = c
        }
        r.move = nodes[best].move
        r.value = nodes[best].visits > 0 ? nodes[best].total / Double(nodes[best].visits) : 0
        r.principalVariation = [nodes[best].move]
        return r
    }

    /// UCT over the children of `index`; unvisited children first, in ranking order.
    @inlinable
    func select(_ index: Int) -> Int {
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

    /// Points from `rolloutTurns` greedy turns, plus the evaluation of what is left.
    @inlinable
    mutating func rollout(_ start: Game) -> Double {
        var s = start
        var turns = 0
        while !s.isOver && turns < rolloutTurns {
            guard scratch.rank(s, count: 1) > 0 else { break }
            scratch.play(&s, scratch.ranked[0].move)
            turns += 1
        }
        return Double(s.score - start.score) + (s.isOver ? 0 : scratch.evaluator.evaluate(s))
    }
}
