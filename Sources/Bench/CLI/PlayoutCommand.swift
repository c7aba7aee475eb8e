import Boards
import Workbench

/// `bench playouts`: uniformly random games to the end, the speed of a rollout.
struct PlayoutCommand: TwoPlayerGameCommand {
    static let name = "playouts"
    static let table: [CommandOption] = [
        .game, .int("games", in: 1...1_000_000_000, default: 100_000, help: "games to play"), .seed(help: "base seed"),
        .threads(default: 1), .position, .json,
    ]
    static let help = table.help(usage: ["bench playouts [--game tigers-goats] [--games N] [--seed S] [--threads N] [--json]"],
                                 about: """
        Plays N uniformly random games to their end (every end rule, threefold
        repetition included) and reports plies per second and the outcomes. Game i
        uses the stream SplitMix64(seed + i), so results do not depend on --threads.
        """, footer: ruleHelp)

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let r = PlayoutProfile.measure(try options.startPosition() as G, games: try options.int("--games"),
                                       seed: try options.uint64("--seed"), threads: try options.int("--threads"))
        if options.has("--json") {
            try Output.printJSON(r)
        } else {
            let outcomes = r.outcomes.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print("playouts \(r.game): \(r.games) games, \(r.plies) plies in \(Format.fixed(r.seconds, 3)) s "
                + "(\(Format.fixed(r.pliesPerSecond / 1e6, 2)) M plies/s, \(r.threads) thread\(r.threads == 1 ? "" : "s"))")
            print("average length \(Format.fixed(r.averagePlies, 1)) plies; \(outcomes)")
        }
    }
}
