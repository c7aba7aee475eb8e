import Boards
import Foundation
import Search

/// `bench play`: a person against an agent (or two people, or two agents) at the
/// terminal. Reads moves line by line, so it works with input piped from a file.
enum PlayCommand {
    static let declared: [String: Options.Kind] = TigersGoatsSetup.declared.merging(
        ["--game": .value, "--goats": .value, "--tigers": .value, "--player": .value, "--seed": .value,
         "--record": .value, "--color": .value],
        uniquingKeysWith: { a, _ in a })

    static let help = """
        usage: bench play [--game tigers-goats] [--goats human|SPEC] [--tigers human|SPEC] [options]
               bench play --game coin-sorter [--player human|SPEC] [--seed S] [options]

        Draws the board, reads moves in notation from stdin (one a line), and answers
        an illegal one with the legal moves. Goats in danger are shown red on a
        terminal, marked with ! otherwise. Commands: a move, `moves`, `undo` (takes
        back your last move and the agent's reply), `quit`. At the end, or on quit or
        end of input, the game is appended to the record file.
          --goats, --tigers  who plays each side (default: goats human, tigers alphabeta:depth=5)
          --player           Coin Sorter: who plays (default human)
          --seed S           agents' seed, and the Coin Sorter deal (default 1)
          --record FILE      where the game record is appended (default play-records.jsonl)
          --color on|off|auto  colour the board (default auto: when stdout is a terminal)
        \(TigersGoatsSetup.help)
        """

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "play", arguments: arguments, declared: declared)
        let seed = try options.uint64("--seed", default: 1)
        let record = options.string("--record") ?? "play-records.jsonl"
        let color: Bool
        switch options.string("--color") ?? "auto" {
        case "on": color = true
        case "off": color = false
        case "auto": color = isatty(STDOUT_FILENO) != 0
        case let other: throw UsageError("play: --color must be on, off or auto, got '\(other)'")
        }
        switch try GameChoice.from(options) {
        case .tigersGoats:
            if options.string("--player") != nil { throw UsageError("play: --player is for coin-sorter; use --goats and --tigers") }
            let specs = [options.string("--goats") ?? "human", options.string("--tigers") ?? "alphabeta:depth=5"]
            var agents: [(any TwoPlayerAgent<TigersGoats>)?] = []
            for (side, spec) in specs.enumerated() {
                if spec == "human" { agents.append(nil); continue }
                do { agents.append(try AgentFactory<TigersGoatsEvaluator>.make(spec, seed: seed &+ UInt64(side))) } catch {
                    throw UsageError("play: --\(side == 0 ? "goats" : "tigers"): \(error.message)")
                }
            }
            try playTigersGoats(start: try TigersGoatsSetup.position(options), specs: specs, agents: agents,
                                seed: seed, record: record, color: color)
        case .coinSorter:
            for name in ["--goats", "--tigers", "--position"] where options.string(name) != nil {
                throw UsageError("play: \(name) is for tigers-goats")
            }
            let spec = options.string("--player") ?? "human"
            var agent: (any PuzzleAgent<CoinSorter>)? = nil
            if spec != "human" {
                do { agent = try CoinSorterAgents.make(spec, seed: seed) } catch { throw UsageError("play: --player: \(error.message)") }
            }
            try playCoinSorter(spec: spec, agent: agent, seed: seed, record: record)
        }
    }

    // MARK: Tigers & Goats

    /// The board, rank 8 at the top; goats in danger red (or marked `!`).
    static func board(_ p: TigersGoats, color: Bool) -> String {
        let danger = p.goatsInDanger
        var lines: [String] = []
        for rank in stride(from: 7, through: 0, by: -1) {
            var row = "\(rank + 1) "
            for file in 0..<8 {
                let b: UInt64 = 1 << UInt64(rank * 8 + file)
                if p.tigers & b != 0 {
                    row += color ? " \u{1B}[1;33mT\u{1B}[0m" : " T "
                } else if p.goats & b != 0 {
                    if danger & b != 0 { row += color ? " \u{1B}[1;31mG\u{1B}[0m" : " G!" } else { row += color ? " G" : " G " }
                } else {
                    row += color ? " ." : " . "
                }
            }
            lines.append(row)
        }
        lines.append(color ? "   a b c d e f g h" : "   a  b  c  d  e  f  g  h ")
        let inDanger = danger.nonzeroBitCount
        lines.append("\(TigersGoats.sideName(p.sideToMove)) to move, goats captured \(p.captures), ply \(p.plyCount)"
            + (inDanger > 0 ? ", goats in danger: \(inDanger)" : ""))
        return lines.joined(separator: "\n")
    }

    static func playTigersGoats(start: TigersGoats, specs: [String], agents: [(any TwoPlayerAgent<TigersGoats>)?],
                                seed: UInt64, record: String, color: Bool) throws(UsageError) {
        var agents = agents
        var game = GameHistory(start)
        var times: [Double] = [], nodes: [Int] = [], playouts: [Int] = []
        var quit = false
        print(board(game.position, color: color))
        while game.outcome == nil && !quit {
            let side = Int(game.position.sideToMove.rawValue)
            let name = TigersGoats.sideName(game.position.sideToMove)
            if var agent = agents[side] {
                let t0 = Output.now()
                let r = agent.selectMove(game)
                agents[side] = agent
                guard let move = r.move else { break }
                times.append(Output.now() - t0); nodes.append(r.nodes); playouts.append(r.playouts)
                print("\(name) (\(specs[side])) play \(game.position.notation(of: move))")
                game.play(move)
                print(board(game.position, color: color))
                continue
            }
            guard let input = prompt("\(name)> ") else { quit = true; break }
            switch input {
            case "": continue
            case "quit", "exit": quit = true
            case "moves":
                print("legal moves: " + game.position.legalMoves.map(game.position.notation).sorted().joined(separator: " "))
            case "undo":
                // Take back to this side's previous turn: one ply against a person, two against an agent.
                let plies = agents[1 - side] == nil ? 1 : 2
                guard game.moves.count >= plies else { print("nothing to undo"); continue }
                // Every ply has one statistics entry (zeros for a person's moves).
                for _ in 0..<plies {
                    game.undo()
                    times.removeLast(); nodes.removeLast(); playouts.removeLast()
                }
                print(board(game.position, color: color))
            default:
                do {
                    let move = try game.position.parseMove(input)
                    game.play(move)
                    times.append(0); nodes.append(0); playouts.append(0)
                    print(board(game.position, color: color))
                } catch {
                    print("\(error.message)")
                    print("legal moves: " + game.position.legalMoves.map(game.position.notation).sorted().joined(separator: " "))
                }
            }
        }
        let outcome = game.outcome
        if let outcome { print("game over: \(TigersGoats.describe(outcome))") } else { print("game left unfinished") }
        let first = outcome?.score(for: .first)
        let r = GameRecord(index: 0, pairing: nil, pair: nil, agents: specs, sides: ["goats", "tigers"], seed: seed,
                           opening: [], moves: game.moves.map { TigersGoats().notation(of: $0) },
                           result: first.map { $0 == 1 ? "1-0" : $0 == 0 ? "0-1" : "1/2-1/2" } ?? "*",
                           outcome: outcome.map(TigersGoats.describe) ?? "unfinished", score: nil,
                           times: times, nodes: nodes, playouts: playouts)
        var saved = r
        if start != TigersGoats(rules: start.rules) { saved.start = start.text }
        try save(saved, to: record)
    }

    // MARK: Coin Sorter

    static func playCoinSorter(spec: String, agent: (any PuzzleAgent<CoinSorter>)?, seed: UInt64, record: String) throws(UsageError) {
        var agent = agent
        var referee = CoinSorterReferee(seed: seed)
        var swaps: [CoinSorter.Swap] = []
        var quit = false
        func show(_ s: CoinSorter) {
            print("   a b c d e")
            for row in 0..<5 {
                print("\(row + 1)  " + (0..<5).map { String(s.coin(at: row * 5 + $0).letter) }.joined(separator: " "))
            }
            print("turns left \(s.turnsLeft), score \(s.score)")
        }
        show(referee.state)
        while !referee.state.isOver && !quit {
            if var a = agent {
                guard let move = a.selectMove(referee.state).move else { break }
                agent = a
                print("\(spec) swaps \(referee.state.notation(of: move))")
                referee.play(move); swaps.append(move)
                show(referee.state)
                continue
            }
            guard let input = prompt("swap> ") else { quit = true; break }
            switch input {
            case "": continue
            case "quit", "exit": quit = true
            case "moves": print("any two different cells, e.g. a1:c3")
            case "undo":
                guard !swaps.isEmpty else { print("nothing to undo"); continue }
                // The referee's stream makes the game a function of the seed and the swaps.
                swaps.removeLast()
                referee = CoinSorterReferee(seed: seed)
                for s in swaps { referee.play(s) }
                show(referee.state)
            default:
                do {
                    let move = try referee.state.parseMove(input)
                    referee.play(move); swaps.append(move)
                    show(referee.state)
                } catch { print(error.message) }
            }
        }
        print(referee.state.isOver ? "game over: score \(referee.state.score)" : "game left unfinished")
        let r = GameRecord(index: 0, pairing: nil, pair: nil, agents: [spec], sides: ["player"], seed: seed, opening: [],
                           moves: swaps.map { referee.state.notation(of: $0) }, result: String(referee.state.score),
                           outcome: referee.state.isOver ? "score \(referee.state.score)" : "unfinished",
                           score: referee.state.score, times: [], nodes: [], playouts: [])
        try save(r, to: record)
    }

    /// Prints `text`, reads a line and returns it trimmed; `nil` at the end of input.
    /// Piped input is shown after the prompt, as a terminal would have echoed it.
    static func prompt(_ text: String) -> String? {
        print(text, terminator: "")
        fflush(nil)
        guard let line = readLine() else { print(""); return nil }
        let input = line.trimmingCharacters(in: .whitespaces)
        if isatty(STDIN_FILENO) == 0 { print(input) }
        return input
    }

    /// Appends the record as one JSON line.
    static func save(_ r: GameRecord, to path: String) throws(UsageError) {
        let url = URL(fileURLWithPath: path)
        do {
            let log = try GameLog(url: url)
            log.append(r)
        } catch {
            throw UsageError("play: cannot save the game record to \(path)")
        }
        print("record appended to \(path)")
    }
}
