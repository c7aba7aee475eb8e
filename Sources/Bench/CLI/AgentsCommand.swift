import Search
import Workbench

/// `bench agents`: every agent kind of every game (or of one), with its parameters'
/// types, ranges, defaults and help, and the game's own description — what a UCI
/// engine's option list is, read from the same declarations parsing uses.
enum AgentsCommand: Subcommand {
    static let name = "agents"
    static let table: [CommandOption] = [
        .text("game", "NAME", shown: "every game", help: "the game: \(GameRegistry.names)"), .json, .agentFile,
    ]
    static let help = table.help(usage: ["bench agents [--game NAME] [--json] [--agent-file FILE]"], about: """
        Lists each game (players, chance, moves, rule options) and the agent kinds it
        offers, each parameter with its type, range, default and help, and the weights
        w.NAME=value sets, with their defaults. --json prints one JSON object:
        {"games": [{"name", "title", "players", "chance", "moves", "rules", "agents"}]}.
        With --agent-file, the file's agents too (started once each to learn their options).
        """)

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try parse(arguments)
        let games: [any WorkbenchGame.Type]
        do { games = try options.string("--game").map { name throws(WorkbenchError) in [try GameRegistry.game(named: name)] } ?? GameRegistry.games }
        catch { throw error.prefixed(name) }
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let external = agentFile.external?.definitions.map(\.description) ?? []
        let listed = games.map { GameListing($0, external: external) }
        try Output.printResult(["games": listed], json: options.has("--json"), text: listed.map(\.text).joined(separator: "\n\n"))
    }
}

/// One game as `bench agents` lists it.
struct GameListing: Encodable {
    let name, title: String
    let players: Int
    let chance, moves: String
    let rules: [Parameter]
    let agents: [AgentDescription]

    init(_ game: any WorkbenchGame.Type, external: [AgentDescription] = []) {
        let d = game.gameDescription
        name = d.name
        title = d.title
        players = d.players
        chance = d.chance.rawValue
        moves = d.moves
        rules = d.rules
        agents = game.agentDescriptions + external
    }

    var text: String {
        var lines = ["\(title) (--game \(name)): \(players == 1 ? "one player" : "two players"), chance: \(chance); a move is \(moves)"]
        for p in rules {
            lines.append("  rule --\(p.name) \(p.typeName) \(p.rangeText), default \(p.defaultValue.map { "\($0)" } ?? "none"): \(p.help)")
        }
        lines.append("agents:")
        lines += agents.map { $0.help.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
        return lines.joined(separator: "\n")
    }
}
