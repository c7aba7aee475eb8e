import Boards
import Search
import Workbench

/// `bench search`: one agent, one position: the move, value, depth, nodes and speed.
struct SearchCommand: GameCommand {
    static let name = "search"
    static let table: [CommandOption] = [
        .game, .text("agent", "SPEC", required: true, help: "e.g. alphabeta:depth=6 mcts:playouts=2000,c=1.4 greedy random "
                      + "expectimax:depth=2,samples=8 oracle:beam=1000 (Coin Sorter; reads the referee's future draws: a ceiling, "
                      + "not a real agent)"),
        .position, .text("moves", "LIST", default: "", shown: "none", help: "the moves played before the search"),
        .seed(help: "the agent's seed (and a puzzle's deal)"), .json, .agentFile,
    ]

    static let help = table.help(usage: [
        "bench search [--game tigers-goats] --agent SPEC [--position TEXT] [--moves LIST] [--seed S] [--json]",
        "bench search --game coin-sorter --agent SPEC [--seed S] [--moves LIST] [--json]",
    ], about: """
        Runs one search and prints the chosen move, value, depth, nodes, playouts,
        time and principal variation. Two-player games: the position after --moves
        from --position; puzzles: the deal of --seed after the moves --moves.
        """, footer: ruleHelp)

    struct Report: Encodable {
        let game, agent, position: String
        let move: String?
        let value: Double?
        let depth, nodes, playouts: Int
        let seconds, nodesPerSecond, playoutsPerSecond: Double
        let principalVariation: [String]
        /// Set for an agent that reads the referee: it saw the future draws.
        var note: String? = nil
    }

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let history = try Replay.play(G.splitMoves(try options.text("--moves")), from: try options.startPosition() as G)
        guard history.outcome == nil else { throw Self.over }
        let p = history.position
        try search(G.self, options, position: p.text, notation: { p.notation(of: $0) }) { agent in (agent.selectMove(history), false) }
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let referee = try Replay.play(G.splitMoves(try options.text("--moves")), seed: try options.uint64("--seed"),
                                      rules: try options.rules(G.self), game: G.self)
        guard !referee.state.isOver else { throw Self.over }
        let state = referee.state
        try search(G.self, options, position: state.text, notation: { state.notation(of: $0) }) { agent in
            (Match.selectMove(&agent, referee: referee), agent.readsReferee)
        }
    }

    static let over = WorkbenchError.usage("search: the game is over; nothing to search")

    /// Makes the agent of `--agent` (with `--agent-file`'s), lets `select` search with it
    /// and prints the result; `select` also says whether the agent read the referee.
    func search<G: WorkbenchGame, M>(_ game: G.Type, _ options: Options, position: String, notation: (M) -> String,
                                     select: (inout G.Agent) -> (SearchResult<M>, readsReferee: Bool)) throws(WorkbenchError) {
        let spec = try options.text("--agent")
        let seed = try options.uint64("--seed")
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: try options.rules(G.self))
        var agent = try catalog.checkedMake(spec, seed: seed)
        let (r, readsReferee) = select(&agent)
        try Self.check(r, agent: agent, spec: spec)
        var report = Self.summarize(r, game: G.name, agent: spec, position: position, name: notation)
        if readsReferee { report.note = Clairvoyance.notice(spec) }
        try show(report, options)
    }

    /// An external agent that misbehaved gave no move: a runtime error saying why.
    static func check<M>(_ r: SearchResult<M>, agent: Any, spec: String) throws(WorkbenchError) {
        if r.move == nil, let failure = (agent as? any FailureReporting)?.failure {
            let tail = failure.stderr.last.map { " (stderr: \($0))" } ?? ""
            throw .runtime("search: agent '\(spec)' failed (\(failure.termination.rawValue)): \(failure.reason)\(tail)")
        }
    }

    func show(_ result: Report, _ options: Options) throws(WorkbenchError) {
        if options.has("--json") {
            try Output.printJSON(result)
        } else {
            if let note = result.note { print("note: \(note)") }
            print("\(result.agent) on \(result.position)")
            print("move \(result.move ?? "none"), value \(result.value.map { Format.fixed($0, 3) } ?? "-"), depth \(result.depth)")
            print("\(result.nodes) nodes, \(result.playouts) playouts in \(Format.fixed(result.seconds, 3)) s "
                + "(\(Format.fixed(result.nodesPerSecond / 1e6, 2)) M nodes/s, \(Format.fixed(result.playoutsPerSecond, 0)) playouts/s)")
            if !result.principalVariation.isEmpty { print("pv \(result.principalVariation.joined(separator: " "))") }
        }
    }

    static func summarize<M>(_ r: SearchResult<M>, game: String, agent: String, position: String, name: (M) -> String) -> Report {
        let s = max(r.seconds, 1e-9)
        return Report(game: game, agent: agent, position: position, move: r.move.map(name), value: r.value,
                      depth: r.depth, nodes: r.nodes, playouts: r.playouts, seconds: r.seconds,
                      nodesPerSecond: Double(r.nodes) / s, playoutsPerSecond: Double(r.playouts) / s,
                      principalVariation: r.principalVariation.map(name))
    }
}
