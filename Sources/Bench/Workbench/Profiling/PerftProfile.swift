import Boards
import Search

/// Perft on worker threads: leaf counts, per-root-move counts (divide) and speed,
/// for checking and profiling a move generator.
public enum PerftProfile {
    /// One measured perft.
    public struct Result: Sendable, Encodable {
        public let game, position: String
        public let depth, threads: Int
        /// Leaves of the tree.
        public let nodes: UInt64
        public let seconds, nodesPerSecond: Double
        /// Leaves below each root move, by its notation (with `divide`).
        public let divide: [String: UInt64]?

        @usableFromInline
        init(game: String, position: String, depth: Int, threads: Int, nodes: UInt64, seconds: Double,
             nodesPerSecond: Double, divide: [String: UInt64]?) {
            self.game = game; self.position = position; self.depth = depth; self.threads = threads
            self.nodes = nodes; self.seconds = seconds; self.nodesPerSecond = nodesPerSecond; self.divide = divide
        }
    }

    /// Counts and times perft of `position` to `depth` on `threads` workers.
    @inlinable
    public static func measure<G: TwoPlayerGame>(_ position: G, depth: Int, threads: Int, divide: Bool) -> Result {
        let start = Clock.now
        let (nodes, perRoot) = count(position, depth: depth, threads: threads)
        let seconds = Clock.now - start
        let table = divide ? Dictionary(perRoot.map { (position.notation(of: $0.0), $0.1) }, uniquingKeysWith: { $1 }) : nil
        return Result(game: G.name, position: position.text, depth: depth, threads: threads, nodes: nodes,
                      seconds: seconds, nodesPerSecond: seconds > 0 ? Double(nodes) / seconds : 0, divide: table)
    }

    /// Perft split into subtrees that the workers take one at a time.
    ///
    /// With several threads the subtrees are the positions two plies down (about a
    /// thousand from the Tigers & Goats start), so the last ones to finish are small
    /// and the workers stay busy to the end. The sum does not depend on the thread count.
    @inlinable
    public static func count<G: TwoPlayerGame>(_ root: G, depth: Int, threads: Int) -> (nodes: UInt64, perRoot: [(G.Move, UInt64)]) {
        guard depth >= 1 else { return (1, []) }
        let rootMoves = root.legalMoves
        // Each task: the root move it belongs to, the position, and plies left below it.
        var tasks: [(root: Int, position: G, depth: Int)] = []
        for (i, move) in rootMoves.enumerated() {
            var child = root
            child.play(move)
            if depth >= 4 && threads > 1 {
                for reply in child.legalMoves {
                    var grandchild = child
                    grandchild.play(reply)
                    tasks.append((i, grandchild, depth - 2))
                }
            } else {
                tasks.append((i, child, depth - 1))
            }
        }
        let jobs = tasks
        let counts = ForkJoin.mapTasks(count: jobs.count, workers: threads) { t in
            Perft.count(jobs[t].position, depth: jobs[t].depth)
        }
        var perRoot = rootMoves.map { ($0, UInt64(0)) }
        for (t, n) in zip(tasks, counts) { perRoot[t.root].1 &+= n }
        return (perRoot.reduce(0) { $0 &+ $1.1 }, perRoot)
    }
}

/// Uniformly random games to the end on worker threads: the speed of a rollout and
/// the outcome frequencies of random play.
public enum PlayoutProfile {
    /// One measured batch of playouts.
    public struct Result: Sendable, Encodable {
        public let game: String
        public let games, threads: Int
        public let plies: UInt64
        public let seconds, pliesPerSecond, averagePlies: Double
        /// Games won by each side, and draws, by name (`goats win`, `draw`).
        public let outcomes: [String: Int]

        @usableFromInline
        init(game: String, games: Int, threads: Int, plies: UInt64, seconds: Double, pliesPerSecond: Double,
             averagePlies: Double, outcomes: [String: Int]) {
            self.game = game; self.games = games; self.threads = threads; self.plies = plies; self.seconds = seconds
            self.pliesPerSecond = pliesPerSecond; self.averagePlies = averagePlies; self.outcomes = outcomes
        }
    }

    /// Plays `games` random games from `start`, game `i` with the stream
    /// `SplitMix64(seed + i)`, so the totals do not depend on `threads`.
    @inlinable
    public static func measure<G: TwoPlayerGame>(_ start: G, games: Int, seed: UInt64, threads: Int) -> Result {
        let queue = TaskQueue(count: games)
        let t0 = Clock.now
        // Per worker: plies, first-side wins, second-side wins, draws; summed after the join.
        let tallies = ForkJoin.map(workers: min(threads, max(games, 1))) { _ -> (UInt64, Int, Int, Int) in
            var playout = RandomPlayout<G>()
            var plies: UInt64 = 0, first = 0, second = 0, draws = 0
            while let i = queue.next() {
                var rng = SplitMix64(seed: seed &+ UInt64(i))
                var p = start
                let (outcome, n) = playout.run(from: &p, using: &rng)
                plies &+= UInt64(n)
                switch outcome {
                case .win(.first): first += 1
                case .win(.second): second += 1
                case .draw: draws += 1
                }
            }
            return (plies, first, second, draws)
        }
        let seconds = Clock.now - t0
        let plies = tallies.reduce(UInt64(0)) { $0 &+ $1.0 }
        return Result(game: G.name, games: games, threads: threads, plies: plies, seconds: seconds,
                      pliesPerSecond: Double(plies) / max(seconds, 1e-9), averagePlies: Double(plies) / Double(max(games, 1)),
                      outcomes: [G.sideName(.first) + " win": tallies.reduce(0) { $0 + $1.1 },
                                 G.sideName(.second) + " win": tallies.reduce(0) { $0 + $1.2 },
                                 "draw": tallies.reduce(0) { $0 + $1.3 }])
    }
}
