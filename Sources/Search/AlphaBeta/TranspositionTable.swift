import Foundation
import Synchronization

/// A fixed-size transposition table shared by search threads without locks.
///
/// Each entry is two 64-bit atomics: `key ^ data` and `data` (Hyatt's lockless
/// hashing). Threads read and write them with relaxed ordering, so an entry can be
/// torn by a concurrent write; a torn entry fails the `key ^ data == hash` check and
/// reads as a miss. That race is the design: a lost or missed entry costs a little
/// search, a lock would cost every probe. Replacement is always-replace, except that
/// a shallower result never overwrites a deeper one of the same position.
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
    @usableFromInline let mask: Int
    /// The number of entries (a power of two), 0 for a disabled table.
    public let capacity: Int

    /// The largest table in MiB: half the machine's physical memory, so that a
    /// mistyped size is refused up front instead of failing in the allocator.
    public static var maxMegabytes: Int {
        max(1, Int(min(ProcessInfo.processInfo.physicalMemory / 2, UInt64(Int.max)) >> 20))
    }

    /// A table of about `megabytes` MiB (16 bytes an entry, rounded down to a power
    /// of two, at most ``maxMegabytes``); 0 disables it: every probe misses and
    /// stores are dropped.
    ///
    /// The memory comes zeroed from `calloc`, which for large sizes maps zero pages
    /// that the system backs only when first written: a big table costs nothing
    /// until the search fills it, and creating one takes no time.
    public init(megabytes: Int) {
        let bytes = min(max(megabytes, 0), Self.maxMegabytes) << 20
        var entries = 0
        if bytes > 0 {
            entries = 1
            while entries * 2 <= bytes / 16 { entries *= 2 }
        }
        capacity = entries
        mask = max(entries - 1, 0)
        let count = max(2 * entries, 2)
        // An all-zero `Atomic<UInt64>` is the value 0, so zeroed memory is initialised.
        guard let raw = calloc(count, MemoryLayout<Atomic<UInt64>>.stride) else {
            fatalError("transposition table: out of memory for \(bytes >> 20) MiB")
        }
        slots = raw.bindMemory(to: Atomic<UInt64>.self, capacity: count)
    }

    deinit {
        free(slots)
    }

    /// Empties the table (between games; not while threads search).
    public func clear() {
        for i in 0..<2 * capacity { slots[i].store(0, ordering: .relaxed) }
    }

    // Data layout: move 0-15 | score 16-47 (Int32 bits) | depth 48-55 | bound 56-57.

    /// The entry for `hash`, if present and not torn.
    @inlinable
    public func probe(_ hash: UInt64) -> Entry? {
        guard capacity > 0 else { return nil }
        let i = Int(truncatingIfNeeded: hash) & mask
        let data = slots[2 * i + 1].load(ordering: .relaxed)
        let check = slots[2 * i].load(ordering: .relaxed)
        guard check ^ data == hash, data != 0, let bound = Bound(rawValue: (data >> 56) & 3) else { return nil }
        return Entry(move: UInt16(truncatingIfNeeded: data),
                     score: Int(Int32(bitPattern: UInt32(truncatingIfNeeded: data >> 16))),
                     depth: Int((data >> 48) & 0xFF), bound: bound)
    }

    /// Stores a search result for `hash`.
    @inlinable
    public func store(_ hash: UInt64, move: UInt16, score: Int, depth: Int, bound: Bound) {
        guard capacity > 0 else { return }
        let i = Int(truncatingIfNeeded: hash) & mask
        let old = slots[2 * i + 1].load(ordering: .relaxed)
        let oldCheck = slots[2 * i].load(ordering: .relaxed)
        if oldCheck ^ old == hash && Int((old >> 48) & 0xFF) > depth && bound != .exact { return }
        var keptMove = move
        if move == 0 && oldCheck ^ old == hash { keptMove = UInt16(truncatingIfNeeded: old) }
        let data = UInt64(keptMove) | UInt64(UInt32(bitPattern: Int32(clamping: score))) << 16
            | UInt64(min(max(depth, 0), 255)) << 48 | bound.rawValue << 56
        slots[2 * i].store(hash ^ data, ordering: .relaxed)
        slots[2 * i + 1].store(data, ordering: .relaxed)
    }
}
