import Boards
import Workbench

/// `bench playouts`: uniformly random games to the end, the speed of a rollout.
struct PlayoutCommand: GameCommand {
    static let name = "playouts"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--games": .value, "--seed": .value, "--threads": .value, "--json": .flag, "--position": .value,
    ]

    static let help = """
        usage: bench playouts [--game tigers-goats] [--games N] [--seed S] [--threads N] [--json]

        Plays N uniformly random games to their end (every end rule, threefold
        repetition included) and reports plies per second and the outcomes. Game i
        uses the stream SplitMix64(seed + i), so results do not depend on --threads.
          --games N         games to play (default 100000)
          --seed S          base seed (default 1)
          --threads N       worker threads (default 1)
          --position TEXT   start from this position (default: the start position)
          --json            print one JSON object
        \(ruleHelp)
        """

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared, game: G.self)
        let games = try options.int("--games", default: 100_000, in: 1...1_000_000_000)
        let seed = try options.uint64("--seed", default: 1)
        let threads = try options.int("--threads", default: 1, in: 1...1024)
        let start: G = try options.startPosition()
        let r = PlayoutProfile.measure(start, games: games, seed: seed, threads: threads)
        if options.has("--json") {
            try Output.printJSON(r)
        } else {
            let outcomes = r.outcomes.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print("playouts \(r.game): \(r.games) games, \(r.plies) plies in \(Output.fixed(r.seconds, 3)) s "
                + "(\(Output.fixed(r.pliesPerSecond / 1e6, 2)) M plies/s, \(r.threads) thread\(r.threads == 1 ? "" : "s"))")
            print("average length \(Output.fixed(r.averagePlies, 1)) plies; \(outcomes)")
        }
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        throw .usage("playouts: \(G.name) is a one-player puzzle; playouts are for two-player games")
    }
}
