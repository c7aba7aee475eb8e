import Boards
import Search

/// How a game's tournaments are played: the one thing that differs between a
/// two-player game and a puzzle, so that ``Tournament``, ``Entrant``, ``RecordCheck``
/// and the tuner's games are each one generic type (OpenSpiel's `evaluate_bots`
/// plays either kind of game the same way).
///
/// A tournament is a schedule of games, each a pure function of the configuration
/// and its index. The format says what game `index` is and what its record must say;
/// the schedule itself (``TournamentConfig/Schedule``) says how many games there are
/// and which units a shard never splits. Two formats exist, one per kind of game:
/// ``ColourSwappedPairs`` and ``SharedDeals``.
public protocol MatchFormat: Sendable {
    associatedtype Game: WorkbenchGame
    /// What `bench serve` keeps of the game asked about between requests.
    associatedtype Served: ServedGame where Served.Game == Game

    /// The schedule of a tournament of this format: with `openingPlies` random plies
    /// before each game pair and, `gauntlet`, the first agent against the others only
    /// (both only for two-player games, and refused for puzzles by ``TournamentConfig/problem``).
    static func schedule(openingPlies: Int, gauntlet: Bool) -> TournamentConfig.Schedule

    /// The games per pairing (deals, for a puzzle) of one unit of the schedule, the
    /// unit a tuning batch counts: 2 for a game pair, 1 for a deal.
    static var gamesPerUnit: Int { get }

    /// The score of the agent named `agent` in `record`: 1, ½ or 0 in a finished
    /// two-player game; a puzzle deal's points when the agent played it; `nil` otherwise.
    static func score(of agent: String, in record: GameRecord) -> Double?

    /// Plays game `index` of `tournament`'s schedule: a function of the configuration,
    /// the rules and `index` alone.
    static func play(_ index: Int, in tournament: Tournament<Game>) throws(WorkbenchError) -> GameRecord

    /// Checks what the schedule implies for `record`'s index (agents, sides, seeds, the
    /// opening) and that its moves replay to the result it claims; `opening` keeps
    /// the last opening computed between calls. The checks every record needs
    /// (``RecordCheck``) come first.
    static func check(_ record: GameRecord, file: TournamentFile<Game.Rules>, opening: inout (pair: Int, texts: [String])?,
                      fail: (String) -> WorkbenchError) throws(WorkbenchError)

    /// An agent of an agents file (`--agent-file`) playing under `rules`, which it is
    /// told as `rulesText` (their JSON).
    static func externalAgent(_ definition: ExternalAgentDefinition, spec: AgentSpec, seed: UInt64, rules: Game.Rules,
                              rulesText: String) -> Game.Agent
}

/// The format of a two-player game: each pairing (a round robin, or a gauntlet of the
/// first agent against the others) plays game pairs from one random opening with the
/// sides swapped, the same openings for every pairing.
public enum ColourSwappedPairs<G: TwoPlayerWorkbenchGame>: MatchFormat {
    public typealias Game = G
    public typealias Served = ServedHistory<G>

    public static func schedule(openingPlies: Int, gauntlet: Bool) -> TournamentConfig.Schedule {
        .colourSwappedPairs(openingPlies: openingPlies, gauntlet: gauntlet)
    }

    public static var gamesPerUnit: Int { 2 }

    public static func externalAgent(_ definition: ExternalAgentDefinition, spec: AgentSpec, seed: UInt64, rules: G.Rules,
                                     rulesText: String) -> any TwoPlayerAgent<G> {
        ExternalTwoPlayerAgent<G>(definition: definition, spec: spec, seed: seed, rules: rules, rulesText: rulesText)
    }

    public static func score(of agent: String, in record: GameRecord) -> Double? { record.score(of: agent) }

    /// The opening of pair `pair` in the tournament `config` under `rules`: random legal
    /// plies from the start, the same for every pairing, avoiding moves that end the game.
    public static func opening(pair: Int, config: TournamentConfig, rules: G.Rules) -> [G.Move] {
        var rng = SplitMix64(seed: config.derivedSeed(.opening, pair))
        var p = G.start(rules)
        var moves: [G.Move] = []
        while moves.count < config.openingPlies {
            let safe = p.legalMoves.filter { m in var c = p; c.play(m); return c.outcome == nil }
            guard !safe.isEmpty else { break }
            let m = safe[rng.next(below: safe.count)]
            p.play(m)
            moves.append(m)
        }
        return moves
    }

    /// Game `index`: pairing `index / games`, pair `(index % games) / 2`; leg 0 of a
    /// pair gives the pairing's first agent the first side.
    public static func play(_ index: Int, in tournament: Tournament<G>) throws(WorkbenchError) -> GameRecord {
        let config = tournament.config, entrants = tournament.entrants
        let q = index / config.games, k = (index % config.games) / 2, leg = index % 2
        let (a, b) = config.pairings[q]
        let order = leg == 0 ? [a, b] : [b, a]
        let seed = config.derivedSeed(.gameAgents, index)
        var agents: [any TwoPlayerAgent<G>] = []
        for (side, entrant) in order.enumerated() {
            agents.append(try entrants[entrant].agent(seed: seed &+ UInt64(side)))
        }
        var game = GameHistory(G.start(tournament.rules))
        var opening: [String] = []
        for m in self.opening(pair: k, config: config, rules: tournament.rules) {
            opening.append(game.position.notation(of: m))
            game.play(m)
        }
        let names = order.map { entrants[$0].name }
        let played = try Match.play(&game, agents: &agents, names: names)
        // An agent that misbehaved loses: it was the side to move.
        let outcome = played.failure == nil ? game.outcome! : .win(game.position.sideToMove.opponent)
        var record = GameRecord(index: index, pairing: q, pair: k, agents: names, sides: G.sideNames, seed: seed,
                                opening: opening, moves: played.moves, result: GameResult(outcome),
                                outcome: G.describe(outcome), times: played.times, nodes: played.nodes, playouts: played.playouts)
        record.failure = played.failure
        return record
    }

    public static func check(_ r: GameRecord, file: TournamentFile<G.Rules>, opening: inout (pair: Int, texts: [String])?,
                             fail: (String) -> WorkbenchError) throws(WorkbenchError) {
        let config = file.config
        let q = r.index / config.games, k = (r.index % config.games) / 2
        // A configuration made in code for another kind of game has no such pairing.
        guard q < config.pairings.count else { throw fail("pairing \(q) is not in the schedule of a \(config.game) tournament") }
        let (a, b) = config.pairings[q]
        let order = r.index % 2 == 0 ? [a, b] : [b, a]
        guard r.pairing == q, r.pair == k else { throw fail("pairing \(r.pairing.map(String.init) ?? "none"), pair \(r.pair.map(String.init) ?? "none") should be \(q), \(k)") }
        guard r.agents == order.map({ config.agents[$0] }) else { throw fail("agents \(r.agents) are not this game's (\(order.map { config.agents[$0] }))") }
        guard r.sides == G.sideNames else { throw fail("sides \(r.sides) should be \(G.sideNames)") }
        guard r.seed == config.derivedSeed(.gameAgents, r.index) else { throw fail("seed \(r.seed) is not this tournament's (another seed?)") }
        guard r.start == nil else { throw fail("a tournament game starts from the start position") }
        if opening?.pair != k {
            var p = G.start(file.rules), texts: [String] = []
            for m in self.opening(pair: k, config: config, rules: file.rules) {
                texts.append(p.notation(of: m))
                p.play(m)
            }
            opening = (k, texts)
        }
        guard r.opening == opening?.texts else { throw fail("opening \(r.opening) is not pair \(k)'s") }
        let replayed: GameHistory<G>
        do { replayed = try Replay.game(of: r, rules: file.rules) } catch { throw fail(error.message) }
        let outcome: Outcome
        if r.termination == .normal {
            guard let o = replayed.outcome else { throw fail("the moves stop before the game is over") }
            outcome = o
        } else {
            // The agent to move misbehaved and lost, in a game not over by the rules.
            guard replayed.outcome == nil else { throw fail("termination '\(r.termination.rawValue)' in a game the moves end") }
            outcome = .win(replayed.position.sideToMove.opponent)
        }
        guard GameResult(outcome) == r.result else { throw fail("result \(r.result.text) but the moves end in \(G.describe(outcome))") }
        guard r.outcome == G.describe(outcome) else {
            throw fail("outcome '\(r.outcome)' but the moves end in \(G.describe(outcome))")
        }
    }
}

/// The format of a puzzle: every agent plays the same seeded deals (seeds S, S+1, …)
/// under the same rules, so agents are compared deal by deal.
public enum SharedDeals<G: PuzzleWorkbenchGame>: MatchFormat {
    public typealias Game = G
    public typealias Served = ServedState<G>

    public static func schedule(openingPlies: Int, gauntlet: Bool) -> TournamentConfig.Schedule { .sharedDeals }

    public static var gamesPerUnit: Int { 1 }

    public static func externalAgent(_ definition: ExternalAgentDefinition, spec: AgentSpec, seed: UInt64, rules: G.Rules,
                                     rulesText: String) -> any PuzzleAgent<G> {
        ExternalPuzzleAgent<G>(definition: definition, spec: spec, seed: seed, rulesText: rulesText)
    }

    public static func score(of agent: String, in record: GameRecord) -> Double? {
        record.agents == [agent] ? record.puzzleScore.map(Double.init) : nil
    }

    /// Game `index`: deal `index / agents`, by agent `index % agents`.
    public static func play(_ index: Int, in tournament: Tournament<G>) throws(WorkbenchError) -> GameRecord {
        let config = tournament.config, entrants = tournament.entrants
        let deal = index / entrants.count, e = index % entrants.count
        let dealSeed = config.seed &+ UInt64(deal)
        var agent = try entrants[e].agent(seed: config.derivedSeed(.dealAgent, deal))
        var referee = G.Referee(seed: dealSeed, rules: tournament.rules)
        let played = try Match.play(&referee, agent: &agent, name: entrants[e].name)
        // A deal the agent failed by misbehaving scores 0.
        let score = played.failure == nil ? referee.state.score : 0
        var record = GameRecord(index: index, agents: [entrants[e].name], sides: ["player"], seed: dealSeed,
                                moves: played.moves, result: .score(score), outcome: "score \(score)",
                                times: played.times, nodes: played.nodes, playouts: played.playouts)
        record.failure = played.failure
        record.passed = G.passed(score: score, rules: tournament.rules)
        return record
    }

    public static func check(_ r: GameRecord, file: TournamentFile<G.Rules>, opening: inout (pair: Int, texts: [String])?,
                             fail: (String) -> WorkbenchError) throws(WorkbenchError) {
        let config = file.config, rules = file.rules
        let agent = config.agents[r.index % config.agents.count]
        guard r.agents == [agent] else { throw fail("agents \(r.agents) should be [\(agent)]") }
        guard r.sides == ["player"] else { throw fail("sides \(r.sides) should be [\"player\"]") }
        let twoPlayerFields = [r.pairing != nil ? "pairing" : nil, r.pair != nil ? "pair" : nil,
                               r.opening.isEmpty ? nil : "opening", r.start != nil ? "start" : nil].compactMap { $0 }
        guard twoPlayerFields.isEmpty else {
            throw fail("a puzzle record with two-player fields (\(twoPlayerFields.joined(separator: ", ")))")
        }
        guard r.seed == config.seed &+ UInt64(r.index / config.agents.count) else {
            throw fail("seed \(r.seed) is not this deal's (another seed?)")
        }
        let referee: G.Referee
        do { referee = try Replay.game(of: r, rules: rules, game: G.self) } catch { throw fail(error.message) }
        // A deal failed by the agent's misbehaviour scores 0, before its end.
        let failed = r.termination != .normal
        guard referee.state.isOver != failed else {
            throw fail(failed ? "termination '\(r.termination.rawValue)' in a deal the moves end" : "the moves stop before the game is over")
        }
        let score = failed ? 0 : referee.state.score
        guard r.result == .score(score) else {
            throw fail("result \(r.result.text) but the moves score \(score)")
        }
        guard r.outcome == "score \(score)" else {
            throw fail("outcome '\(r.outcome)' but the moves score \(score)")
        }
        let passed = G.passed(score: score, rules: rules)
        guard r.passed == passed else {
            throw fail("passed \(r.passed.map(String.init) ?? "absent") but the moves \(passed.map { $0 ? "pass" : "fail" } ?? "have no pass target")")
        }
    }
}
