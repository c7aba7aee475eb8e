import Boards
import Foundation
import Search
import Workbench

/// `bench play`: a person against an agent (or two people, or two agents) at the
/// terminal. Reads moves line by line, so it works with input piped from a file.
struct PlayCommand: GameCommand {
    static let name = "play"
    /// The options; a two-player game adds one per side (``sides(_:)``).
    static let table: [CommandOption] = [
        .game, .text("player", "human|SPEC", default: "human", games: .puzzles,
                     help: "puzzles: who plays; `oracle` reads the referee's future draws (a ceiling, not a real agent)"),
        .seed(help: "agents' seed, and a puzzle's deal"),
        .text("record", "FILE", default: "play-records.jsonl", help: "where the game record is appended"),
        CommandOption("color", .choice(["on", "off", "auto"]), "on|off|auto", default: .text("auto"), shown: "auto: when stdout is a terminal",
                      games: .twoPlayer, help: "two-player games: colour the board"),
        .position, .agentFile,
    ]
    /// Who plays each side of a two-player game: `--goats`, `--tigers`, ...
    static func sides<G: TwoPlayerWorkbenchGame>(_ game: G.Type) -> [CommandOption] {
        G.sideNames.enumerated().map { .text($1, "human|SPEC", default: $0 == 0 ? "human" : "alphabeta:depth=5", help: "who plays") }
    }

    static let help = table.help(usage: [
        "bench play [--game tigers-goats] [--goats human|SPEC] [--tigers human|SPEC] [options]",
        "bench play --game coin-sorter [--player human|SPEC] [--seed S] [options]",
        "bench play --game balls [--level L] [--player human|SPEC] [--seed S] [options]",
    ], about: """
        Draws the board, reads moves in notation from stdin (one a line), and answers
        an illegal one with the legal moves. Goats in danger are shown red on a
        terminal; otherwise Tigers & Goats marks them with ! and Bagh-Chal lists
        them under the board. Commands: a move, `moves`, `undo` (takes
        back your last move and the agent's reply), `quit`; Balls!: `show T` draws the
        field at tick T before you tap. At the end, or on quit or
        end of input, the game is appended to the record file.
        """, footer: CommandOption.helpLine("--SIDE human|SPEC", """
            two-player games: who plays each side, named by the game's sides (--goats, --tigers; default: first side \
            human, second side alphabeta:depth=5)
            """) + "\n" + ruleHelp)

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, options: Self.table + Self.sides(G.self), game: G.self)
        let seed = try options.uint64("--seed")
        let color = try Self.color(options)
        let specs = try G.sideNames.map { side throws(WorkbenchError) in try options.text("--" + side) }
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: try options.rules(G.self))
        var agents = try specs.enumerated().map { side, spec throws(WorkbenchError) -> (any TwoPlayerAgent<G>)? in
            guard spec != "human" else { return nil }
            do throws(WorkbenchError) { return try catalog.checkedMake(spec, seed: seed &+ UInt64(side)) } catch {
                throw error.prefixed("--\(G.sideNames[side])")
            }
        }
        let start: G = try options.startPosition()
        let log = try Self.openRecord(options)
        var game = GameHistory(start)
        var played = Match.Moves()
        print(G.board(game.position, color: color))
        turns: while game.outcome == nil {
            let side = Int(game.position.sideToMove.rawValue)
            let name = G.sideName(game.position.sideToMove)
            if var agent = agents[side] {
                let move = try Match.move(&game, by: &agent, name: specs[side], record: &played)
                agents[side] = agent
                // No move: the agent misbehaved and forfeits (`played.failure` says why).
                guard move != nil else { break }
                print("\(name) (\(specs[side])) play \(played.moves.last!)")
                print(G.board(game.position, color: color))
                continue
            }
            guard let input = Self.prompt("\(name)> ") else { break }
            switch input {
            case "": continue
            case "quit", "exit": break turns
            case "moves":
                print("legal moves: " + game.position.legalMoves.map(game.position.notation).sorted().joined(separator: " "))
            case "undo":
                // Take back to this side's previous turn: one ply against a person, two against an agent.
                let plies = agents[1 - side] == nil ? 1 : 2
                guard game.moves.count >= plies else { print("nothing to undo"); continue }
                for _ in 0..<plies {
                    game.undo()
                    played.removeLast()
                }
                print(G.board(game.position, color: color))
            default:
                do {
                    let move = try game.position.parseMove(input)
                    played.appendPersonMove(game.position.notation(of: move))
                    game.play(move)
                    print(G.board(game.position, color: color))
                } catch {
                    print("\(error.message)")
                    print("legal moves: " + game.position.legalMoves.map(game.position.notation).sorted().joined(separator: " "))
                }
            }
        }
        // An agent that misbehaved lost: it was the side to move.
        let forfeit = played.failure
        let outcome = forfeit == nil ? game.outcome : .win(game.position.sideToMove.opponent)
        Match.tellEnd(game, agents: agents, failure: forfeit)
        if let forfeit { print("\(G.sideName(game.position.sideToMove)) forfeit (\(forfeit.termination.rawValue)): \(forfeit.reason)") }
        if let outcome { print("game over: \(G.describe(outcome))") } else { print("game left unfinished") }
        var record = GameRecord(index: 0, agents: specs, sides: G.sideNames, seed: seed, moves: played.moves,
                                result: outcome.map(GameResult.init) ?? .unfinished,
                                outcome: outcome.map(G.describe) ?? "unfinished", times: played.times, nodes: played.nodes,
                                playouts: played.playouts, start: start != G.start(try options.rules(G.self)) ? start.text : nil)
        record.failure = forfeit
        try Self.save(record, to: log)
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let seed = try options.uint64("--seed")
        let spec = try options.text("--player")
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: try options.rules(G.self))
        var agent: (any PuzzleAgent<G>)? = nil
        if spec != "human" {
            do { agent = try catalog.checkedMake(spec, seed: seed) } catch { throw error.prefixed("--player") }
            if agent?.readsReferee == true { print("note: \(Clairvoyance.notice(spec))") }
        }
        let log = try Self.openRecord(options)
        let rules = try options.rules(G.self)
        var referee = G.Referee(seed: seed, rules: rules)
        var played = Match.Moves()
        print(G.board(referee.state))
        turns: while !referee.state.isOver {
            if var a = agent {
                let move = try Match.move(&referee, by: &a, name: spec, record: &played)
                agent = a
                if move == nil, let f = played.failure { print("forfeit (\(f.termination.rawValue)): \(f.reason)"); break }
                print("\(spec) plays \(played.moves.last!)")
                print(G.board(referee.state))
                continue
            }
            guard let input = Self.prompt("move> ") else { break }
            switch input {
            case "": continue
            case "quit", "exit": break turns
            case "moves":
                let moves = referee.state.legalMoves
                print(moves.isEmpty ? "moves are too many to list: \(G.moveSummary)"
                    : "legal moves: " + moves.map(referee.state.notation).joined(separator: " "))
            case "undo":
                guard !played.moves.isEmpty else { print("nothing to undo"); continue }
                // The referee's stream makes the game a function of the seed and the moves.
                played.removeLast()
                do { referee = try Replay.play(played.moves, seed: seed, rules: rules, game: G.self) } catch {
                    throw .runtime("play: \(error.message)")
                }
                print(G.board(referee.state))
            default:
                do {
                    if let view = try G.view(referee.state, command: input) {
                        print(view)
                        continue
                    }
                    let move = try referee.state.parseMove(input)
                    played.appendPersonMove(referee.state.notation(of: move))
                    referee.play(move)
                    print(G.board(referee.state))
                } catch { print(error.message) }
            }
        }
        let s = referee.state
        Match.tellEnd(s, agent: agent, failure: played.failure)
        // A deal failed by the agent's misbehaviour scores 0.
        let failed = played.failure != nil
        let over = s.isOver || failed, score = failed ? 0 : s.score
        let passed = over ? G.passed(score: score, rules: rules).map { $0 ? " (passed)" : " (not passed)" } ?? "" : ""
        print(over ? "game over: score \(score)\(passed)" : "game left unfinished")
        var record = GameRecord(index: 0, agents: [spec], sides: ["player"], seed: seed, moves: played.moves,
                                result: over ? .score(score) : .unfinished,
                                outcome: over ? "score \(score)" : "unfinished", times: played.times,
                                nodes: played.nodes, playouts: played.playouts)
        record.failure = played.failure
        if over { record.passed = G.passed(score: score, rules: rules) }
        try Self.save(record, to: log)
    }

    static func color(_ options: Options) throws(WorkbenchError) -> Bool {
        switch try options.text("--color") {
        case "on": return true
        case "off": return false
        default: return isatty(STDOUT_FILENO) != 0
        }
    }

    /// Opens the record file before the game, so a bad path fails at once. A file of a
    /// run's folder, or one that is not a log of records, is never appended to.
    static func openRecord(_ options: Options) throws(WorkbenchError) -> RecordLog {
        let path = try options.text("--record")
        let url = URL(fileURLWithPath: path)
        if let run = RunLayout.run(in: url.deletingLastPathComponent()) {
            throw .usage("play: --record: \(path) is in the folder of a \(run); records of play go elsewhere")
        }
        // A file of records is read as every log is (a FIFO or the like is refused below, unread).
        if (try? RegularFile.exists(path)) == true {
            do { try RecordLog.scan(url) { _, _ in } } catch {
                throw .usage("play: --record: \(path) is not a file of game records (\(error.detail)); "
                             + "records of play go into such a file or a new one")
            }
        }
        do { return try RecordLog(appendingTo: url) } catch {
            throw .runtime("play: cannot save game records to \(path): \(error.message)")
        }
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
    static func save(_ r: GameRecord, to log: RecordLog) throws(WorkbenchError) {
        try log.append(r)
        print("record appended to \(log.url.path)")
    }
}
