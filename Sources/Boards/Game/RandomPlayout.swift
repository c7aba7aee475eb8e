/// Plays uniformly random legal moves until the game ends, every end rule included
/// (threefold repetition too): the rollout of MCTS and the playout benchmark.
///
/// Reuses its move list and hash buffer across playouts, so after the first one a
/// playout allocates nothing. Copies share the hash buffer, which is scratch space
/// for one `run` at a time: give each thread its own runner.
public struct RandomPlayout<Game: TwoPlayerGame> {
    @usableFromInline internal var moves: MoveList<Game.Move>
    /// Hashes of the positions since the last irreversible move, same side every second.
    @usableFromInline internal let hashes: HashBuffer

    /// A playout runner with empty buffers.
    public init() {
        moves = MoveList(filler: Game.nullMove)
        hashes = HashBuffer(capacity: 512)
    }

    /// Plays random moves from `position` to the end of the game.
    ///
    /// - Parameters:
    ///   - position: where to start; on return, the final position.
    ///   - generator: the source of the random choices (our own generator and range
    ///     reduction, so a seed gives the same game on every platform and toolchain).
    /// - Returns: the outcome and the number of plies played.
    @inlinable
    public mutating func run(
        from position: inout Game, using generator: inout SplitMix64
    ) -> (outcome: Outcome, plies: Int) {
        let (outcome, plies) = run(from: &position, using: &generator, maxPlies: .max)
        return (outcome!, plies)
    }

    /// Plays at most `maxPlies` random moves from `position`; the outcome is `nil`
    /// when the cap stops the game first (MCTS then evaluates the position).
    @inlinable
    public mutating func run(
        from position: inout Game, using generator: inout SplitMix64, maxPlies: Int
    ) -> (outcome: Outcome?, plies: Int) {
        run(from: &position, after: EmptyCollection<UInt64>(), using: &generator, maxPlies: maxPlies)
    }

    /// Plays at most `maxPlies` random moves from `position`, a game that has already
    /// been through the positions of `history`, which count for threefold repetition
    /// (so the start itself is a draw if `history` holds it twice at the same parity).
    ///
    /// - Parameters:
    ///   - history: the hashes of the positions played before `position`, oldest
    ///     first, one per ply, the one just before `position` last. Only those since
    ///     the last irreversible move matter; earlier ones may be left out
    ///     (``GameHistory/hashes`` from ``GameHistory/reversibleStart``, without the last).
    /// - Returns: the outcome (`nil` when the cap stops the game) and the plies played.
    @inlinable
    public mutating func run(
        from position: inout Game, after history: some Collection<UInt64>,
        using generator: inout SplitMix64, maxPlies: Int
    ) -> (outcome: Outcome?, plies: Int) {
        // The buffer is read into locals: appending is a store and an increment (an
        // `Array` checked uniqueness and capacity on every ply), and the buffer's class
        // properties, with their exclusivity checks, are touched only to grow it.
        let buffer = hashes
        buffer.reserve(history.count &+ 1, keeping: 0)
        var base = buffer.base, capacity = buffer.capacity, count = 0
        for h in history { base[count] = h; count &+= 1 }
        base[count] = position.hash
        count &+= 1
        var plies = 0
        while true {
            if let outcome = position.outcome { return (outcome, plies) }
            if GameHistory<Game>.occurrences(of: position.hash, in: base, last: count &- 1, since: 0) >= GameHistory<Game>.repetitionLimit {
                return (.draw, plies)
            }
            if plies >= maxPlies { return (nil, plies) }
            moves.removeAll()
            position.generateMoves(into: &moves)
            // `outcome` was nil, so there is at least one move; the index is below the count.
            let move = moves.storage[unchecked: generator.next(below: moves.count)]
            if position.isIrreversible(move) { count = 0 }
            position.play(move)
            if count == capacity {
                buffer.reserve(count &+ 1, keeping: count)
                base = buffer.base
                capacity = buffer.capacity
            }
            base[count] = position.hash
            count &+= 1
            plies &+= 1
        }
    }
}

/// A growable buffer of hashes that its user reads into locals (pointer and capacity)
/// for a hot loop, so appending costs no uniqueness or exclusivity check.
@usableFromInline
internal final class HashBuffer {
    @usableFromInline internal private(set) var base: UnsafeMutablePointer<UInt64>
    @usableFromInline internal private(set) var capacity: Int

    @usableFromInline
    internal init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Makes room for at least `needed` hashes, keeping the first `count`; doubles,
    /// so a long game grows it a few times and later games not at all.
    @usableFromInline
    internal func reserve(_ needed: Int, keeping count: Int) {
        if needed <= capacity { return }
        var bigger = capacity
        while bigger < needed { bigger *= 2 }
        let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: bigger)
        fresh.initialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = bigger
    }

    deinit { base.deallocate() }
}
