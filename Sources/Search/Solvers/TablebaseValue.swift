/// The value of a position under perfect play, for its side to move: a win or a loss
/// in so many plies (a win in the fewest, a loss in the most), or a draw.
///
/// Tablebases store it as a code: 0 a draw, `plies + 1` otherwise; a win always has
/// an odd number of plies and a loss an even one (the loser is to move at the end),
/// so the code's parity tells which.
public enum TablebaseValue: Sendable, Hashable, CustomStringConvertible {
    case win(plies: Int)
    case loss(plies: Int)
    case draw

    /// The value of a stored code.
    @inlinable
    public init(code: Int) {
        if code == 0 { self = .draw } else if (code - 1) & 1 == 1 { self = .win(plies: code - 1) } else { self = .loss(plies: code - 1) }
    }

    /// The stored code: 0 for a draw, plies + 1 otherwise.
    @inlinable
    public var code: Int {
        switch self {
        case .draw: return 0
        case .win(let n), .loss(let n): return n + 1
        }
    }

    /// The value for the side that moved into a position of this value (one ply more, sides swapped).
    @inlinable
    public var beforeMove: TablebaseValue {
        switch self {
        case .draw: return .draw
        case .win(let n): return .loss(plies: n + 1)
        case .loss(let n): return .win(plies: n + 1)
        }
    }

    /// Win, draw or loss without the plies.
    public enum Kind: String, Sendable, Hashable, CaseIterable { case win, draw, loss }

    /// Win, draw or loss without the plies.
    @inlinable
    public var kind: Kind {
        switch self {
        case .win: return .win
        case .draw: return .draw
        case .loss: return .loss
        }
    }

    /// The plies to the end of a decided game; `nil` for a draw.
    @inlinable
    public var plies: Int? {
        switch self {
        case .draw: return nil
        case .win(let n), .loss(let n): return n
        }
    }

    /// `win in 7`, `loss in 12`, `draw`.
    public var description: String {
        switch self {
        case .draw: return "draw"
        case .win(let n): return "win in \(n)"
        case .loss(let n): return "loss in \(n)"
        }
    }

    /// Whether `self` is better for the side to move than `other`: a win beats a draw
    /// beats a loss, a faster win beats a slower one, a slower loss a faster one.
    @inlinable
    public func isBetter(than other: TablebaseValue) -> Bool { rankForChoice > other.rankForChoice }

    @inlinable
    var rankForChoice: Int {
        switch self {
        case .win(let n): return 1_000_000 - n
        case .draw: return 0
        case .loss(let n): return -1_000_000 + n
        }
    }
}
