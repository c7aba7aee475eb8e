// The fast simulator of a tap: the hot path of every Balls! agent. It plays the rules of
// docs/rules.md, Balls!, exactly, but does not step the level tick by tick from 0 and
// stops as soon as nothing can change the score. Tests/BoardsTests/BallsReference.swift
// is the rules read literally; the tests check that the two agree.
//
// # Explosions as one number
//
// An explosion that starts with radius r₀ and growth +1 at the end of tick c has at tick
// c + k the radius r₀ + k while that is at most 61 (it turns at 61 > 60), then
// 122 − r₀ − k, and disappears when that reaches 0. With its *birth* b = c − r₀ and its
// *age* a = τ − b at tick τ, the radius is r(a) = a for a ≤ 61, 122 − a after, and it
// catches in ticks with 1 ≤ r, i.e. a ≤ 121, and disappears at a = 122. The tap after t
// ticks has r₀ = 1 at tick t, so b = t − 1; a ball caught at tick c has r₀ = 4, b = c − 4.
// An explosion catches from the tick after the one it appears in.
//
// The level ends when the last explosion disappears, at b + 122 of the one born last:
// ticks = max(t + 121, c + 118) where c is the last tick at which a ball was caught.
//
// # When nothing can happen (the bound that lets the simulator skip ticks and stop)
//
// Each tick a ball's x and y each change by exactly 1 (a bounce included: −1 → 0), so
// the Chebyshev distance max(|Δx|, |Δy|) from a fixed point changes by at most 1 a tick.
// A ball is caught only if its Euclidean distance is < r + 4, hence only if its
// Chebyshev distance (never larger) is < r + 4. Take a ball at Chebyshev distance D from
// an explosion of age a₀ at tick τ. At tick τ + k its distance is ≥ D − k and the
// explosion's catch radius is r(a₀ + k) + 4, so a catch at τ + k needs
//     D < k + r(a₀ + k) + 4 =: f(k).
// While the explosion grows (a₀ + k ≤ 61), f(k) = 2k + a₀ + 4, increasing; once it
// shrinks, f(k) = k + 122 − a₀ − k + 4 = 126 − a₀, constant. So f never exceeds 126 − a₀:
// with D ≥ 126 − a₀ the ball is out of the explosion's reach for the rest of its life,
// however the ball moves. Otherwise the first tick a catch is possible is τ + k* with
//     k* = max(1, ⌊(D − a₀ − 4) / 2⌋ + 1)  while growing (a₀ < 61), and k* = 1 after;
// (for a₀ < 61 and D < 126 − a₀ this k* keeps a₀ + k* ≤ 61, inside the growing phase, and
// inside the life a₀ + k* ≤ 121.)
//
// # Per ball, the next tick worth a look
//
// So each ball carries a *wake* tick: a lower bound on the first tick any explosion may
// catch it, the least τ + k* over the live explosions, computed from the ball's position
// at τ. Explosions only appear (then the new one's k* is folded into every ball's wake)
// or die (the bound stays a bound), so the bound stays valid as ticks pass. The
// simulator jumps to the least wake; there it moves only the balls due (their phases,
// in closed form), checks them exactly against every live explosion, and either catches
// them or computes their next wake. When no ball has a wake, or no ball is left, no
// later tick can catch anything and the score is final; the end tick is arithmetic.
// A tap whose point is at Chebyshev distance ≥ 125 from every ball at tick t (a₀ = 1)
// catches nothing: that is the first check, before any storage is set up.

extension Balls {
    /// What a tap scores: the balls exploded, the tick the level ended, and whether
    /// the level is passed; the state is unchanged. Allocation-free; the hot call of
    /// every search agent (an explicit name for ``simulate(_:)``).
    @inlinable
    public func simulate(_ tap: BallsTap) -> BallsOutcome {
        let r = run(tap)
        return BallsOutcome(score: r.score, ticks: r.ticks, passed: level.passes(r.score))
    }

    /// The chain reaction of `tap`, explosion by explosion in the order they appear: the
    /// tap's first (`ball` nil), then each ball caught, with its centre and the tick it was
    /// caught at. What the simulator computes anyway, for a viewer that draws the chain
    /// (report.html); the state is unchanged.
    public func chain(_ tap: BallsTap) -> [BallsExplosion] {
        var trace = [Int32](repeating: 0, count: 4 * 31)
        let score = trace.withUnsafeMutableBufferPointer { run(tap, trace: $0.baseAddress) }.score
        // No catch (the cheap case returns before the trace is written): the tap alone.
        if score == 0 { return [BallsExplosion(ball: nil, x: Int(tap.x), y: Int(tap.y), tick: Int(tap.t))] }
        var chain: [BallsExplosion] = []
        for e in 0...score {
            // Births are stored as tick − r₀: the tap has r₀ = 1, a caught ball r₀ = 4.
            let ball: Int? = e == 0 ? nil : Int(trace[e])
            let appeared = Int(trace[93 + e]) + (e == 0 ? 1 : 4)
            chain.append(BallsExplosion(ball: ball, x: Int(trace[31 + e]), y: Int(trace[62 + e]), tick: appeared))
        }
        return chain
    }

    /// The result of `tap` with the balls left (bit i: ball i of the state); with `trace`
    /// (4 × 31 values), per explosion e the ball it was (e ≥ 1), then its x, y and birth.
    @inlinable
    func run(_ tap: BallsTap, trace: UnsafeMutablePointer<Int32>? = nil) -> (score: Int, ticks: Int, survivors: UInt32) {
        let n0 = Int(_count)
        let t = Int(tap.t), tx = Int(tap.x), ty = Int(tap.y)
        let everyone: UInt32 = (1 << UInt32(n0)) &- 1
        let sx = t % BallsField.xPeriod, sy = t % BallsField.yPeriod
        // The cheap case first: no ball within the tap's reach (D < 125) at tick t.
        var near = false
        for i in 0..<n0 {
            let (qx, qy) = phase(i)
            let x = Self.position(Self.wrap(qx + sx, BallsField.xPeriod), size: BallsField.width)
            let y = Self.position(Self.wrap(qy + sy, BallsField.yPeriod), size: BallsField.height)
            if max(abs(x - tx), abs(y - ty)) < 125 { near = true; break }
        }
        guard near else { return (0, t + 121, everyone) }

        // Scratch on the stack, one block of Int32 (ticks stay below 2³¹; 972 bytes, under
        // the 1 KiB that needs no stack check): per ball on the field its phases at tick
        // t, the next tick worth a look (never: Int32.max) and which ball of the state it
        // is; per explosion (at most 1 + 30) its centre and birth (age = tick − birth).
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * 30 + 3 * 31) { block in
            let base = block.baseAddress!
            let qx = base, qy = base + 30, wake = base + 60, id = base + 90
            let ex = base + 120, ey = base + 151, eb = base + 182
            let never = Int32.max
            for i in 0..<n0 {
                let (x0, y0) = phase(i)
                let a = Self.wrap(x0 + sx, BallsField.xPeriod), b = Self.wrap(y0 + sy, BallsField.yPeriod)
                qx[i] = Int32(truncatingIfNeeded: a); qy[i] = Int32(truncatingIfNeeded: b)
                id[i] = Int32(truncatingIfNeeded: i)
                let d = max(abs(Self.position(a, size: BallsField.width) - tx), abs(Self.position(b, size: BallsField.height) - ty))
                let k = Self.ticksToReach(distance: d, age: 1)
                wake[i] = k == .max ? never : Int32(truncatingIfNeeded: t + k)
            }
            ex[0] = Int32(truncatingIfNeeded: tx); ey[0] = Int32(truncatingIfNeeded: ty); eb[0] = Int32(truncatingIfNeeded: t - 1)
            var n = n0, m = 1, score = 0, lastCatch = Int.min / 2

            while n > 0 {
                var tau = never
                for i in 0..<n where wake[i] < tau { tau = wake[i] }
                if tau == never { break }
                // Every ball's phase moves by the same amount from tick t.
                let shift = Int(tau) - t
                let mx = Int32(truncatingIfNeeded: shift % BallsField.xPeriod)
                let my = Int32(truncatingIfNeeded: shift % BallsField.yPeriod)

                // Step 3 of tick tau for the balls due: caught by an explosion present
                // before this tick's catches, or given their next wake.
                // A ball caught now is written as an explosion past the live ones, which
                // are the only ones tested this tick.
                var caught: UInt32 = 0, born = m
                for i in 0..<n where wake[i] == tau {
                    let (x, y) = Self.position(qx[i], qy[i], mx, my)
                    var next = never
                    for e in 0..<m {
                        let a = tau &- eb[e]
                        if a > 121 { continue }
                        let r = (a <= 61 ? a : 122 &- a) &+ 4
                        let dx = x &- ex[e], dy = y &- ey[e]
                        if dx &* dx &+ dy &* dy < r &* r {
                            caught |= 1 &<< UInt32(truncatingIfNeeded: i)
                            ex[born] = x; ey[born] = y; eb[born] = tau &- 4
                            trace?[born] = id[i]
                            born += 1
                            break
                        }
                        let k = Self.ticksToReach(Self.chebyshev(dx, dy), a)
                        if k < next { next = k }
                    }
                    wake[i] = next == never ? never : tau &+ next
                }
                guard caught != 0 else { continue }

                // Each caught ball is an explosion now (r = 4: birth tau − 4); the others
                // close ranks, and the new explosions' reach joins their wakes.
                let firstNew = m
                score += born - m
                m = born
                var w = 0
                for i in 0..<n {
                    if caught & (1 &<< UInt32(truncatingIfNeeded: i)) == 0 {
                        qx[w] = qx[i]; qy[w] = qy[i]; wake[w] = wake[i]; id[w] = id[i]
                        w += 1
                    }
                }
                n = w
                lastCatch = Int(tau)
                for i in 0..<n {
                    let (x, y) = Self.position(qx[i], qy[i], mx, my)
                    for e in firstNew..<m {
                        let k = Self.ticksToReach(Self.chebyshev(x &- ex[e], y &- ey[e]), 4)
                        if k != never && tau &+ k < wake[i] { wake[i] = tau &+ k }
                    }
                }
            }
            var survivors: UInt32 = 0
            for i in 0..<n { survivors |= 1 &<< UInt32(truncatingIfNeeded: id[i]) }
            if let trace {
                for e in 0..<m { trace[31 + e] = ex[e]; trace[62 + e] = ey[e]; trace[93 + e] = eb[e] }
            }
            return (score, max(t + 121, lastCatch + 118), survivors)
        }
    }

    /// Ticks from now until an explosion of age `age` may first catch a ball at
    /// Chebyshev distance `distance` (the k* above); `Int.max` when it never can.
    @inlinable @inline(__always)
    static func ticksToReach(distance d: Int, age a0: Int) -> Int {
        if a0 >= 121 || d >= 126 - a0 { return .max }
        return a0 >= 61 ? 1 : max(1, (d - a0 - 4) / 2 + 1)
    }

    /// ``ticksToReach(distance:age:)`` in wrapping 32-bit arithmetic, for the hot loop
    /// (distance ≤ 482 and age ≤ 122 there); `Int32.max` for never.
    @inlinable @inline(__always)
    static func ticksToReach(_ d: Int32, _ a0: Int32) -> Int32 {
        if a0 >= 121 || d >= 126 &- a0 { return .max }
        if a0 >= 61 { return 1 }
        let n = d &- a0 &- 4
        return n < 0 ? 1 : (n &>> 1) &+ 1
    }

    /// max(|dx|, |dy|), for differences of coordinates.
    @inlinable @inline(__always)
    static func chebyshev(_ dx: Int32, _ dy: Int32) -> Int32 {
        let ax = dx < 0 ? 0 &- dx : dx, ay = dy < 0 ? 0 &- dy : dy
        return ax > ay ? ax : ay
    }

    /// The centre of a ball whose phases at tick t are (`qx`, `qy`), `mx` and `my`
    /// ticks later (each below its period).
    @inlinable @inline(__always)
    static func position(_ qx: Int32, _ qy: Int32, _ mx: Int32, _ my: Int32) -> (x: Int32, y: Int32) {
        var a = qx &+ mx, b = qy &+ my
        if a >= Int32(BallsField.xPeriod) { a &-= Int32(BallsField.xPeriod) }
        if b >= Int32(BallsField.yPeriod) { b &-= Int32(BallsField.yPeriod) }
        let x = a <= Int32(BallsField.width) ? a &- 1 : Int32(2 * BallsField.width + 1) &- a
        let y = b <= Int32(BallsField.height) ? b &- 1 : Int32(2 * BallsField.height + 1) &- b
        return (x, y)
    }

    /// `value` (0..<2·period) reduced below `period`.
    @inlinable @inline(__always)
    static func wrap(_ value: Int, _ period: Int) -> Int { value >= period ? value - period : value }

    /// The coordinate of phase `q` on an axis of `size`.
    @inlinable @inline(__always)
    static func position(_ q: Int, size: Int) -> Int { q <= size ? q - 1 : 2 * size + 1 - q }

    /// The balls the tap's own explosion catches over its life, each counted once, as if
    /// no ball it catches exploded (no chain): what a greedy agent ranks taps by. The
    /// same bound as ``simulate(_:)`` skips balls out of reach and the ticks before a
    /// catch is possible.
    @inlinable
    public func directCatches(_ tap: BallsTap) -> Int {
        let t = Int(tap.t), tx = Int(tap.x), ty = Int(tap.y)
        let sx = t % BallsField.xPeriod, sy = t % BallsField.yPeriod
        var count = 0
        for i in 0..<Int(_count) {
            let (x0, y0) = phase(i)
            var qx = Self.wrap(x0 + sx, BallsField.xPeriod), qy = Self.wrap(y0 + sy, BallsField.yPeriod)
            var a0 = 1  // the tap's age at tick t
            while true {
                let x = Self.position(qx, size: BallsField.width), y = Self.position(qy, size: BallsField.height)
                let k = Self.ticksToReach(distance: max(abs(x - tx), abs(y - ty)), age: a0)
                if k == .max { break }
                qx = (qx + k) % BallsField.xPeriod
                qy = (qy + k) % BallsField.yPeriod
                a0 += k
                let r = (a0 <= 61 ? a0 : 122 - a0) + 4
                let dx = Self.position(qx, size: BallsField.width) - tx, dy = Self.position(qy, size: BallsField.height) - ty
                if dx * dx + dy * dy < r * r {
                    count += 1
                    break
                }
            }
        }
        return count
    }
}

/// One explosion of a tap's chain reaction: the ball it was (its place among the balls
/// on the field before the tap; `nil` for the tap's own), its centre, and the tick it
/// appeared at (with radius 1 for the tap, 4 for a ball; it grows by 1 a tick to 61,
/// then shrinks, and catches from the next tick on).
public struct BallsExplosion: Hashable, Sendable {
    public var ball: Int?
    public var x: Int
    public var y: Int
    public var tick: Int
    public init(ball: Int?, x: Int, y: Int, tick: Int) {
        self.ball = ball
        self.x = x
        self.y = y
        self.tick = tick
    }

    /// Its birth: the tick its radius would have been 0 (the radius at tick τ is its
    /// age τ − birth up to 61, then 122 − age; it is gone at age 122).
    public var birth: Int { tick - (ball == nil ? 1 : 4) }

    /// The radius of an explosion of age `age` (0 before birth and once it is gone).
    public static func radius(age: Int) -> Int {
        age <= 0 ? 0 : age <= BallsField.peakRadius + 1 ? age : max(0, 2 * (BallsField.peakRadius + 1) - age)
    }
}

/// What a tap scores (docs/rules.md, Balls!): the balls exploded, the tick after which
/// the level ended (the tick at which no explosion was left), and whether the score
/// reaches the level's target.
@frozen
public struct BallsOutcome: Hashable, Sendable {
    public var score: Int
    public var ticks: Int
    public var passed: Bool

    @inlinable
    public init(score: Int, ticks: Int, passed: Bool) {
        self.score = score
        self.ticks = ticks
        self.passed = passed
    }
}
