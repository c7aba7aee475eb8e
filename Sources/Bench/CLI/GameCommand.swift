import Workbench

/// A command whose options are declared once, in a table of ``CommandOption``s, from
/// which its parser, its range checks, its reads' defaults and its `--help` come.
protocol OptionTable {
    /// The command's name, e.g. `perft`.
    static var name: String { get }
    /// Its options (a game command's games add their rule options).
    static var table: [CommandOption] { get }
}

extension OptionTable {
    /// `arguments` parsed against the table.
    static func parse(_ arguments: [String]) throws(WorkbenchError) -> Options {
        try Options(command: name, arguments: arguments, options: table)
    }

    /// `arguments` parsed against the options `game` takes and its rule options.
    static func parse<G: WorkbenchGame>(_ arguments: [String], _ game: G.Type) throws(WorkbenchError) -> Options {
        try Options(command: name, arguments: arguments, options: table, game: G.self)
    }
}

/// A command that works on one game: the registry's game (from `--game`, default the
/// first) is handed to it as a type, so the command is generic and never switches on
/// a game's name.
protocol GameCommand: GameVisitor, Subcommand where Result == Void {
    init(arguments: [String])
}

/// A game command for two-player games only (`perft`, `playouts`, `benchmark`): a puzzle
/// is refused with the same line in each.
protocol TwoPlayerGameCommand: GameCommand {}

extension TwoPlayerGameCommand {
    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        throw .usage("\(G.name) is a one-player puzzle: \(Self.name) is for two-player games")
    }
}

extension GameCommand {
    /// Picks the game from `--game` and runs the command for it. Every error is prefixed
    /// with the command's name here, once, so the command's own code does not repeat it.
    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do { try GameRegistry.dispatch(Options.gameName(in: arguments), to: Self(arguments: arguments)) } catch {
            throw error.prefixed(name)
        }
    }

    /// The help lines of every game's rule options; an option that several games share
    /// with the same help is one line naming them all.
    static var ruleHelp: String {
        var lines: [(usage: String, help: String, games: [String])] = []
        for game in GameRegistry.games {
            for p in game.ruleParameters {
                let option = CommandOption.rule(p), usage = option.flag + (option.form == .flag ? "" : " " + option.placeholder)
                let help = p.help + (p.kind == .flag ? "" : p.defaultValue.map { " (default \($0))" } ?? "")
                if let i = lines.firstIndex(where: { $0.usage == usage && $0.help == help }) {
                    lines[i].games.append(game.name)
                } else {
                    lines.append((usage, help, [game.name]))
                }
            }
        }
        return lines.map { CommandOption.helpLine($0.usage, $0.help + " (\($0.games.joined(separator: ", ")))") }.joined(separator: "\n")
    }
}
