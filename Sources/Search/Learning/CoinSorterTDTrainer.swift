import Boards

/// Where a training run stands: what a checkpoint must hold to continue exactly.
public struct CoinSorterTrainingState: Sendable, Hashable {
    /// The run's seed (every deal and tie-break derives from it).
    public var seed: UInt64
    /// The learning rate: each TD error moves the value by about `alpha` of itself.
    public var alpha: Double
    /// Episodes played with the weights frozen, their updates then applied in episode
    /// order; 1 is online TD(0).
    public var batch: Int
    /// Episodes played so far.
    public var episodes: Int
    /// The master stream's state: the next episodes' deal and tie-break seeds.
    public var rngState: UInt64
    /// Temporal coherence learning (Jaśkowski 2018): each weight's step is scaled by
    /// |sum of its errors| / sum of their magnitudes, a rate that falls as its errors
    /// stop agreeing in sign. The network then carries the two sums (``CoinSorterNTuple/coherence``).
    public var coherence: Bool
    /// The value every board had before training (optimistic initialisation: each of
    /// the 146 active entries started at this / 146); 0 when not optimistic. A record:
    /// only a new run uses it.
    public var initialValue: Double

    /// A run at its start.
    public init(seed: UInt64, alpha: Double, batch: Int, coherence: Bool = false, initialValue: Double = 0) {
        self.seed = seed
        self.alpha = alpha
        self.batch = batch
        episodes = 0
        rngState = SplitMix64.mix(seed ^ CoinSorterTDTrainer.streamTag)
        self.coherence = coherence
        self.initialValue = initialValue
    }

    public init(seed: UInt64, alpha: Double, batch: Int, episodes: Int, rngState: UInt64,
                coherence: Bool = false, initialValue: Double = 0) {
        self.seed = seed
        self.alpha = alpha
        self.batch = batch
        self.episodes = episodes
        self.rngState = rngState
        self.coherence = coherence
        self.initialValue = initialValue
    }

    /// Whether the run uses a setting the first weights file format cannot record.
    public var needsExtendedHeader: Bool { coherence || initialValue != 0 }
}

/// TD(0) learning of a ``CoinSorterNTuple`` from afterstates, on deals of the seeded
/// referee (Szubert & Jaśkowski 2014, "Temporal difference learning of n-tuple
/// networks for the game 2048": TD-afterstate).
///
/// An episode is one game. At each decision state the agent plays the swap maximising
/// points + V(afterstate) (ties broken by the episode's own stream); the previous
/// afterstate's value then moves toward what followed it: the cascade points its
/// refills brought, plus the chosen swap's points and afterstate value (or just the
/// cascade points after the last turn). Every active weight moves by
/// `alpha / 146 × error` (146 entries are active on a board).
///
/// Determinism: a master SplitMix64 stream (seeded from the run's seed) gives each
/// episode, in order, a deal seed (always ≥ 2^32, so never one of the deal seeds a
/// tournament with `--seed` below 2^32 − its deal count plays) and a tie-break seed.
/// With `batch` 1 every update is applied at once (online). With `batch` B > 1 the
/// episodes are played in groups of B with the weights frozen, on any number of
/// threads, and the group's updates are applied in episode order: the weights depend
/// on the seed and B only, never on the thread count.
public final class CoinSorterTDTrainer: @unchecked Sendable {
    /// Mixed into the seed so that training streams differ from every other use of it.
    public static let streamTag: UInt64 = 0x5444_2D43_4F49_4E53  // "TD-COINS"
    /// Decisions in a game (afterstates recorded per episode).
    static let maxSteps = CoinSorter.turnsPerGame

    /// The network trained (owned by the trainer while it runs).
    public let network: CoinSorterNTuple
    /// Where the run stands.
    public private(set) var state: CoinSorterTrainingState

    /// A trainer continuing `state` on `network` (given the coherence sums when the run
    /// learns with temporal coherence and has none yet).
    public init(network: CoinSorterNTuple, state: CoinSorterTrainingState) {
        precondition(state.batch >= 1, "a batch holds at least one episode")
        self.network = network
        self.state = state
        if state.coherence { network.enableCoherence() }
    }

    /// Sets every weight so that every board is worth `value` (optimistic initialisation,
    /// Guei et al. 2021: boards not yet seen look good, so the greedy policy tries them).
    public static func initialise(_ network: CoinSorterNTuple, value: Double) {
        let w = Float(value / Double(CoinSorterNTuple.activeFeatures))
        for i in 0..<network.weightCount { network.weights[i] = w }
    }

    /// One TD update, as training makes it: the value of `board` with `turns` turns left
    /// moves toward `target` by `alpha / 146` of the error at each of its 146 entries.
    /// Returns the error before the update.
    @discardableResult
    public static func update(_ network: CoinSorterNTuple, board: CoinSorter, turns: Int, target: Float, alpha: Double) -> Float {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: CoinSorterNTuple.activeFeatures) { buffer in
            let p = buffer.baseAddress!
            network.indices(board, turns: turns, into: p)
            let error = target - network.sum(p)
            EpisodeRecord.apply(p, error, Float(alpha) / Float(CoinSorterNTuple.activeFeatures), network)
            return error
        }
    }

    /// The deal seed and tie-break seed of the next episode, from the master stream.
    static func nextEpisodeSeeds(_ master: inout SplitMix64) -> (deal: UInt64, ties: UInt64) {
        var deal = master.next()
        while deal < 1 << 32 { deal = master.next() }
        return (deal, master.next())
    }

    /// Plays `count` more episodes on up to `threads` threads (used only when the
    /// batch is above 1) and returns their final scores, in episode order.
    public func train(episodes count: Int, threads: Int) -> [Int] {
        var scores: [Int] = []
        scores.reserveCapacity(count)
        var master = SplitMix64(seed: 0)
        master.state = state.rngState
        let step = Float(state.alpha) / Float(CoinSorterNTuple.activeFeatures)
        if state.batch == 1 {
            let record = EpisodeRecord.allocate()
            defer { record.deallocate() }
            for _ in 0..<count {
                let seeds = Self.nextEpisodeSeeds(&master)
                scores.append(Self.play(network, deal: seeds.deal, ties: seeds.ties, onlineStep: step, record: record))
            }
        } else {
            var done = 0
            let batch = state.batch
            let records = (0..<batch).map { _ in EpisodeRecord.allocate() }
            defer { for r in records { r.deallocate() } }
            while done < count {
                let n = min(batch, count - done)
                let seeds = (0..<n).map { _ in Self.nextEpisodeSeeds(&master) }
                let workers = max(1, min(threads, n))
                let network = self.network
                let chunk = ForkJoin.map(workers: workers) { w -> [Int] in
                    var out: [Int] = []
                    var e = w
                    while e < n {
                        out.append(Self.play(network, deal: seeds[e].deal, ties: seeds[e].ties, onlineStep: nil, record: records[e]))
                        e += workers
                    }
                    return out
                }
                // Updates in episode order, whichever thread played the episode.
                for e in 0..<n {
                    scores.append(chunk[e % workers][e / workers])
                    records[e].apply(to: network, step: step)
                }
                done += n
            }
        }
        state.episodes += count
        state.rngState = master.state
        return scores
    }

    /// Plays one episode with the afterstate-greedy policy and TD(0) updates: applied
    /// at once when `onlineStep` is given, else kept in `record` (weights unchanged).
    /// Returns the final score.
    @inlinable
    static func play(_ network: CoinSorterNTuple, deal: UInt64, ties: UInt64, onlineStep: Float?,
                     record: EpisodeRecord) -> Int {
        var referee = CoinSorterReferee(seed: deal)
        var rng = SplitMix64(seed: ties)
        record.steps = 0
        var previous = -1        // the record slot of the previous afterstate
        var previousValue: Float = 0
        var previousScore = 0    // the score counted when the previous afterstate was made
        while !referee.state.isOver {
            let s = referee.state
            let choice = bestSwap(network, s, rng: &rng)
            let slot = record.steps
            network.indices(s.exchanging(choice.swap), turns: s.turnsLeft - 1, into: record.indices(slot))
            let value = network.sum(record.indices(slot))
            if previous >= 0 {
                let target = Float(s.score - previousScore + choice.points) + value
                record.update(previous, error: target - previousValue, network: network, onlineStep: onlineStep)
            }
            previous = slot
            previousValue = value
            previousScore = s.score + choice.points
            record.steps += 1
            referee.play(choice.swap)
        }
        if previous >= 0 {
            let target = Float(referee.state.score - previousScore)
            record.update(previous, error: target - previousValue, network: network, onlineStep: onlineStep)
        }
        return referee.state.score
    }

    /// The mean score of the greedy policy on `network` (frozen) over the deals
    /// `firstDeal ..< firstDeal + games`, ties broken by a stream seeded from each deal:
    /// the held-out evaluation of a run, the same whatever the thread count.
    public static func heldOutMean(_ network: CoinSorterNTuple, firstDeal: UInt64, games: Int, threads: Int) -> Double {
        guard games > 0 else { return 0 }
        let workers = max(1, min(threads, games))
        let totals = ForkJoin.map(workers: workers) { w -> Int in
            var total = 0
            var g = w
            while g < games {
                let deal = firstDeal &+ UInt64(g)
                var referee = CoinSorterReferee(seed: deal)
                var rng = SplitMix64(seed: deal ^ streamTag)
                while !referee.state.isOver { referee.play(bestSwap(network, referee.state, rng: &rng).swap) }
                total += referee.state.score
                g += workers
            }
            return total
        }
        return Double(totals.reduce(0, +)) / Double(games)
    }

    /// The swap maximising points + value of its afterstate; ties broken by `rng`, each
    /// tied swap equally likely. Swaps of two coins of one kind all leave the board as
    /// it is, so that afterstate is valued once.
    @inlinable
    static func bestSwap(_ network: CoinSorterNTuple, _ s: CoinSorter, rng: inout SplitMix64)
        -> (swap: CoinSorter.Swap, points: Int) {
        let turns = s.turnsLeft - 1
        let unchanged = network.value(s, turns: turns)
        var best = -Float.infinity, chosen = CoinSorter.Swap(0, 1), points = 0, ties = 0
        for a in 0..<24 {
            let ka = s.coin(at: a)
            for b in (a + 1)..<25 {
                let swap = CoinSorter.Swap(a, b)
                var p = 0
                let v: Float
                if s.coin(at: b) == ka {
                    v = unchanged
                } else {
                    let after = s.exchanging(swap)
                    let lines = after.completeLines
                    p = lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount
                    v = Float(p) + network.value(after, turns: turns)
                }
                if v > best {
                    best = v; chosen = swap; points = p; ties = 1
                } else if v == best {
                    ties += 1
                    if rng.next(below: ties) == 0 { chosen = swap; points = p }
                }
            }
        }
        return (chosen, points)
    }
}

/// One episode's afterstates (their active weight indices) and TD errors, in
/// storage allocated once per worker: nothing is allocated per step.
public struct EpisodeRecord: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<Int32>
    @usableFromInline let errors: UnsafeMutablePointer<Float>
    @usableFromInline let counter: UnsafeMutablePointer<Int>

    static func allocate() -> EpisodeRecord {
        let n = CoinSorterTDTrainer.maxSteps + 1
        let r = EpisodeRecord(storage: .allocate(capacity: n * CoinSorterNTuple.activeFeatures),
                              errors: .allocate(capacity: n), counter: .allocate(capacity: 1))
        r.errors.initialize(repeating: 0, count: n)
        r.counter.initialize(to: 0)
        return r
    }

    @usableFromInline init(storage: UnsafeMutablePointer<Int32>, errors: UnsafeMutablePointer<Float>,
                           counter: UnsafeMutablePointer<Int>) {
        self.storage = storage
        self.errors = errors
        self.counter = counter
    }

    func deallocate() {
        storage.deallocate(); errors.deallocate(); counter.deallocate()
    }

    /// Afterstates recorded.
    @usableFromInline var steps: Int {
        get { counter.pointee }
        nonmutating set { counter.pointee = newValue }
    }

    /// The indices of afterstate `slot`.
    @inlinable @inline(__always)
    func indices(_ slot: Int) -> UnsafeMutablePointer<Int32> { storage + slot * CoinSorterNTuple.activeFeatures }

    /// Records the TD error of afterstate `slot`, applying it at once when online.
    @inlinable @inline(__always)
    func update(_ slot: Int, error: Float, network: CoinSorterNTuple, onlineStep: Float?) {
        errors[slot] = error
        if let step = onlineStep { Self.apply(indices(slot), error, step, network) }
    }

    /// Applies every recorded error (batch mode).
    func apply(to network: CoinSorterNTuple, step: Float) {
        for slot in 0..<steps { Self.apply(indices(slot), errors[slot], step, network) }
    }

    /// Moves each active weight by `step × error`, or, learning with temporal coherence,
    /// by `step × |E| / A × error` where E and A are the sums of the weight's past errors
    /// and of their magnitudes (1 before its first error); then adds the error to both.
    @inlinable @inline(__always)
    static func apply(_ indices: UnsafeMutablePointer<Int32>, _ error: Float, _ step: Float, _ network: CoinSorterNTuple) {
        guard let coherence = network.coherence else {
            let delta = error * step
            for i in 0..<CoinSorterNTuple.activeFeatures { network.weights[Int(indices[i])] += delta }
            return
        }
        let n = network.weightCount, magnitude = abs(error)
        for i in 0..<CoinSorterNTuple.activeFeatures {
            let j = Int(indices[i])
            let a = coherence[n &+ j]
            let rate: Float = a > 0 ? abs(coherence[j]) / a : 1
            network.weights[j] += step * rate * error
            coherence[j] += error
            coherence[n &+ j] = a + magnitude
        }
    }
}
