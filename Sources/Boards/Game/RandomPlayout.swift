/// Plays uniformly random legal moves until the game ends, every end rule included
/// (threefold repetition too): the rollout of MCTS and the playout benchmark.
///
/// Reuses its move list and hash buffer across playouts, so after the first one a
/// playout allocates nothing.
public struct RandomPlayout<Game: TwoPlayerGame> {
    @usableFromInline internal var moves: MoveList<Game.Move>
    /// Hashes of the positions since the last irreversible move, same side every second.
    @usableFromInline internal var hashes: [UInt64]

    /// A playout runner with empty buffers.
    public init() {
        moves = MoveList(filler: Game.nullMove)
        hashes = []
        hashes.reserveCapacity(512)
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
        hashes.removeAll(keepingCapacity: true)
        hashes.append(contentsOf: history)
        hashes.append(position.hash)
        var plies = 0
        while true {
            if let outcome = position.outcome { return (outcome, plies) }
            if repetitions(of: position.hash) >= GameHistory<Game>.repetitionLimit { return (.draw, plies) }
            if plies >= maxPlies { return (nil, plies) }
            moves.removeAll()
            position.generateMoves(into: &moves)
            // `outcome` was nil, so there is at least one move.
            let move = moves[generator.next(below: moves.count)]
            if position.isIrreversible(move) { hashes.removeAll(keepingCapacity: true) }
            position.play(move)
            hashes.append(position.hash)
            plies &+= 1
        }
    }

    /// How often `hash` occurs among the positions with the same side to move.
    @inlinable @inline(__always)
    internal func repetitions(of hash: UInt64) -> Int {
        hashes.withUnsafeBufferPointer { buffer in
            var n = 0
            var i = buffer.count &- 1
            while i >= 0 {
                if buffer[i] == hash { n &+= 1 }
                i &-= 2
            }
            return n
        }
    }
}
