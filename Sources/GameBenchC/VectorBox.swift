import Boards
import Workbench

/// N games stepped together behind one handle (`gb_vec_*`), each restarting with its
/// next episode's seed when it ends.
protocol VectorBox: HandleObject {
    var gameName: String { get }
    var count: Int { get }
    func reset(_ out: VectorOutputs) throws(Failure)
    func step(_ actions: UnsafePointer<Int64>, _ out: VectorOutputs) throws(Failure)
    func randomActions(seed: UInt64, into out: UnsafeMutablePointer<Int64>) throws(Failure)
    func state(at index: Int) -> any StateBox
}

extension VectorBox {
    var kindDescription: String { "a vector environment of \(gameName)" }
}

/// The caller's output arrays of a reset or a step, any of them absent; worker threads
/// write only the elements of their own environments.
struct VectorOutputs: @unchecked Sendable {
    var observations: UnsafeMutablePointer<Float>?
    var rewards: UnsafeMutablePointer<Float>?
    var terminals: UnsafeMutablePointer<UInt8>?
    var masks: UnsafeMutablePointer<UInt8>?
    var players: UnsafeMutablePointer<Int32>?
}

/// Storage for `count` environments of type `Env`, written by worker threads each in its
/// own range (so an `Array`, whose writes check uniqueness, is not used).
final class EnvironmentStorage<Env>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Env>
    let count: Int
    init(count: Int, _ make: (Int) -> Env) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        for i in 0..<count { (base + i).initialize(to: make(i)) }
    }
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// Runs `body` over `0..<n` in contiguous ranges on worker threads; each range's
/// body returns the first failure in it (if any), and the call the first of all.
func firstFailure(_ n: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Failure?) -> Failure? {
    let workers = max(1, min(threads, n))
    return ForkJoin.map(workers: workers) { w in body(n * w / workers..<n * (w + 1) / workers) }.compactMap { $0 }.first
}

// MARK: - Two-player games

/// Two-player games stepped together: the reward is the mover's (+1 win, -1 loss).
final class TwoPlayerVectorBox<G: CTwoPlayerGame>: VectorBox, @unchecked Sendable {
    struct Env {
        var game: GameHistory<G>
        var episode: UInt64
        var pending: G.Move
    }
    let rules: G.Rules
    let seed: UInt64
    let threads: Int
    let envs: EnvironmentStorage<Env>

    init(rules: G.Rules, count: Int, seed: UInt64, threads: Int) {
        self.rules = rules
        self.seed = seed
        self.threads = threads
        envs = EnvironmentStorage(count: count) { _ in Env(game: GameHistory(G.start(rules)), episode: 0, pending: G.nullMove) }
    }

    var gameName: String { G.name }
    var count: Int { envs.count }

    /// Writes environment `i`'s observation, mask and player.
    @inline(__always)
    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    private func observe(_ env: inout Env, _ i: Int, _ out: VectorOutputs, _ moves: inout MoveList<G.Move>) {
        let position = env.game.position
        if let obs = out.observations { position.writeObservation(obs + i * G.observationSize) }
        if let players = out.players { players[i] = Int32(position.sideToMove.rawValue) }
        if let masks = out.masks {
            let mask = masks + i * Int(G.actionCount)
            mask.update(repeating: 0, count: Int(G.actionCount))
            moves.removeAll()
            position.generateMoves(into: &moves)
            G.mark(moves, in: mask)
        }
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func reset(_ out: VectorOutputs) throws(Failure) {
        let envs = self.envs, rules = self.rules
        parallelRanges(count, threads: threads) { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                if !envs.base[i].game.moves.isEmpty {
                    envs.base[i].game = GameHistory(G.start(rules))
                    envs.base[i].episode &+= 1
                }
                self.observe(&envs.base[i], i, out, &moves)
            }
        }
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func step(_ actions: UnsafePointer<Int64>, _ out: VectorOutputs) throws(Failure) {
        let envs = self.envs, rules = self.rules
        let acts = SharedPointer(base: UnsafeMutablePointer(mutating: actions))
        if let failure = firstFailure(count, threads: threads, { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                guard let move = envs.base[i].game.position.move(forAction: acts.base[i], scratch: &moves) else {
                    return Failure(.action, "environment \(i): action \(acts.base[i]) is not legal in \(G.name) position \(envs.base[i].game.position.text)")
                }
                envs.base[i].pending = move
            }
            return nil
        }) { throw failure }
        parallelRanges(count, threads: threads) { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                let mover = envs.base[i].game.position.sideToMove
                envs.base[i].game.play(envs.base[i].pending)
                var reward: Float = 0, terminal: UInt8 = 0
                if let outcome = envs.base[i].game.outcome {
                    terminal = 1
                    if case .win(let p) = outcome { reward = p == mover ? 1 : -1 }
                    envs.base[i].game = GameHistory(G.start(rules))
                    envs.base[i].episode &+= 1
                }
                out.rewards?[i] = reward
                out.terminals?[i] = terminal
                self.observe(&envs.base[i], i, out, &moves)
            }
        }
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func randomActions(seed: UInt64, into out: UnsafeMutablePointer<Int64>) throws(Failure) {
        let envs = self.envs, result = SharedPointer(base: out)
        parallelRanges(count, threads: threads) { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                moves.removeAll()
                envs.base[i].game.position.generateMoves(into: &moves)
                var generator = SplitMix64(seed: derivedSeed(seed, UInt64(i), 0))
                result.base[i] = G.action(of: moves[generator.next(below: moves.count)])
            }
        }
    }

    func state(at index: Int) -> any StateBox { TwoPlayerStateBox(rules: rules, game: envs.base[index].game) }
}

// MARK: - Puzzles

/// Puzzles stepped together, each dealt by its referee: the reward is the points the
/// move scored.
final class PuzzleVectorBox<G: CPuzzleGame>: VectorBox, @unchecked Sendable {
    struct Env {
        var referee: G.Referee
        var episode: UInt64
        var moves: Int64
        var pending: G.Move
    }
    let rules: G.Rules
    let seed: UInt64
    let threads: Int
    let envs: EnvironmentStorage<Env>

    init(rules: G.Rules, count: Int, seed: UInt64, threads: Int) {
        self.rules = rules
        self.seed = seed
        self.threads = threads
        envs = EnvironmentStorage(count: count) { i in
            Env(referee: G.Referee(seed: derivedSeed(seed, UInt64(i), 0), rules: rules), episode: 0, moves: 0, pending: G.nullMove)
        }
    }

    var gameName: String { G.name }
    var count: Int { envs.count }

    private func checkMasks(_ out: VectorOutputs) throws(Failure) {
        if out.masks != nil && !G.listsMoves { throw .argument("\(G.name) has too many actions for a mask: pass NULL masks") }
    }

    /// Environment `i` at the start of its next episode.
    @inline(__always)
    private func restart(_ env: inout Env, _ i: Int) {
        env.episode &+= 1
        env.referee = G.Referee(seed: derivedSeed(seed, UInt64(i), env.episode), rules: rules)
        env.moves = 0
    }

    @inline(__always)
    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    private func observe(_ env: inout Env, _ i: Int, _ out: VectorOutputs, _ moves: inout MoveList<G.Move>) {
        let state = env.referee.state
        if let obs = out.observations { state.writeObservation(obs + i * G.observationSize) }
        out.players?[i] = 0
        if let masks = out.masks {
            let mask = masks + i * Int(G.actionCount)
            mask.update(repeating: 0, count: Int(G.actionCount))
            moves.removeAll()
            state.generateMoves(into: &moves)
            G.mark(moves, in: mask)
        }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func reset(_ out: VectorOutputs) throws(Failure) {
        try checkMasks(out)
        let envs = self.envs
        parallelRanges(count, threads: threads) { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                if envs.base[i].moves > 0 { self.restart(&envs.base[i], i) }
                self.observe(&envs.base[i], i, out, &moves)
            }
        }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func step(_ actions: UnsafePointer<Int64>, _ out: VectorOutputs) throws(Failure) {
        try checkMasks(out)
        let envs = self.envs
        let acts = SharedPointer(base: UnsafeMutablePointer(mutating: actions))
        if let failure = firstFailure(count, threads: threads, { range in
            for i in range {
                let state = envs.base[i].referee.state
                guard let move = state.move(forAction: acts.base[i]) else {
                    return Failure(.action, "environment \(i): action \(acts.base[i]) is not legal in \(G.name) position \(state.text)")
                }
                envs.base[i].pending = move
            }
            return nil
        }) { throw failure }
        parallelRanges(count, threads: threads) { range in
            var moves = MoveList<G.Move>(filler: G.nullMove)
            for i in range {
                let before = envs.base[i].referee.state.score
                envs.base[i].referee.play(envs.base[i].pending)
                envs.base[i].moves += 1
                let after = envs.base[i].referee.state
                out.rewards?[i] = Float(after.score - before)
                out.terminals?[i] = after.isOver ? 1 : 0
                if after.isOver { self.restart(&envs.base[i], i) }
                self.observe(&envs.base[i], i, out, &moves)
            }
        }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func randomActions(seed: UInt64, into out: UnsafeMutablePointer<Int64>) throws(Failure) {
        let envs = self.envs, result = SharedPointer(base: out)
        parallelRanges(count, threads: threads) { range in
            for i in range {
                var generator = SplitMix64(seed: derivedSeed(seed, UInt64(i), 0))
                result.base[i] = envs.base[i].referee.state.randomMove(using: &generator).map(G.action) ?? -1
            }
        }
    }

    func state(at index: Int) -> any StateBox {
        let env = envs.base[index]
        return PuzzleStateBox<G>(rules: rules, seed: derivedSeed(seed, UInt64(index), env.episode),
                                 mode: .referee(env.referee), moves: env.moves)
    }
}
