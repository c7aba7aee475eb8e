import Boards

/// Replaying moves in notation through the engine: a `--moves` list, or a record.
/// Every move is parsed against the position it is played in, so an illegal move is
/// an error naming it and its place, never a silently different game.
public enum Replay {
    /// The two-player game after `moves` (notation) from `start`; an illegal move or
    /// a move after the end is a usage error naming it and its 1-based index.
    public static func play<G: TwoPlayerGame>(_ moves: [String], from start: G) throws(WorkbenchError) -> GameHistory<G> {
        var game = GameHistory(start)
        for (i, text) in moves.enumerated() {
            if let o = game.outcome {
                throw .usage("move \(i + 1) '\(text)': the game is already over (\(G.describe(o)))")
            }
            do { game.play(try game.position.parseMove(text)) } catch {
                throw .usage("move \(i + 1) '\(text)': \(error.message)")
            }
        }
        return game
    }

    /// The puzzle dealt by `seed` under `rules` after `moves` (notation), chance events
    /// drawn by the referee; an illegal move is a usage error naming it and its index.
    public static func play<G: PuzzleWorkbenchGame>(_ moves: [String], seed: UInt64, rules: G.Rules = G.defaultRules,
                                                    game: G.Type = G.self) throws(WorkbenchError) -> G.Referee {
        var referee = G.Referee(seed: seed, rules: rules)
        for (i, text) in moves.enumerated() {
            if referee.state.isOver { throw .usage("move \(i + 1) '\(text)': the game is already over") }
            do { referee.play(try referee.state.parseMove(text)) } catch {
                throw .usage("move \(i + 1) '\(text)': \(error.message)")
            }
        }
        return referee
    }

    /// The game a two-player record describes: its start (the record's, or the
    /// game's under `rules`), opening and moves. A record that does not replay is
    /// corrupt data: a runtime error.
    public static func game<G: TwoPlayerWorkbenchGame>(of record: GameRecord, rules: G.Rules) throws(WorkbenchError) -> GameHistory<G> {
        var start = G.start(rules)
        if let text = record.start {
            do { start = try G.position(parsing: text, rules: rules) } catch {
                throw .runtime("game \(record.index): bad start position: \(error.message)")
            }
        }
        do { return try play(record.opening + record.moves, from: start) } catch {
            throw .runtime("game \(record.index) does not replay: \(error.message)")
        }
    }

    /// The puzzle a record describes: the deal of its seed under the tournament's
    /// `rules`, and its moves.
    public static func game<G: PuzzleWorkbenchGame>(of record: GameRecord, rules: G.Rules = G.defaultRules,
                                                    game: G.Type = G.self) throws(WorkbenchError) -> G.Referee {
        do { return try play(record.moves, seed: record.seed, rules: rules, game: G.self) } catch {
            throw .runtime("game \(record.index) does not replay: \(error.message)")
        }
    }

    /// The moves of a `--moves` list: separated by commas and/or white space (blanks
    /// around a comma are allowed; a list of only blanks is no moves). An empty item (a
    /// comma at either end, or two with nothing between) is a usage error naming its
    /// place, never skipped: `b1-c2,,d4-d3` is a typo, not two moves. Without `commas`
    /// (a game whose notation holds commas: Balls!' `37@100,100`) only blanks separate.
    public static func split(_ list: String, commas: Bool = true) throws(WorkbenchError) -> [String] {
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
        guard list.contains(where: { !isBlank($0) }) else { return [] }
        guard commas else { return list.split(whereSeparator: isBlank).map(String.init) }
        var moves: [String] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let words = item.split(whereSeparator: isBlank)
            guard !words.isEmpty else { throw .usage("move \(moves.count + 1) is empty", field: "moves") }
            moves += words.map(String.init)
        }
        return moves
    }
}
