import Boards

/// The solved sliding phase of Bagh-Chal: the value of every position with all 20
/// goats placed, 0–4 captured, either side to move (docs/tablebase.md).
///
/// Made by ``solve(capturesToWin:threads:progress:)`` (retrograde analysis) or read
/// from a file (``init(file:)``); immutable, so one table serves every thread.
/// Values are for the side to move under perfect play with the rules of the
/// position alone: repetition and the ply limit are not part of them, and a position
/// neither side can force is a draw.
public final class BaghChalTablebase: Sendable {
    /// The ranking of the positions.
    public let index: BaghChalTablebaseIndex
    /// The codes, one per slot: 1 byte when every ply count fits, else 2.
    let storage: Storage

    enum Storage: Sendable {
        case narrow([UInt8])
        case wide([UInt16])
    }

    init(index: BaghChalTablebaseIndex, storage: Storage) {
        self.index = index
        self.storage = storage
    }

    /// Solves the sliding phase by retrograde analysis on `threads` workers; the table is
    /// the same for any thread count.
    ///
    /// - Parameters:
    ///   - capturesToWin: 5 for the game; 1...4 solves the smaller game in which that
    ///     many captures win for the tigers (levels `0..<capturesToWin`), for tests.
    ///   - goatsPerGame: 20 for the game; fewer solves the sliding phase of a game with
    ///     fewer goats (the base of the reduced placement sweeps in the tests).
    ///   - progress: called with the captured count, the ply, a count and the level's
    ///     slots: at ply 0 (from worker threads, while the moves are counted) the slots
    ///     counted so far, then after each ply the slots decided so far in the level.
    public static func solve(capturesToWin: Int = BaghChalTablebaseIndex.standardCapturesToWin,
                             goatsPerGame: Int = BaghChalTablebaseIndex.standardGoats, threads: Int,
                             progress: (@Sendable (_ captured: Int, _ ply: Int, _ decided: Int, _ slots: Int) -> Void)? = nil)
        -> BaghChalTablebase {
        let index = BaghChalTablebaseIndex(capturesToWin: capturesToWin, goatsPerGame: goatsPerGame)
        let storage = BaghChalRetrograde.solve(index: index, threads: max(1, threads), progress: progress)
        return BaghChalTablebase(index: index, storage: storage)
    }

    /// Bytes per stored value (1 or 2).
    public var bytesPerEntry: Int {
        switch storage {
        case .narrow: return 1
        case .wide: return 2
        }
    }

    /// The stored code of a slot: 0 draw, plies + 1 otherwise.
    @inline(__always)
    public func code(atSlot slot: Int) -> Int {
        switch storage {
        case .narrow(let a): return Int(a[slot])
        case .wide(let a): return Int(a[slot])
        }
    }

    /// The value of `position` for its side to move, if it is in the sliding phase
    /// (no goats in hand): a position the tigers have already won by captures is a
    /// loss in 0 for the goats (and a "win in 0" for the tigers, which only a reduced
    /// table, won at fewer than 5 captures, meets). `nil` while goats remain in hand.
    public func value(of position: BaghChal) -> TablebaseValue? {
        guard position.goatsInHand == 0 else { return nil }
        if position.captures >= index.capturesToWin {
            return position.sideToMove == BaghChal.goats ? .loss(plies: 0) : .win(plies: 0)
        }
        guard let slot = index.slot(of: position) else { return nil }
        return TablebaseValue(code: code(atSlot: slot))
    }

    /// The number of positions (classes under the symmetries) and their values, per
    /// captured count and side to move.
    public var statistics: TablebaseStatistics { survey(checking: false).statistics }

    /// The statistics and, with `checking`, the first stored value no solve could have
    /// written (in words; `nil` when there is none), in one pass over the slots:
    ///
    /// - a slot that is not the smallest of its symmetric images holds a copy of that
    ///   image's value (the solver fills them so), so a different value is impossible;
    /// - a loss in 0 (code 1) is a position whose side to move has no legal move (a
    ///   position with a move has a value of at least one ply), so one with a move is
    ///   impossible;
    /// - a 2-byte table holds some code above 255 (otherwise it is written with 1 byte).
    ///
    /// A checksum only says the bytes are the ones its writer summed, so these catch a
    /// table edited and re-summed, or written by something else; they are not a proof
    /// that every value is right (that is a whole solve).
    func survey(checking: Bool) -> (statistics: TablebaseStatistics, problem: String?) {
        var rows: [TablebaseStatistics.Row] = []
        var longest = 0
        var problem: String? = nil
        if checking, case .wide(let codes) = storage, !codes.contains(where: { $0 > UInt8.max }) {
            problem = "2 bytes per value, but every value fits in 1 (bench solve writes such a table with 1)"
        }
        for captured in 0..<index.capturesToWin {
            let perSide = index.slotsPerSide[captured], base = index.levelOffsets[captured]
            let ranks = perSide / index.tigerClassCount
            for side in 0..<2 {
                var counts = [0, 0, 0]
                for cls in 0..<index.tigerClassCount {
                    let symmetric = index.classStabiliser[cls] != 1
                    let start = base + (side * index.tigerClassCount + cls) * ranks
                    for rank in 0..<ranks {
                        let c = code(atSlot: start + rank)
                        if symmetric && !index.isCanonical(cls: cls, rank: rank, k: index.empties(captured: captured)) {
                            if checking && problem == nil {
                                let empty = index.emptySet(cls: cls, rank: rank, k: index.empties(captured: captured))
                                let image = index.canonical(tigers: index.classTigers[cls], empty: empty).rank
                                let expected = code(atSlot: start + image)
                                if c != expected {
                                    problem = "slot \(start + rank) holds \(TablebaseValue(code: c)) but its symmetric image, "
                                        + "slot \(start + image), \(TablebaseValue(code: expected)): impossible"
                                }
                            }
                            continue
                        }
                        if checking && problem == nil && c == 1 && index.engine(ofSlot: start + rank).hasLegalMove {
                            problem = "slot \(start + rank) holds a loss in 0, but its side to move has a legal move "
                                + "(\(index.engine(ofSlot: start + rank).text)): impossible"
                        }
                        if c == 0 { counts[1] += 1 } else if (c - 1) & 1 == 1 { counts[0] += 1 } else { counts[2] += 1 }
                        longest = max(longest, c - 1)
                    }
                }
                rows.append(.init(captured: captured, sideToMove: BaghChal.sideName(side == 0 ? BaghChal.goats : BaghChal.tigers),
                                  wins: counts[0], draws: counts[1], losses: counts[2]))
            }
        }
        return (TablebaseStatistics(rows: rows, longestPlies: longest), problem)
    }
}

/// How many positions a tablebase holds and how they end, per captured count and side.
public struct TablebaseStatistics: Sendable, Hashable, Codable {
    /// One captured count and side to move.
    public struct Row: Sendable, Hashable, Codable {
        public var captured: Int
        public var sideToMove: String
        /// Positions won, drawn and lost for the side to move.
        public var wins: Int
        public var draws: Int
        public var losses: Int
        public var positions: Int { wins + draws + losses }
    }

    public var rows: [Row]
    /// The longest decided game under perfect play, in plies.
    public var longestPlies: Int

    /// Every position counted once per class of symmetric positions.
    public var positions: Int { rows.reduce(0) { $0 + $1.positions } }
}
