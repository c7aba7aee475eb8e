/// A set of non-negative integers, one bit each, in 64-bit words kept only where a
/// member is: memory follows the members, never the largest index, so a damaged
/// record with a huge index costs one word.
struct GameIndexSet: Sendable {
    private var words: [Int: UInt64] = [:]
    private(set) var count = 0

    func contains(_ i: Int) -> Bool {
        (words[i >> 6] ?? 0) & (1 << UInt64(i & 63)) != 0
    }

    mutating func insert(_ i: Int) {
        let bit: UInt64 = 1 << UInt64(i & 63)
        let word = words[i >> 6] ?? 0
        if word & bit == 0 { count += 1 }
        words[i >> 6] = word | bit
    }
}
