import Boards

// The exact best score of a Balls! level over a stated action space: every tick t in
// a range and every point (x, y) of a rectangle (by default the whole field), and
// whether some tap there passes the level (docs/balls.md, "The solver").
//
// # Why a tap's score is a function of its direct-catch vector
//
// For a tap (t, P), let c_i be the first tick at which the tap's own explosion would
// catch ball i if nothing else happened (∞ if never): the least τ in t+1 … t+120 with
// |p_i(τ) − P|² < (r(τ − t + 1) + 4)², where p_i(τ) is the ball's centre at τ (fixed
// by the deal) and r(a) = a up to 61, 122 − a after (Balls+Simulation.swift). Claim:
// the whole run, and so the score, depends on (t, c_1, …, c_n) only, not on P.
// Induction on the ticks from t: before tick τ, suppose the balls left and the
// explosions other than the tap's (each a caught ball's centre and birth) are the
// same for two taps with the same vector. At τ a ball i still on the field is caught
// by a ball's explosion under the same condition for both, and by the tap's iff τ is
// the first tick the tap's explosion covers it, i.e. τ = c_i — had it covered i
// earlier, at a tick where i was on the field, i would have been caught then; so the
// caught set at τ and the new explosions (at p_i(τ), born τ − 4) are the same. ∎
// So within one tick t only one tap per distinct vector needs simulating; the others
// score the same. The vector is computed with the same reach bound as the simulator
// (a ball at Chebyshev distance D from an explosion of age a₀ can first be caught
// ⌊(D − a₀ − 4)/2⌋ + 1 ticks later while it grows, never if D ≥ 126 − a₀), at a cost
// of a few steps per ball, against a full chain simulation per tap.
//
// # The other safe cuts
//
// - A point at Chebyshev distance ≥ 125 from every ball at tick t catches nothing
//   (the bound with a₀ = 1; the simulator's own first check): score 0. A row further
//   than 124 from every ball's y is skipped whole. A point whose vector is all ∞
//   (in reach of some ball, but never catching it) scores 0 too, by the claim.
// - The sweep stops when a tap scores every ball (nothing scores more) or, when the
//   goal is only to decide passability, when a tap reaches the target.
// - Before the sweep, an optional search (``BallsSearchAgent`` confined to the space's
//   ticks) looks for a passing tap: a deal with one is then proved passable at once;
//   only deals without one found need the sweep, which proves them impassable (or
//   finds the pass the search missed).
//
// The vector is compared in full (a hash finds candidates; equal hashes with unequal
// vectors are simulated), so nothing rests on a hash being collision-free.

/// The exact solver of a Balls! level over a stated action space.
public enum BallsSolver {
    /// What the sweep is for: the best score (stop only at every ball), or whether the
    /// level is passable (stop at the first passing tap).
    public enum Goal: String, Sendable, Hashable {
        case best, pass
    }

    /// The taps considered: every tick in `ticks` and every point of `xs` × `ys`.
    public struct Space: Sendable, Hashable {
        public var ticks: ClosedRange<Int>
        public var xs: Range<Int>
        public var ys: Range<Int>

        /// Ticks 0...`lastTick`, every point of the field.
        public init(lastTick: Int) {
            self.init(ticks: 0...lastTick, xs: 0..<BallsField.width, ys: 0..<BallsField.height)
        }

        public init(ticks: ClosedRange<Int>, xs: Range<Int>, ys: Range<Int>) {
            self.ticks = ticks
            self.xs = xs
            self.ys = ys
        }

        /// The number of taps in the space.
        public var size: Int { ticks.count * xs.count * ys.count }

        /// Whether `tap` is in the space.
        public func contains(_ tap: BallsTap) -> Bool {
            ticks.contains(Int(tap.t)) && xs.contains(Int(tap.x)) && ys.contains(Int(tap.y))
        }
    }

    /// What a solve found and what it cost.
    public struct Report: Sendable, Hashable {
        /// The best score found (exact over the space when ``exhausted``, or when it is
        /// every ball).
        public var best: Int
        /// A tap scoring ``best`` (`nil` only for an empty space).
        public var tap: BallsTap?
        /// Whether some tap of the space passes the level (exact: a passing tap is
        /// shown, or the whole space was swept).
        public var passable: Bool
        /// Whether every tap of the space was accounted for (swept to the end).
        public var exhausted: Bool
        /// The taps in the space.
        public var space: Int
        /// Taps simulated by the search before the sweep.
        public var searched: Int = 0
        /// Taps simulated by the sweep (one per distinct direct-catch vector, or every
        /// tap without pruning).
        public var simulated: Int = 0
        /// Taps the sweep settled without simulating: out of every ball's reach, in
        /// reach but catching nothing, and sharing a vector simulated before.
        public var outOfReach: Int = 0
        public var noCatch: Int = 0
        public var duplicates: Int = 0
        /// Ticks swept (whole or in part).
        public var ticksSwept: Int = 0

        /// The share of the space simulated (search and sweep).
        public var simulatedShare: Double { space == 0 ? 0 : Double(searched + simulated) / Double(space) }
    }

    /// Solves `state` (before its tap) over `space`.
    ///
    /// - Parameters:
    ///   - goal: `.pass` stops at the first passing tap; `.best` only at a tap scoring
    ///     every ball.
    ///   - prune: the cuts above; `false` simulates every tap of the space (the
    ///     reference the tests compare with).
    ///   - searchSims: taps for the search before the sweep (0: none).
    ///   - seed: the search's seed.
    public static func solve(_ state: Balls, space: Space, goal: Goal, prune: Bool = true, searchSims: Int = 0,
                             seed: UInt64 = 1) -> Report {
        let n = state.ballCount, level = state.level
        var report = Report(best: -1, tap: nil, passable: false, exhausted: false, space: space.size)
        guard !state.isOver, space.size > 0 else { report.best = max(report.best, 0); return report }
        func done() -> Bool { report.best >= n || (goal == .pass && report.passable) }
        func consider(_ tap: BallsTap, _ score: Int) {
            if score > report.best { report.best = score; report.tap = tap }
            if level.passes(score) { report.passable = true }
        }

        if searchSims > 0 {
            var agent = BallsSearchAgent(spec: "search", sims: searchSims, ticks: space.ticks.upperBound + 1, keep: 4,
                                         explore: 0.5, lag: 40, dt: 3, seed: seed)
            if goal == .pass { agent.stopScore = level.target }
            let r = agent.selectMove(state)
            report.searched = r.playouts
            if let tap = r.move, space.contains(tap) { consider(tap, state.simulate(tap).score) }
            if done() { return report }
        }

        if !prune {
            for t in space.ticks {
                report.ticksSwept += 1
                for y in space.ys {
                    for x in space.xs {
                        let tap = BallsTap(t: t, x: x, y: y)
                        consider(tap, state.simulate(tap).score)
                        report.simulated += 1
                        if done() { return report }
                    }
                }
            }
            report.exhausted = true
            return report
        }

        var sweep = Sweep(state: state, capacityPoints: space.xs.count * space.ys.count)
        defer { sweep.release() }
        for t in space.ticks {
            report.ticksSwept += 1
            sweep.prepare(tick: t)
            for y in space.ys {
                guard sweep.rowInReach(y) else { report.outOfReach += space.xs.count; continue }
                for x in space.xs {
                    switch sweep.classify(x: x, y: y) {
                    case .outOfReach: report.outOfReach += 1
                    case .noCatch: report.noCatch += 1
                    case .duplicate: report.duplicates += 1
                    case .new:
                        let tap = BallsTap(t: t, x: x, y: y)
                        consider(tap, state.simulate(tap).score)
                        report.simulated += 1
                        if done() { return report }
                    }
                }
            }
        }
        report.exhausted = true
        if report.tap == nil {
            // Every tap of the space catches nothing: any of them is a best one.
            report.best = 0
            report.tap = BallsTap(t: space.ticks.lowerBound, x: space.xs.lowerBound, y: space.ys.lowerBound)
        }
        return report
    }
}

/// The sweep's scratch for one solve: the balls' centres at the 121 ticks from the
/// tick swept, the vector of the point at hand, and a table of the vectors met this
/// tick (open addressing; a stamp per slot instead of clearing it every tick). All of
/// it allocated once per solve; the loops allocate nothing.
@usableFromInline
struct Sweep {
    @usableFromInline enum Kind { case outOfReach, noCatch, duplicate, new }

    let state: Balls
    let n: Int
    /// Ball i's centre at tick t + j: xs[i * 121 + j], ys[…].
    let bx: UnsafeMutablePointer<Int32>
    let by: UnsafeMutablePointer<Int32>
    /// The vector of the point at hand: per ball the tick offset j of its first catch
    /// by the tap's explosion (1...120), 0 for never.
    let vector: UnsafeMutablePointer<UInt8>
    /// Random keys per (ball, offset), summed into a vector's hash.
    let keys: UnsafeMutablePointer<UInt64>
    let mask: Int
    let slotHash: UnsafeMutablePointer<UInt64>
    let slotStamp: UnsafeMutablePointer<UInt32>
    let slotVector: UnsafeMutablePointer<UInt8>
    var stamp: UInt32 = 0

    static var stride: Int { 121 }

    init(state: Balls, capacityPoints: Int) {
        self.state = state
        n = state.ballCount
        bx = .allocate(capacity: 30 * Self.stride)
        by = .allocate(capacity: 30 * Self.stride)
        vector = .allocate(capacity: 32)
        vector.initialize(repeating: 0, count: 32)
        keys = .allocate(capacity: 30 * Self.stride)
        var rng = SplitMix64(seed: 0xBA11_5017)
        for i in 0..<(30 * Self.stride) { keys[i] = rng.next() }
        var capacity = 1024
        while capacity < 2 * capacityPoints { capacity *= 2 }  // load factor at most 1/2
        mask = capacity - 1
        slotHash = .allocate(capacity: capacity)
        slotStamp = .allocate(capacity: capacity)
        slotStamp.initialize(repeating: 0, count: capacity)
        slotVector = .allocate(capacity: capacity * 32)
    }

    func release() {
        bx.deallocate(); by.deallocate(); vector.deallocate(); keys.deallocate()
        slotHash.deallocate(); slotStamp.deallocate(); slotVector.deallocate()
    }

    /// The centres for tick `t`, and a fresh table.
    mutating func prepare(tick t: Int) {
        for i in 0..<n {
            for j in 0..<Self.stride {
                let b = state.ball(i, atTick: t + j)
                bx[i * Self.stride + j] = Int32(truncatingIfNeeded: b.x)
                by[i * Self.stride + j] = Int32(truncatingIfNeeded: b.y)
            }
        }
        stamp &+= 1
        if stamp == 0 {  // after 2³² ticks the stamps wrap: clear them
            slotStamp.update(repeating: 0, count: mask + 1)
            stamp = 1
        }
    }

    /// Whether some ball at tick t is within 124 of row `y` (else the whole row is out
    /// of reach).
    func rowInReach(_ y: Int) -> Bool {
        let y = Int32(truncatingIfNeeded: y)
        for i in 0..<n {
            let d = by[i * Self.stride] &- y
            if d > -125 && d < 125 { return true }
        }
        return false
    }

    /// Ticks until an explosion of age `a0` may first catch a ball at Chebyshev
    /// distance `d` (the simulator's bound, Balls+Simulation.swift); `Int32.max` for never.
    @inline(__always)
    static func ticksToReach(_ d: Int32, _ a0: Int32) -> Int32 {
        if a0 >= 121 || d >= 126 &- a0 { return .max }
        if a0 >= 61 { return 1 }
        let k = d &- a0 &- 4
        return k < 0 ? 1 : (k &>> 1) &+ 1
    }

    /// The point's class this tick: computes its vector, then looks it up.
    mutating func classify(x: Int, y: Int) -> Kind {
        let px = Int32(truncatingIfNeeded: x), py = Int32(truncatingIfNeeded: y)
        var hash: UInt64 = 0, inReach = false, caught = false
        for i in 0..<n {
            let base = i * Self.stride
            var j: Int32 = 0
            var first: UInt8 = 0
            var dx = bx[base] &- px, dy = by[base] &- py
            var d = max(dx < 0 ? 0 &- dx : dx, dy < 0 ? 0 &- dy : dy)
            if d < 125 {
                inReach = true
                while true {
                    let k = Self.ticksToReach(d, j &+ 1)
                    if k == .max { break }
                    j &+= k
                    let a = j &+ 1
                    let r = (a <= 61 ? a : 122 &- a) &+ 4
                    dx = bx[base &+ Int(j)] &- px; dy = by[base &+ Int(j)] &- py
                    if dx &* dx &+ dy &* dy < r &* r { first = UInt8(truncatingIfNeeded: j); break }
                    d = max(dx < 0 ? 0 &- dx : dx, dy < 0 ? 0 &- dy : dy)
                }
            }
            vector[i] = first
            if first != 0 {
                caught = true
                hash &+= keys[base &+ Int(first)]
            }
        }
        guard inReach else { return .outOfReach }
        guard caught else { return .noCatch }
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slotStamp[slot] == stamp {
            if slotHash[slot] == hash && Self.same(slotVector + slot * 32, vector, n) { return .duplicate }
            slot = (slot + 1) & mask
        }
        slotStamp[slot] = stamp
        slotHash[slot] = hash
        (slotVector + slot * 32).update(from: vector, count: n)
        return .new
    }

    @inline(__always)
    static func same(_ a: UnsafeMutablePointer<UInt8>, _ b: UnsafeMutablePointer<UInt8>, _ n: Int) -> Bool {
        for i in 0..<n where a[i] != b[i] { return false }
        return true
    }
}
