import Boards
import Foundation
import Search
import Synchronization

/// How far Bagh-Chal's placement phase can be solved on this machine (`bench solve
/// --placement K`, docs/tablebase.md, "The placement phase"): seeded random positions
/// with K goats still in hand, goats to move, each solved exactly by
/// ``BaghChalPlacementSolver`` down to the tablebase, with the cost of each.
///
/// Position `i` of seed `S` is reached from the start by uniformly random moves from
/// its own stream (`SplitMix64(mix(S ⊕ (i + 1)·φ))`, φ = 0x9E3779B97F4A7C15) until K
/// goats are in hand with the goats to move; a game that ends on the way is played
/// again from the start with the stream going on. With K = 20 the one position is the
/// start itself. Each position is solved with a cleared transposition table, so its
/// cost does not depend on the others or on the thread count; the values never do.
public enum PlacementStudy {
    /// One K's results.
    public struct Report: Codable, Sendable, Equatable {
        /// Goats in hand (K), and the goats placed before (20 − K).
        public var goatsInHand: Int
        public var placed: Int
        /// Positions sampled, and those solved within the node limit.
        public var positions: Int
        public var solved: Int
        /// Values for the goats (to move) of the solved positions.
        public var wins: Int
        public var draws: Int
        public var losses: Int
        /// Nodes per solved position: mean, median and largest.
        @Nullable public var meanNodes: Double?
        @Nullable public var medianNodes: Double?
        @Nullable public var maxNodes: Int?
        /// The node limit per position.
        public var nodeLimit: Int
        /// Wall-clock seconds for all positions, and nodes per second over them.
        public var seconds: Double
        public var nodesPerSecond: Double
        /// Each position's value (`win`, `draw`, `loss` for the goats, or `unsolved`) and nodes.
        public var values: [String]
        public var nodes: [Int]
        /// The seed.
        public var seed: UInt64
    }

    /// Position `number` of `seed` with `goatsInHand` goats in hand, goats to move.
    public static func position(goatsInHand: Int, seed: UInt64, number: Int) -> BaghChal {
        var rng = SplitMix64(seed: SplitMix64.mix(seed ^ (UInt64(number + 1) &* 0x9E37_79B9_7F4A_7C15)))
        while true {
            var p = BaghChal()
            var ended = false
            while p.goatsInHand > goatsInHand || p.sideToMove != BaghChal.goats {
                let moves = p.legalMoves
                if moves.isEmpty || p.outcome != nil { ended = true; break }
                p.play(moves[rng.next(below: moves.count)])
            }
            if !ended && p.outcome == nil { return p }
        }
    }

    /// Solves `count` positions with `goatsInHand` goats in hand on `threads` workers,
    /// each worker with its own solver of `tableMegabytes`, each position within
    /// `nodeLimit` nodes.
    public static func run(table: BaghChalTablebase, goatsInHand: Int, count: Int, seed: UInt64, nodeLimit: Int,
                           threads: Int, tableMegabytes: Int,
                           progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> Report {
        let count = goatsInHand == BaghChal.goatsPerGame ? 1 : count
        let queue = TaskQueue(count: count)
        let done = Atomic<Int>(0)
        let start = Date()
        let results = ForkJoin.map(workers: max(1, min(threads, count))) { _ -> [(Int, TablebaseValue.Kind?, Int)] in
            let solver = BaghChalPlacementSolver(table: table, tableMegabytes: tableMegabytes)
            var mine: [(Int, TablebaseValue.Kind?, Int)] = []
            while let i = queue.next() {
                solver.reset()
                let p = position(goatsInHand: goatsInHand, seed: seed, number: i)
                let value = solver.value(of: p, nodeLimit: nodeLimit)
                mine.append((i, value, solver.nodes))
                let n = done.add(1, ordering: .relaxed).newValue
                progress?(n, count)
            }
            return mine
        }
        let seconds = Date().timeIntervalSince(start)
        var values = [String](repeating: "", count: count), nodes = [Int](repeating: 0, count: count)
        for (i, value, n) in results.joined() {
            values[i] = value?.rawValue ?? "unsolved"
            nodes[i] = n
        }
        let solvedNodes = (0..<count).filter { values[$0] != "unsolved" }.map { nodes[$0] }.sorted()
        let median: Double? = solvedNodes.isEmpty ? nil
            : solvedNodes.count % 2 == 1 ? Double(solvedNodes[solvedNodes.count / 2])
            : Double(solvedNodes[solvedNodes.count / 2 - 1] + solvedNodes[solvedNodes.count / 2]) / 2
        let total = nodes.reduce(0, +)
        return Report(goatsInHand: goatsInHand, placed: BaghChal.goatsPerGame - goatsInHand, positions: count,
                      solved: solvedNodes.count, wins: values.filter { $0 == "win" }.count,
                      draws: values.filter { $0 == "draw" }.count, losses: values.filter { $0 == "loss" }.count,
                      meanNodes: solvedNodes.isEmpty ? nil : Double(solvedNodes.reduce(0, +)) / Double(solvedNodes.count),
                      medianNodes: median, maxNodes: solvedNodes.last, nodeLimit: nodeLimit, seconds: seconds,
                      nodesPerSecond: seconds > 0 ? Double(total) / seconds : 0, values: values, nodes: nodes, seed: seed)
    }
}
