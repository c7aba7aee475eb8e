import Boards
import Synchronization

/// Retrograde analysis of Bagh-Chal's sliding phase (docs/tablebase.md).
///
/// Level by level, from the most goats captured down to none: a capture leaves the
/// level for the one below it in the table (one more goat captured), which is already
/// solved, and the capture that reaches ``BaghChalTablebaseIndex/capturesToWin`` wins.
/// Within a level the positions are solved backwards from the end:
///
/// 1. **Start**: every position counts its moves inside the level, as the number of
///    distinct classes of child positions (slots). A tiger position looks its captures
///    up in the level below: a capture into a lost position is a candidate win (stored
///    at once as a *tentative* value, which a faster win found later replaces); a
///    capture into a drawn or lost-for-the-goats position adds 1 to its counter, so the
///    counter can never reach 0 and it can never be lost. A position without moves is
///    lost in 0.
/// 2. **Ply n = 1, 2, …**: the positions decided in `n − 1` plies (the frontier) are
///    found by a scan of the level; their predecessors are made by un-moves (a tiger or
///    goat stepped back along a line onto an empty point), one per distinct class.
///    If the frontier is lost (n − 1 even), each predecessor is won in `n` (unless it
///    already wins faster). If it is won, each undecided predecessor's counter drops by
///    1; at 0 every move of it leads to a won position, so it is lost, in `n` plies —
///    or more, when one of its captures leads to a slower win for the goats.
/// 3. When no position is decided at a ply beyond the last one reached, the rest are
///    draws: the side to move can always avoid losing (repetition and the ply limit
///    are not part of these values).
///
/// Each ply's scan runs on worker threads (``ForkJoin``) over chunks of the level.
/// Values and counters are atomics: a counter reaches 0 exactly once, and a win is
/// lowered with compare-and-swap to the least candidate, so the table is the unique
/// solution whatever the thread count or the order the workers ran in.
enum BaghChalRetrograde {
    /// The progress of a level: while moves are counted (ply 0) the slots counted, then
    /// after each ply the slots decided so far.
    typealias Progress = @Sendable (_ captured: Int, _ ply: Int, _ decided: Int, _ slots: Int) -> Void

    /// Chunks done in the start phase, for progress.
    final class ChunkCount: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Chunk of slots one worker claims at a time.
    static let chunk = 1 << 15

    /// Solves the levels `0..<index.capturesToWin` and returns the codes of every slot
    /// (0 draw, plies + 1 otherwise; non-canonical slots hold their class's code), in
    /// one byte each when they fit.
    static func solve(index: BaghChalTablebaseIndex, threads: Int, progress: Progress?) -> BaghChalTablebase.Storage {
        let values = UnsafeMutablePointer<Atomic<UInt16>>.allocate(capacity: index.slotCount)
        for i in 0..<index.slotCount { (values + i).initialize(to: Atomic(0)) }
        defer { values.deallocate() }
        let largest = index.slotsPerSide.max()! * 2
        let counters = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: largest)
        for i in 0..<largest { (counters + i).initialize(to: Atomic(0)) }
        let largestChunks = (largest + chunk - 1) / chunk
        let marks = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: largestChunks * 4)
        for i in 0..<(largestChunks * 4) { (marks + i).initialize(to: Atomic(0)) }
        defer { marks.deallocate() }
        let shared = Shared(index: index, values: values, counters: counters, marks: marks)
        for captured in stride(from: index.capturesToWin - 1, through: 0, by: -1) {
            solveLevel(captured, shared, threads: threads, progress: progress)
        }
        counters.deallocate()
        fillSymmetricSlots(values, index: index)
        // One byte per value when every code fits (the working copy is freed on return).
        var top: UInt16 = 0
        for i in 0..<index.slotCount { top = max(top, values[i].load(ordering: .relaxed)) }
        if top <= UInt8.max {
            return .narrow([UInt8](unsafeUninitializedCapacity: index.slotCount) { out, count in
                for i in 0..<index.slotCount { out[i] = UInt8(truncatingIfNeeded: values[i].load(ordering: .relaxed)) }
                count = index.slotCount
            })
        }
        return .wide([UInt16](unsafeUninitializedCapacity: index.slotCount) { out, count in
            for i in 0..<index.slotCount { out[i] = values[i].load(ordering: .relaxed) }
            count = index.slotCount
        })
    }

    /// The pointers every worker shares; each slot is touched only through its atomic.
    struct Shared: @unchecked Sendable {
        let index: BaghChalTablebaseIndex
        let values: UnsafeMutablePointer<Atomic<UInt16>>
        let counters: UnsafeMutablePointer<Atomic<UInt8>>
        /// Per chunk of the current level, 256 bits: bit c set when some slot of the chunk
        /// was given code c (bit 0: some code above 255), so a ply's scan skips the chunks
        /// that cannot hold its frontier. A bit can be stale (a win lowered since), never missing.
        let marks: UnsafeMutablePointer<Atomic<UInt64>>

        /// Records that the slot `local` of the current level was given `code`.
        @inline(__always)
        func mark(_ local: Int, _ code: Int) {
            let bit = code < 256 ? code : 0
            marks[(local / BaghChalRetrograde.chunk) &* 4 &+ bit >> 6].bitwiseOr(1 &<< UInt64(bit & 63), ordering: .relaxed)
        }

        /// Whether chunk `task` may hold a slot of `code`.
        @inline(__always)
        func mayHold(_ task: Int, _ code: Int) -> Bool {
            if marks[task &* 4].load(ordering: .relaxed) & 1 != 0 { return true }
            return code < 256 && marks[task &* 4 &+ code >> 6].load(ordering: .relaxed) & (1 &<< UInt64(code & 63)) != 0
        }
    }

    /// A level's geometry: where its slots start, slots per side, empty points, and the position of a slot.
    struct Level {
        let captured: Int
        let offset: Int
        let perSide: Int
        let ranks: Int
        let empties: Int
        let index: BaghChalTablebaseIndex

        init(_ captured: Int, _ index: BaghChalTablebaseIndex) {
            self.captured = captured
            self.index = index
            offset = index.levelOffsets[captured]
            perSide = index.slotsPerSide[captured]
            empties = index.empties(captured: captured)
            ranks = perSide / index.tigerClassCount
        }

        /// The local slot of a position of this level (goats or tigers to move).
        @inline(__always)
        func local(tigers: UInt32, empty: UInt32, goatsToMove: Bool) -> Int {
            let (cls, rank) = index.canonical(tigers: tigers, empty: empty)
            return ((goatsToMove ? 0 : index.tigerClassCount) &+ cls) &* ranks &+ rank
        }
    }

    static func solveLevel(_ captured: Int, _ shared: Shared, threads: Int, progress: Progress?) {
        let level = Level(captured, shared.index)
        let count = 2 * level.perSide
        let chunks = (count + chunk - 1) / chunk
        for i in 0..<(chunks * 4) { shared.marks[i].store(0, ordering: .relaxed) }
        // 1. Counters and the values known at the start (progress: ply 0, slots counted).
        let counted = ChunkCount()
        let started = ForkJoin.mapTasks(count: chunks, workers: threads) { task -> (maxCode: Int, decided: Int) in
            defer {
                let done = counted.value.wrappingAdd(1, ordering: .relaxed).newValue
                if done % 64 == 0 { progress?(captured, 0, min(count, done * chunk), count) }
            }
            let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 256)
            defer { scratch.deallocate() }
            var maxCode = 0, decided = 0
            for local in (task * chunk)..<min(count, (task + 1) * chunk) {
                let code = start(local, level, shared, scratch)
                if code > 0 { decided += 1 }
                maxCode = max(maxCode, code)
            }
            return (maxCode, decided)
        }
        var maxCode = started.map(\.maxCode).max() ?? 0
        var decided = started.reduce(0) { $0 + $1.decided }
        // 2. Ply by ply: the frontier (code n, decided in n - 1 plies) decides code n + 1.
        var n = 1
        while n <= maxCode {
            let code = n
            let reports = ForkJoin.mapTasks(count: chunks, workers: threads) { task -> (maxCode: Int, decided: Int) in
                let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 256)
                defer { scratch.deallocate() }
                var maxCode = 0, decided = 0
                let base = shared.values + level.offset
                guard shared.mayHold(task, code) else { return (0, 0) }
                for local in (task * chunk)..<min(count, (task + 1) * chunk)
                where base[local].load(ordering: .relaxed) == UInt16(code) {
                    let r = propagate(local, code: code, level, shared, scratch)
                    maxCode = max(maxCode, r.maxCode)
                    decided += r.decided
                }
                return (maxCode, decided)
            }
            maxCode = max(maxCode, reports.map(\.maxCode).max() ?? 0)
            decided += reports.reduce(0) { $0 + $1.decided }
            progress?(captured, n, decided, count)
            n += 1
        }
    }

    /// Sorts the `n` slots in `buffer` and returns how many are distinct (moved to the front).
    @inline(__always)
    static func distinct(_ buffer: UnsafeMutablePointer<Int>, _ n: Int) -> Int {
        if n < 2 { return n }
        for i in 1..<n {
            let x = buffer[i]
            var j = i - 1
            while j >= 0 && buffer[j] > x { buffer[j + 1] = buffer[j]; j -= 1 }
            buffer[j + 1] = x
        }
        var m = 1
        for i in 1..<n where buffer[i] != buffer[m - 1] {
            buffer[m] = buffer[i]
            m += 1
        }
        return m
    }

    /// Step 1 for one slot: sets its counter and, when known, its code; returns the code (0 if undecided).
    static func start(_ local: Int, _ level: Level, _ shared: Shared, _ scratch: UnsafeMutablePointer<Int>) -> Int {
        let index = level.index
        let block = local / level.ranks, rank = local % level.ranks
        let goatsToMove = block < index.tigerClassCount
        let cls = goatsToMove ? block : block - index.tigerClassCount
        guard index.isCanonical(cls: cls, rank: rank, k: level.empties) else { return 0 }
        let tigers = index.classTigers[cls]
        let empty = index.emptySet(cls: cls, rank: rank, k: level.empties)
        let goats = BaghChalTablebaseIndex.allPoints & ~(tigers | empty)
        var n = 0
        var counter = 0, bestWin = Int.max, slowestExitLoss = -1
        if goatsToMove {
            // A goat steps from a neighbour onto an empty point.
            var e = empty
            while e != 0 {
                let to = e.trailingZeroBitCount
                e &= e &- 1
                for d in 0..<8 {
                    let from = index.neighbour[to &* 8 &+ d]
                    if from == BaghChalTablebaseIndex.noPoint || goats & (1 &<< UInt32(from)) == 0 { continue }
                    scratch[n] = level.local(tigers: tigers, empty: empty ^ (1 &<< UInt32(to)) ^ (1 &<< UInt32(from)),
                                             goatsToMove: false)
                    n &+= 1
                }
            }
            counter = distinct(scratch, n)
        } else {
            var safeExit = false
            var t = tigers
            while t != 0 {
                let from = t.trailingZeroBitCount
                t &= t &- 1
                let fromBit: UInt32 = 1 &<< UInt32(from)
                for d in 0..<8 {
                    let over = index.neighbour[from &* 8 &+ d]
                    if over == BaghChalTablebaseIndex.noPoint { continue }
                    let overBit: UInt32 = 1 &<< UInt32(over)
                    if empty & overBit != 0 {
                        scratch[n] = level.local(tigers: tigers ^ fromBit ^ overBit, empty: empty ^ overBit ^ fromBit,
                                                 goatsToMove: true)
                        n &+= 1
                    } else if goats & overBit != 0 {
                        let to = index.landing[from &* 8 &+ d]
                        if to == BaghChalTablebaseIndex.noPoint || empty & (1 &<< UInt32(to)) == 0 { continue }
                        // A capture: the level below, or the win at capturesToWin.
                        let child = exitCode(from: from, over: over, to: Int(to), tigers: tigers, empty: empty, level, shared)
                        if child == 0 {
                            safeExit = true
                        } else if (child - 1) & 1 == 0 {
                            bestWin = min(bestWin, child)  // child lost in child - 1: win in child
                            safeExit = true
                        } else {
                            slowestExitLoss = max(slowestExitLoss, child)
                        }
                    }
                }
            }
            counter = distinct(scratch, n) + (safeExit ? 1 : 0)
        }
        let slot = level.offset + local
        shared.counters[local].store(UInt8(counter), ordering: .relaxed)
        var code = 0
        if bestWin != Int.max {
            code = bestWin + 1
        } else if counter == 0 {
            code = slowestExitLoss >= 0 ? slowestExitLoss + 1 : 1
        }
        if code > 0 {
            shared.values[slot].store(UInt16(code), ordering: .relaxed)
            shared.mark(local, code)
        }
        return code
    }

    /// The code of the position after the capture `from` over `over` to `to`, for the goats to move:
    /// the level below's stored code, or 1 (lost in 0) when the capture wins the game.
    @inline(__always)
    static func exitCode(from: Int, over: UInt8, to: Int, tigers: UInt32, empty: UInt32, _ level: Level, _ shared: Shared) -> Int {
        let index = level.index
        if level.captured + 1 == index.capturesToWin { return 1 }
        let fromBit: UInt32 = 1 &<< UInt32(from), toBit: UInt32 = 1 &<< UInt32(to)
        let slot = index.slot(tigers: tigers ^ fromBit ^ toBit, empty: (empty ^ toBit) | fromBit | (1 &<< UInt32(over)),
                              goatsToMove: true, captured: level.captured + 1)
        return Int(shared.values[slot].load(ordering: .relaxed))
    }

    /// The slowest loss through a capture (all of which lose), in plies; -1 without captures.
    static func slowestExitLoss(tigers: UInt32, empty: UInt32, _ level: Level, _ shared: Shared) -> Int {
        let index = level.index
        let goats = BaghChalTablebaseIndex.allPoints & ~(tigers | empty)
        var slowest = -1
        var t = tigers
        while t != 0 {
            let from = t.trailingZeroBitCount
            t &= t &- 1
            for d in 0..<8 {
                let over = index.neighbour[from &* 8 &+ d]
                if over == BaghChalTablebaseIndex.noPoint || goats & (1 &<< UInt32(over)) == 0 { continue }
                let to = index.landing[from &* 8 &+ d]
                if to == BaghChalTablebaseIndex.noPoint || empty & (1 &<< UInt32(to)) == 0 { continue }
                // The child wins for the goats in code - 1 plies: this capture loses in `code`.
                slowest = max(slowest, exitCode(from: from, over: over, to: Int(to), tigers: tigers, empty: empty, level, shared))
            }
        }
        return slowest
    }

    /// Step 2 for one frontier slot of code `code`: decides its predecessors.
    static func propagate(_ local: Int, code: Int, _ level: Level, _ shared: Shared,
                          _ scratch: UnsafeMutablePointer<Int>) -> (maxCode: Int, decided: Int) {
        let index = level.index
        let block = local / level.ranks, rank = local % level.ranks
        let goatsToMove = block < index.tigerClassCount
        let cls = goatsToMove ? block : block - index.tigerClassCount
        let tigers = index.classTigers[cls]
        let empty = index.emptySet(cls: cls, rank: rank, k: level.empties)
        let goats = BaghChalTablebaseIndex.allPoints & ~(tigers | empty)
        var n = 0
        if goatsToMove {
            // The tigers moved last: a tiger now on `at` stepped from an empty neighbour.
            var t = tigers
            while t != 0 {
                let at = t.trailingZeroBitCount
                t &= t &- 1
                let atBit: UInt32 = 1 &<< UInt32(at)
                for d in 0..<8 {
                    let from = index.neighbour[at &* 8 &+ d]
                    if from == BaghChalTablebaseIndex.noPoint { continue }
                    let fromBit: UInt32 = 1 &<< UInt32(from)
                    if empty & fromBit == 0 { continue }
                    scratch[n] = level.local(tigers: tigers ^ atBit ^ fromBit, empty: empty ^ fromBit ^ atBit, goatsToMove: false)
                    n &+= 1
                }
            }
        } else {
            // The goats moved last: a goat now on `at` stepped from an empty neighbour.
            var e = empty
            while e != 0 {
                let from = e.trailingZeroBitCount
                e &= e &- 1
                for d in 0..<8 {
                    let at = index.neighbour[from &* 8 &+ d]
                    if at == BaghChalTablebaseIndex.noPoint || goats & (1 &<< UInt32(at)) == 0 { continue }
                    scratch[n] = level.local(tigers: tigers, empty: empty ^ (1 &<< UInt32(from)) ^ (1 &<< UInt32(at)),
                                             goatsToMove: true)
                    n &+= 1
                }
            }
        }
        let m = distinct(scratch, n)
        let values = shared.values + level.offset
        var maxCode = 0, decided = 0
        if (code - 1) & 1 == 0 {
            // The frontier is lost: each predecessor wins in `code` plies (code + 1).
            let win = UInt16(code + 1)
            for i in 0..<m {
                let q = scratch[i]
                var old = values[q].load(ordering: .relaxed)
                while old == 0 || old > win {
                    let (exchanged, now) = values[q].compareExchange(expected: old, desired: win, ordering: .relaxed)
                    if exchanged {
                        shared.mark(q, Int(win))
                        if old == 0 { decided += 1 }
                        maxCode = max(maxCode, Int(win))
                        break
                    }
                    old = now
                }
            }
        } else {
            // The frontier is won: one more move of each undecided predecessor is known to lose.
            for i in 0..<m {
                let q = scratch[i]
                if values[q].load(ordering: .relaxed) != 0 { continue }
                if shared.counters[q].wrappingSubtract(1, ordering: .relaxed).oldValue == 1 {
                    var plies = code
                    if q >= level.perSide {
                        // A tiger position: its captures (all losing) may lose more slowly.
                        let qcls = q / level.ranks - index.tigerClassCount
                        let qe = index.emptySet(cls: qcls, rank: q % level.ranks, k: level.empties)
                        plies = max(plies, slowestExitLoss(tigers: index.classTigers[qcls], empty: qe, level, shared))
                    }
                    values[q].store(UInt16(plies + 1), ordering: .relaxed)
                    shared.mark(q, plies + 1)
                    maxCode = max(maxCode, plies + 1)
                    decided += 1
                }
            }
        }
        return (maxCode, decided)
    }

    /// Copies each class's code into its non-canonical slots (symmetric tiger sets only).
    static func fillSymmetricSlots(_ codes: UnsafeMutablePointer<Atomic<UInt16>>, index: BaghChalTablebaseIndex) {
        for captured in 0..<index.capturesToWin {
            let level = Level(captured, index)
            for cls in 0..<index.tigerClassCount where index.classStabiliser[cls] != 1 {
                for side in 0..<2 {
                    let base = level.offset + (side * index.tigerClassCount + cls) * level.ranks
                    for rank in 0..<level.ranks where !index.isCanonical(cls: cls, rank: rank, k: level.empties) {
                        let e = index.emptySet(cls: cls, rank: rank, k: level.empties)
                        let canonical = index.canonical(tigers: index.classTigers[cls], empty: e).rank
                        codes[base + rank].store(codes[base + canonical].load(ordering: .relaxed), ordering: .relaxed)
                    }
                }
            }
        }
    }
}
