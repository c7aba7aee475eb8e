/// A fixed-capacity list of moves, stored inline: generating moves never allocates.
///
/// Like Stockfish's `MoveList`, move generators append into a caller-owned buffer.
/// Creating one writes its whole buffer once, so hot loops keep one list per ply
/// (see ``MoveStack``) and `removeAll()` it instead of making a new one per node.
@frozen
public struct MoveList<Move: BitwiseCopyable & Sendable>: Sendable {
    /// The most moves a list holds: more than any position of the games here has
    /// (Tigers & Goats ≤ 224 goat steps, Coin Sorter 300 swaps).
    public static var capacity: Int { 320 }

    @usableFromInline internal var storage: InlineArray<320, Move>
    @usableFromInline internal var _count: Int

    /// The number of moves in the list.
    @inlinable @inline(__always)
    public var count: Int { _count }

    /// An empty list; `filler` initialises the unused storage.
    @inlinable
    public init(filler: Move) {
        storage = InlineArray(repeating: filler)
        _count = 0
    }

    /// The moves `generate` appends to an empty list: a position's moves outside a
    /// search, `MoveList(filler: nullMove, generatedBy: position.generateMoves)`.
    @inlinable @inline(__always)
    public init(filler: Move, generatedBy generate: (inout MoveList) -> Void) {
        self.init(filler: filler)
        generate(&self)
    }

    /// Appends `move`. The generators never exceed ``capacity``; that is checked in
    /// debug builds only, as the capacity is a proven bound, not an input limit.
    @inlinable @inline(__always)
    public mutating func append(_ move: Move) {
        assert(count < Self.capacity, "MoveList overflow")
        storage[unchecked: count] = move
        _count &+= 1
    }

    /// Stores `move` at `index` without changing ``count``: a generator keeps the count
    /// in a local, which lives in a register, and sets it once with ``_setCount(_:)``;
    /// through ``append(_:)`` the count went back to memory after every move.
    @inlinable @inline(__always)
    internal mutating func _store(_ move: Move, at index: Int) {
        assert(index >= 0 && index < Self.capacity, "MoveList overflow")
        storage[unchecked: index] = move
    }

    /// Sets ``count`` after ``_store(_:at:)`` has written the moves below it.
    @inlinable @inline(__always)
    internal mutating func _setCount(_ count: Int) { _count = count }

    /// Empties the list, keeping its storage.
    @inlinable @inline(__always)
    public mutating func removeAll() { _count = 0 }

    /// Whether the list holds no move.
    @inlinable @inline(__always)
    public var isEmpty: Bool { count == 0 }

    /// The move at `index`, which must be in `0..<count`.
    @inlinable @inline(__always)
    public subscript(index: Int) -> Move {
        get {
            precondition(index >= 0 && index < count, "MoveList index out of range")
            return storage[unchecked: index]
        }
        set {
            precondition(index >= 0 && index < count, "MoveList index out of range")
            storage[unchecked: index] = newValue
        }
    }

    /// Exchanges the moves at `i` and `j` (move ordering in search).
    @inlinable @inline(__always)
    public mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && i < count && j >= 0 && j < count, "MoveList index out of range")
        let t = storage[unchecked: i]
        storage[unchecked: i] = storage[unchecked: j]
        storage[unchecked: j] = t
    }

    /// Calls `body` with the moves as a buffer, valid only during the call. For loops over
    /// a list held outside Boards: there (Swift 6.3) each `list[i]` read copied the whole
    /// inline storage, 640 bytes a move; this copies it once.
    @inlinable @inline(__always)
    public func withUnsafeMoves<R>(_ body: (UnsafeBufferPointer<Move>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: storage) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: Move.self), count: _count))
        }
    }

    /// The moves as an array (for tests and text output, not for hot loops).
    @inlinable
    public var array: [Move] { (0..<count).map { storage[unchecked: $0] } }
}

extension MoveList where Move: Equatable {
    /// Whether the list holds `move`.
    @inlinable
    public func contains(_ move: Move) -> Bool {
        for i in 0..<count where storage[unchecked: i] == move { return true }
        return false
    }
}
