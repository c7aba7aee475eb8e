import Foundation
import Workbench

/// `bench solve` for a puzzle with a deal solver (Balls!; ``DealSolving``): per deal the
/// best score found, whether the level is passable within the space, and what it cost;
/// then the passable share with its 95% Wilson interval.
enum DealSolveCommand: OptionTable {
    static let name = "solve"
    /// The games with a deal solver: a level's and a last tick's range span theirs (each game checks its own).
    static var games: [any DealSolvingGame.Type] { GameRegistry.games(offering: .dealSolver) }
    static let table: [CommandOption] = [
        .game(offering: .dealSolver), .int("level", "L", in: CommandOption.span(games.map { $0.levels }, else: 0...0), help: "the level"),
        .text("seeds", "A..B", required: true, help: "the deals (seeds A to B; A alone for one)"),
        .int("last", "T", in: CommandOption.span(games.map { $0.lastTicks }, else: 0...0), default: games.first?.defaultLastTick,
             help: "the space's last tick"),
        CommandOption("goal", .choice(DealSolving.Settings.goals), "G", default: .text(DealSolving.Settings.goals[0]),
                      help: "pass: decide passability; best: the best score"),
        .int("search", in: DealSolving.Settings.searchRange, default: 20_000, help: "taps searched before the sweep (0: sweep only)"),
        .threads(help: "deals solved in parallel; results do not depend on it"),
        .flag("no-prune", help: "simulate every tap of the space (slow: for checking)"),
        .flag("json", help: "one JSON object: the summary and every deal's report"),
    ]

    static var help: String {
        table.help(usage: ["bench solve --game \(games.map { $0.name }.joined(separator: "|")) --level L --seeds A..B [--last T] [--goal pass|best]",
                           "            [--search N] [--threads N] [--no-prune] [--json]"], about: """
            The deal solver (Balls!, docs/balls.md): for each deal of seeds A...B, the best score
            over the action space {taps t@x,y : 0 <= t <= T, every point of the field} and whether
            a tap of that space passes level L. A passing tap is looked for first (a search of N
            taps confined to the space), then the whole space is swept: one simulation per
            distinct direct-catch vector per tick, points out of every ball's reach skipped;
            the sweep stops at a passing tap (goal pass) or at one scoring every ball (goal best).
            """, footer: """
            Prints a line per deal (seed, best, passable, taps simulated, share of the space,
            seconds), then the passable share.
            """)
    }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try parse(arguments)
        let game = try GameRegistry.game(named: options.string("--game"), offering: .dealSolver)
        let settings = DealSolving.Settings(
            level: try options.int("--level", default: game.levels.lowerBound), seeds: try DealSolving.Settings.seeds(parsing: options.text("--seeds")),
            lastTick: try options.int("--last", default: game.defaultLastTick), goal: try options.text("--goal"),
            search: try options.int("--search"), prune: !options.has("--no-prune"))
        let summary = try game.solve(settings, threads: try options.int("--threads"))
        try Output.printResult(summary, json: options.has("--json"), text: summary.markdown)
    }
}
