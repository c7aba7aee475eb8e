/// The hashes of the positions of one game so far, for the repetition rule.
///
/// A position (pieces and side to move) seen for the third time is a draw. Hashes
/// are compared, not positions: two different positions share a 64-bit Zobrist
/// hash with probability about 2⁻⁶⁴ per pair, which we accept like every engine does.
public struct GameHistory<Game: TwoPlayerGame>: Sendable {
    /// The position the game started from.
    public let initialPosition: Game
    /// The position now.
    public private(set) var position: Game
    /// The hash of every position of the game, the current one last.
    public private(set) var hashes: [UInt64]
    /// The moves played, in order.
    public private(set) var moves: [Game.Move]
    /// The index in ``hashes`` of the first position after the last irreversible move:
    /// no earlier position can occur again.
    public private(set) var reversibleStart: Int = 0

    /// How many times a position must occur for the game to be drawn.
    @inlinable public static var repetitionLimit: Int { 3 }

    /// A game starting from `position`.
    public init(_ position: Game = Game()) {
        self.position = position
        initialPosition = position
        hashes = [position.hash]
        moves = []
    }

    /// How often the current position has occurred, itself included.
    public var repetitions: Int {
        let h = position.hash
        var n = 0
        // Same side to move only: every second entry, backwards from the current.
        var i = hashes.count - 1
        while i >= reversibleStart {
            if hashes[i] == h { n += 1 }
            i -= 2
        }
        return n
    }

    /// The outcome, repetition included; `nil` while the game goes on.
    public var outcome: Outcome? {
        if let o = position.outcome { return o }
        return repetitions >= Self.repetitionLimit ? .draw : nil
    }

    /// Plays `move`, which must be legal.
    public mutating func play(_ move: Game.Move) {
        if position.isIrreversible(move) { reversibleStart = hashes.count }
        position.play(move)
        hashes.append(position.hash)
        moves.append(move)
    }

    /// Takes back the last move; returns `false` when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard !moves.isEmpty else { return false }
        let replay = moves.dropLast()
        self = GameHistory(initialPosition)
        for m in replay { play(m) }
        return true
    }

}
