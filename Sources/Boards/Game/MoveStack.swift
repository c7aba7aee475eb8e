/// One ``MoveList`` per ply, allocated once: recursive searches generate into
/// `stack[ply]` instead of building a list per node.
///
/// Owned by one thread at a time; the buffer is freed with the stack.
public final class MoveStack<Move: BitwiseCopyable & Sendable> {
    /// The first ply's list; ply `k` is at `base + k`.
    public let base: UnsafeMutablePointer<MoveList<Move>>
    /// The number of plies.
    public let depth: Int

    /// A stack of `depth` empty lists.
    public init(depth: Int, filler: Move) {
        self.depth = max(depth, 1)
        base = .allocate(capacity: self.depth)
        base.initialize(repeating: MoveList(filler: filler), count: self.depth)
    }

    deinit {
        base.deinitialize(count: depth)
        base.deallocate()
    }
}
