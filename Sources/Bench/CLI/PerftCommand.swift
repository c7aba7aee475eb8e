import Boards
import Workbench

/// `bench perft`: leaf counts, divide, and move-generation speed on worker threads.
struct PerftCommand: TwoPlayerGameCommand {
    static let name = "perft"
    static let table: [CommandOption] = [
        .game, .int("depth", in: 0...30, required: true, help: "plies to search"),
        .flag("divide", help: "print the leaf count below each root move"), .threads(default: 1), .position,
        .flag("json", help: "print one JSON object: nodes, seconds, nodesPerSecond, ..."),
    ]
    static let help = table.help(usage: ["bench perft [--game tigers-goats] --depth N [options]"], about: """
        Counts the leaves of the legal-move tree (the last ply counted in bulk) and
        reports leaves per second.
        """, footer: ruleHelp)

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        // Depth 0 has no root moves to divide by ("moves: 0" from a position with moves).
        if options.has("--divide"), try options.int("--depth") == 0 { throw .usage("perft: --divide needs --depth 1 or more") }
        let result = PerftProfile.measure(try options.startPosition() as G, depth: try options.int("--depth"),
                                          threads: try options.int("--threads"), divide: options.has("--divide"))
        try Output.printResult(result, json: options.has("--json"), text: Self.render(result))
    }

    static func render(_ r: PerftProfile.Result) -> String {
        var lines: [String] = []
        if let divide = r.divide {
            for (move, n) in divide.sorted(by: { $0.key < $1.key }) { lines.append("\(move): \(n)") }
            lines += ["", "moves: \(divide.count)"]
        }
        let rate = r.nodesPerSecond / 1e6
        lines.append("perft \(r.game) depth \(r.depth): \(r.nodes) leaves in \(Format.fixed(r.seconds, 3)) s "
            + "(\(Format.fixed(rate, 1)) M leaves/s, \(r.threads) thread\(r.threads == 1 ? "" : "s"))")
        return lines.joined(separator: "\n")
    }
}

extension Options {
    /// The two-player position of `--position` under the game's rule options, or the
    /// start position.
    func startPosition<G: TwoPlayerWorkbenchGame>() throws(WorkbenchError) -> G {
        let rules = try rules(G.self)
        guard let text = string("--position") else { return G.start(rules) }
        do { return try G.position(parsing: text, rules: rules) } catch {
            throw .usage("\(command): bad --position: \(error.message)")
        }
    }
}
