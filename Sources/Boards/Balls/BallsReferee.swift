/// The referee of a Balls! level: deals it from the seeded SplitMix64 stream, then plays
/// the tap. Chance is only in the deal, so the stream is used up before the first move
/// and agents, who get ``state`` only, lose nothing by not seeing it.
public struct BallsReferee: Sendable {
    /// The level now: dealt (a decision node) or over.
    public private(set) var state: Balls

    /// Deals level `level` of `seed`: per ball, x = next() % 320, y = next() % 480, then
    /// the colour, next() % 6, which is drawn (so the stream matches the app's) and
    /// not kept: the rules never use it.
    public init(seed: UInt64, level: BallsLevel) {
        state = Self.deal(seed: seed, level: level)
    }

    /// Takes over `state` (read from text): nothing is left to draw after the deal.
    public init(state: Balls) { self.state = state }

    /// The dealt level of `seed`.
    public static func deal(seed: UInt64, level: BallsLevel) -> Balls {
        var stream = SplitMix64(seed: seed)
        var balls: [(x: Int, y: Int)] = []
        for _ in 0..<level.balls {
            let x = Int(stream.next() % UInt64(BallsField.width))
            let y = Int(stream.next() % UInt64(BallsField.height))
            _ = stream.next() % 6
            balls.append((x, y))
        }
        return Balls(level: level, dealt: balls)
    }

    /// Plays the tap (legal now).
    public mutating func play(_ tap: BallsTap) { state.play(tap) }
}
