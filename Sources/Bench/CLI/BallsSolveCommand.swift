import Boards
import Dispatch
import Foundation
import Search
import Workbench

/// `bench solve --game balls`: the Balls! solver (``BallsSolver``) on a range of deals:
/// per deal the best score found, whether the level is passable within the space, and
/// what it cost; then the passable share with its 95% Wilson interval.
struct BallsSolveCommand {
    static let name = "solve"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--level": .value, "--seeds": .value, "--last": .value, "--goal": .value,
        "--search": .value, "--threads": .value, "--json": .flag, "--no-prune": .flag,
    ]

    static let help = """
        usage: bench solve --game balls --level L --seeds A..B [--last T] [--goal pass|best] [--search N]
                           [--threads N] [--no-prune] [--json]

        The Balls! solver (docs/balls.md): for each deal of seeds A...B, the best score over
        the action space {taps t@x,y : 0 <= t <= T, every point of the field} and whether a
        tap of that space passes level L. A passing tap is looked for first (a search of N
        taps confined to the space), then the whole space is swept: one simulation per
        distinct direct-catch vector per tick, points out of every ball's reach skipped;
        the sweep stops at a passing tap (goal pass) or at one scoring every ball (goal best).
          --level L       the level, 1...10
          --seeds A..B    the deals (seeds A to B; A alone for one)
          --last T        the space's last tick (default \(BallsSolverAgent.defaultLast))
          --goal G        pass (default): decide passability; best: the best score
          --search N      taps searched before the sweep (default 20000; 0: sweep only)
          --threads N     deals solved in parallel (default: the active cores); results do not depend on it
          --no-prune      simulate every tap of the space (slow: for checking)
          --json          one JSON object: the summary and every deal's report
        Prints a line per deal (seed, best, passable, taps simulated, share of the space,
        seconds), then the passable share.
        """

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do { try runChecked(arguments) } catch { throw error.prefixed(name) }
    }

    struct DealReport: Encodable {
        var seed: UInt64
        var best: Int
        var tap: String
        var passable: Bool
        var exhausted: Bool
        var searched: Int
        var simulated: Int
        var outOfReach: Int
        var noCatch: Int
        var duplicates: Int
        var ticksSwept: Int
        var space: Int
        var seconds: Double
    }

    struct Summary: Encodable {
        var level: Int
        var seeds: String
        var last: Int
        var goal: String
        var search: Int
        var prune: Bool
        var space: Int
        var passable: Wilson
        var meanBest: Double
        var exhausted: Int
        var meanSimulated: Double
        var maxSimulated: Int
        var meanSeconds: Double
        var maxSeconds: Double
        var wallSeconds: Double
        var deals: [DealReport]
    }

    static func runChecked(_ arguments: [String]) throws(WorkbenchError) {
        let options = try Options(command: name, arguments: arguments, declared: declared)
        if let game = options.string("--game"), game != Balls.name { throw .usage("--game must be balls here, got '\(game)'") }
        let levelNumber = try options.int("--level", default: 1, in: BallsLevel.numbers)
        let level = BallsLevel(levelNumber)!
        guard let seedsText = options.string("--seeds") else { throw .usage("--seeds A..B is required") }
        let bounds = seedsText.split(separator: ".", omittingEmptySubsequences: true)
        guard (1...2).contains(bounds.count), seedsText.filter({ $0 == "." }).count == (bounds.count == 2 ? 2 : 0),
              let first = NumberText.wholeNumber(bounds[0]), let lastSeed = NumberText.wholeNumber(bounds[bounds.count - 1]),
              first >= 0, lastSeed >= first, lastSeed - first < 10_000_000 else {
            throw .usage("--seeds takes A..B with whole numbers 0 <= A <= B (or one seed), got '\(seedsText)'")
        }
        let last = try options.int("--last", default: BallsSolverAgent.defaultLast, in: 0...BallsField.lastTapTick)
        let goalText = options.string("--goal") ?? "pass"
        guard let goal = BallsSolver.Goal(rawValue: goalText) else { throw .usage("--goal must be pass or best, got '\(goalText)'") }
        let search = try options.int("--search", default: 20_000, in: 0...100_000_000)
        let threads = try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024)
        let prune = !options.has("--no-prune")
        let count = lastSeed - first + 1
        let space = BallsSolver.Space(lastTick: last)

        let start = Clock.now
        // Each worker writes only the slots of the indices it takes.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<DealReport?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
            while let k = next.take(below: count) {
                let seed = UInt64(first + k)
                let state = BallsReferee.deal(seed: seed, level: level)
                let began = Clock.now
                let r = BallsSolver.solve(state, space: space, goal: goal, prune: prune, searchSims: search, seed: seed)
                results[k] = DealReport(seed: seed, best: r.best, tap: r.tap?.notation ?? "", passable: r.passable,
                                        exhausted: r.exhausted, searched: r.searched, simulated: r.simulated,
                                        outOfReach: r.outOfReach, noCatch: r.noCatch, duplicates: r.duplicates,
                                        ticksSwept: r.ticksSwept, space: r.space, seconds: Clock.now - began)
            }
        }
        let deals = results.map { $0! }
        let simulated = deals.map { $0.searched + $0.simulated }
        let summary = Summary(
            level: levelNumber, seeds: "\(first)..\(lastSeed)", last: last, goal: goal.rawValue, search: search, prune: prune,
            space: space.size, passable: Wilson(deals.filter(\.passable).count, of: count),
            meanBest: Double(deals.map(\.best).reduce(0, +)) / Double(count), exhausted: deals.filter(\.exhausted).count,
            meanSimulated: Double(simulated.reduce(0, +)) / Double(count), maxSimulated: simulated.max() ?? 0,
            meanSeconds: deals.map(\.seconds).reduce(0, +) / Double(count), maxSeconds: deals.map(\.seconds).max() ?? 0,
            wallSeconds: Clock.now - start, deals: deals)
        if options.has("--json") { return try Output.printJSON(summary) }
        print("| seed | best | passable | tap | swept to the end | taps simulated | share of the space | seconds |")
        print("|---:|---:|---|---|---|---:|---:|---:|")
        for d in deals {
            let share = Double(d.searched + d.simulated) / Double(d.space)
            print("| \(d.seed) | \(d.best) | \(d.passable ? "yes" : "no") | \(d.tap) | \(d.exhausted ? "yes" : "no") | "
                + "\(d.searched + d.simulated) | \(String(format: "%.2e", share)) | \(Output.fixed(d.seconds, 3)) |")
        }
        print("")
        print("level \(levelNumber), seeds \(first)..\(lastSeed), space 0 <= t <= \(last) x every point (\(Output.grouped(UInt64(space.size))) taps), "
            + "goal \(goal.rawValue): passable \(summary.passable.percentText); swept to the end \(summary.exhausted); "
            + "taps simulated mean \(Output.fixed(summary.meanSimulated, 0)), max \(summary.maxSimulated); "
            + "seconds per deal mean \(Output.fixed(summary.meanSeconds, 3)), max \(Output.fixed(summary.maxSeconds, 3)); "
            + "wall \(Output.fixed(summary.wallSeconds, 1)) s")
    }
}

/// A shared counter handing out indices to worker threads.
final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below count: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < count else { return nil }
        value += 1
        return value - 1
    }
}
