import Foundation
import Workbench

/// `bench solve` for a puzzle with a deal solver (Balls!; ``DealSolving``): per deal the
/// best score found, whether the level is passable within the space, and what it cost;
/// then the passable share with its 95% Wilson interval.
enum DealSolveCommand {
    static let name = "solve"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--level": .value, "--seeds": .value, "--last": .value, "--goal": .value,
        "--search": .value, "--threads": .value, "--json": .flag, "--no-prune": .flag,
    ]

    static var help: String {
        let games = GameRegistry.games(offering: .dealSolver)
        let last = games.first?.defaultLastTick ?? 0
        return """
        usage: bench solve --game \(games.map { $0.name }.joined(separator: "|")) --level L --seeds A..B [--last T] [--goal pass|best]
                           [--search N] [--threads N] [--no-prune] [--json]

        The deal solver (Balls!, docs/balls.md): for each deal of seeds A...B, the best score
        over the action space {taps t@x,y : 0 <= t <= T, every point of the field} and whether
        a tap of that space passes level L. A passing tap is looked for first (a search of N
        taps confined to the space), then the whole space is swept: one simulation per
        distinct direct-catch vector per tick, points out of every ball's reach skipped;
        the sweep stops at a passing tap (goal pass) or at one scoring every ball (goal best).
          --level L       the level, \(games.first.map { "\($0.levels.lowerBound)...\($0.levels.upperBound)" } ?? "")
          --seeds A..B    the deals (seeds A to B; A alone for one)
          --last T        the space's last tick (default \(last))
          --goal G        pass (default): decide passability; best: the best score
          --search N      taps searched before the sweep (default 20000; 0: sweep only)
          --threads N     deals solved in parallel (default: the active cores); results do not depend on it
          --no-prune      simulate every tap of the space (slow: for checking)
          --json          one JSON object: the summary and every deal's report
        Prints a line per deal (seed, best, passable, taps simulated, share of the space,
        seconds), then the passable share.
        """
    }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try Options(command: name, arguments: arguments, declared: declared)
        let game = try GameRegistry.game(named: options.string("--game"), offering: .dealSolver)
        guard let seeds = options.string("--seeds") else { throw .usage("--seeds A..B is required") }
        let settings = DealSolving.Settings(
            level: try options.int("--level", default: game.levels.lowerBound, in: game.levels),
            seeds: try DealSolving.Settings.seeds(parsing: seeds),
            lastTick: try options.int("--last", default: game.defaultLastTick, in: game.lastTicks),
            goal: options.string("--goal") ?? DealSolving.Settings.goals[0],
            search: try options.int("--search", default: 20_000, in: DealSolving.Settings.searchRange),
            prune: !options.has("--no-prune"))
        let summary = try game.solve(settings, threads: try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024))
        if options.has("--json") { return try Output.printJSON(summary) }
        print(summary.markdown)
    }
}
