import Boards
import Foundation

/// Monte Carlo tree search (UCT) for two-player games.
///
/// The tree is an arena of trivial structs indexed by `Int32` (no object per node).
/// A leaf gets one playout of its own before it is expanded, so the tree grows by
/// about one node layer per two visits. Rollouts are uniformly random to the end,
/// or, with `cap`, random for at most `cap` plies and then scored by the evaluation
/// (a logistic of the evaluation). With `solver`, proven wins and losses are
/// propagated up the tree (MCTS-solver) and proven-lost moves are never chosen.
///
/// Threefold repetition counts the whole game: the positions already played (from
/// the last irreversible move), the tree path, then the rollout. See ``MCTSTree``
/// for how the solver treats repetition draws.
///
/// Parallel: root parallelism. Each of N threads grows its own tree from its own
/// seeded stream with its share of the playouts; the root visits are summed. For a
/// fixed thread count and a playout budget the result is deterministic; different
/// thread counts search different trees.
///
/// The search is compiled where the agent is made, as for ``AlphaBetaAgent``: the
/// inlinable initialiser stores it as a closure specialised in the caller's module.
public struct MCTSAgent<E: Evaluator>: TwoPlayerAgent, SearchAgentIdentity {
    public typealias Game = E.Game

    public var core: SearchAgentCore<E>
    public let exploration: Double
    public let threads: Int
    public let rolloutCap: Int
    public let solver: Bool
    @usableFromInline var rng: SplitMix64
    /// ``search(_:budget:seed:evaluator:exploration:threads:rolloutCap:solver:)`` for this
    /// agent, specialised where the agent was made; the last argument is the move's seed.
    @usableFromInline let searcher: (GameHistory<Game>, SearchBudget, UInt64) -> SearchResult<Game.Move>

    @inlinable
    public init(spec: String, evaluator: E, budget: SearchBudget, exploration: Double, threads: Int, rolloutCap: Int,
                solver: Bool, seed: UInt64) {
        core = SearchAgentCore(spec: spec, budget: budget, evaluator: evaluator)
        self.exploration = exploration
        let threads = max(1, threads)
        self.threads = threads
        self.rolloutCap = rolloutCap
        self.solver = solver
        rng = SplitMix64(seed: seed)
        searcher = { game, budget, seed in
            Self.search(game, budget: budget, seed: seed, evaluator: evaluator, exploration: exploration,
                        threads: threads, rolloutCap: rolloutCap, solver: solver)
        }
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        guard game.outcome == nil else { return SearchResult(move: nil) }
        // One seed per move, drawn from the agent's stream (then one per thread): reproducible.
        return searcher(game, budget, rng.next())
    }

    /// One search: `threads` trees (``ForkJoin``), each with its share of the playouts.
    @inlinable
    static func search(_ game: GameHistory<Game>, budget: SearchBudget, seed moveSeed: UInt64, evaluator: E,
                       exploration: Double, threads: Int, rolloutCap: Int, solver: Bool) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: budget.seconds)
        var result = SearchResult<Game.Move>(move: nil)
        // With no limit at all, the kind's default playouts (AgentParameters, where it is declared).
        let total = budget.playouts ?? (budget.seconds == nil ? AgentParameters.mctsPlayouts.defaultValue!.int! : Int.max)
        // Each worker builds its own tree, so the trees (and their arenas) come from
        // that thread's allocator arena and never share cache lines; it reports the
        // root's children and its counts, and its tree is freed on its own thread.
        let reports = ForkJoin.map(workers: threads) {
            i -> (children: [(UInt16, Int, Double, Int8)], playouts: Int, nodes: Int, deepest: Int) in
            let tree = MCTSTree<E>(game: game, evaluator: evaluator, exploration: exploration, rolloutCap: rolloutCap,
                                   solver: solver, seed: SplitMix64.mix(moveSeed &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15))
            let share = total == .max ? .max : total / threads + (i < total % threads ? 1 : 0)
            tree.search(playouts: share, clock: clock)
            return (tree.rootChildren(), tree.playouts, tree.nodeCount, tree.deepest)
        }
        // Sum the root statistics of all trees, move by move.
        var visits: [UInt16: (visits: Int, score: Double, solved: Int8)] = [:]
        var order: [UInt16] = []
        for report in reports {
            for (move, v, w, s) in report.children {
                if visits[move] == nil { order.append(move); visits[move] = (0, 0, 0) }
                let old = visits[move]!
                visits[move] = (old.visits + v, old.score + w, s != 0 ? s : old.solved)
            }
        }
        result.playouts = reports.reduce(0) { $0 + $1.playouts }
        result.nodes = reports.reduce(0) { $0 + $1.nodes }
        result.depth = reports.map(\.deepest).max() ?? 0
        result.seconds = clock.elapsed
        // A proven win first; else the most visited move not proven lost.
        var best: UInt16? = order.first { visits[$0]!.solved == 1 }
        if best == nil {
            let candidates = order.filter { visits[$0]!.solved != -1 }
            best = (candidates.isEmpty ? order : candidates).max { visits[$0]!.visits < visits[$1]!.visits }
        }
        if let b = best {
            let s = visits[b]!
            result.move = Game.Move(raw: b)
            result.value = s.solved == 1 ? 1 : s.solved == -1 ? 0 : s.visits > 0 ? s.score / Double(s.visits) : 0.5
            result.principalVariation = [result.move!]
        } else {
            result.move = game.position.legalMoves.first
        }
        return result
    }
}

/// A node of the search tree: 24 bytes, children contiguous in the arena.
@usableFromInline
struct MCTSNode {
    @usableFromInline var firstChild: Int32 = -1
    @usableFromInline var childCount: Int32 = 0
    @usableFromInline var visits: Int32 = 0
    /// 1: the player who moved into this node wins with best play; -1: loses; 0: unknown.
    @usableFromInline var solved: Int8 = 0
    @usableFromInline var move: UInt16
    /// Sum of the playout scores (0, ½, 1) of the player who moved into this node.
    @usableFromInline var score: Double = 0

    @inlinable init(move: UInt16) { self.move = move }
}

/// One thread's tree.
///
/// **Repetition.** A position occurring for the third time (docs/rules.md) is a draw. The
/// tree keeps, in `line`, the hashes of the game's positions since its last
/// irreversible move, then of the current descent, then hands them to the rollout,
/// so all three count. A node reached by a move that makes a third occurrence is a
/// terminal draw for that visit: it is scored ½ and never expanded. The MCTS-solver
/// never marks it: the solver knows only wins and losses, and a repetition draw
/// depends on the path, not on the position. (The tree has no transpositions, so the
/// path to a node is fixed and its draw is in fact always the same; proofs through
/// other nodes stay sound because they rest only on wins and losses found along
/// their own, fixed paths, with the repetition rule applied.)
@usableFromInline
final class MCTSTree<E: Evaluator> {
    @usableFromInline typealias Game = E.Game
    @usableFromInline let root: Game
    @usableFromInline let evaluator: E
    @usableFromInline let exploration: Double
    @usableFromInline let rolloutCap: Int
    @usableFromInline let solver: Bool
    @usableFromInline var rng: SplitMix64
    /// The arena: a pointer, not an `Array` field, so the hot loop pays no
    /// exclusivity checks or reference counting; grown by doubling.
    @usableFromInline var nodes: UnsafeMutablePointer<MCTSNode>
    @usableFromInline var nodeCount = 0
    @usableFromInline var nodeCapacity: Int
    @usableFromInline var playout = RandomPlayout<Game>()
    @usableFromInline var moves = MoveList<Game.Move>(filler: Game.nullMove)
    /// Indices of the nodes on the current descent, root first.
    @usableFromInline let path: UnsafeMutablePointer<Int32>
    @usableFromInline var pathLength = 0
    /// Position hashes, one per ply: the game's since its last irreversible move (the
    /// root's last, `prefixCount` of them), then the current descent's.
    @usableFromInline let line: UnsafeMutablePointer<UInt64>
    @usableFromInline let prefixCount: Int
    @usableFromInline var lineCount = 0
    /// The index in `line` of the first position after the last irreversible move.
    @usableFromInline var since = 0
    @inlinable static var maxPath: Int { 1 << 16 }
    @usableFromInline var playouts = 0
    @usableFromInline var deepest = 0

    /// A tree for the side to move in `game`, whose positions count for repetition.
    @inlinable
    init(game: GameHistory<Game>, evaluator: E, exploration: Double, rolloutCap: Int, solver: Bool, seed: UInt64) {
        root = game.position
        self.evaluator = evaluator
        self.exploration = exploration
        self.rolloutCap = rolloutCap
        self.solver = solver
        rng = SplitMix64(seed: seed)
        nodeCapacity = 1 << 16
        nodes = .allocate(capacity: nodeCapacity)
        path = .allocate(capacity: Self.maxPath)
        let prefix = game.hashes[game.reversibleStart...]
        prefixCount = prefix.count
        line = .allocate(capacity: prefixCount + Self.maxPath)
        _ = UnsafeMutableBufferPointer(start: line, count: prefixCount).initialize(from: prefix)
        append(MCTSNode(move: 0))
    }

    @inlinable
    deinit {
        nodes.deallocate()
        path.deallocate()
        line.deallocate()
    }

    /// Adds a node to the arena, doubling it when full.
    @inlinable @inline(__always)
    func append(_ node: MCTSNode) {
        if nodeCount == nodeCapacity {
            let bigger = UnsafeMutablePointer<MCTSNode>.allocate(capacity: nodeCapacity * 2)
            bigger.moveInitialize(from: nodes, count: nodeCount)
            nodes.deallocate()
            nodes = bigger
            nodeCapacity *= 2
        }
        (nodes + nodeCount).initialize(to: node)
        nodeCount += 1
    }

    /// Runs `playouts` iterations (fewer if the clock runs out or the root is solved).
    @inlinable
    func search(playouts budget: Int, clock: Clock) {
        while playouts < budget {
            // The clock is read after the first 64 playouts at the earliest (as the puzzle
            // MCTS): a thread that starts late still has playouts to choose a move by.
            if playouts > 0 && playouts & 63 == 0 && clock.expired { break }
            if nodes[0].solved != 0 { break }
            iterate()
            playouts += 1
        }
    }

    /// Expands `index` (whose position is `p`): one child per legal move, shuffled so
    /// that unvisited children are tried in a random order.
    @inlinable
    func expand(_ index: Int, _ p: Game) {
        moves.removeAll()
        p.generateMoves(into: &moves)
        let n = moves.count
        var i = n - 1
        while i > 0 {
            moves.swapAt(i, rng.next(below: i + 1))
            i -= 1
        }
        nodes[index].firstChild = Int32(nodeCount)
        nodes[index].childCount = Int32(n)
        for j in 0..<n { append(MCTSNode(move: moves[j].raw)) }
    }

    /// The child of `index` to descend to: a proven win at once, never a proven loss
    /// while there is another child, else the highest UCT bound (unvisited first).
    @inlinable
    func select(_ index: Int) -> Int {
        let parent = nodes[index]
        let first = Int(parent.firstChild), count = Int(parent.childCount)
        let logN = log(Double(max(parent.visits, 1)))
        var best = first, bestValue = -Double.infinity
        for c in first..<(first + count) {
            let child = nodes[c]
            if child.solved == 1 { return c }
            if child.solved == -1 { if bestValue == -Double.infinity { best = c }; continue }
            if child.visits == 0 { return c }
            let v = child.score / Double(child.visits) + exploration * (logN / Double(child.visits)).squareRoot()
            if v > bestValue { bestValue = v; best = c }
        }
        return best
    }

    /// Plays the move of node `index` from `p` and records the node and the new position.
    @inlinable @inline(__always)
    func descend(_ p: inout Game, to index: Int) {
        let move = Game.Move(raw: nodes[index].move)
        if p.isIrreversible(move) { since = lineCount }
        p.play(move)
        line[lineCount] = p.hash
        lineCount += 1
        push(index)
    }

    /// The outcome at the end of the descent (`p`, the last position of `line`): the
    /// position's own, or a draw if this is its third occurrence; `nil` while the game goes on.
    @inlinable @inline(__always)
    func outcome(_ p: Game) -> Outcome? {
        if let o = p.outcome { return o }
        let n = GameHistory<Game>.occurrences(of: p.hash, in: line, last: lineCount - 1, since: since)
        return n >= GameHistory<Game>.repetitionLimit ? .draw : nil
    }

    /// Selection, expansion, rollout and back-propagation of one playout.
    @inlinable
    func iterate() {
        var p = root
        var index = 0
        path[0] = 0
        pathLength = 1
        lineCount = prefixCount
        since = 0
        var terminal = outcome(p)
        while terminal == nil {
            if nodes[index].childCount == 0 {
                if nodes[index].visits > 0 || index == 0 {
                    expand(index, p)
                    index = select(index)
                    descend(&p, to: index)
                    terminal = outcome(p)
                }
                break
            }
            index = select(index)
            descend(&p, to: index)
            terminal = outcome(p)
        }
        if pathLength - 1 > deepest { deepest = pathLength - 1 }
        // The score of the player to move at the end of the path, from the rollout.
        let leafMover = p.sideToMove.opponent
        var leafScore: Double
        if let o = terminal {
            leafScore = o.score(for: leafMover)
            // Only wins and losses are proofs; a draw (ply limit, repetition) is not marked.
            if solver, case .win(let w) = o { nodes[index].solved = w == leafMover ? 1 : -1 }
        } else {
            var q = p
            // The rollout sees the game and the descent before `p` (`p` is the last of `line`).
            let before = UnsafeBufferPointer(start: line + since, count: lineCount - 1 - since)
            let (o, _) = playout.run(from: &q, after: before, using: &rng,
                                     maxPlies: rolloutCap > 0 ? rolloutCap : .max)
            if let o {
                leafScore = o.score(for: leafMover)
            } else {
                // Capped: the evaluation for the side to move, as a win probability.
                let v = Double(evaluator.evaluate(q))
                let forMover = q.sideToMove == leafMover ? v : -v
                leafScore = 1 / (1 + exp(-forMover / 200))
            }
        }
        // Back-propagate; scores alternate between the two players along the path.
        var s = leafScore
        var k = pathLength - 1
        while k >= 0 {
            let i = Int(path[k])
            nodes[i].visits &+= 1
            nodes[i].score += s
            s = 1 - s
            k -= 1
        }
        if solver { propagateProofs() }
    }

    /// Records `index` on the descent (a path longer than the buffer cannot occur:
    /// the ply limit ends every game first).
    @inlinable @inline(__always)
    func push(_ index: Int) {
        precondition(pathLength < Self.maxPath, "MCTS path overflow")
        path[pathLength] = Int32(index)
        pathLength += 1
    }

    /// MCTS-solver: a node with a child won for its mover is lost for its own mover;
    /// a node whose children are all lost for their movers is won for its own.
    @inlinable
    func propagateProofs() {
        var k = pathLength - 2
        while k >= 0 {
            let i = Int(path[k])
            if nodes[i].solved != 0 { k -= 1; continue }
            let first = Int(nodes[i].firstChild), count = Int(nodes[i].childCount)
            var allLost = count > 0, anyWon = false
            for c in first..<(first + count) {
                if nodes[c].solved == 1 { anyWon = true; break }
                if nodes[c].solved != -1 { allLost = false }
            }
            if anyWon { nodes[i].solved = -1 } else if allLost { nodes[i].solved = 1 } else { return }
            k -= 1
        }
    }

    /// The root's children: move, visits, score sum, proof.
    @inlinable
    func rootChildren() -> [(UInt16, Int, Double, Int8)] {
        let first = Int(nodes[0].firstChild), count = Int(nodes[0].childCount)
        guard first >= 0 else { return [] }
        return (first..<(first + count)).map { (nodes[$0].move, Int(nodes[$0].visits), nodes[$0].score, nodes[$0].solved) }
    }
}
