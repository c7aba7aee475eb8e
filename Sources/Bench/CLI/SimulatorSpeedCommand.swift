import Workbench

/// `bench balls-speed` (not in the help: a tool of `benchmarks/balls-speed.sh`): taps
/// of a deal-solving game's simulator per second (Balls!: ``BallsTapProfile``).
enum SimulatorSpeedCommand: OptionTable {
    static let name = "balls-speed"
    static var games: [any DealSolvingGame.Type] { GameRegistry.games(offering: .dealSolver) }
    static let table: [CommandOption] = [
        .text("game", "NAME", default: games.first?.name, help: "the game"),
        .int("level", "L", in: CommandOption.span(games.map { $0.levels }, else: 0...0), default: games.first?.levels.upperBound, help: "the level"),
        .int("deals", in: 1...1_000_000, default: 1000, help: "deals"), .int("taps", in: 1...1_000_000_000, default: 1_000_000, help: "taps"),
        .flag("hits", help: "taps that hit"), .json,
    ]

    static let help = table.help(usage: ["bench balls-speed [--game balls] [--level L] [--deals D] [--taps T] [--hits] [--json]"], about: """
        Taps of a deal-solving game's simulator per second, over seeded deals: the
        measurement benchmarks/balls-speed.sh runs (not in bench --help).
        """)

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try parse(arguments)
        let game: any DealSolvingGame.Type
        do { game = try GameRegistry.game(named: options.text("--game"), offering: .dealSolver) } catch { throw error.prefixed(name) }
        let level = try options.int("--level", default: game.levels.upperBound)
        guard game.levels.contains(level) else { throw .usage("\(name): option --level: \(level) is out of range \(game.levels)") }
        let r = game.simulatorSpeed(level: level, deals: try options.int("--deals"), taps: try options.int("--taps"), hits: options.has("--hits"))
        try Output.printResult(r, json: options.has("--json"), text: "\(game.name) level \(r.level), \(r.mode) taps: \(r.taps) in "
            + "\(Format.fixed(r.seconds, 3)) s (\(Format.fixed(r.tapsPerSecond / 1e6, 3)) M taps/s); score sum \(r.scoreSum), tick sum \(r.tickSum)")
    }
}
