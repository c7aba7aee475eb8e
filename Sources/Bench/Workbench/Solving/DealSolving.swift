import Boards
import Foundation
import Search

/// A puzzle's deals solved one by one on worker threads (Balls!: ``BallsSolver``; `bench
/// solve --game balls`): per deal the best score found, whether the level is passable
/// within the action space, and what it cost; then the passable share with its 95%
/// Wilson interval. The results do not depend on the thread count.
public enum DealSolving {
    /// What to solve.
    public struct Settings: Sendable {
        public var level: Int
        /// The deals: seeds `seeds.lowerBound...seeds.upperBound`.
        public var seeds: ClosedRange<Int>
        /// The action space's last tick.
        public var lastTick: Int
        /// `pass`: decide passability; `best`: the best score.
        public var goal: String
        /// Actions searched before the sweep of the space.
        public var search: Int
        /// Skip the actions out of every ball's reach (off only to check the pruning).
        public var prune: Bool

        public init(level: Int, seeds: ClosedRange<Int>, lastTick: Int, goal: String, search: Int, prune: Bool) {
            self.level = level
            self.seeds = seeds
            self.lastTick = lastTick
            self.goal = goal
            self.search = search
            self.prune = prune
        }

        /// The goals, as settings spell them.
        public static let goals = ["pass", "best"]
        /// The searches a run takes.
        public static let searchRange = 0...100_000_000
        /// At most this many deals in one run.
        public static let maxDeals = 10_000_000

        /// The seeds `A..B` (or `A` alone) spell: whole numbers 0 <= A <= B.
        public static func seeds(parsing text: String) throws(WorkbenchError) -> ClosedRange<Int> {
            let bounds = text.split(separator: ".", omittingEmptySubsequences: true)
            guard (1...2).contains(bounds.count), text.filter({ $0 == "." }).count == (bounds.count == 2 ? 2 : 0),
                  let first = NumberText.wholeNumber(bounds[0]), let last = NumberText.wholeNumber(bounds[bounds.count - 1]),
                  first >= 0, last >= first else {
                throw .usage("takes A..B with whole numbers 0 <= A <= B <= \(Int.max) (or one seed), got '\(text)'", field: "seeds")
            }
            guard last - first < maxDeals else {
                throw .usage("'\(text)' is more than \(maxDeals) deals, the most in one run", field: "seeds")
            }
            return first...last
        }
    }

    /// One deal's result.
    public struct DealReport: Encodable, Sendable {
        public var seed: UInt64
        public var best: Int
        public var tap: String
        public var passable, exhausted: Bool
        public var searched, simulated, outOfReach, noCatch, duplicates, ticksSwept, space: Int
        public var seconds: Double
    }

    /// Every deal's result and the totals.
    public struct Summary: Encodable, Sendable {
        public var level: Int
        public var seeds: String
        public var last: Int
        public var goal: String
        public var search: Int
        public var prune: Bool
        public var space: Int
        public var passable: Wilson
        public var meanBest: Double
        public var exhausted: Int
        public var meanSimulated: Double
        public var maxSimulated: Int
        public var meanSeconds, maxSeconds, wallSeconds: Double
        public var deals: [DealReport]

        /// A row per deal, then the totals in a sentence.
        public var markdown: String {
            var lines = ["| seed | best | passable | tap | swept to the end | taps simulated | share of the space | seconds |",
                         "|---:|---:|---|---|---|---:|---:|---:|"]
            for d in deals {
                let share = Double(d.searched + d.simulated) / Double(d.space)
                lines.append("| \(d.seed) | \(d.best) | \(d.passable ? "yes" : "no") | \(d.tap) | \(d.exhausted ? "yes" : "no") | "
                    + "\(d.searched + d.simulated) | \(String(format: "%.2e", share)) | \(Format.fixed(d.seconds, 3)) |")
            }
            lines.append("")
            lines.append("level \(level), seeds \(seeds), space 0 <= t <= \(last) x every point (\(Format.grouped(UInt64(space))) taps), "
                + "goal \(goal): passable \(passable.percentText); swept to the end \(exhausted); "
                + "taps simulated mean \(Format.fixed(meanSimulated, 0)), max \(maxSimulated); "
                + "seconds per deal mean \(Format.fixed(meanSeconds, 3)), max \(Format.fixed(maxSeconds, 3)); "
                + "wall \(Format.fixed(wallSeconds, 1)) s")
            return lines.joined(separator: "\n")
        }
    }

    /// Solves the Balls! deals of `settings` on `threads` threads.
    public static func solveBalls(_ s: Settings, threads: Int) -> Summary {
        let level = BallsLevel(s.level)!
        let goal = BallsSolver.Goal(rawValue: s.goal)!
        let space = BallsSolver.Space(lastTick: s.lastTick)
        let start = Clock.now
        let first = s.seeds.lowerBound, count = s.seeds.count
        let deals = ForkJoin.mapTasks(count: count, workers: min(threads, count)) { k -> DealReport in
            let seed = UInt64(first + k)
            let state = BallsReferee.deal(seed: seed, level: level)
            let began = Clock.now
            let r = BallsSolver.solve(state, space: space, goal: goal, prune: s.prune, searchSims: s.search, seed: seed)
            return DealReport(seed: seed, best: r.best, tap: r.tap?.notation ?? "", passable: r.passable, exhausted: r.exhausted,
                              searched: r.searched, simulated: r.simulated, outOfReach: r.outOfReach, noCatch: r.noCatch,
                              duplicates: r.duplicates, ticksSwept: r.ticksSwept, space: r.space, seconds: Clock.now - began)
        }
        let simulated = deals.map { $0.searched + $0.simulated }
        return Summary(
            level: s.level, seeds: "\(first)..\(s.seeds.upperBound)", last: s.lastTick, goal: s.goal, search: s.search, prune: s.prune,
            space: space.size, passable: Wilson(deals.filter(\.passable).count, of: count),
            meanBest: Double(deals.map(\.best).reduce(0, +)) / Double(count), exhausted: deals.filter(\.exhausted).count,
            meanSimulated: Double(simulated.reduce(0, +)) / Double(count), maxSimulated: simulated.max() ?? 0,
            meanSeconds: deals.map(\.seconds).reduce(0, +) / Double(count), maxSeconds: deals.map(\.seconds).max() ?? 0,
            wallSeconds: Clock.now - start, deals: deals)
    }
}
