import Foundation
import Search
import Workbench

/// `--agent-file FILE`: agents in any language, speaking the agent protocol
/// (docs/protocol.md), joined to a game's catalog so their names are specs like the
/// built-in ones. Every command that takes agent specs takes it, any number of times:
/// the agents of all the files are available (a name defined in two is a usage error).
struct AgentFileOption {
    static let name = "--agent-file"

    /// The agents of the files, started once each to learn their options; `nil` without the option.
    let external: ExternalAgents?
    /// The files, as given, in order.
    let paths: [String]

    /// Reads `--agent-file` of `options`; a bad file or agent is a usage error (exit 2)
    /// naming the command, before any game.
    init(_ options: Options) throws(WorkbenchError) {
        paths = options.lines(Self.name)
        for path in paths where path.hasPrefix("--") || path.isEmpty {
            throw .usage("\(options.command): option \(Self.name) needs a file, got '\(path)'")
        }
        guard !paths.isEmpty else { external = nil; return }
        do { external = try ExternalAgents.load(paths) } catch { throw error.prefixed(options.command) }
    }

    /// Checks, without starting their agents, that the files `options` names are there
    /// (`bench cluster`: the agents start in the jobs, where their programs run); whether
    /// any is named.
    static func checkPresent(_ options: Options) throws(WorkbenchError) -> Bool {
        let paths = options.lines(name)
        for path in paths where try !RegularFile.exists(path) { throw ExternalAgents.missingFile(path) }
        return !paths.isEmpty
    }

    /// The game's catalog with the file's agents, playing under `rules`.
    func catalog<G: WorkbenchGame>(_ game: G.Type, rules: G.Rules) throws(WorkbenchError) -> AgentCatalog<G.Agent> {
        var catalog = G.agentCatalog
        try external?.register(G.self, in: &catalog, rules: rules)
        return catalog
    }

    /// Ends the agents' processes (`quit`, then killed).
    func close() { external?.close() }
}

/// `bench serve`: a built-in agent spoken over the agent protocol on standard input
/// and output.
struct ServeCommand: GameCommand, UniformGameVisitor {
    static let name = "serve"
    static let table: [CommandOption] = [.game, .text("agent", "SPEC", required: true, help: "the agent to serve")]
    static let help = table.help(usage: ["bench serve [--game tigers-goats] --agent SPEC"], about: """
        Speaks the agent protocol (docs/protocol.md) on standard input and output for
        the agent SPEC of the game: put it in an agents file to play a built-in agent as
        an external process, or use it as a reference for writing your own. Its options
        are the kind's settings and weights (the spec's values their defaults); a go
        without a budget searches with the spec's budget. Ends at quit or end of input.
        """)

    let arguments: [String]

    func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        var server = try AgentServer(spec: G.agentCatalog.checkedSpec(try Self.parse(arguments).text("--agent")), catalog: G.agentCatalog)
        try server.run(game: G.self, input: { readLine() }, output: Self.write)
    }

    /// Writes the lines of one reply and flushes once.
    static func write(_ lines: [String]) {
        print(lines.joined(separator: "\n"))
        fflush(nil)
    }
}
