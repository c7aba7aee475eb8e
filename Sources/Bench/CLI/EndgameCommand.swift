import Foundation
import Workbench

/// `bench endgame`: Coin Sorter's last turns of recorded games solved exactly, to
/// split the gap to the ceiling into what better play could get and what only seeing
/// the draws gets (docs/learning.md, "The ceiling").
enum EndgameCommand {
    static let name = "endgame"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--in": .value, "--agents": .list, "--turns": .value, "--deals": .value, "--threads": .value,
    ]

    static let help = """
        usage: bench endgame --game coin-sorter --in DIR [--turns 1|2] [--agents A B ...] [--deals N] [--threads T]

        Replays each game of a Coin Sorter tournament folder to the position with
        --turns turns left and solves it exactly (expectimax over every refill): the
        best expected further points without seeing the draws (V*), the worth of the
        agent's recorded move there followed by perfect play (Q*), what the agent
        scored, and the most the deal's real draws allowed (seeing them).
          --in DIR        a tournament folder (games.jsonl)
          --turns K       turns left at the solved position, 1 or 2 (default 2; about
                          0.2 s a position with 2)
          --agents A ...  the agents to analyse (default: every one but oracles)
          --deals N       at most N games per agent, the lowest deal seeds first
          --threads T     worker threads (default 1)
        """

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try Options(command: name, arguments: arguments, declared: declared)
        let game: any ExactEndgameGame.Type
        do { game = try GameRegistry.game(named: options.string("--game"), offering: .exactEndgame) } catch { throw error.prefixed(name) }
        let folder = try options.required("--in")
        let turns = try options.int("--turns", default: game.endgameTurns.upperBound, in: game.endgameTurns)
        let deals = options.string("--deals") == nil ? nil : try options.int("--deals", default: 1, in: 1...100_000_000)
        let threads = try options.int("--threads", default: 1, in: 1...256)
        do {
            print(try game.endgame(folder: URL(fileURLWithPath: folder), agents: options.list("--agents"), turns: turns, deals: deals,
                                   threads: threads), terminator: "")
        } catch { throw error.prefixed(name) }
    }
}
