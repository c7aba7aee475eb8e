/// The constants of the Balls! field and its explosions (docs/rules.md, Balls!), and
/// the closed form of a ball's motion.
///
/// A coordinate bounces between −1 and the field's size: on the x axis it runs
/// −1, 0, …, 320, 319, …, 0, −1, … (a step of exactly 1 every tick), so it repeats every
/// 2·(320 + 1) = 642 ticks, and y every 2·(480 + 1) = 962. A ball's whole motion on an
/// axis is therefore one number, its *phase* q in 0..<period: q = 0 is the coordinate
/// −1 moving up, q = size + 1 the coordinate `size` moving down. After k ticks the phase
/// is (q + k) mod period; the position is read back with ``coordinate(phase:size:)``.
public enum BallsField {
    /// The field's width and height.
    public static var width: Int { 320 }
    public static var height: Int { 480 }
    /// A ball's radius: a ball is caught when its centre is nearer than r + 4.
    public static var ballRadius: Int { 4 }
    /// The periods of the motion on each axis, and of the whole field: lcm(642, 962).
    public static var xPeriod: Int { 642 }
    public static var yPeriod: Int { 962 }
    public static var period: Int { 308_802 }
    /// The largest tick a tap may wait for: one period of the motion covers every case.
    public static var lastTapTick: Int { period - 1 }
    /// An explosion grows while its radius is at most this, then shrinks.
    public static var peakRadius: Int { 60 }

    /// The coordinate and direction of phase `q` (0..<2·(size + 1)) on an axis of `size`.
    @inlinable @inline(__always)
    public static func coordinate(phase q: Int, size: Int) -> (position: Int, direction: Int) {
        q <= size ? (q - 1, 1) : (2 * size + 1 - q, -1)
    }

    /// The phase of a coordinate and direction on an axis of `size`; `nil` for a pair
    /// no tick leaves (outside −1…size, a direction other than ±1, −1 moving down, or
    /// `size` moving up: a move onto either turns the direction at once).
    @inlinable
    public static func phase(position p: Int, direction d: Int, size: Int) -> Int? {
        switch d {
        case 1 where (-1..<size).contains(p): return p + 1
        case -1 where (0...size).contains(p): return 2 * size + 1 - p
        default: return nil
        }
    }

    /// The x phase of a ball dealt at `x` (moving left, as every dealt ball does).
    @inlinable
    public static func dealtPhase(x: Int) -> Int { 2 * width + 1 - x }
    /// The y phase of a ball dealt at `y` (moving up).
    @inlinable
    public static func dealtPhase(y: Int) -> Int { 2 * height + 1 - y }
}
