import Boards
import Dispatch
import Foundation
import Search
import Synchronization

/// Plays a tournament's games on worker threads and appends each finished game to
/// `games.jsonl` at once.
///
/// Game `i` depends only on the configuration and `i` (its opening, its agents'
/// seeds), never on which thread plays it or when, so depth-, node- and
/// playout-bounded tournaments give identical records for any thread count.
final class TournamentRunner: Sendable {
    let config: TournamentConfig
    let threads: Int
    let log: GameLog?
    let progress: ProgressLine?

    init(config: TournamentConfig, threads: Int, log: GameLog?, progress: ProgressLine?) {
        self.config = config
        self.threads = threads
        self.log = log
        self.progress = progress
    }

    /// Plays every game not in `done` and returns all records, sorted by index.
    func run(done: [GameRecord]) throws(UsageError) -> [GameRecord] {
        let finished = Set(done.map(\.index))
        let todo = (0..<config.totalGames).filter { !finished.contains($0) }
        let records = Mutex(done)
        let next = Atomic<Int>(0)
        // A match the SPRT has already decided (on resume) plays no more games.
        let decided = config.sprt.map { SPRTStop.stoppingPair(done, config: config, sprt: $0) != nil } ?? false
        let stop = Atomic<Bool>(decided)
        let failure = Mutex<String?>(nil)
        progress?.start(total: config.totalGames, done: done.count)
        let work = { @Sendable () in
            while !stop.load(ordering: .relaxed) {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k < todo.count else { break }
                let record: GameRecord
                do { record = try self.play(todo[k]) } catch {
                    let message = (error as? UsageError)?.message ?? "\(error)"
                    failure.withLock { $0 = $0 ?? message }
                    stop.store(true, ordering: .relaxed)
                    break
                }
                let all = records.withLock { list -> [GameRecord] in
                    list.append(record)
                    self.log?.append(record)
                    return list
                }
                self.progress?.update(all, config: self.config)
                if let sprt = self.config.sprt, SPRTStop.stoppingPair(all, config: self.config, sprt: sprt) != nil {
                    stop.store(true, ordering: .relaxed)
                }
            }
        }
        if threads == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: threads) { _ in work() } }
        progress?.finish()
        if let message = failure.withLock({ $0 }) { throw UsageError(message) }
        return records.withLock { $0 }.sorted { $0.index < $1.index }
    }

    func play(_ index: Int) throws(UsageError) -> GameRecord {
        if config.game == CoinSorter.name { return try playPuzzle(index) }
        return try playTwoPlayer(index)
    }

    // MARK: Two-player games

    /// The opening of pair `pair`: random legal plies from the start, the same for
    /// every pairing, avoiding moves that end the game.
    func opening(pair: Int) -> [TigersGoats.Move] {
        let start = TigersGoats(rules: TigersGoats.Rules(plyLimit: config.plyLimit, longRangeCapture: config.longRange))
        var rng = SplitMix64(seed: config.derivedSeed(1, pair))
        var p = start
        var moves: [TigersGoats.Move] = []
        var list = MoveList<TigersGoats.Move>(filler: TigersGoats.nullMove)
        while moves.count < config.openingPlies {
            list.removeAll()
            p.generateMoves(into: &list)
            let safe = list.array.filter { m in var c = p; c.play(m); return c.outcome == nil }
            guard !safe.isEmpty else { break }
            let m = safe[rng.next(below: safe.count)]
            p.play(m)
            moves.append(m)
        }
        return moves
    }

    func playTwoPlayer(_ index: Int) throws(UsageError) -> GameRecord {
        let pairings = config.pairings
        let perPairing = config.games
        let q = index / perPairing, k = (index % perPairing) / 2, leg = index % 2
        let (a, b) = pairings[q]
        // Leg 0: agent a takes the first side (goats); leg 1: sides swapped.
        let order = leg == 0 ? [a, b] : [b, a]
        let seed = config.derivedSeed(2, index)
        var agents: [any TwoPlayerAgent<TigersGoats>] = []
        for (side, agent) in order.enumerated() {
            do {
                agents.append(try AgentFactory<TigersGoatsEvaluator>.make(config.agents[agent], seed: seed &+ UInt64(side)))
            } catch { throw UsageError("tournament: \(error.message)") }
        }
        let rules = TigersGoats.Rules(plyLimit: config.plyLimit, longRangeCapture: config.longRange)
        var game = GameHistory(TigersGoats(rules: rules))
        let openingMoves = opening(pair: k)
        for m in openingMoves { game.play(m) }
        var moves: [String] = [], times: [Double] = [], nodes: [Int] = [], playouts: [Int] = []
        while game.outcome == nil {
            let side = Int(game.position.sideToMove.rawValue)
            let start = DispatchTime.now().uptimeNanoseconds
            let r = agents[side].selectMove(game)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard let move = r.move, game.position.legalMoves.contains(move) else {
                throw UsageError("tournament: agent '\(config.agents[order[side]])' returned no legal move in \(game.position.text)")
            }
            moves.append(game.position.notation(of: move))
            times.append(seconds); nodes.append(r.nodes); playouts.append(r.playouts)
            game.play(move)
        }
        let outcome = game.outcome!
        let first = outcome.score(for: .first)
        return GameRecord(index: index, pairing: q, pair: k, agents: order.map { config.agents[$0] },
                          sides: [TigersGoats.sideName(.first), TigersGoats.sideName(.second)], seed: seed,
                          opening: openingMoves.map { TigersGoats().notation(of: $0) }, moves: moves,
                          result: first == 1 ? "1-0" : first == 0 ? "0-1" : "1/2-1/2",
                          outcome: TigersGoats.describe(outcome), score: nil, times: times, nodes: nodes, playouts: playouts)
    }

    // MARK: Puzzles

    func playPuzzle(_ index: Int) throws(UsageError) -> GameRecord {
        let deal = index / config.agents.count, agentIndex = index % config.agents.count
        let dealSeed = config.seed &+ UInt64(deal)
        var agent: any PuzzleAgent<CoinSorter>
        do { agent = try CoinSorterAgents.make(config.agents[agentIndex], seed: config.derivedSeed(3, deal)) } catch {
            throw UsageError("tournament: \(error.message)")
        }
        var referee = CoinSorterReferee(seed: dealSeed)
        var moves: [String] = [], times: [Double] = [], nodes: [Int] = [], playouts: [Int] = []
        while !referee.state.isOver {
            let start = DispatchTime.now().uptimeNanoseconds
            let r = agent.selectMove(referee.state)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard let move = r.move, move.first != move.second, move.second < 25 else {
                throw UsageError("tournament: agent '\(config.agents[agentIndex])' returned no legal swap")
            }
            moves.append(referee.state.notation(of: move))
            times.append(seconds); nodes.append(r.nodes); playouts.append(r.playouts)
            referee.play(move)
        }
        let score = referee.state.score
        return GameRecord(index: index, pairing: nil, pair: nil, agents: [config.agents[agentIndex]], sides: ["player"],
                          seed: dealSeed, opening: [], moves: moves, result: String(score), outcome: "score \(score)",
                          score: score, times: times, nodes: nodes, playouts: playouts)
    }
}

/// Where the SPRT stops: the first pair, in schedule order, at which the LLR over
/// all complete pairs up to it crosses a bound (so the stop does not depend on
/// which games finished first).
enum SPRTStop {
    static func stoppingPair(_ records: [GameRecord], config: TournamentConfig, sprt: SPRT) -> Int? {
        let byIndex = Dictionary(records.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var penta = Pentanomial()
        for k in 0..<(config.games / 2) {
            guard let g0 = byIndex[2 * k], let g1 = byIndex[2 * k + 1] else { return nil }
            penta.add(firstAgentScore(g0, agent: config.agents[0]), firstAgentScore(g1, agent: config.agents[0]))
            if sprt.decision(penta) != .none { return k }
        }
        return nil
    }

    /// The score of `agent` in a two-player record.
    static func firstAgentScore(_ r: GameRecord, agent: String) -> Double {
        let firstScore = r.result == "1-0" ? 1.0 : r.result == "0-1" ? 0.0 : 0.5
        return r.agents[0] == agent ? firstScore : 1 - firstScore
    }
}
