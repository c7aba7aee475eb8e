// Text for Balls!: taps (`37@100,100`) and positions (`1 0 65,199,-1,-1 75,441,-1,-1 …`),
// docs/formats.md, Balls!.

extension Balls {
    /// The notation of a tap: `t@x,y`.
    public func notation(of tap: BallsTap) -> String { tap.notation }

    /// Parses a tap such as `37@100,100` and checks that it can be played now: the tick
    /// in 0...308801, the point inside the field, the level not over.
    public func parseMove(_ text: String) throws(ParseError) -> BallsTap {
        let tap = try Self.parseTap(text)
        guard !isOver else { throw ParseError("illegal tap '\(tap.notation)': the level is already over") }
        return tap
    }

    /// Parses a tap `t@x,y` in range, whatever the state.
    public static func parseTap(_ text: String) throws(ParseError) -> BallsTap {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        let point = parts.count == 2 ? parts[1].split(separator: ",", omittingEmptySubsequences: false) : []
        guard parts.count == 2, point.count == 2, let t = NumberText.wholeNumber(parts[0]),
              let x = NumberText.wholeNumber(point[0]), let y = NumberText.wholeNumber(point[1]) else {
            throw ParseError("malformed tap '\(text)': expected t@x,y with whole numbers (37@100,100)")
        }
        guard (0...BallsField.lastTapTick).contains(t) else {
            throw ParseError("tap '\(trimmed)': tick \(t) is out of range 0...\(BallsField.lastTapTick) (the motion repeats every \(BallsField.period) ticks)")
        }
        guard (0..<BallsField.width).contains(x), (0..<BallsField.height).contains(y) else {
            throw ParseError("tap '\(trimmed)': point (\(x),\(y)) is outside the field 0...\(BallsField.width - 1) x 0...\(BallsField.height - 1)")
        }
        return BallsTap(t: t, x: x, y: y)
    }

    /// The word that ends the text of a level that is over.
    static var overWord: String { "over" }

    /// The latest tick a level can end at: the tap's explosion catches by t + 120, each
    /// later explosion by 117 ticks after it appears, and the last disappears 118 ticks
    /// after it appears.
    public static var lastEndTick: Int { BallsField.lastTapTick + 120 + 117 * (maxBalls - 1) + 118 }

    /// The position text: the level, the tick, then each ball on the field as
    /// `x,y,dx,dy` at that tick, in deal order; after the tap, the tick is the one the
    /// level ended at, the balls are those left, and the word `over` closes the text.
    public var text: String {
        var out = "\(level.number) \(tick)"
        for i in 0..<ballCount { out += " " + ball(i, atTick: tick).text }
        return _over ? out + " " + Self.overWord : out
    }

    /// The same level shown at tick `t` (before the tap): the same game, other text.
    public func shown(atTick t: Int) -> Balls {
        var copy = self
        copy._tick = UInt32(truncatingIfNeeded: t)
        return copy
    }

    /// Parses position text, naming the problem: the level, the tick, a ball out of the
    /// field or with a bad direction, one that no deal reaches at that tick, the number
    /// of balls for the level.
    public init(parsing text: String) throws(ParseError) {
        var fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let first = fields.first else { throw ParseError("empty position text") }
        guard let number = NumberText.wholeNumber(first) else { throw ParseError("level '\(first)' is not a number") }
        guard let level = BallsLevel(number) else {
            throw ParseError("level \(number) is out of range \(BallsLevel.numbers.lowerBound)...\(BallsLevel.numbers.upperBound)")
        }
        guard fields.count >= 2 else { throw ParseError("missing the tick after the level") }
        let over = fields.last == Substring(Self.overWord)
        if over { fields.removeLast() }
        guard fields.count >= 2 else { throw ParseError("missing the tick after the level") }
        guard let tick = NumberText.wholeNumber(fields[1]) else { throw ParseError("tick '\(fields[1])' is not a number") }
        let ticks = over ? 121...Self.lastEndTick : 0...BallsField.lastTapTick
        guard ticks.contains(tick) else {
            throw ParseError("tick \(tick) is out of range \(ticks.lowerBound)...\(ticks.upperBound)\(over ? " for a level that is over" : "")")
        }
        let balls = fields.dropFirst(2)
        if over {
            guard balls.count <= level.balls else {
                throw ParseError("\(balls.count) balls left, but level \(number) deals only \(level.balls)")
            }
        } else {
            guard balls.count == level.balls else {
                throw ParseError("\(balls.count) balls, but level \(number) deals \(level.balls)")
            }
        }
        var phases: [(x: Int, y: Int)] = []
        for (i, field) in balls.enumerated() {
            let parts = field.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { NumberText.wholeNumber($0) }
            guard parts.count == 4, numbers.count == 4 else {
                throw ParseError("ball \(i + 1) '\(field)' is not x,y,dx,dy (four whole numbers)")
            }
            let (x, y, dx, dy) = (numbers[0], numbers[1], numbers[2], numbers[3])
            guard abs(dx) == 1, abs(dy) == 1 else {
                throw ParseError("ball \(i + 1) '\(field)': a direction must be 1 or -1")
            }
            guard let qx = BallsField.phase(position: x, direction: dx, size: BallsField.width) else {
                throw ParseError("ball \(i + 1) '\(field)': x must be in -1...\(BallsField.width), and -1 moves right, \(BallsField.width) left")
            }
            guard let qy = BallsField.phase(position: y, direction: dy, size: BallsField.height) else {
                throw ParseError("ball \(i + 1) '\(field)': y must be in -1...\(BallsField.height), and -1 moves down, \(BallsField.height) up")
            }
            // Back to tick 0, where every ball was dealt moving up and left inside the field.
            let x0 = (qx - tick % BallsField.xPeriod + BallsField.xPeriod) % BallsField.xPeriod
            let y0 = (qy - tick % BallsField.yPeriod + BallsField.yPeriod) % BallsField.yPeriod
            guard x0 > BallsField.width + 1, y0 > BallsField.height + 1 else {
                let at0 = (BallsField.coordinate(phase: x0, size: BallsField.width), BallsField.coordinate(phase: y0, size: BallsField.height))
                throw ParseError("ball \(i + 1) '\(field)' was not dealt: at tick 0 it would be at \(at0.0.position),\(at0.1.position) "
                                 + "moving \(at0.0.direction),\(at0.1.direction), and every ball starts inside the field moving -1,-1")
            }
            phases.append((x0, y0))
        }
        self.init(level: level, phases: phases, tick: tick, over: over)
    }
}

extension Balls: StochasticPuzzle {
    public static var name: String { "balls" }
    public static var nullMove: BallsTap { BallsTap(t: 0, x: 0, y: 0) }
}
