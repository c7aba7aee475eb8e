/// A position of Tigers & Goats (Wagh-Shelya, 8x8), docs/rules.md, Tigers & Goats.
///
/// Four words: goat and tiger bitboards, the Zobrist hash, and the small counters
/// (ply, ply limit, captures, side, variant). A trivial struct, so it travels in
/// registers and search undoes a move by keeping the old copy.
@frozen
public struct TigersGoats: Sendable, Hashable {
    /// The goats move first.
    public static var goats: Player { .first }
    /// The tigers move second.
    public static var tigers: Player { .second }
    /// Goats captured at which the tigers win.
    public static var capturesToWin: Int { 4 }

    /// The squares holding a goat.
    @inlinable public var goats: UInt64 { _goats }
    /// The squares holding a tiger.
    @inlinable public var tigers: UInt64 { _tigers }
    /// Zobrist hash of the pieces and the side to move.
    @inlinable public var hash: UInt64 { _hash }

    @usableFromInline internal var _goats: UInt64
    @usableFromInline internal var _tigers: UInt64
    @usableFromInline internal var _hash: UInt64
    @usableFromInline internal var ply: UInt16
    @usableFromInline internal var limit: UInt16
    @usableFromInline internal var captured: UInt8
    @usableFromInline internal var side: Player
    @usableFromInline internal var longRange: Bool

    /// The start position: goats on the 28 perimeter squares, tigers on d4 e4 d5 e5.
    public init() { self.init(rules: .standard) }

    /// The start position under `rules`.
    public init(rules: Rules) {
        // Rules are validated by their maker; clamp so a bad limit can never trap here.
        self.init(unchecked: Bitboard.perimeter, tigers: 0x0000_0018_1800_0000,
                  side: .first, captures: 0, rules: rules)
    }

    /// A position from its parts; throws when a square holds two pieces or a count is out of range.
    public init(goats: UInt64, tigers: UInt64, sideToMove: Player, captures: Int,
                rules: Rules = .standard) throws(ParseError) {
        let both = goats & tigers
        if both != 0 {
            throw ParseError("square \(Notation.squareName(both.trailingZeroBitCount)) holds both a goat and a tiger")
        }
        guard (0...28).contains(captures) else {
            throw ParseError("goats captured \(captures) is out of range 0...28")
        }
        let rules = try rules.validated()
        self.init(unchecked: goats, tigers: tigers, side: sideToMove, captures: captures, rules: rules)
    }

    @usableFromInline
    internal init(unchecked goats: UInt64, tigers: UInt64, side: Player, captures: Int, rules: Rules) {
        _goats = goats
        _tigers = tigers
        self.side = side
        self.captured = UInt8(clamping: captures)
        self.ply = 0
        self.limit = UInt16(clamping: max(1, rules.plyLimit))
        self.longRange = rules.longRangeCapture
        _hash = 0
        _hash = computedHash
    }

    /// The side to move.
    @inlinable @inline(__always)
    public var sideToMove: Player { side }

    /// Goats captured so far.
    @inlinable @inline(__always)
    public var captures: Int { Int(captured) }

    /// Plies played since the position was set up.
    @inlinable @inline(__always)
    public var plyCount: Int { Int(ply) }

    /// The rules this position is played under.
    public var rules: Rules { Rules(plyLimit: Int(limit), longRangeCapture: longRange) }

    /// The empty squares.
    @inlinable @inline(__always)
    public var empty: UInt64 { ~(goats | tigers) }

    /// Plays `move`, which must be legal for the side to move.
    @inlinable @inline(__always)
    public mutating func play(_ move: Move) {
        _hash ^= hashChange(move)
        playWithoutHash(move)
    }

    /// Plays `move` (legal for the side to move) and leaves the hash as it was: perft
    /// never reads it, and its two or three SplitMix64 mixes (two multiplies each)
    /// cost more than the board update itself.
    @inlinable @inline(__always)
    public mutating func playWithoutHash(_ move: Move) {
        let from = move.from, to = move.to
        let fromTo = Bitboard.bit(from) | Bitboard.bit(to)
        if side == .first {
            _goats ^= fromTo
        } else {
            _tigers ^= fromTo
            if move.isCapture {
                _goats ^= Bitboard.bit(move.capturedSquare)
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
        let from = move.from, to = move.to
        if side == .first { return Zobrist.goat(from) ^ Zobrist.goat(to) ^ Zobrist.tigersToMove }
        let change = Zobrist.tiger(from) ^ Zobrist.tiger(to) ^ Zobrist.tigersToMove
        return move.isCapture ? change ^ Zobrist.goat(move.capturedSquare) : change
    }

    /// The outcome decided by the position: 4 captures, a side without moves, the ply
    /// limit (in that order of precedence); `nil` while the game goes on.
    @inlinable @inline(__always)
    public var outcome: Outcome? {
        if Int(captured) >= Self.capturesToWin { return .win(Self.tigers) }
        if !hasLegalMove { return .win(side.opponent) }
        if ply >= limit { return .draw }
        return nil
    }

    /// Whether the side to move has a legal move (captures below 4 assumed).
    @inlinable @inline(__always)
    public var hasLegalMove: Bool {
        let empty = self.empty
        if side == .first { return Bitboard.neighbours(goats) & empty != 0 }
        // A tiger with no empty orthogonal neighbour can only jump an adjacent goat,
        // which is the same in both capture variants.
        return Bitboard.orthogonalNeighbours(tigers) & empty != 0 || adjacentCaptureOrigins != 0
    }

    /// Tigers that can jump an orthogonally adjacent goat onto an empty square.
    @inlinable @inline(__always)
    internal var adjacentCaptureOrigins: UInt64 {
        let g = goats, e = empty
        typealias B = Bitboard
        return tigers & (B.south(g) & B.south(B.south(e)) | B.north(g) & B.north(B.north(e))
            | B.west(g) & B.west(B.west(e)) | B.east(g) & B.east(B.east(e)))
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    public var computedHash: UInt64 {
        var h: UInt64 = side == .second ? Zobrist.tigersToMove : 0
        var g = goats
        while g != 0 { h ^= Zobrist.goat(g.trailingZeroBitCount); g &= g &- 1 }
        var t = tigers
        while t != 0 { h ^= Zobrist.tiger(t.trailingZeroBitCount); t &= t &- 1 }
        return h
    }
}
