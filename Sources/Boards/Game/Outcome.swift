/// How a finished game ended.
@frozen
public enum Outcome: Sendable, Hashable {
    case win(Player)
    case draw

    /// The score of `player`: 1 for a win, ½ for a draw, 0 for a loss.
    @inlinable
    public func score(for player: Player) -> Double {
        switch self {
        case .draw: return 0.5
        case .win(let winner): return winner == player ? 1 : 0
        }
    }
}
