import Boards

/// Checks the records of a log against the tournament they claim to belong to, so a
/// damaged, duplicated, foreign or impossible record is an error naming its line,
/// never a game counted that did not happen.
///
/// A record must have an index in the schedule, seen once; the agents, sides, seeds
/// and opening that index implies; one time, node and playout count per move; and
/// moves that replay through the engine to the result it claims.
public enum RecordCheck {
    /// Checks two-player records (in file order, line 1 first) of `file`'s tournament.
    public static func validate<G: TwoPlayerWorkbenchGame>(
        _ records: [GameRecord], file: TournamentFile<G.Rules>, game: G.Type, source: String
    ) throws(WorkbenchError) {
        let config = file.config
        var seen = Set<Int>()
        var openings: [Int: [String]] = [:]
        for (line, r) in records.enumerated() {
            func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line + 1) (game \(r.index)): \(what)") }
            try common(r, total: config.totalGames, seen: &seen, fail: fail)
            let q = r.index / config.games, k = (r.index % config.games) / 2
            let (a, b) = config.pairings[q]
            let order = r.index % 2 == 0 ? [a, b] : [b, a]
            guard r.pairing == q, r.pair == k else { throw fail("pairing \(r.pairing.map(String.init) ?? "none"), pair \(r.pair.map(String.init) ?? "none") should be \(q), \(k)") }
            guard r.agents == order.map({ config.agents[$0] }) else { throw fail("agents \(r.agents) are not this game's (\(order.map { config.agents[$0] }))") }
            guard r.sides == G.sideNames else { throw fail("sides \(r.sides) should be \(G.sideNames)") }
            guard r.seed == config.derivedSeed(2, r.index) else { throw fail("seed \(r.seed) is not this tournament's (another --seed?)") }
            guard r.start == nil else { throw fail("a tournament game starts from the start position") }
            if openings[k] == nil {
                var p = G.start(file.rules), texts: [String] = []
                for m in Tournament<G>.opening(pair: k, config: config, rules: file.rules) {
                    texts.append(p.notation(of: m))
                    p.play(m)
                }
                openings[k] = texts
            }
            guard r.opening == openings[k] else { throw fail("opening \(r.opening) is not pair \(k)'s") }
            let replayed: GameHistory<G>
            do { replayed = try Replay.game(of: r, rules: file.rules) } catch { throw fail(error.message) }
            guard let outcome = replayed.outcome else { throw fail("the moves stop before the game is over") }
            guard GameResult(outcome) == r.result else { throw fail("result \(r.result.text) but the moves end in \(G.describe(outcome))") }
        }
    }

    /// Checks puzzle records (in file order) of `config`'s tournament.
    public static func validate<G: PuzzleWorkbenchGame>(
        _ records: [GameRecord], config: TournamentConfig, game: G.Type, source: String
    ) throws(WorkbenchError) {
        var seen = Set<Int>()
        for (line, r) in records.enumerated() {
            func fail(_ what: String) -> WorkbenchError { .runtime("\(source) line \(line + 1) (game \(r.index)): \(what)") }
            try common(r, total: config.totalGames, seen: &seen, fail: fail)
            let agent = config.agents[r.index % config.agents.count]
            guard r.agents == [agent] else { throw fail("agents \(r.agents) should be [\(agent)]") }
            guard r.seed == config.seed &+ UInt64(r.index / config.agents.count) else {
                throw fail("seed \(r.seed) is not this deal's (another --seed?)")
            }
            let referee: G.Referee
            do { referee = try Replay.game(of: r, game: G.self) } catch { throw fail(error.message) }
            guard referee.state.isOver else { throw fail("the moves stop before the game is over") }
            guard r.result == .score(referee.state.score) else {
                throw fail("result \(r.result.text) but the moves score \(referee.state.score)")
            }
        }
    }

    /// What every record needs: an index in the schedule, seen once, a finished
    /// result, and one time, node and playout count per move.
    static func common(_ r: GameRecord, total: Int, seen: inout Set<Int>,
                       fail: (String) -> WorkbenchError) throws(WorkbenchError) {
        guard (0..<total).contains(r.index) else { throw fail("index \(r.index) is outside the schedule 0..<\(total)") }
        guard seen.insert(r.index).inserted else { throw fail("game \(r.index) is recorded twice") }
        guard r.result != .unfinished else { throw fail("the game is unfinished") }
        guard r.times.count == r.moves.count, r.nodes.count == r.moves.count, r.playouts.count == r.moves.count else {
            throw fail("\(r.moves.count) moves but \(r.times.count) times, \(r.nodes.count) node and \(r.playouts.count) playout counts")
        }
    }
}
