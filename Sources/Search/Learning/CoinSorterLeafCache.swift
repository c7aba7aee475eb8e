import Boards

/// The values of the search's leaves (a decision state's best points + afterstate
/// value, ``CoinSorterLearnedExpectimax``) kept for one move's search: at depth 3 two
/// swaps completing nothing reach the same board in either order, and each leaf
/// costs 300 evaluations of the network.
///
/// Open addressing over a fixed table (no allocation while searching); a generation
/// stamp empties it in O(1) at the start of each move. A leaf's value depends on its
/// coins and turns left only, so a hit returns exactly what the leaf would compute
/// and the cache never changes a move. When the probe window is full the value is
/// simply not kept.
final class CoinSorterLeafCache {
    /// Entries in the table (a power of two).
    static let capacity = 1 << 15
    /// Slots probed from a key's home slot.
    static let probes = 8

    private var keys: [UInt64]
    private var values: [Float]
    private var stamps: [UInt32]
    private var generation: UInt32 = 1
    /// Lookups answered from the table since the agent was made.
    private(set) var hits = 0
    /// Lookups not found.
    private(set) var misses = 0

    init() {
        keys = Array(repeating: 0, count: Self.capacity)
        values = Array(repeating: 0, count: Self.capacity)
        stamps = Array(repeating: 0, count: Self.capacity)
    }

    /// Forgets every entry (the next move's search starts empty).
    func clear() {
        generation &+= 1
        if generation == 0 {   // the stamp wrapped: old stamps could match again
            for i in stamps.indices { stamps[i] = 0 }
            generation = 1
        }
    }

    /// The key of a settled board: its triangles, its squares (the circles are the rest)
    /// and its turns left.
    @inline(__always)
    static func key(_ s: CoinSorter) -> UInt64 {
        UInt64(s.cells(of: .triangle)) | UInt64(s.cells(of: .square)) << 25 | UInt64(s.turnsLeft) << 50
    }

    /// The value stored for `key`, if any.
    @inline(__always)
    func value(_ key: UInt64) -> Float? {
        var i = Self.home(key)
        for _ in 0..<Self.probes {
            if stamps[i] != generation { misses += 1; return nil }
            if keys[i] == key { hits += 1; return values[i] }
            i = (i + 1) & (Self.capacity - 1)
        }
        misses += 1
        return nil
    }

    /// Keeps `value` for `key` in the first free slot of its window, if there is one.
    @inline(__always)
    func store(_ key: UInt64, _ value: Float) {
        var i = Self.home(key)
        for _ in 0..<Self.probes {
            if stamps[i] != generation {
                stamps[i] = generation; keys[i] = key; values[i] = value
                return
            }
            i = (i + 1) & (Self.capacity - 1)
        }
    }

    @inline(__always)
    private static func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 49) & (capacity - 1)
    }
}
