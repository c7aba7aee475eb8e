import Boards
import Search

/// `bench search`: one agent, one position: the move, value, depth, nodes and speed.
enum SearchCommand {
    static let declared: [String: Options.Kind] = TigersGoatsSetup.declared.merging(
        ["--game": .value, "--agent": .value, "--seed": .value, "--moves": .value, "--json": .flag],
        uniquingKeysWith: { a, _ in a })

    static let help = """
        usage: bench search [--game tigers-goats] --agent SPEC [--position TEXT] [--moves LIST] [--seed S] [--json]
               bench search --game coin-sorter --agent SPEC [--seed S] [--moves LIST] [--json]

        Runs one search and prints the chosen move, value, depth, nodes, playouts,
        time and principal variation. Tigers & Goats: the position after --moves
        from --position; Coin Sorter: the deal of --seed after the swaps --moves.
          --agent SPEC      e.g. alphabeta:depth=6  mcts:playouts=2000,c=1.4
                            greedy  random  expectimax:depth=2,samples=8
          --seed S          the agent's seed (and the Coin Sorter deal), default 1
          --json            print one JSON object
        \(TigersGoatsSetup.help)
        """

    struct Result: Encodable {
        let game: String
        let agent: String
        let position: String
        let move: String?
        let value: Double?
        let depth: Int
        let nodes: Int
        let playouts: Int
        let seconds: Double
        let nodesPerSecond: Double
        let playoutsPerSecond: Double
        let principalVariation: [String]
    }

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "search", arguments: arguments, declared: declared)
        let spec = try options.required("--agent")
        let seed = try options.uint64("--seed", default: 1)
        let moves = ReplayCommand.splitMoves(options.string("--moves") ?? "")
        let result: Result
        switch try GameChoice.from(options) {
        case .tigersGoats:
            let game = try ReplayCommand.play(moves, from: try TigersGoatsSetup.position(options), command: "search")
            guard game.outcome == nil else { throw UsageError("search: the game is over; nothing to search") }
            var agent: any TwoPlayerAgent<TigersGoats>
            do { agent = try AgentFactory<TigersGoatsEvaluator>.make(spec, seed: seed) } catch {
                throw UsageError("search: \(error.message)")
            }
            let r = agent.selectMove(game)
            result = summarize(r, game: TigersGoats.name, agent: spec, position: game.position.text) { game.position.notation(of: $0) }
        case .coinSorter:
            let referee = try ReplayCommand.play(moves, seed: seed, command: "search")
            guard !referee.state.isOver else { throw UsageError("search: the game is over; nothing to search") }
            var agent: any PuzzleAgent<CoinSorter>
            do { agent = try CoinSorterAgents.make(spec, seed: seed) } catch { throw UsageError("search: \(error.message)") }
            let state = referee.state
            let r = agent.selectMove(state)
            result = summarize(r, game: CoinSorter.name, agent: spec, position: state.text) { state.notation(of: $0) }
        }
        if options.has("--json") {
            print(Output.json(result))
        } else {
            print("\(result.agent) on \(result.position)")
            print("move \(result.move ?? "none"), value \(result.value.map { Output.fixed($0, 3) } ?? "-"), depth \(result.depth)")
            print("\(result.nodes) nodes, \(result.playouts) playouts in \(Output.fixed(result.seconds, 3)) s "
                + "(\(Output.fixed(result.nodesPerSecond / 1e6, 2)) M nodes/s, \(Output.fixed(result.playoutsPerSecond, 0)) playouts/s)")
            if !result.principalVariation.isEmpty { print("pv \(result.principalVariation.joined(separator: " "))") }
        }
    }

    static func summarize<M>(_ r: SearchResult<M>, game: String, agent: String, position: String, name: (M) -> String) -> Result {
        let s = max(r.seconds, 1e-9)
        return Result(game: game, agent: agent, position: position, move: r.move.map(name), value: r.value,
                      depth: r.depth, nodes: r.nodes, playouts: r.playouts, seconds: r.seconds,
                      nodesPerSecond: Double(r.nodes) / s, playoutsPerSecond: Double(r.playouts) / s,
                      principalVariation: r.principalVariation.map(name))
    }
}
