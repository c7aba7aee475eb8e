/// A level of Balls!: how many balls it deals and how many must explode to pass it
/// (docs/rules.md, Balls!).
@frozen
public struct BallsLevel: Sendable, Hashable {
    /// The level's number, 1–10.
    public let number: Int

    /// The numbers of the levels.
    public static var numbers: ClosedRange<Int> { 1...10 }

    /// Every level, in order.
    public static var all: [BallsLevel] { numbers.map { BallsLevel(unchecked: $0) } }

    /// Level `number`, or `nil` outside 1–10.
    @inlinable
    public init?(_ number: Int) {
        guard Self.numbers.contains(number) else { return nil }
        self.number = number
    }

    @inlinable
    init(unchecked number: Int) { self.number = number }

    /// The balls dealt. A switch, not a table: no global to initialise on the hot path.
    @inlinable
    public var balls: Int {
        switch number {
        case 1, 2: return 4
        case 3: return 8
        case 4: return 15
        case 5: return 25
        default: return 30
        }
    }

    /// The balls that must explode to pass.
    @inlinable
    public var target: Int {
        switch number {
        case 1: return 1
        case 2: return 2
        case 3: return 4
        case 4: return 7
        case 5: return 12
        case 6: return 17
        case 7: return 20
        case 8: return 25
        case 9: return 28
        default: return 30
        }
    }

    /// Whether `score` balls exploded pass the level.
    @inlinable
    public func passes(_ score: Int) -> Bool { score >= target }
}
