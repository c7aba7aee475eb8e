import Boards
import Workbench

/// `bench replay`: plays a list of moves and prints where they lead.
struct ReplayCommand: GameCommand {
    static let name = "replay"
    static let table: [CommandOption] = [
        .game, .text("moves", "LIST", default: "", shown: "none", help: "the moves to play (may be empty)"), .position,
        CommandOption.seed(help: "puzzles: the deal and refill stream").only(.puzzles), .json,
    ]

    static let help = table.help(usage: [
        #"bench replay [--game tigers-goats] [--position TEXT] --moves "b1-c2,d4-d7" [--json]"#,
        #"bench replay --game coin-sorter --seed S --moves "a1:c3,b2:b4" [--json]"#,
        #"bench replay --game balls --level L --seed S --moves "t@x,y" [--json]"#,
    ], about: """
        Plays the moves (separated by commas or spaces) and prints the final position
        text; for a two-player game also the outcome once the game is over (threefold
        repetition included), for a puzzle the score (Balls!: also the tick the level
        ended, `ticks`, and whether it passed, `passed`).
        """, footer: ruleHelp)

    struct TwoPlayerResult: Encodable {
        let game, position: String
        let plies: Int
        let sideToMove: String
        let outcome: String?
    }

    /// A puzzle's result: fixed keys, `passed` for a game with a pass target, and the
    /// game's own measures (Balls!' `ticks`) as keys beside them.
    struct PuzzleResult: Encodable {
        let game: String
        let seed: UInt64
        let position: String
        let score: Int
        let over: Bool
        let passed: Bool?
        let measures: [(name: String, value: Int)]

        func encode(to encoder: any Encoder) throws {
            typealias Key = JSON.Key
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(game, forKey: Key("game"))
            try c.encode(seed, forKey: Key("seed"))
            try c.encode(position, forKey: Key("position"))
            try c.encode(score, forKey: Key("score"))
            try c.encode(over, forKey: Key("over"))
            try c.encodeIfPresent(passed, forKey: Key("passed"))
            for m in measures { try c.encode(m.value, forKey: Key(m.name)) }
        }
    }

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let start: G = try options.startPosition()
        let history = try Replay.play(G.splitMoves(try options.text("--moves")), from: start)
        let p = history.position
        let outcome = history.outcome.map(G.describe)
        if options.has("--json") {
            try Output.printJSON(TwoPlayerResult(game: G.name, position: p.text, plies: history.moves.count,
                                                 sideToMove: G.sideName(p.sideToMove), outcome: outcome))
        } else {
            print(p.text)
            if let outcome { print("outcome: \(outcome)") }
        }
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        let seed = try options.uint64("--seed")
        let rules = try options.rules(G.self)
        let referee = try Replay.play(G.splitMoves(try options.text("--moves")), seed: seed, rules: rules, game: G.self)
        let s = referee.state
        // Passing is decided at the end; before it, the deal has not passed (yet).
        let passed = G.passed(score: s.score, rules: rules).map { $0 && s.isOver }
        let measures = G.measures(s)
        if options.has("--json") {
            try Output.printJSON(PuzzleResult(game: G.name, seed: seed, position: s.text, score: s.score, over: s.isOver,
                                              passed: passed, measures: measures))
        } else {
            print(s.text)
            let facts = measures.map { ", \($0.name): \($0.value)" }.joined() + (passed.map { ", passed: \($0 ? "yes" : "no")" } ?? "")
            print("score: \(s.score)\(facts)\(s.isOver ? " (game over)" : "")")
        }
    }
}
