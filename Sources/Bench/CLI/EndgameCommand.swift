import Foundation
import Workbench

/// `bench endgame`: Coin Sorter's last turns of recorded games solved exactly, to
/// split the gap to the ceiling into what better play could get and what only seeing
/// the draws gets (docs/learning.md, "The ceiling").
enum EndgameCommand: Subcommand {
    static let name = "endgame"
    /// The turns left any game solves (each game checks its own).
    static var turns: ClosedRange<Int> { CommandOption.span(GameRegistry.games(offering: .exactEndgame).map { $0.endgameTurns }, else: 1...1) }
    static let table: [CommandOption] = [
        .game(offering: .exactEndgame), .text("in", "DIR", required: true, help: "a tournament folder (games.jsonl)"),
        .int("turns", "K", in: turns, default: turns.lowerBound,
             help: "turns left at the solved position (1: a fraction of a second a position; 2: a minute or more)"),
        CommandOption("agents", .text, "A ...", shown: "every one but oracles", form: .list, help: "the agents to analyse"),
        .int("deals", in: 1...100_000_000, help: "at most N games per agent, the lowest deal seeds first"), .threads(default: 1),
    ]

    static let help = table.help(usage: ["bench endgame --game coin-sorter --in DIR [--turns 1|2] [--agents A B ...] [--deals N] [--threads T]"],
                                 about: """
        Replays each game of a Coin Sorter tournament folder to the position with
        --turns turns left and solves it exactly (expectimax over every refill): the
        best expected further points without seeing the draws (V*), the worth of the
        agent's recorded move there followed by perfect play (Q*), what the agent
        scored, and the most the deal's real draws allowed (seeing them).
        """)

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do throws(WorkbenchError) {
            let options = try parse(arguments)
            let game = try GameRegistry.game(named: options.string("--game"), offering: .exactEndgame)
            let folder = try options.text("--in"), turns = try options.int("--turns")
            guard game.endgameTurns.contains(turns) else {
                throw .usage("option --turns: \(turns) is out of range \(game.endgameTurns.lowerBound)...\(game.endgameTurns.upperBound)")
            }
            let (table, note) = try game.endgame(folder: URL(fileURLWithPath: folder), agents: options.list("--agents"), turns: turns,
                                                 deals: options.isGiven("--deals") ? try options.int("--deals") : nil,
                                                 threads: try options.int("--threads"))
            print(table, terminator: "")
            if let note { Output.note("endgame: \(note)") }
        } catch { throw error.prefixed(name) }
    }
}
