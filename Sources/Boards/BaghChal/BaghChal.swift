/// A position of Bagh-Chal, the Nepalese hunt game on a 5x5 board of points
/// (docs/rules.md, Bagh-Chal).
///
/// Three words: goat and tiger bitboards (25 bits each, bit `rank * 5 + file`), the
/// Zobrist hash, and the small counters (side to move, goats captured, goats in hand,
/// ply, ply limit). A trivial struct, so it travels in registers and search undoes a
/// move by keeping the old copy.
///
/// With the tigers to move, fewer than 5 goats are captured: the fifth capture ends
/// the game with the goats to move, and position text with tigers to move and 5
/// captured is refused. Move generation and counting rely on it, and test the
/// captures on the goats' side only.
@frozen
public struct BaghChal: Sendable, Hashable {
    /// The goats move first.
    public static var goats: Player { .first }
    /// The tigers move second.
    public static var tigers: Player { .second }
    /// Goats captured at which the tigers win.
    public static var capturesToWin: Int { 5 }
    /// The goats of a game, all in hand at the start.
    public static var goatsPerGame: Int { 20 }
    /// The tigers of a game, on the board from the start.
    public static var tigersPerGame: Int { 4 }

    /// The points holding a goat (bit `rank * 5 + file`).
    @inlinable public var goats: UInt32 { _goats }
    /// The points holding a tiger.
    @inlinable public var tigers: UInt32 { _tigers }
    /// Zobrist hash of the pieces, the goats in hand and the side to move.
    @inlinable public var hash: UInt64 { _hash }

    @usableFromInline internal var _goats: UInt32
    @usableFromInline internal var _tigers: UInt32
    @usableFromInline internal var _hash: UInt64
    // The side to move first: the low byte of the counters' word, which a branch tests
    // directly. Last, in the top byte, each test took a 64-bit mask constant as well,
    // in every node of perft's last two plies (3% of Bagh-Chal perft 8).
    @usableFromInline internal var side: Player
    @usableFromInline internal var captured: UInt8
    @usableFromInline internal var inHand: UInt8
    @usableFromInline internal var ply: UInt16
    @usableFromInline internal var limit: UInt16

    /// The start position: tigers on a1 e1 a5 e5, 20 goats in hand, goats to move.
    public init() { self.init(rules: .standard) }

    /// The start position under `rules`.
    public init(rules: Rules) {
        // Rules are validated by their maker; the unchecked init clamps the limit so a
        // bad one can never trap here.
        self.init(unchecked: 0, tigers: Lines.corners, side: .first, inHand: Self.goatsPerGame,
                  captures: 0, rules: rules)
    }

    /// A position from its parts, checked as position text is (docs/formats.md,
    /// Bagh-Chal): points 0–24 only, no point holding two pieces, 4 tigers, goats in
    /// hand 0...20, captures 0...5, goats on the board + in hand + captured = 20,
    /// and a side to move that fits the counts.
    public init(goats: UInt32, tigers: UInt32, sideToMove: Player, goatsInHand: Int, captures: Int,
                rules: Rules = .standard) throws(ParseError) {
        if (goats | tigers) & ~Lines.all != 0 {
            throw ParseError("bitboard bit \(((goats | tigers) & ~Lines.all).trailingZeroBitCount) is beyond the last point e5 (24)")
        }
        let both = goats & tigers
        if both != 0 {
            throw ParseError("point \(Notation.pointName(both.trailingZeroBitCount)) holds both a goat and a tiger")
        }
        guard (0...Self.goatsPerGame).contains(goatsInHand) else {
            throw ParseError("goats in hand \(goatsInHand) is out of range 0...\(Self.goatsPerGame)")
        }
        guard (0...Self.capturesToWin).contains(captures) else {
            throw ParseError("goats captured \(captures) is out of range 0...\(Self.capturesToWin)")
        }
        let tigerCount = tigers.nonzeroBitCount
        guard tigerCount == Self.tigersPerGame else {
            throw ParseError("the board has \(tigerCount) tigers, expected \(Self.tigersPerGame)")
        }
        let onBoard = goats.nonzeroBitCount
        guard onBoard + goatsInHand + captures == Self.goatsPerGame else {
            throw ParseError("\(onBoard) goats on the board + \(goatsInHand) in hand + \(captures) captured "
                + "make \(onBoard + goatsInHand + captures), expected \(Self.goatsPerGame)")
        }
        if sideToMove == Self.tigers {
            // The goats moved last, so the goat they placed or moved is still on the board.
            if goatsInHand == Self.goatsPerGame {
                throw ParseError("tigers to move with all \(Self.goatsPerGame) goats in hand: the goats move first")
            }
            if onBoard == 0 {
                throw ParseError("tigers to move with no goat on the board: the goats' last move left one there")
            }
            if captures == Self.capturesToWin {
                throw ParseError("tigers to move with \(captures) goats captured: the game ended at the fifth capture, goats to move")
            }
        }
        let rules = try rules.validated()
        self.init(unchecked: goats, tigers: tigers, side: sideToMove, inHand: goatsInHand, captures: captures, rules: rules)
    }

    @usableFromInline
    internal init(unchecked goats: UInt32, tigers: UInt32, side: Player, inHand: Int, captures: Int, rules: Rules) {
        _goats = goats
        _tigers = tigers
        self.side = side
        self.inHand = UInt8(clamping: inHand)
        self.captured = UInt8(clamping: captures)
        self.ply = 0
        self.limit = UInt16(clamping: max(1, rules.plyLimit))
        _hash = 0
        _hash = computedHash
    }

    /// The side to move.
    @inlinable @inline(__always)
    public var sideToMove: Player { side }

    /// Goats captured so far.
    @inlinable @inline(__always)
    public var captures: Int { Int(captured) }

    /// Goats still in hand, to be placed.
    @inlinable @inline(__always)
    public var goatsInHand: Int { Int(inHand) }

    /// Plies played since the position was set up.
    @inlinable @inline(__always)
    public var plyCount: Int { Int(ply) }

    /// The rules this position is played under.
    public var rules: Rules { Rules(plyLimit: Int(limit)) }

    /// The empty points.
    @inlinable @inline(__always)
    public var empty: UInt32 { ~(_goats | _tigers) & Lines.all }

    /// Plays `move`, which must be legal for the side to move.
    @inlinable @inline(__always)
    public mutating func play(_ move: Move) {
        _hash ^= hashChange(move)
        playWithoutHash(move)
    }

    /// Plays `move` (legal for the side to move) and leaves the hash as it was: perft
    /// never reads it, and a placement's hash takes four SplitMix64 mixes.
    @inlinable @inline(__always)
    public mutating func playWithoutHash(_ move: Move) {
        let to = move.to
        if side == .first {
            if move.isPlacement {
                _goats |= Lines.bit(to)
                inHand &-= 1
            } else {
                _goats ^= Lines.bit(move.from) | Lines.bit(to)
            }
        } else {
            _tigers ^= Lines.bit(move.from) | Lines.bit(to)
            if move.isCapture {
                _goats ^= Lines.bit(move.capturedPoint)
                captured &+= 1
            }
        }
        side = side.opponent
        ply &+= 1
    }

    /// Passes the turn (a null move for the search: the ply count stays).
    @inlinable @inline(__always)
    public mutating func passTurn() -> Bool {
        side = side.opponent
        _hash ^= Zobrist.tigersToMove
        return true
    }

    /// What `move` (legal here, not yet played) XORs into the hash.
    @inlinable @inline(__always)
    internal func hashChange(_ move: Move) -> UInt64 {
        let to = move.to
        if side == .first {
            if move.isPlacement {
                let n = Int(inHand)
                return Zobrist.goat(to) ^ Zobrist.inHand(n) ^ Zobrist.inHand(n &- 1) ^ Zobrist.tigersToMove
            }
            return Zobrist.goat(move.from) ^ Zobrist.goat(to) ^ Zobrist.tigersToMove
        }
        let change = Zobrist.tiger(move.from) ^ Zobrist.tiger(to) ^ Zobrist.tigersToMove
        return move.isCapture ? change ^ Zobrist.goat(move.capturedPoint) : change
    }

    /// The outcome decided by the position: 5 captures, a side without moves, the ply
    /// limit (in that order of precedence); `nil` while the game goes on.
    @inlinable @inline(__always)
    public var outcome: Outcome? {
        if Int(captured) >= Self.capturesToWin { return .win(Self.tigers) }
        if !hasLegalMove { return .win(side.opponent) }
        if ply >= limit { return .draw }
        return nil
    }

    /// Whether the side to move has a legal move (captures below 5 assumed).
    @inlinable @inline(__always)
    public var hasLegalMove: Bool {
        let empty = self.empty
        if side == .first {
            if inHand > 0 { return empty != 0 }
            return Lines.neighbours(_goats) & empty != 0
        }
        if Lines.neighbours(_tigers) & empty != 0 { return true }
        let t = _tigers, g = _goats
        var landings: UInt32 = 0
        Lines.forEachDirection { landings |= $0.jump(t, over: g) }
        return landings & empty != 0
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    public var computedHash: UInt64 {
        var h: UInt64 = side == .second ? Zobrist.tigersToMove : 0
        h ^= Zobrist.inHand(Int(inHand))
        var g = _goats
        while g != 0 { h ^= Zobrist.goat(g.trailingZeroBitCount); g &= g &- 1 }
        var t = _tigers
        while t != 0 { h ^= Zobrist.tiger(t.trailingZeroBitCount); t &= t &- 1 }
        return h
    }
}
