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
// inside the life a₀ + k* ≤ 121.) The simulator takes the least k* over every pair of
// ball and live explosion, moves the balls that many ticks at once (their phases, in
// closed form), and checks that tick exactly; when no pair is within reach, or no ball
// is left, no later tick can catch anything and the score is final.
// A tap whose point is at Chebyshev distance ≥ 125 from every ball at tick t (a₀ = 1)
// catches nothing: that is the first check, before any work per tick.

extension Balls {
    /// What a tap scores: the balls exploded, the tick the level ended, and whether
    /// the level is passed; the state is unchanged. Allocation-free; the hot call of
    /// every search agent (an explicit name for ``simulate(_:)``).
    @inlinable
    public func simulate(_ tap: BallsTap) -> BallsOutcome {
        let r = run(tap)
        return BallsOutcome(score: r.score, ticks: r.ticks, passed: level.passes(r.score))
    }

    /// The result of `tap` with the balls left (bit i: ball i of the state).
    @inlinable
    func run(_ tap: BallsTap) -> (score: Int, ticks: Int, survivors: UInt32) {
        let n0 = Int(_count)
        let t = Int(tap.t), tx = Int(tap.x), ty = Int(tap.y)
        let everyone: UInt32 = n0 == 32 ? ~0 : (1 << UInt32(n0)) &- 1
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

        // The balls still on the field: phases and positions at tick `tau`, and which
        // ball of the state each is.
        var qx = InlineArray<30, Int32>(repeating: 0), qy = InlineArray<30, Int32>(repeating: 0)
        var px = InlineArray<30, Int32>(repeating: 0), py = InlineArray<30, Int32>(repeating: 0)
        var id = InlineArray<30, UInt8>(repeating: 0)
        for i in 0..<n0 {
            let (x0, y0) = phase(i)
            let a = Self.wrap(x0 + sx, BallsField.xPeriod), b = Self.wrap(y0 + sy, BallsField.yPeriod)
            qx[i] = Int32(a); qy[i] = Int32(b)
            px[i] = Int32(Self.position(a, size: BallsField.width)); py[i] = Int32(Self.position(b, size: BallsField.height))
            id[i] = UInt8(i)
        }
        // The live explosions: centre and birth (age = tick − birth). At most 1 + 30.
        var ex = InlineArray<31, Int32>(repeating: 0), ey = InlineArray<31, Int32>(repeating: 0)
        var eb = InlineArray<31, Int>(repeating: 0)
        ex[0] = Int32(tx); ey[0] = Int32(ty); eb[0] = t - 1
        var n = n0, m = 1, tau = t, score = 0, lastCatch = Int.min / 2

        while n > 0 {
            // The first tick at which any ball may be caught (see the bound above);
            // explosions too old to catch again are dropped.
            var next = Int.max
            var e = 0
            while e < m {
                let a0 = tau - eb[e]
                if a0 >= 121 {
                    m -= 1
                    ex[e] = ex[m]; ey[e] = ey[m]; eb[e] = eb[m]
                    continue
                }
                let reach = 126 - a0, ox = ex[e], oy = ey[e]
                for i in 0..<n {
                    let d = Int(max(abs(px[i] &- ox), abs(py[i] &- oy)))
                    if d < reach {
                        let k = a0 >= 61 ? 1 : max(1, (d - a0 - 4) / 2 + 1)
                        if tau + k < next { next = tau + k }
                    }
                }
                e += 1
            }
            if next == Int.max { break }

            // Every ball moves to tick `next` (k ≤ 62 ticks: one wrap at most).
            let k = Int32(next - tau)
            tau = next
            for i in 0..<n {
                var a = qx[i] &+ k
                if a >= Int32(BallsField.xPeriod) { a &-= Int32(BallsField.xPeriod) }
                var b = qy[i] &+ k
                if b >= Int32(BallsField.yPeriod) { b &-= Int32(BallsField.yPeriod) }
                qx[i] = a; qy[i] = b
                px[i] = a <= Int32(BallsField.width) ? a &- 1 : Int32(2 * BallsField.width + 1) &- a
                py[i] = b <= Int32(BallsField.height) ? b &- 1 : Int32(2 * BallsField.height + 1) &- b
            }

            // Step 3 of tick `tau`: the balls within reach of an explosion present
            // before this tick's catches.
            var caught: UInt32 = 0
            for i in 0..<n {
                for e in 0..<m {
                    let a = tau - eb[e]
                    if a > 121 { continue }
                    let r = Int32(truncatingIfNeeded: a <= 61 ? a : 122 - a) &+ 4
                    let dx = px[i] &- ex[e], dy = py[i] &- ey[e]
                    if dx &* dx &+ dy &* dy < r &* r {
                        caught |= 1 << UInt32(i)
                        break
                    }
                }
            }
            guard caught != 0 else { continue }
            // Each caught ball becomes an explosion (r = 4 now: birth tau − 4); the
            // others close ranks.
            var w = 0
            for i in 0..<n {
                if caught & (1 << UInt32(i)) != 0 {
                    ex[m] = px[i]; ey[m] = py[i]; eb[m] = tau - 4
                    m += 1
                    score += 1
                } else {
                    qx[w] = qx[i]; qy[w] = qy[i]; px[w] = px[i]; py[w] = py[i]; id[w] = id[i]
                    w += 1
                }
            }
            n = w
            lastCatch = tau
        }
        var survivors: UInt32 = 0
        for i in 0..<n { survivors |= 1 << UInt32(id[i]) }
        return (score, max(t + 121, lastCatch + 118), survivors)
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
                let d = max(abs(x - tx), abs(y - ty))
                if a0 >= 121 || d >= 126 - a0 { break }
                let k = a0 >= 61 ? 1 : max(1, (d - a0 - 4) / 2 + 1)
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
