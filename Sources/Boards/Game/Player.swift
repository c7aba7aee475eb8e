/// One of the two players of a two-player game, in turn order: `first` moves first.
///
/// Games name their sides on top of this (in Tigers & Goats the goats are `first`),
/// so searchers can stay generic.
@frozen
public enum Player: UInt8, Sendable, Hashable, CaseIterable {
    case first = 0
    case second = 1

    /// The other player.
    @inlinable @inline(__always)
    public var opponent: Player { self == .first ? .second : .first }
}
