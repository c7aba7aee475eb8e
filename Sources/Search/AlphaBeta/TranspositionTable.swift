import Foundation
import Synchronization

/// A fixed-size transposition table shared by search threads without locks.
///
/// Each entry is two 64-bit atomics: `key ^ data` and `data` (Hyatt's lockless
/// hashing). Threads read and write them with relaxed ordering, so an entry can be
/// torn by a concurrent write; a torn entry fails the `key ^ data == hash` check and
/// reads as a miss. That race is the design: a lost or missed entry costs a little
/// search, a lock would cost every probe.
///
/// Entries come in buckets of four, one 64-byte cache line: a position may sit in any
/// entry of its bucket, so one memory access finds it. A store replaces the entry of the
/// same position (unless this search wrote it with a deeper bound), else the bucket's
/// least worth keeping: an empty one, else the shallowest counting 8 plies off for each
/// search since it was written (``newSearch()``). With one entry per index
/// (always-replace), Bagh-Chal's searches of depth 18 on the benchmark positions took
/// 53.2 M nodes with a 16 MiB table and 47.1 M with one four times larger: the small
/// table was losing deep results. With buckets, 16 MiB takes 44.3 M
/// (results/search-strength/nodes-to-depth.md).
public final class TranspositionTable: @unchecked Sendable {
    /// Whether a stored score is exact or a bound.
    public enum Bound: UInt64, Sendable { case exact = 1, lower = 2, upper = 3 }

    /// One decoded entry.
    public struct Entry: Sendable {
        public let move: UInt16
        public let score: Int
        public let depth: Int
        public let bound: Bound

        @inlinable
        init(move: UInt16, score: Int, depth: Int, bound: Bound) {
            self.move = move; self.score = score; self.depth = depth; self.bound = bound
        }
    }

    @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt64>>
    /// The entry index of a hash's bucket: `hash & bucketMask` (a multiple of 4).
    @usableFromInline let bucketMask: Int
    /// The number of entries (a power of two, at least 4), 0 for a disabled table.
    public let capacity: Int
    /// The search the table is in (6 bits), stored in each entry it writes.
    @usableFromInline let generation = Atomic<UInt64>(0)

    @inlinable static var bucketSize: Int { 4 }

    /// The largest table in MiB: half the machine's physical memory, so that a
    /// mistyped size is refused up front instead of failing in the allocator.
    public static var maxMegabytes: Int {
        max(1, Int(min(ProcessInfo.processInfo.physicalMemory / 2, UInt64(Int.max)) >> 20))
    }

    /// A table of about `megabytes` MiB (16 bytes an entry, rounded down to a power
    /// of two, at most ``maxMegabytes``); 0 disables it: every probe misses and
    /// stores are dropped.
    ///
    /// The table's memory is written in full here, as engines clear their tables when
    /// they are made (Stockfish's `TranspositionTable::clear`): creating a table takes
    /// the time to map its pages (3 ms for 16 MiB, 0.14 s for 1 GiB on the machine of
    /// results/search-strength), and its searches none. Left to the search (memory
    /// from `calloc`, mapped as first written), the first searches of a table paid it,
    /// and two threads mapping pages of one process at once take several times as long
    /// as one: a 2-thread search of a few milliseconds took 50 ms
    /// (results/search-strength/thread-scaling.md). On Linux a table of 2 MiB or more
    /// asks for transparent huge pages, so there are 512 times fewer pages to map.
    public init(megabytes: Int) {
        let bytes = min(max(megabytes, 0), Self.maxMegabytes) << 20
        var entries = 0
        if bytes > 0 {
            entries = Self.bucketSize
            while entries * 2 <= bytes / 16 { entries *= 2 }
        }
        capacity = entries
        bucketMask = max(entries - 1, 0) & ~(Self.bucketSize - 1)
        let count = max(2 * entries, 2 * Self.bucketSize)
        let size = count * MemoryLayout<Atomic<UInt64>>.stride
        // Buckets start on a cache line; a large table on a huge page's boundary.
        let hugePage = 2 << 20
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, size >= hugePage ? hugePage : 64, size) == 0, let raw else {
            fatalError("transposition table: out of memory for \(bytes >> 20) MiB")
        }
        #if os(Linux)
        // Only advice: where huge pages are off, the table gets small ones.
        if size >= hugePage { _ = madvise(raw, size, MADV_HUGEPAGE) }
        #endif
        memset(raw, 0, size)
        // An all-zero `Atomic<UInt64>` is the value 0, so zeroed memory is initialised.
        slots = raw.bindMemory(to: Atomic<UInt64>.self, capacity: count)
    }

    deinit {
        free(UnsafeMutableRawPointer(slots))  // `slots` is the start of posix_memalign's block
    }

    /// Empties the table (between games; not while threads search).
    public func clear() {
        for i in 0..<2 * capacity { slots[i].store(0, ordering: .relaxed) }
    }

    /// A new search begins (before its threads start): entries written by earlier
    /// searches become the first to be replaced, the older the sooner.
    public func newSearch() {
        generation.store((generation.load(ordering: .relaxed) + 1) & 63, ordering: .relaxed)
    }

    // Data layout: move 0-15 | score 16-47 (Int32 bits) | depth 48-55 | bound 56-57 | generation 58-63.

    /// The entry for `hash`, if present and not torn.
    @inlinable
    public func probe(_ hash: UInt64) -> Entry? {
        guard capacity > 0 else { return nil }
        let bucket = slots + 2 * (Int(truncatingIfNeeded: hash) & bucketMask)
        for j in 0..<Self.bucketSize {
            let data = bucket[2 * j + 1].load(ordering: .relaxed)
            let check = bucket[2 * j].load(ordering: .relaxed)
            guard check ^ data == hash, data != 0, let bound = Bound(rawValue: (data >> 56) & 3) else { continue }
            return Entry(move: UInt16(truncatingIfNeeded: data),
                         score: Int(Int32(bitPattern: UInt32(truncatingIfNeeded: data >> 16))),
                         depth: Int((data >> 48) & 0xFF), bound: bound)
        }
        return nil
    }

    /// Stores a search result for `hash`.
    @inlinable
    public func store(_ hash: UInt64, move: UInt16, score: Int, depth: Int, bound: Bound) {
        guard capacity > 0 else { return }
        let bucket = slots + 2 * (Int(truncatingIfNeeded: hash) & bucketMask)
        let now = generation.load(ordering: .relaxed)
        var victim = 0, victimWorth = Int.max
        var keptMove = move
        for j in 0..<Self.bucketSize {
            let old = bucket[2 * j + 1].load(ordering: .relaxed)
            let oldCheck = bucket[2 * j].load(ordering: .relaxed)
            let oldDepth = Int((old >> 48) & 0xFF)
            if oldCheck ^ old == hash && old != 0 {
                // The same position: a shallower bound never replaces a deeper result of
                // this search. One of an earlier search goes, or its bound, which no longer
                // cuts, would keep the better move just found out of the table.
                if oldDepth > depth && bound != .exact && old >> 58 == now { return }
                if move == 0 { keptMove = UInt16(truncatingIfNeeded: old) }
                victim = j
                break
            }
            let worth = old == 0 ? Int.min : oldDepth - 8 * Int((now &- (old >> 58)) & 63)
            if worth < victimWorth {
                victimWorth = worth
                victim = j
            }
        }
        let data = UInt64(keptMove) | UInt64(UInt32(bitPattern: Int32(clamping: score))) << 16
            | UInt64(min(max(depth, 0), 255)) << 48 | bound.rawValue << 56 | now << 58
        bucket[2 * victim].store(hash ^ data, ordering: .relaxed)
        bucket[2 * victim + 1].store(data, ordering: .relaxed)
    }
}
