/// The values of a layer of the placement sweep, or of a slice of one: 2 bits per
/// slot, 32 slots per 64-bit word (slot `i` in bits `2 × (i mod 32)` of word `i / 32`).
///
/// A value is for the side to move: 0 a loss, 1 a draw, 2 a win (3 never occurs; the
/// bits past the last slot are 0). A slice starts at a multiple of 32, so workers that
/// fill distinct ranges of 32-aligned slots write distinct words: no locks, no atomics.
public final class BaghChalPlacementValues: @unchecked Sendable {
    /// Loss, draw and win for the side to move, as stored.
    public static let loss: UInt64 = 0, draw: UInt64 = 1, win: UInt64 = 2

    /// The layer these are values of.
    public let layer: BaghChalPlacementLayer
    /// The first slot held (a multiple of 32) and how many.
    public let first: Int
    public let count: Int
    /// The packed words (zeroed at allocation).
    public let words: UnsafeMutablePointer<UInt64>

    /// Words for `count` slots.
    public static func wordCount(_ count: Int) -> Int { (count + 31) / 32 }

    public var wordCount: Int { Self.wordCount(count) }

    /// Zeroed values (all losses) for slots `first ..< first + count`.
    public init(layer: BaghChalPlacementLayer, first: Int, count: Int) {
        precondition(first % 32 == 0 && count >= 0, "a slice starts at a multiple of 32")
        self.layer = layer
        self.first = first
        self.count = count
        words = .allocate(capacity: max(1, Self.wordCount(count)))
        words.initialize(repeating: 0, count: max(1, Self.wordCount(count)))
    }

    deinit { words.deallocate() }

    /// The value of slot `slot` of the layer (which must be held here).
    @inline(__always)
    public func value(_ slot: Int) -> UInt64 {
        let i = slot &- first
        return (words[i >> 5] >> UInt64((i & 31) << 1)) & 3
    }

    /// Bytes held.
    public var bytes: Int { wordCount * 8 }
}
