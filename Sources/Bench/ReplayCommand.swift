import Boards

/// `bench replay`: plays a list of moves and prints where they lead.
enum ReplayCommand {
    static let declared: [String: Options.Kind] = TigersGoatsSetup.declared.merging(
        ["--game": .value, "--moves": .value, "--seed": .value, "--json": .flag],
        uniquingKeysWith: { a, _ in a })

    static let help = """
        usage: bench replay --game tigers-goats [--position TEXT] --moves "b1-c2,d4-d7" [--json]
               bench replay --game coin-sorter --seed S --moves "a1:c3,b2:b4" [--json]

        Plays the moves (separated by commas or spaces) and prints the final position
        text; for Tigers & Goats also the outcome once the game is over (threefold
        repetition included), for Coin Sorter the turns left and the score.
          --moves LIST      the moves to play (may be empty)
          --seed S          Coin Sorter: the deal and refill stream (default 1)
          --json            print one JSON object
        Tigers & Goats only:
        \(TigersGoatsSetup.help)
        """

    struct TigersGoatsResult: Encodable {
        let game: String
        let position: String
        let plies: Int
        let sideToMove: String
        let captures: Int
        let outcome: String?
    }

    struct CoinSorterResult: Encodable {
        let game: String
        let seed: UInt64
        let position: String
        let turnsLeft: Int
        let score: Int
        let over: Bool
    }

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "replay", arguments: arguments, declared: declared)
        let moves = splitMoves(options.string("--moves") ?? "")
        switch try GameChoice.from(options) {
        case .tigersGoats:
            if options.string("--seed") != nil { throw UsageError("replay: --seed is for coin-sorter; tigers-goats has no chance") }
            let game = try play(moves, from: try TigersGoatsSetup.position(options), command: "replay")
            let p = game.position
            let outcome = game.outcome.map(TigersGoats.describe)
            if options.has("--json") {
                print(Output.json(TigersGoatsResult(game: TigersGoats.name, position: p.text, plies: game.moves.count,
                                                    sideToMove: TigersGoats.sideName(p.sideToMove),
                                                    captures: p.captures, outcome: outcome)))
            } else {
                print(p.text)
                if let outcome { print("outcome: \(outcome)") }
            }
        case .coinSorter:
            for name in ["--position", "--ply-limit", "--long-range"] where options.string(name) != nil || options.has(name) {
                throw UsageError("replay: \(name) is for tigers-goats; a coin-sorter game is set by --seed")
            }
            let seed = try options.uint64("--seed", default: 1)
            let referee = try play(moves, seed: seed, command: "replay")
            let s = referee.state
            if options.has("--json") {
                print(Output.json(CoinSorterResult(game: CoinSorter.name, seed: seed, position: s.text,
                                                   turnsLeft: s.turnsLeft, score: s.score, over: s.isOver)))
            } else {
                print(s.text)
                print("turns left: \(s.turnsLeft), score: \(s.score)\(s.isOver ? " (game over)" : "")")
            }
        }
    }

    /// The Tigers & Goats game after `moves` from `start`; a bad move is an error
    /// naming it and its 1-based index (also for `bench search`).
    static func play(_ moves: [String], from start: TigersGoats, command: String) throws(UsageError) -> GameHistory<TigersGoats> {
        var game = GameHistory(start)
        for (i, text) in moves.enumerated() {
            if let o = game.outcome {
                throw UsageError("\(command): move \(i + 1) '\(text)': the game is already over (\(TigersGoats.describe(o)))")
            }
            do { game.play(try game.position.parseMove(text)) } catch {
                throw UsageError("\(command): move \(i + 1) '\(text)': \(error.message)")
            }
        }
        return game
    }

    /// The Coin Sorter game of `seed` after the swaps `moves`, refills from the referee.
    static func play(_ moves: [String], seed: UInt64, command: String) throws(UsageError) -> CoinSorterReferee {
        var referee = CoinSorterReferee(seed: seed)
        for (i, text) in moves.enumerated() {
            do { referee.play(try referee.state.parseMove(text)) } catch {
                throw UsageError("\(command): move \(i + 1) '\(text)': \(error.message)")
            }
        }
        return referee
    }

    /// The moves of a `--moves` list: separated by commas and/or spaces.
    static func splitMoves(_ list: String) -> [String] {
        list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }
}
