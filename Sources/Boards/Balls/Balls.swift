/// A state of Balls!, the one-tap chain-reaction puzzle of docs/rules.md, Balls!.
///
/// Before the tap the state is a decision node: the level and its balls, each kept as
/// its two motion phases at tick 0 (``BallsField``), so the balls at any tick are
/// computed in closed form and a tap is simulated without stepping from tick 0.
/// Chance is only in the deal (``BallsReferee``); after the tap the state is over and
/// holds the balls left on the field, the tick the level ended and so the score.
///
/// Storage is fixed (at most 30 balls, inline), so a state is a plain value and
/// copying or simulating one allocates nothing.
@frozen
public struct Balls: Sendable {
    /// The most balls a level deals.
    public static var maxBalls: Int { 30 }

    /// Ball i's phases at tick 0: x phase in the low 16 bits, y phase in the high 16.
    @usableFromInline internal var phases: InlineArray<30, UInt32>
    /// The balls in ``phases``: every ball dealt before the tap, those left after it.
    @usableFromInline internal var _count: UInt8
    @usableFromInline internal var _level: UInt8
    /// Before the tap: the tick the position text shows the balls at (the state is the
    /// same game at every tick; taps count from tick 0). After it: the tick the level ended.
    @usableFromInline internal var _tick: UInt32
    @usableFromInline internal var _over: Bool

    /// The level with `balls` at tick 0, given as dealt points (every dealt ball moves
    /// up and left); `tick` is the tick the text shows them at.
    public init(level: BallsLevel, dealt balls: [(x: Int, y: Int)], tick: Int = 0) {
        precondition(balls.count == level.balls && balls.allSatisfy {
            (0..<BallsField.width).contains($0.x) && (0..<BallsField.height).contains($0.y)
        }, "a level deals its number of balls, inside the field")
        self.init(level: level, phases: balls.map { (BallsField.dealtPhase(x: $0.x), BallsField.dealtPhase(y: $0.y)) },
                  tick: tick, over: false)
    }

    /// A state from phases at tick 0 (checked by the caller).
    @usableFromInline
    init(level: BallsLevel, phases list: [(x: Int, y: Int)], tick: Int, over: Bool) {
        phases = InlineArray(repeating: 0)
        for (i, p) in list.enumerated() { phases[i] = UInt32(p.x) | UInt32(p.y) << 16 }
        _count = UInt8(list.count)
        _level = UInt8(level.number)
        _tick = UInt32(tick)
        _over = over
    }

    // MARK: Reading the state

    /// The level.
    @inlinable public var level: BallsLevel { BallsLevel(unchecked: Int(_level)) }

    /// The balls on the field: all dealt before the tap, those left after it.
    @inlinable public var ballCount: Int { Int(_count) }

    /// Before the tap, the tick the position text shows; after it, the tick the level
    /// ended (the tick at which no explosion was left).
    @inlinable public var tick: Int { Int(_tick) }

    /// Whether the tap has been made (and so the level is over).
    @inlinable public var isOver: Bool { _over }

    /// The balls exploded: 0 before the tap.
    @inlinable public var score: Int { _over ? level.balls - Int(_count) : 0 }

    /// Whether the level is passed: `nil` before the tap.
    @inlinable public var passed: Bool? { _over ? level.passes(score) : nil }

    /// The tick the level ended, once it has.
    @inlinable public var endTick: Int? { _over ? Int(_tick) : nil }

    /// Ball `i`'s x and y phases at tick 0.
    @inlinable @inline(__always)
    func phase(_ i: Int) -> (x: Int, y: Int) {
        let p = phases[i]
        return (Int(p & 0xFFFF), Int(p >> 16))
    }

    /// Ball `i` (in deal order among those on the field) at tick `t` ≥ 0: its centre
    /// and direction after the moves of ticks 1…t.
    @inlinable
    public func ball(_ i: Int, atTick t: Int) -> BallsBall {
        let (qx, qy) = phase(i)
        let x = BallsField.coordinate(phase: (qx + t % BallsField.xPeriod) % BallsField.xPeriod, size: BallsField.width)
        let y = BallsField.coordinate(phase: (qy + t % BallsField.yPeriod) % BallsField.yPeriod, size: BallsField.height)
        return BallsBall(x: x.position, y: y.position, dx: x.direction, dy: y.direction)
    }

    /// Every ball on the field at tick `t`, in deal order.
    public func balls(atTick t: Int) -> [BallsBall] { (0..<ballCount).map { ball($0, atTick: t) } }

    // MARK: Playing

    /// Makes the tap: the level runs to its end and the state holds what is left.
    @inlinable
    public mutating func play(_ tap: BallsTap) {
        let r = run(tap)
        var kept = 0
        for i in 0..<Int(_count) where r.survivors & (1 << UInt32(i)) != 0 {
            phases[kept] = phases[i]
            kept += 1
        }
        for i in kept..<Int(_count) { phases[i] = 0 }
        _count = UInt8(truncatingIfNeeded: kept)
        _tick = UInt32(truncatingIfNeeded: r.ticks)
        _over = true
    }

    /// Balls! has no moves to list: a tap is any of 308,802 × 320 × 480 ≈ 4.7·10¹⁰
    /// (tick, point) triples, so nothing is appended; agents draw taps with
    /// ``randomMove(using:)`` or build their own candidates, and a tap's legality is
    /// ``isLegal(_:)``.
    @inlinable
    public func generateMoves(into moves: inout MoveList<BallsTap>) {}

    /// Whether `tap` may be played now: before the tap, with its tick and point in range.
    @inlinable
    public func isLegal(_ tap: BallsTap) -> Bool { !_over && tap.isInRange }

    /// A uniformly random tap: the tick, then x, then y, each drawn uniformly.
    @inlinable
    public func randomMove(using generator: inout SplitMix64) -> BallsTap? {
        guard !_over else { return nil }
        let t = generator.next(below: BallsField.period)
        let x = generator.next(below: BallsField.width)
        let y = generator.next(below: BallsField.height)
        return BallsTap(t: t, x: x, y: y)
    }

    /// No chance event is ever due: chance is only in the deal.
    @inlinable public var isChanceNode: Bool { false }
    public var chanceOutcomes: [Never] { [] }
    @inlinable public var chanceOutcomeCount: Int { 0 }
    public func chanceOutcome(_ index: Int) -> Never { preconditionFailure("Balls! has no chance events after the deal") }
    @inlinable public mutating func applyChance(_ outcome: Never) {}
}

/// A ball at some tick: its centre (which may stand on −1 or the field's size for one
/// tick) and its direction on each axis (±1).
@frozen
public struct BallsBall: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var dx: Int
    public var dy: Int

    @inlinable
    public init(x: Int, y: Int, dx: Int, dy: Int) {
        self.x = x
        self.y = y
        self.dx = dx
        self.dy = dy
    }

    /// The ball as position text writes it: `x,y,dx,dy`.
    public var text: String { "\(x),\(y),\(dx),\(dy)" }
}

extension Balls: Hashable {
    public static func == (a: Balls, b: Balls) -> Bool {
        guard a._level == b._level, a._count == b._count, a._tick == b._tick, a._over == b._over else { return false }
        for i in 0..<Int(a._count) where a.phases[i] != b.phases[i] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(_level); hasher.combine(_count); hasher.combine(_tick); hasher.combine(_over)
        for i in 0..<Int(_count) { hasher.combine(phases[i]) }
    }
}
