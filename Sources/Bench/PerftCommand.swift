import Boards
import Dispatch
import Synchronization

/// `bench perft`: leaf counts, divide, and move-generation speed on worker threads.
enum PerftCommand {
    static let declared: [String: Options.Kind] = TigersGoatsSetup.declared.merging(
        ["--game": .value, "--depth": .value, "--divide": .flag, "--threads": .value, "--json": .flag],
        uniquingKeysWith: { a, _ in a })

    static let help = """
        usage: bench perft [--game tigers-goats] --depth N [options]

        Counts the leaves of the legal-move tree (the last ply counted in bulk) and
        reports leaves per second.
          --depth N         plies to search (0...30), required
          --divide          print the leaf count below each root move
          --threads N       worker threads (default 1)
          --json            print one JSON object: nodes, seconds, nodesPerSecond, ...
        \(TigersGoatsSetup.help)
        """

    struct Result: Encodable {
        let game: String
        let position: String
        let depth: Int
        let threads: Int
        let nodes: UInt64
        let seconds: Double
        let nodesPerSecond: Double
        let divide: [String: UInt64]?
    }

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "perft", arguments: arguments, declared: declared)
        guard try GameChoice.from(options) == .tigersGoats else {
            throw UsageError("perft: coin-sorter is a one-player puzzle with chance; perft is for tigers-goats")
        }
        guard options.string("--depth") != nil else { throw UsageError("perft: missing required option --depth") }
        let depth = try options.int("--depth", default: 1, in: 0...30)
        let threads = try options.int("--threads", default: 1, in: 1...1024)
        let position = try TigersGoatsSetup.position(options)
        let result = measure(position, depth: depth, threads: threads, divide: options.has("--divide"))
        if options.has("--json") {
            print(Output.json(result))
        } else {
            print(render(result))
        }
    }

    static func render(_ r: Result) -> String {
        var lines: [String] = []
        if let divide = r.divide {
            for (move, n) in divide.sorted(by: { $0.key < $1.key }) { lines.append("\(move): \(n)") }
            lines.append("")
            lines.append("moves: \(divide.count)")
        }
        let rate = r.nodesPerSecond / 1e6
        lines.append("perft \(r.game) depth \(r.depth): \(r.nodes) leaves in \(Output.fixed(r.seconds, 3)) s "
            + "(\(Output.fixed(rate, 1)) M leaves/s, \(r.threads) thread\(r.threads == 1 ? "" : "s"))")
        return lines.joined(separator: "\n")
    }

    /// Counts and times perft; with `divide`, also the counts per root move.
    static func measure<Game: TwoPlayerGame>(_ position: Game, depth: Int, threads: Int, divide: Bool) -> Result {
        let start = Output.now()
        let (nodes, perRoot) = parallelCount(position, depth: depth, threads: threads)
        let seconds = Output.now() - start
        var table: [String: UInt64]? = nil
        if divide {
            table = [:]
            for (move, n) in perRoot { table![position.notation(of: move)] = n }
        }
        return Result(game: Game.name, position: position.text, depth: depth, threads: threads, nodes: nodes,
                      seconds: seconds, nodesPerSecond: seconds > 0 ? Double(nodes) / seconds : 0, divide: table)
    }

    /// Perft split into subtrees that `threads` workers take from a shared counter.
    ///
    /// Subtrees are the positions two plies down (about a thousand from the start),
    /// so the last ones to finish are small and the workers stay busy to the end.
    /// The sum does not depend on the thread count.
    static func parallelCount<Game: TwoPlayerGame>(_ root: Game, depth: Int, threads: Int)
        -> (nodes: UInt64, perRoot: [(Game.Move, UInt64)]) {
        let rootMoves = root.legalMoves
        guard depth >= 1 else { return (1, []) }
        // Each task: the root move it belongs to, the position, and plies left below it.
        var tasks: [(root: Int, position: Game, depth: Int)] = []
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
        let next = Atomic<Int>(0)
        let counts = TaskSlots(count: tasks.count)
        defer { counts.deallocate() }
        let jobs = tasks
        if threads == 1 {
            countTasks(jobs, next: next, counts: counts, depth: depth)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                countTasks(jobs, next: next, counts: counts, depth: depth)
            }
        }
        let taskCounts = counts.values
        var perRoot = rootMoves.map { ($0, UInt64(0)) }
        for (t, n) in zip(tasks, taskCounts) { perRoot[t.root].1 &+= n }
        return (perRoot.reduce(0) { $0 &+ $1.1 }, perRoot)
    }

    /// One worker: takes the next task from `next` until none is left.
    private static func countTasks<Game: TwoPlayerGame>(
        _ tasks: [(root: Int, position: Game, depth: Int)], next: borrowing Atomic<Int>,
        counts: TaskSlots, depth: Int
    ) {
        let stack = MoveStack<Game.Move>(depth: depth + 1, filler: Game.nullMove)
        withExtendedLifetime(stack) {
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < tasks.count else { break }
                let n = Perft.count(tasks[i].position, depth: tasks[i].depth, lists: stack.base)
                counts.set(i, n)
            }
        }
    }
}
