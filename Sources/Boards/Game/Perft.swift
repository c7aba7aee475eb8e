/// Perft: the number of leaves of the tree of legal moves, the standard check of a
/// move generator (docs/rules.md gives the counts).
public enum Perft {
    /// The number of leaf positions `depth` plies below `position`.
    ///
    /// The last ply is counted in bulk with `moveCount()`, without playing it, the
    /// last two with `leafCountTwoPlies()` where the game has a closed form for them
    /// (summed over a node's children by `leafCountThreePlies()` where the game offers it),
    /// and moves are played with `playWithoutHash`, as no hash is read (or the
    /// children built by `forEachChildWithoutHash`, where the game offers it).
    /// Repetition and the ply limit are ignored, as docs/rules.md says.
    /// - Complexity: proportional to the nodes above the last ply.
    @inlinable
    public static func count<Game: TwoPlayerGame>(_ position: Game, depth: Int) -> UInt64 {
        if depth <= 0 { return 1 }
        let stack = MoveStack<Game.Move>(depth: depth, filler: Game.nullMove)
        return withExtendedLifetime(stack) { count(position, depth: depth, lists: stack.base) }
    }

    /// The recursion of ``count(_:depth:)``: `lists[0]` is this ply's move list.
    @inlinable
    public static func count<Game: TwoPlayerGame>(
        _ position: Game, depth: Int, lists: UnsafeMutablePointer<MoveList<Game.Move>>
    ) -> UInt64 {
        if depth <= 1 { return depth == 1 ? UInt64(truncatingIfNeeded: position.moveCount()) : 1 }
        if depth == 2, let leaves = position.leafCountTwoPlies() { return UInt64(truncatingIfNeeded: leaves) }
        if depth == 3, let leaves = position.leafCountThreePlies() { return UInt64(truncatingIfNeeded: leaves) }
        // The children built straight from the generator's sets where the game offers
        // it (no move list, no move encoding); the same three cases as the list below.
        var nodes: UInt64 = 0
        let built: Bool
        if depth == 2 {
            built = position.forEachChildWithoutHash { nodes &+= UInt64(truncatingIfNeeded: $0.moveCount()) }
        } else if depth == 3 {
            built = position.forEachChildWithoutHash { child in
                if let leaves = child.leafCountTwoPlies() {
                    nodes &+= UInt64(truncatingIfNeeded: leaves)
                } else {
                    nodes &+= count(child, depth: 2, lists: lists + 1)
                }
            }
        } else {
            built = position.forEachChildWithoutHash { nodes &+= count($0, depth: depth &- 1, lists: lists + 1) }
        }
        if built { return nodes }
        lists.pointee.removeAll()
        position.generateMoves(into: &lists.pointee)
        let n = lists.pointee.count
        var i = 0
        if depth == 2 {
            // The children are the last ply's parents: count their moves here rather than
            // in a call per child (a call per node of the second-last ply; a C compiler
            // inlines that level of the recursion the same way).
            while i < n {
                var child = position
                child.playWithoutHash(lists.pointee.storage[unchecked: i])
                nodes &+= UInt64(truncatingIfNeeded: child.moveCount())
                i &+= 1
            }
            return nodes
        }
        if depth == 3 {
            // The children's two plies below, in this loop rather than in a call per child.
            while i < n {
                var child = position
                child.playWithoutHash(lists.pointee.storage[unchecked: i])
                if let leaves = child.leafCountTwoPlies() {
                    nodes &+= UInt64(truncatingIfNeeded: leaves)
                } else {
                    nodes &+= count(child, depth: 2, lists: lists + 1)
                }
                i &+= 1
            }
            return nodes
        }
        while i < n {
            var child = position
            // The hash is never read here; `i < n` is the list's own count.
            child.playWithoutHash(lists.pointee.storage[unchecked: i])
            nodes &+= count(child, depth: depth &- 1, lists: lists + 1)
            i &+= 1
        }
        return nodes
    }

    /// The leaf count below each legal move of `position` (`divide`), in generation order.
    public static func divide<Game: TwoPlayerGame>(_ position: Game, depth: Int) -> [(move: Game.Move, nodes: UInt64)] {
        guard depth >= 1 else { return [] }
        return position.legalMoves.map { move in
            var child = position
            child.play(move)
            return (move, count(child, depth: depth - 1))
        }
    }
}
