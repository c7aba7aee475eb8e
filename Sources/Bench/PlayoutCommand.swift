import Boards
import Dispatch
import Synchronization

/// `bench playouts`: uniformly random games to the end, the speed of a rollout.
enum PlayoutCommand {
    static let declared: [String: Options.Kind] = TigersGoatsSetup.declared.merging(
        ["--game": .value, "--games": .value, "--seed": .value, "--threads": .value, "--json": .flag],
        uniquingKeysWith: { a, _ in a })

    static let help = """
        usage: bench playouts [--game tigers-goats] [--games N] [--seed S] [--threads N] [--json]

        Plays N uniformly random games to their end (every end rule, threefold
        repetition included) and reports plies per second and the outcomes. Game i
        uses the stream SplitMix64(seed + i), so results do not depend on --threads.
          --games N         games to play (default 100000)
          --seed S          base seed (default 1)
          --threads N       worker threads (default 1)
          --json            print one JSON object
        \(TigersGoatsSetup.help)
        """

    struct Result: Encodable {
        let game: String
        let games: Int
        let threads: Int
        let plies: UInt64
        let seconds: Double
        let pliesPerSecond: Double
        let averagePlies: Double
        let outcomes: [String: Int]
    }

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "playouts", arguments: arguments, declared: declared)
        guard try GameChoice.from(options) == .tigersGoats else {
            throw UsageError("playouts: only tigers-goats for now")
        }
        let games = try options.int("--games", default: 100_000, in: 1...1_000_000_000)
        let seed = try options.uint64("--seed", default: 1)
        let threads = try options.int("--threads", default: 1, in: 1...1024)
        let r = measure(try TigersGoatsSetup.position(options), games: games, seed: seed, threads: threads)
        if options.has("--json") {
            print(Output.json(r))
        } else {
            let outcomes = r.outcomes.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print("playouts \(r.game): \(r.games) games, \(r.plies) plies in \(Output.fixed(r.seconds, 3)) s "
                + "(\(Output.fixed(r.pliesPerSecond / 1e6, 2)) M plies/s, \(r.threads) thread\(r.threads == 1 ? "" : "s"))")
            print("average length \(Output.fixed(r.averagePlies, 1)) plies; \(outcomes)")
        }
    }

    /// Plays the games on `threads` workers; per-worker tallies are summed after the join.
    static func measure<Game: TwoPlayerGame>(_ start: Game, games: Int, seed: UInt64, threads: Int) -> Result {
        let next = Atomic<Int>(0)
        // Per worker: plies, first wins, second wins, draws; summed after the join.
        let tallies = TaskSlots(count: 4 * threads)
        defer { tallies.deallocate() }
        let t0 = Output.now()
        let worker = { @Sendable (w: Int) in
            var playout = RandomPlayout<Game>()
            var tally: [UInt64] = [0, 0, 0, 0]
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < games else { break }
                var rng = SplitMix64(seed: seed &+ UInt64(i))
                var p = start
                let (outcome, plies) = playout.run(from: &p, using: &rng)
                tally[0] &+= UInt64(plies)
                switch outcome {
                case .win(.first): tally[1] += 1
                case .win(.second): tally[2] += 1
                case .draw: tally[3] += 1
                }
            }
            for k in 0..<4 { tallies.set(4 * w + k, tally[k]) }
        }
        if threads == 1 { worker(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: worker) }
        let seconds = Output.now() - t0
        let all = tallies.values
        let sum = { (k: Int) in stride(from: k, to: all.count, by: 4).reduce(UInt64(0)) { $0 + all[$1] } }
        let (plies, first, second, draws) = (sum(0), Int(sum(1)), Int(sum(2)), Int(sum(3)))
        return Result(game: Game.name, games: games, threads: threads, plies: plies, seconds: seconds,
                      pliesPerSecond: Double(plies) / max(seconds, 1e-9), averagePlies: Double(plies) / Double(games),
                      outcomes: [Game.sideName(.first) + " win": first, Game.sideName(.second) + " win": second,
                                 "draw": draws])
    }
}
