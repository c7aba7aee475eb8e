/// The hashes of the positions of one game so far, for the repetition rule.
///
/// A position (pieces and side to move) seen for the third time is a draw. Hashes
/// are compared, not positions: two different positions share a 64-bit Zobrist
/// hash with probability about 2⁻⁶⁴ per pair, which we accept like every engine does.
public struct GameHistory<Game: TwoPlayerGame>: Sendable {
    /// The position the game started from.
    public let initialPosition: Game
    /// The position now.
    @inlinable public var position: Game { _position }
    /// The hash of every position of the game, the current one last.
    @inlinable public var hashes: [UInt64] { _hashes }
    /// The moves played, in order.
    @inlinable public var moves: [Game.Move] { _moves }
    /// The index in ``hashes`` of the first position after the last irreversible move:
    /// no earlier position can occur again.
    @inlinable public var reversibleStart: Int { _reversibleStart }

    // Stored behind read-only views, and usable from inlinable code, so that `play` can be
    // inlined into callers specialised for their game (the C interface's game loop).
    @usableFromInline internal var _position: Game
    @usableFromInline internal var _hashes: [UInt64]
    @usableFromInline internal var _moves: [Game.Move]
    @usableFromInline internal var _reversibleStart: Int = 0

    /// How many times a position must occur for the game to be drawn.
    @inlinable public static var repetitionLimit: Int { 3 }

    /// A game starting from `position`.
    @inlinable
    public init(_ position: Game = Game()) {
        _position = position
        initialPosition = position
        _hashes = [position.hash]
        _moves = []
    }

    /// How often the current position has occurred, itself included.
    @inlinable
    public var repetitions: Int {
        _hashes.withUnsafeBufferPointer { Self.occurrences(of: _position.hash, in: $0.baseAddress!, last: $0.count - 1, since: _reversibleStart) }
    }

    /// How often `hash` occurs among `hashes[since...last]` at the parity of `last`
    /// (positions with the same side to move as the one at `last`): the repetition
    /// scan of the whole package — the game's history, random playouts and MCTS
    /// descents count repetitions with it.
    @inlinable @inline(__always)
    public static func occurrences(of hash: UInt64, in hashes: UnsafePointer<UInt64>, last: Int, since: Int) -> Int {
        var n = 0
        var i = last
        while i >= since {
            if hashes[i] == hash { n &+= 1 }
            i &-= 2
        }
        return n
    }

    /// The outcome, repetition included; `nil` while the game goes on. Inlinable, so a
    /// caller specialised for its game asks it without generic metadata lookups.
    @inlinable
    public var outcome: Outcome? {
        if let o = position.outcome { return o }
        return repetitions >= Self.repetitionLimit ? .draw : nil
    }

    /// Plays `move`, which must be legal.
    @inlinable
    public mutating func play(_ move: Game.Move) {
        if _position.isIrreversible(move) { _reversibleStart = _hashes.count }
        _position.play(move)
        _hashes.append(_position.hash)
        _moves.append(move)
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
