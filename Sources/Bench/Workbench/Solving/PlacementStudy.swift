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
        public var goatsInHand, placed: Int
        /// Positions sampled, and those solved within the node limit.
        public var positions, solved: Int
        /// Values for the goats (to move) of the solved positions.
        public var wins, draws, losses: Int
        /// Nodes per solved position: mean, median and largest.
        @Nullable public var meanNodes: Double?
        @Nullable public var medianNodes: Double?
        @Nullable public var maxNodes: Int?
        /// The node limit per position.
        public var nodeLimit: Int
        /// Wall-clock seconds for all positions, and nodes per second over them.
        public var seconds, nodesPerSecond: Double
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

    /// One solved position: its number, its value for the goats (`nil`: not solved
    /// within the node limit), the nodes and the seconds it took.
    public struct Solved: Sendable, Equatable {
        public var position: Int
        public var value: TablebaseValue.Kind?
        public var nodes: Int
        public var seconds: Double

        public init(position: Int, value: TablebaseValue.Kind?, nodes: Int, seconds: Double) {
            self.position = position
            self.value = value
            self.nodes = nodes
            self.seconds = seconds
        }
    }

    /// The number of positions with `goatsInHand` in hand when `count` are asked for
    /// (one for 20 in hand: the start).
    public static func positions(goatsInHand: Int, count: Int) -> Int { goatsInHand == BaghChal.goatsPerGame ? 1 : count }

    /// Solves `count` positions with `goatsInHand` goats in hand on `threads` workers,
    /// each worker with its own solver of `tableMegabytes`, each position within
    /// `nodeLimit` nodes.
    public static func run(table: BaghChalTablebase, goatsInHand: Int, count: Int, seed: UInt64, nodeLimit: Int,
                           threads: Int, tableMegabytes: Int,
                           progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> Report {
        let count = positions(goatsInHand: goatsInHand, count: count)
        let start = Date()
        let solved = solve(table: table, goatsInHand: goatsInHand, numbers: Array(0..<count), seed: seed, nodeLimit: nodeLimit,
                           threads: threads, tableMegabytes: tableMegabytes, progress: progress)
        let seconds = Date().timeIntervalSince(start)
        return report(goatsInHand: goatsInHand, solved: solved, nodeLimit: nodeLimit, seed: seed, seconds: seconds)
    }

    /// Solves the positions `numbers` (with `goatsInHand` in hand) on `threads`
    /// workers, calling `finished` with each as it is solved (from the workers, in any
    /// order); returns them sorted by number.
    public static func solve(table: BaghChalTablebase, goatsInHand: Int, numbers: [Int], seed: UInt64, nodeLimit: Int,
                             threads: Int, tableMegabytes: Int,
                             progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                             finished: (@Sendable (Solved) -> Void)? = nil) -> [Solved] {
        let queue = TaskQueue(count: numbers.count)
        let done = Atomic<Int>(0)
        let results = ForkJoin.map(workers: max(1, min(threads, numbers.count))) { _ -> [Solved] in
            let solver = BaghChalPlacementSolver(table: table, tableMegabytes: tableMegabytes)
            var mine: [Solved] = []
            while let task = queue.next() {
                let clock = Clock(seconds: nil)
                solver.reset()
                let p = position(goatsInHand: goatsInHand, seed: seed, number: numbers[task])
                let value = solver.value(of: p, nodeLimit: nodeLimit)
                let solved = Solved(position: numbers[task], value: value, nodes: solver.nodes, seconds: clock.elapsed)
                mine.append(solved)
                finished?(solved)
                let n = done.add(1, ordering: .relaxed).newValue
                progress?(n, numbers.count)
            }
            return mine
        }
        return results.joined().sorted { $0.position < $1.position }
    }

    /// The report of `solved` (all positions of one K, sorted by number) taking `seconds`.
    public static func report(goatsInHand: Int, solved: [Solved], nodeLimit: Int, seed: UInt64, seconds: Double) -> Report {
        let values = solved.map { $0.value?.rawValue ?? "unsolved" }
        let nodes = solved.map(\.nodes)
        let solvedNodes = solved.filter { $0.value != nil }.map(\.nodes).sorted()
        let median: Double? = solvedNodes.isEmpty ? nil
            : solvedNodes.count % 2 == 1 ? Double(solvedNodes[solvedNodes.count / 2])
            : Double(solvedNodes[solvedNodes.count / 2 - 1] + solvedNodes[solvedNodes.count / 2]) / 2
        let total = nodes.reduce(0, +)
        return Report(goatsInHand: goatsInHand, placed: BaghChal.goatsPerGame - goatsInHand, positions: solved.count,
                      solved: solvedNodes.count, wins: values.filter { $0 == "win" }.count,
                      draws: values.filter { $0 == "draw" }.count, losses: values.filter { $0 == "loss" }.count,
                      meanNodes: solvedNodes.isEmpty ? nil : Double(solvedNodes.reduce(0, +)) / Double(solvedNodes.count),
                      medianNodes: median, maxNodes: solvedNodes.last, nodeLimit: nodeLimit, seconds: seconds,
                      nodesPerSecond: seconds > 0 ? Double(total) / seconds : 0, values: values, nodes: nodes, seed: seed)
    }

    /// The header of ``Report/tableRow``.
    public static let tableHeader = """
        | goats in hand | placed | positions | solved | goats win | draw | tigers win | mean nodes | median nodes | max nodes | seconds | nodes/s |
        |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
        """
}

extension PlacementStudy.Report {
    /// This K's row of the study's table.
    public var tableRow: String {
        func n(_ x: Double?) -> String { x.map { Format.fixed($0, 0) } ?? "—" }
        return "| \(goatsInHand) | \(placed) | \(positions) | \(solved) | \(wins) | \(draws) | \(losses) | "
            + "\(n(meanNodes)) | \(n(medianNodes)) | \(maxNodes.map(String.init) ?? "—") | "
            + "\(Format.fixed(seconds, 2)) | \(Format.fixed(nodesPerSecond, 0)) |"
    }
}
