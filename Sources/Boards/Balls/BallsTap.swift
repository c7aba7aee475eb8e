/// The one move of Balls!: after `t` ticks, an explosion at the point (`x`, `y`).
/// Notation `t@x,y` (docs/formats.md, Balls!).
@frozen
public struct BallsTap: Hashable, Sendable, BitwiseCopyable {
    /// Ticks before the tap, 0...``BallsField/lastTapTick``.
    public let t: UInt32
    /// The point, 0 ≤ x < 320, 0 ≤ y < 480.
    public let x: UInt16
    public let y: UInt16

    /// A tap after `t` ticks at (`x`, `y`); the caller keeps them in range
    /// (``Balls/parseMove(_:)`` and ``Balls/randomMove(using:)`` do).
    @inlinable @inline(__always)
    public init(t: Int, x: Int, y: Int) {
        self.t = UInt32(truncatingIfNeeded: t)
        self.x = UInt16(truncatingIfNeeded: x)
        self.y = UInt16(truncatingIfNeeded: y)
    }

    /// Whether the tap is one the rules allow: its tick and point in range.
    @inlinable
    public var isInRange: Bool {
        Int(t) <= BallsField.lastTapTick && Int(x) < BallsField.width && Int(y) < BallsField.height
    }

    /// The notation `t@x,y`.
    public var notation: String { "\(t)@\(x),\(y)" }
}
