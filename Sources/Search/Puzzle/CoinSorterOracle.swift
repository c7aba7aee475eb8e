import Boards

/// The Coin Sorter **oracle**: not an agent under the rules but a ceiling. It is
/// handed a copy of the referee (``RefereeReadingAgent``), so every swap it tries is
/// played with the coins the real stream will draw; it plans the best sequence of
/// swaps it can find for the actual future and plays it.
///
/// The search, from the referee's state with `t` turns left:
/// - **Beam** over the first `t − exact` turns: each of the `beam` kept sequences is
///   extended by every swap (two coins of the same kind give the same board, so one
///   such swap is tried), played on a copy of the referee; the children are ranked by
///   score plus the ``CoinSorterEvaluator`` potential of the board (the real one:
///   refills included) and the `beam` best distinct boards are kept.
/// - **Exact** over the last `exact` turns (all of them when `t ≤ exact`): depth-first
///   over every swap with the true refills, with a transposition table. On the last
///   turn only swaps that complete a line are played: any other swap scores nothing
///   and draws nothing. A turn's points have no cheap sound upper bound (a refill can
///   cascade), so no other branch is cut.
///
/// The stream position is not part of the keys because it is a function of them:
/// every point scored draws exactly 5 coins, so two boards reached from one referee
/// with the same score (and turns) have made the same draws.
///
/// The plan is made once, at the first move, and then followed while the referee's
/// state is the planned one (it always is in a game: the copy reproduced the real
/// draws); a state off the plan is searched afresh.
public struct CoinSorterOracle: RefereeReadingAgent {
    public typealias Game = CoinSorter
    public typealias Referee = CoinSorterReferee

    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: exactTurns) }
    public let evaluator: CoinSorterEvaluator
    /// Sequences kept per turn in the beam.
    public let beamWidth: Int
    /// Turns at the end searched exhaustively.
    public let exactTurns: Int

    /// The `oracle` kind: its parameters and defaults.
    public static let agentDescription = AgentDescription(
        name: Clairvoyance.specName,
        summary: "reads the referee's future draws and plans for them: a ceiling for tables, not an agent",
        parameters: [
            Parameter("beam", .integer(1...1_000_000), default: .integer(1000), help: "sequences kept per turn in the beam"),
            Parameter("exact", .integer(0...3), default: .integer(2), help: "turns at the end searched exhaustively"),
        ],
        weights: CoinSorterEvaluator.defaultWeights, readsReferee: true)

    /// The rest of the plan: the state expected before each swap, and the swap.
    private var plan: [(state: CoinSorter, swap: CoinSorter.Swap)] = []
    /// The points the rest of the plan scores, by step.
    private var planGains: [Int] = []
    private var memo: [Key: Int] = [:]
    private var nodes = 0

    public init(spec: String, evaluator: CoinSorterEvaluator, beam: Int, exact: Int) {
        self.spec = spec
        self.evaluator = evaluator
        beamWidth = max(1, beam)
        exactTurns = max(0, exact)
    }

    /// Without the referee the oracle sees nothing it may use: it plays no move.
    public mutating func selectMove(_ state: CoinSorter, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        SearchResult(move: nil)
    }

    public mutating func selectMove(referee: CoinSorterReferee, budget: SearchBudget) -> SearchResult<CoinSorter.Swap> {
        let state = referee.state
        guard !state.isOver else { return SearchResult(move: nil) }
        let clock = Clock(seconds: nil)
        nodes = 0
        if plan.first?.state != state { makePlan(referee) }
        let (_, swap) = plan.removeFirst()
        var r = SearchResult(move: swap)
        r.value = Double(planGains.reduce(0, +))
        r.principalVariation = [swap] + plan.map(\.swap)
        planGains.removeFirst()
        r.nodes = nodes
        r.depth = state.turnsLeft
        r.seconds = clock.elapsed
        return r
    }

    // MARK: Planning

    /// A node of the beam: the referee after the swaps so far, and how it was reached.
    struct Node {
        var referee: CoinSorterReferee
        var parent: Int32
        var swap: CoinSorter.Swap
    }

    /// A child in the running selection of the best: ranked by `value`, then by
    /// `order` (earlier parent, then earlier swap, first), so the beam is deterministic.
    struct Candidate {
        var value: Double
        var order: Int
        var node: Node
        var key: Key

        /// Whether `self` ranks below `other`.
        @inline(__always)
        func isWorse(than other: Candidate) -> Bool {
            value < other.value || (value == other.value && order > other.order)
        }
    }

    /// A decision state as a hash key: the board (circles are the cells of neither
    /// other kind), score and turns left.
    struct Key: Hashable {
        var board: UInt64
        var rest: UInt64

        init(_ s: CoinSorter) {
            board = UInt64(s.cells(of: .triangle)) | UInt64(s.cells(of: .square)) << 25
            rest = UInt64(UInt32(truncatingIfNeeded: s.score)) << 8 | UInt64(UInt8(truncatingIfNeeded: s.turnsLeft))
        }
    }

    /// Searches from `root` and stores the plan to the end of the game.
    mutating func makePlan(_ root: CoinSorterReferee) {
        memo.removeAll(keepingCapacity: true)
        let turns = root.state.turnsLeft
        let exact = min(exactTurns, turns)
        var layers: [[Node]] = [[Node(referee: root, parent: -1, swap: CoinSorter.Swap(0, 1))]]
        for _ in 0..<(turns - exact) { layers.append(expand(layers[layers.count - 1])) }
        // The exact turns from every sequence the beam kept; the best total wins
        // (the earlier, better-ranked sequence among equals).
        let last = layers[layers.count - 1]
        var bestIndex = 0, bestTotal = Int.min
        for (i, node) in last.enumerated() {
            let total = node.referee.state.score + best(node.referee, exact)
            if total > bestTotal { bestTotal = total; bestIndex = i }
        }
        // The beam's swaps, by walking back through the parents.
        var beamSwaps: [CoinSorter.Swap] = []
        var index = bestIndex
        for layer in stride(from: layers.count - 1, to: 0, by: -1) {
            let node = layers[layer][index]
            beamSwaps.append(node.swap)
            index = Int(node.parent)
        }
        var swaps = Array(beamSwaps.reversed())
        var end = last[bestIndex].referee
        for _ in 0..<exact {
            let swap = bestSwap(end, end.state.turnsLeft)
            swaps.append(swap)
            end.play(swap)
        }
        // Replay to store the states expected on the way and the points of each step.
        plan.removeAll(keepingCapacity: true)
        planGains.removeAll(keepingCapacity: true)
        var r = root
        for swap in swaps {
            plan.append((r.state, swap))
            let before = r.state.score
            r.play(swap)
            planGains.append(r.state.score - before)
        }
        precondition(r.state.score == bestTotal, "the oracle's plan must replay to the score it was searched for")
    }

    /// The `beamWidth` best distinct children of `layer`, best first.
    mutating func expand(_ layer: [Node]) -> [Node] {
        // A min-heap of the best so far (root: the worst kept), and their keys.
        var heap: [Candidate] = []
        heap.reserveCapacity(beamWidth)
        var kept = Set<Key>(minimumCapacity: beamWidth * 2)
        for (p, parent) in layer.enumerated() {
            let s = parent.referee.state
            var sameKindTried = false
            var swapIndex = 0
            for a in 0..<24 {
                for b in (a + 1)..<25 {
                    defer { swapIndex += 1 }
                    if s.coin(at: a) == s.coin(at: b) {
                        if sameKindTried { continue }
                        sameKindTried = true
                    }
                    let swap = CoinSorter.Swap(a, b)
                    var child = parent.referee
                    child.play(swap)
                    nodes += 1
                    let value = Double(child.state.score) + evaluator.evaluate(child.state)
                    let order = p * 300 + swapIndex
                    if heap.count == beamWidth {
                        // Cheap rejection before hashing: not better than the worst kept.
                        let worst = heap[0]
                        guard value > worst.value || (value == worst.value && order < worst.order) else { continue }
                    }
                    let key = Key(child.state)
                    // An equal board reached earlier ranks at least as high: keep that one.
                    guard !kept.contains(key) else { continue }
                    let candidate = Candidate(value: value, order: order,
                                              node: Node(referee: child, parent: Int32(p), swap: swap), key: key)
                    if heap.count == beamWidth {
                        kept.remove(heap[0].key)
                        heap[0] = candidate
                        siftDown(&heap, 0)
                    } else {
                        heap.append(candidate)
                        siftUp(&heap, heap.count - 1)
                    }
                    kept.insert(key)
                }
            }
        }
        heap.sort { $1.isWorse(than: $0) }
        return heap.map(\.node)
    }

    private func siftUp(_ heap: inout [Candidate], _ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].isWorse(than: heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private func siftDown(_ heap: inout [Candidate], _ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count && heap[l].isWorse(than: heap[m]) { m = l }
            if r < heap.count && heap[r].isWorse(than: heap[m]) { m = r }
            if m == i { return }
            heap.swapAt(i, m)
            i = m
        }
    }

    // MARK: Exact search

    /// The most points `turns` more turns can score from `referee`, with the real draws.
    mutating func best(_ referee: CoinSorterReferee, _ turns: Int) -> Int {
        let s = referee.state
        if turns <= 0 || s.isOver { return 0 }
        if turns == 1 { return lastTurn(referee).points }
        let key = Key(s)
        if let known = memo[key] { return known }
        var top = 0
        var sameKindTried = false
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                if s.coin(at: a) == s.coin(at: b) {
                    if sameKindTried { continue }
                    sameKindTried = true
                }
                var child = referee
                child.play(CoinSorter.Swap(a, b))
                nodes += 1
                top = max(top, child.state.score - s.score + best(child, turns - 1))
            }
        }
        memo[key] = top
        return top
    }

    /// The first swap (in cell order) reaching ``best(_:_:)`` over `turns` turns.
    mutating func bestSwap(_ referee: CoinSorterReferee, _ turns: Int) -> CoinSorter.Swap {
        if turns == 1 { return lastTurn(referee).swap }
        let s = referee.state
        let target = best(referee, turns)
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                var child = referee
                child.play(CoinSorter.Swap(a, b))
                if child.state.score - s.score + best(child, turns - 1) == target { return CoinSorter.Swap(a, b) }
            }
        }
        preconditionFailure("no swap reaches the best value the search found")
    }

    /// The best swap of the last turn and its points. A swap completes a line only by
    /// bringing the missing coin into a line holding four of one kind (the board is
    /// settled, so no line is complete and a swap inside a line changes nothing), so
    /// only those swaps are played; with none, the first swap scores 0 like any other.
    mutating func lastTurn(_ referee: CoinSorterReferee) -> (points: Int, swap: CoinSorter.Swap) {
        let s = referee.state
        var top = 0, chosen = CoinSorter.Swap(0, 1)
        for coin in [Coin.triangle, .square, .circle] {
            let m = s.cells(of: coin)
            guard m.nonzeroBitCount >= 5 else { continue }
            for line in 0..<10 {
                // Rows 1–5, then columns a–e.
                let mask = line < 5 ? UInt32(0x1F) &<< UInt32(line * 5) : UInt32(0x10_8421) &<< UInt32(line - 5)
                guard (m & mask).nonzeroBitCount == 4 else { continue }
                let hole = (mask & ~m).trailingZeroBitCount
                var sources = m & ~mask
                while sources != 0 {
                    let source = sources.trailingZeroBitCount
                    sources &= sources &- 1
                    let swap = CoinSorter.Swap(hole, source)
                    var child = referee
                    child.play(swap)
                    nodes += 1
                    let points = child.state.score - s.score
                    // Ties go to the earlier swap in cell order, as in the other turns.
                    if points > top || (points == top && top > 0 && Self.precedes(swap, chosen)) {
                        top = points; chosen = swap
                    }
                }
            }
        }
        return (top, chosen)
    }

    @inline(__always)
    static func precedes(_ x: CoinSorter.Swap, _ y: CoinSorter.Swap) -> Bool {
        (x.first, x.second) < (y.first, y.second)
    }
}
