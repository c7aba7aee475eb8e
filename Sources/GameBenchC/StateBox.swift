import Boards
import Foundation
import Workbench

/// A game in progress behind a state handle, whatever the game: what every `gb_state_*`
/// call asks of it. ``TwoPlayerStateBox`` and ``PuzzleStateBox`` are the two kinds.
protocol StateBox: HandleObject {
    /// The game's name.
    var gameName: String { get }
    /// The player count (the length of ``returns(into:)``).
    var players: Int { get }
    /// An independent copy.
    func copy() -> any StateBox
    /// The position text (or, before a deal is complete, the draws so far).
    var text: String { get }
    /// Sets the position from its text.
    func setText(_ text: String) throws(Failure)
    /// The player to move, -1 at a chance node, -4 at the end.
    var currentPlayer: Int32 { get }
    var isTerminal: Bool { get }
    func returns(into out: UnsafeMutablePointer<Double>)
    var moveNumber: Int64 { get }
    var hash: UInt64 { get }
    /// Writes the legal actions, ascending, and returns how many there are.
    func legalActions(into out: UnsafeMutablePointer<Int64>?, capacity: Int) -> Int
    func legalMask(into out: UnsafeMutablePointer<UInt8>, size: Int64) throws(Failure)
    /// Plays `action`; returns the player to move after it (as ``currentPlayer``) and
    /// what it earned the player who made it (two-player: ±1 for a move that wins or
    /// loses the game; puzzles: the points it scored).
    @discardableResult
    func apply(_ action: Int64) throws(Failure) -> (player: Int32, reward: Double)
    func randomAction(seed: UInt64) throws(Failure) -> Int64
    func notation(of action: Int64) throws(Failure) -> String
    func action(parsing text: String) throws(Failure) -> Int64
    func observe(into out: UnsafeMutablePointer<Float>, size: Int64) throws(Failure)
    func chanceOutcomes() throws(Failure) -> [(action: Int64, probability: Double)]
    func playouts(_ n: Int, seed: UInt64, threads: Int, returns: UnsafeMutablePointer<Double>,
                  lengths: UnsafeMutablePointer<Int64>?)
}

extension StateBox {
    var kindDescription: String { "a state of \(gameName)" }
}

/// The seed of environment or playout `index`, episode `episode` (`gb_derive_seed`).
func derivedSeed(_ seed: UInt64, _ index: UInt64, _ episode: UInt64) -> UInt64 {
    SeedPurpose.environment.seed(from: seed, index, episode)
}

/// Sorts the first `count` ids of `ids` ascending, ids below `bound`. Ids below 4,096
/// (every game with a move list) go through a bit set of 64 words, of which only those
/// holding an id are read back; insertion sort took a microsecond for Tigers & Goats'
/// 60-odd moves.
@inline(__always)
func sortAscending(_ ids: UnsafeMutablePointer<Int64>, _ count: Int, below bound: Int64) {
    guard count > 1 else { return }
    guard bound <= 4096 else {
        var buffer = UnsafeMutableBufferPointer(start: ids, count: count)
        buffer.sort()
        return
    }
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { words in
        let words = words.baseAddress!
        words.initialize(repeating: 0, count: 64)
        // `used` marks the words holding an id, so the scan visits only those.
        var used: UInt64 = 0
        for i in 0..<count {
            words[Int(ids[i] >> 6)] |= 1 << UInt64(ids[i] & 63)
            used |= 1 << UInt64(ids[i] >> 6)
        }
        var n = 0
        while used != 0 {
            let w = used.trailingZeroBitCount
            used &= used &- 1
            var bits = words[w]
            while bits != 0 {
                ids[n] = Int64(w << 6 | bits.trailingZeroBitCount)
                n += 1
                bits &= bits &- 1
            }
        }
    }
}

/// Runs `body(range)` over `0..<n` split into `threads` contiguous ranges, on worker threads.
func parallelRanges(_ n: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
    let workers = max(1, min(threads, n))
    _ = ForkJoin.map(workers: workers) { w in body(n * w / workers..<n * (w + 1) / workers) }
}

/// `threads` as given (0: every core), checked.
func workerCount(_ threads: Int32) throws(Failure) -> Int {
    guard threads >= 0 else { throw .argument("threads \(threads) is negative (0 means every core)") }
    return threads == 0 ? ProcessInfo.processInfo.activeProcessorCount : Int(threads)
}

/// Pointers handed to worker threads, each of which writes only its own elements.
struct SharedPointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

// MARK: - Two-player games

/// A two-player game behind a handle: its history (for repetition) under its rules.
final class TwoPlayerStateBox<G: CTwoPlayerGame>: StateBox, @unchecked Sendable {
    let rules: G.Rules
    var game: GameHistory<G>
    private var scratch = MoveList<G.Move>(filler: G.nullMove)

    init(rules: G.Rules, game: GameHistory<G>) {
        self.rules = rules
        self.game = game
    }

    var gameName: String { G.name }
    var players: Int { 2 }
    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func copy() -> any StateBox { TwoPlayerStateBox(rules: rules, game: game) }
    var text: String { game.position.text }

    func setText(_ text: String) throws(Failure) {
        do { game = GameHistory(try G.position(parsing: text, rules: rules)) } catch { throw Failure(text: error) }
    }

    var isTerminal: Bool { currentPlayer == -4 }
    var currentPlayer: Int32 { G.player(in: &game) }

    func returns(into out: UnsafeMutablePointer<Double>) {
        let r = G.returns(game.outcome)
        out[0] = r.0; out[1] = r.1
    }

    var moveNumber: Int64 { Int64(game.moves.count) }
    var hash: UInt64 { game.position.hash }

    func legalActions(into out: UnsafeMutablePointer<Int64>?, capacity: Int) -> Int {
        G.legalActions(in: &game, scratch: &scratch, into: out, capacity: capacity)
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func legalMask(into out: UnsafeMutablePointer<UInt8>, size: Int64) throws(Failure) {
        guard size == G.actionCount else { throw .argument("mask size \(size) is not \(G.name)'s \(G.actionCount) actions") }
        out.update(repeating: 0, count: Int(size))
        guard game.outcome == nil else { return }
        scratch.removeAll()
        game.position.generateMoves(into: &scratch)
        G.mark(scratch, in: out)
    }

    /// The legal move of `action`, or an error naming why there is none.
    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    private func move(_ action: Int64) throws(Failure) -> G.Move {
        if let o = game.outcome { throw .state("the game is over (\(G.describe(o))): no action is legal") }
        guard let move = game.position.move(forAction: action, scratch: &scratch) else {
            guard (0..<G.actionCount).contains(action) else {
                throw Failure(.action, "action \(action) is not an action of \(G.name) (0...\(G.actionCount - 1))")
            }
            throw Failure(.action, "action \(action) is not legal in \(G.name) position \(game.position.text)")
        }
        return move
    }

    func apply(_ action: Int64) throws(Failure) -> (player: Int32, reward: Double) {
        try G.step(&game, action, scratch: &scratch)
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func randomAction(seed: UInt64) throws(Failure) -> Int64 {
        if let o = game.outcome { throw .state("the game is over (\(G.describe(o))): no action is legal") }
        scratch.removeAll()
        game.position.generateMoves(into: &scratch)
        var generator = SplitMix64(seed: seed)
        return G.action(of: scratch[generator.next(below: scratch.count)])
    }

    func notation(of action: Int64) throws(Failure) -> String { game.position.notation(of: try move(action)) }

    func action(parsing text: String) throws(Failure) -> Int64 {
        if let o = game.outcome { throw .state("the game is over (\(G.describe(o))): no move is legal") }
        do { return G.action(of: try game.position.parseMove(text)) } catch { throw Failure(text: error) }
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func observe(into out: UnsafeMutablePointer<Float>, size: Int64) throws(Failure) {
        guard size == G.observationSize else { throw .argument("observation size \(size) is not \(G.name)'s \(G.observationSize)") }
        game.position.writeObservation(out)
    }

    func chanceOutcomes() throws(Failure) -> [(action: Int64, probability: Double)] {
        throw .state("\(G.name) has no chance nodes")
    }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func playouts(_ n: Int, seed: UInt64, threads: Int, returns: UnsafeMutablePointer<Double>,
                  lengths: UnsafeMutablePointer<Int64>?) {
        let start = game.position
        let history = Array(game.hashes[game.reversibleStart..<(game.hashes.count - 1)])
        let out = SharedPointer(base: returns), plies = lengths.map { SharedPointer(base: $0) }
        parallelRanges(n, threads: threads) { range in
            var runner = RandomPlayout<G>()
            for i in range {
                var position = start
                var generator = SplitMix64(seed: derivedSeed(seed, UInt64(i), 0))
                let (outcome, length) = runner.run(from: &position, after: history, using: &generator, maxPlies: .max)
                let r = G.returns(outcome)
                out.base[2 * i] = r.0; out.base[2 * i + 1] = r.1
                plies?.base[i] = Int64(length)
            }
        }
    }
}

// MARK: - Puzzles

/// A puzzle behind a handle: chance drawn by the referee from the seed's stream, or
/// left to the caller (explicit chance: the deal coin by coin, then every refill).
final class PuzzleStateBox<G: CPuzzleGame>: StateBox, @unchecked Sendable {
    enum Mode {
        /// The referee owns the stream (as in `bench`).
        case referee(G.Referee)
        /// The caller resolves chance: the deal's draws so far until it is complete, then the state.
        case explicit(draws: [G.ChanceOutcome], state: G?)
    }

    let rules: G.Rules
    let seed: UInt64
    var mode: Mode
    private(set) var moves: Int64 = 0
    private var scratch = MoveList<G.Move>(filler: G.nullMove)

    init(rules: G.Rules, seed: UInt64, mode: Mode, moves: Int64 = 0) {
        self.rules = rules
        self.seed = seed
        self.mode = mode
        self.moves = moves
    }

    /// A new game: dealt by the referee from `seed`, or (explicit) not dealt yet.
    convenience init(rules: G.Rules, seed: UInt64, explicitChance: Bool) throws(Failure) {
        if explicitChance {
            guard G.dealDraws != nil else {
                throw .argument("\(G.name) deals only from a seed: it has no explicit chance mode")
            }
            self.init(rules: rules, seed: seed, mode: .explicit(draws: [], state: nil))
        } else {
            self.init(rules: rules, seed: seed, mode: .referee(G.Referee(seed: seed, rules: rules)))
        }
    }

    var gameName: String { G.name }
    var players: Int { 1 }
    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func copy() -> any StateBox { PuzzleStateBox(rules: rules, seed: seed, mode: mode, moves: moves) }

    /// The state, `nil` while an explicit deal is under way.
    var state: G? {
        switch mode {
        case .referee(let r): return r.state
        case .explicit(_, let s): return s
        }
    }

    var text: String {
        switch mode {
        case .referee(let r): return r.state.text
        case .explicit(let draws, let s):
            if let s { return s.text }
            return "dealing: \(draws.count) of \(G.dealDraws?.count ?? 0) drawn"
                + (draws.isEmpty ? "" : " (" + draws.map(G.chanceNotation).joined() + ")")
        }
    }

    func setText(_ text: String) throws(Failure) {
        let parsed: G
        do { parsed = try G(parsing: text) } catch { throw Failure(text: error) }
        switch mode {
        case .referee: mode = .referee(G.referee(taking: parsed, seed: seed, rules: rules))
        case .explicit: mode = .explicit(draws: [], state: parsed)
        }
        moves = 0
    }

    /// Whether a chance event is due (explicit mode only).
    private var isChance: Bool {
        guard case .explicit(_, let s) = mode else { return false }
        return s?.isChanceNode ?? true
    }

    var isTerminal: Bool { state?.isOver ?? false }
    var currentPlayer: Int32 { isTerminal ? -4 : isChance ? -1 : 0 }
    func returns(into out: UnsafeMutablePointer<Double>) { out[0] = Double(state?.score ?? 0) }
    var moveNumber: Int64 { moves }

    /// 64-bit FNV-1a of the position text (a puzzle state has no Zobrist hash; Swift's
    /// own hash changes from process to process).
    var hash: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    /// The chance outcomes due now, with their ids (explicit mode).
    private var dueOutcomes: [G.ChanceOutcome] {
        guard case .explicit(_, let s) = mode else { return [] }
        guard let s else { return G.dealDraws?.outcomes ?? [] }
        return (0..<s.chanceOutcomeCount).map { s.chanceOutcome($0) }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func legalActions(into out: UnsafeMutablePointer<Int64>?, capacity: Int) -> Int {
        if isChance {
            let ids = dueOutcomes.map(G.chanceAction).sorted()
            if let out { for i in 0..<min(ids.count, capacity) { out[i] = ids[i] } }
            return ids.count
        }
        guard let s = state, !s.isOver, G.listsMoves else { return 0 }
        scratch.removeAll()
        s.generateMoves(into: &scratch)
        return G.writeActions(of: scratch, into: out, capacity: capacity)
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func legalMask(into out: UnsafeMutablePointer<UInt8>, size: Int64) throws(Failure) {
        guard G.listsMoves else { throw .argument("\(G.name) has too many actions for a mask") }
        guard size == G.actionCount else { throw .argument("mask size \(size) is not \(G.name)'s \(G.actionCount) actions") }
        out.update(repeating: 0, count: Int(size))
        guard !isChance, let s = state, !s.isOver else { return }
        var list = MoveList<G.Move>(filler: G.nullMove)
        s.generateMoves(into: &list)
        G.mark(list, in: out)
    }

    /// The move of `action` at the decision due now, or an error naming why there is none.
    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    private func move(_ action: Int64) throws(Failure) -> G.Move {
        guard let s = state else { throw .state("\(G.name) is being dealt: a chance outcome is due") }
        if s.isOver { throw .state("the game is over (score \(s.score)): no action is legal") }
        guard let move = s.move(forAction: action) else {
            guard (0..<G.actionCount).contains(action) else {
                throw Failure(.action, "action \(action) is not an action of \(G.name) (0...\(G.actionCount - 1))")
            }
            throw Failure(.action, "action \(action) is not legal in \(G.name) position \(s.text)")
        }
        return move
    }

    /// The outcome of chance id `action` due now.
    private func outcome(_ action: Int64) throws(Failure) -> G.ChanceOutcome {
        guard let o = dueOutcomes.first(where: { G.chanceAction($0) == action }) else {
            throw Failure(.action, "action \(action) is not a chance outcome here (outcomes: "
                + dueOutcomes.map { String(G.chanceAction($0)) }.joined(separator: ", ") + ")")
        }
        return o
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func apply(_ action: Int64) throws(Failure) -> (player: Int32, reward: Double) {
        let before = state?.score ?? 0
        try play(action)
        return (currentPlayer, Double((state?.score ?? 0) - before))
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    private func play(_ action: Int64) throws(Failure) {
        if isChance, case .explicit(var draws, let s) = mode {
            let o = try outcome(action)
            if var s {
                s.applyChance(o)
                mode = .explicit(draws: draws, state: s)
            } else {
                draws.append(o)
                let done = draws.count == G.dealDraws?.count
                mode = .explicit(draws: draws, state: done ? G.dealt(draws, rules: rules) : nil)
            }
            return
        }
        let m = try move(action)
        switch mode {
        case .referee(var r): r.play(m); mode = .referee(r)
        case .explicit(let d, var s): s!.play(m); mode = .explicit(draws: d, state: s)
        }
        moves += 1
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func randomAction(seed: UInt64) throws(Failure) -> Int64 {
        var generator = SplitMix64(seed: seed)
        if isChance {
            let due = dueOutcomes
            return G.chanceAction(due[generator.next(below: due.count)])
        }
        guard let s = state, !s.isOver, let m = s.randomMove(using: &generator) else {
            throw .state("the game is over: no action is legal")
        }
        return G.action(of: m)
    }

    func notation(of action: Int64) throws(Failure) -> String {
        if isChance { return G.chanceNotation(try outcome(action)) }
        return state!.notation(of: try move(action))
    }

    func action(parsing text: String) throws(Failure) -> Int64 {
        if isChance {
            let word = text.trimmingCharacters(in: .whitespaces)
            guard let o = dueOutcomes.first(where: { G.chanceNotation($0) == word }) else {
                throw Failure(.text, "'\(text)' is not a chance outcome here (outcomes: "
                    + dueOutcomes.map(G.chanceNotation).joined(separator: ", ") + ")")
            }
            return G.chanceAction(o)
        }
        guard let s = state, !s.isOver else { throw .state("the game is over: no move is legal") }
        do { return G.action(of: try s.parseMove(text)) } catch { throw Failure(text: error) }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func observe(into out: UnsafeMutablePointer<Float>, size: Int64) throws(Failure) {
        guard size == G.observationSize else { throw .argument("observation size \(size) is not \(G.name)'s \(G.observationSize)") }
        guard let s = state else { out.update(repeating: 0, count: Int(size)); return }
        s.writeObservation(out)
    }

    func chanceOutcomes() throws(Failure) -> [(action: Int64, probability: Double)] {
        guard isChance else { throw .state("not a chance node") }
        let due = dueOutcomes
        return due.map { (G.chanceAction($0), 1 / Double(due.count)) }
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func playouts(_ n: Int, seed: UInt64, threads: Int, returns: UnsafeMutablePointer<Double>,
                  lengths: UnsafeMutablePointer<Int64>?) {
        let rules = self.rules, current = state
        var partialDeal: [G.ChanceOutcome] = []
        if case .explicit(let d, nil) = mode { partialDeal = d }
        let draws = partialDeal
        let out = SharedPointer(base: returns), plies = lengths.map { SharedPointer(base: $0) }
        parallelRanges(n, threads: threads) { range in
            for i in range {
                var generator = SplitMix64(seed: derivedSeed(seed, UInt64(i), 0))
                let chanceSeed = derivedSeed(seed, UInt64(i), 1)
                var start: G
                if let current {
                    start = current
                } else {
                    // An explicit deal under way: its remaining draws from the chance stream.
                    var chance = SplitMix64(seed: chanceSeed), dealt = draws
                    let deal = G.dealDraws!
                    while dealt.count < deal.count { dealt.append(deal.outcomes[chance.next(below: deal.outcomes.count)]) }
                    start = G.dealt(dealt, rules: rules)
                }
                var referee = G.referee(taking: start, seed: chanceSeed, rules: rules)
                var moves: Int64 = 0
                while !referee.state.isOver, let m = referee.state.randomMove(using: &generator) {
                    referee.play(m)
                    moves += 1
                }
                out.base[i] = Double(referee.state.score)
                plies?.base[i] = moves
            }
        }
    }
}
