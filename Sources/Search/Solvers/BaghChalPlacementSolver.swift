import Boards

/// Solves positions of Bagh-Chal's placement phase exactly: win, draw or loss for the
/// side to move under perfect play, by alpha-beta search down to the end of the
/// placement, where the sliding-phase tablebase gives the values (docs/tablebase.md,
/// "The placement phase").
///
/// The search is over three values only (−1, 0, +1), so a cut-off needs just one
/// move that reaches the bound, and a transposition table keyed by the position's
/// class under the board's 8 symmetries merges the many orders in which the same
/// goats can be placed. The key is the position itself (both boards, goats in hand,
/// goats captured, side to move, 59 bits), so a hit is never a collision.
///
/// No repetition can happen before the last goat is placed (every goat move puts a
/// goat from the hand on the board), and the ply limit is beyond it, so the values are
/// those of the game. One solver is used by one thread at a time.
public final class BaghChalPlacementSolver {
    /// The sliding-phase values at the search's leaves.
    public let table: BaghChalTablebase
    /// Nodes searched since the solver was made (each position whose moves were
    /// generated or looked up, leaves included).
    public private(set) var nodes: Int = 0
    /// Table look-ups at the leaves, and transposition-table hits that ended a node.
    public private(set) var tablebaseProbes: Int = 0
    public private(set) var transpositionHits: Int = 0

    /// One slot of the transposition table: the key, and the bounds proven for it.
    struct Entry {
        var key: UInt64 = .max
        var lower: Int8 = -1
        var upper: Int8 = 1
    }

    private let entries: UnsafeMutablePointer<Entry>
    private let mask: Int
    private let moves: MoveStack<BaghChal.Move>
    /// `image[s][row][pattern]`: the points of a row's 5-bit pattern mapped by symmetry
    /// s (the tablebase index's permutations), so a board's image is five look-ups
    /// instead of a loop over its pieces.
    private let image: UnsafeMutablePointer<UInt32>

    /// A solver over `table` with a transposition table of about `tableMegabytes`
    /// (rounded down to a power of two of entries, at least 2¹⁶ entries).
    public init(table: BaghChalTablebase, tableMegabytes: Int = 256) {
        self.table = table
        let wanted = max(1 << 16, tableMegabytes * (1 << 20) / MemoryLayout<Entry>.stride)
        let count = 1 << (Int.bitWidth - 1 - wanted.leadingZeroBitCount)
        entries = .allocate(capacity: count)
        entries.initialize(repeating: Entry(), count: count)
        mask = count - 1
        moves = MoveStack(depth: 2 * BaghChal.goatsPerGame + 2, filler: BaghChal.nullMove)
        image = .allocate(capacity: 8 * 5 * 32)
        for s in 0..<8 {
            for row in 0..<5 {
                for pattern in 0..<32 {
                    var mapped: UInt32 = 0
                    for file in 0..<5 where pattern & (1 << file) != 0 {
                        mapped |= 1 << UInt32(table.index.perm[s * 25 + row * 5 + file])
                    }
                    image[(s * 5 + row) * 32 + pattern] = mapped
                }
            }
        }
    }

    deinit {
        entries.deinitialize(count: mask + 1)
        entries.deallocate()
        image.deallocate()
    }

    /// The value of `position` for its side to move: a position of the sliding phase
    /// is looked up, one of the placement phase is searched.
    public func value(of position: BaghChal) -> TablebaseValue.Kind {
        value(of: position, nodeLimit: .max)!
    }

    /// The value of `position`, or `nil` when the search would need more than
    /// `nodeLimit` nodes (counted from this call); the table keeps what was proven.
    public func value(of position: BaghChal, nodeLimit: Int) -> TablebaseValue.Kind? {
        stopAt = nodes &+ max(0, nodeLimit)
        if stopAt < nodes { stopAt = .max }
        stopped = false
        let v = search(position, alpha: -1, beta: 1, ply: 0)
        if stopped { return nil }
        switch v {
        case 1: return .win
        case 0: return .draw
        default: return .loss
        }
    }

    /// The node count at which the current search gives up, and whether it did.
    private var stopAt = Int.max
    private var stopped = false

    /// Clears the transposition table and the counters (a solve from a clean state,
    /// for measuring one position's cost).
    public func reset() {
        entries.update(repeating: Entry(), count: mask + 1)
        nodes = 0
        tablebaseProbes = 0
        transpositionHits = 0
    }

    /// The class key: the smallest image of (goats, tigers) under the symmetries,
    /// with the counters and the side above it.
    @inline(__always)
    func key(_ p: BaghChal) -> UInt64 {
        var best = UInt64.max
        let g = p.goats, t = p.tigers
        for s in 0..<8 {
            let packed = UInt64(mapped(g, s)) << 25 | UInt64(mapped(t, s))
            best = min(best, packed)
        }
        return best | UInt64(p.goatsInHand) << 50 | UInt64(p.captures) << 55
            | (p.sideToMove == BaghChal.tigers ? 1 << 58 : 0)
    }

    @inline(__always)
    private func mapped(_ board: UInt32, _ s: Int) -> UInt32 {
        let base = image + s * 160
        return base[Int(board & 31)] | base[32 + Int(board >> 5 & 31)] | base[64 + Int(board >> 10 & 31)]
            | base[96 + Int(board >> 15 & 31)] | base[128 + Int(board >> 20 & 31)]
    }

    /// Negamax over {−1, 0, +1} with the bounds (alpha, beta).
    private func search(_ p: BaghChal, alpha: Int, beta: Int, ply: Int) -> Int {
        nodes &+= 1
        if p.captures >= table.index.capturesToWin { return p.sideToMove == BaghChal.tigers ? 1 : -1 }
        if p.goatsInHand == 0 {
            tablebaseProbes &+= 1
            switch table.value(of: p) {
            case .win?: return 1
            case .loss?: return -1
            default: return 0
            }
        }
        let k = key(p)
        let slot = entries + Int(truncatingIfNeeded: (k &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        var alpha = alpha, beta = beta
        if slot.pointee.key == k {
            let lower = Int(slot.pointee.lower), upper = Int(slot.pointee.upper)
            if lower == upper || lower >= beta || upper <= alpha {
                transpositionHits &+= 1
                return lower >= beta ? lower : upper
            }
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        }
        let list = moves.base + ply
        list.pointee.removeAll()
        p.generateMoves(into: &list.pointee)
        let n = list.pointee.count
        if n == 0 { return -1 }  // no move: the side to move loses
        if nodes >= stopAt { stopped = true }
        if stopped { return 0 }
        order(list, p)
        let alphaStart = alpha
        var best = -1
        var i = 0
        while i < n {
            var child = p
            child.play(list.pointee[i])
            let v = -search(child, alpha: -beta, beta: -alpha, ply: ply + 1)
            // An abandoned search proves nothing: unwind without storing.
            if stopped { return 0 }
            if v > best {
                best = v
                if v > alpha { alpha = v }
                if alpha >= beta { break }
            }
            i += 1
        }
        var entry = slot.pointee.key == k ? slot.pointee : Entry(key: k)
        if best <= alphaStart { entry.upper = Int8(best) }
        else if best >= beta { entry.lower = Int8(best) }
        else { entry.lower = Int8(best); entry.upper = Int8(best) }
        entry.key = k
        slot.pointee = entry
        return best
    }

    /// Move ordering: the tigers' captures first; for the goats, placements that leave
    /// no goat to be jumped first. A cut-off needs one good move, so finding it early
    /// is most of the speed.
    private func order(_ list: UnsafeMutablePointer<MoveList<BaghChal.Move>>, _ p: BaghChal) {
        let n = list.pointee.count
        var front = 0
        if p.sideToMove == BaghChal.tigers {
            for i in 0..<n where list.pointee[i].isCapture {
                list.pointee.swapAt(i, front)
                front += 1
            }
        } else {
            for i in 0..<n {
                var child = p
                child.play(list.pointee[i])
                if child.goatsInDanger == 0 {
                    list.pointee.swapAt(i, front)
                    front += 1
                }
            }
        }
    }
}
