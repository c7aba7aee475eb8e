import Boards

/// One layer of the placement sweep: the positions with `placed` goats placed so far
/// and one side to move (docs/placement.md, "The layers").
///
/// A goat move places a goat (`placed + 1`), a tiger move keeps `placed`; so
/// goats-to-move(p) depends only on tigers-to-move(p + 1), and tigers-to-move(p) only
/// on goats-to-move(p) (captures included: a capture keeps p and adds a captured goat).
/// The sweep's order is therefore G(N−1), T(N−1), G(N−2), …, T(1), G(0), with the
/// sliding-phase table as T(N).
public struct BaghChalPlacementLayer: Hashable, Sendable, CustomStringConvertible {
    /// Goats placed so far (0 ..< goats per game).
    public let placed: Int
    /// Whether the goats are to move.
    public let goatsToMove: Bool

    public init(placed: Int, goatsToMove: Bool) {
        self.placed = placed
        self.goatsToMove = goatsToMove
    }

    /// `p19-goats`, `p3-tigers`: the layer's name in files and reports.
    public var description: String { "p\(placed)-\(goatsToMove ? "goats" : "tigers")" }

    /// Parses ``description``.
    public init?(name: String) {
        let parts = name.split(separator: "-")
        guard parts.count == 2, parts[0].first == "p", let p = Int(parts[0].dropFirst()),
              parts[1] == "goats" || parts[1] == "tigers" else { return nil }
        self.init(placed: p, goatsToMove: parts[1] == "goats")
    }
}

/// The ranking of Bagh-Chal's placement-phase positions (docs/placement.md): slot by
/// arithmetic, no hashing, extending the sliding table's scheme.
///
/// A position of layer (p placed, side) with `c` captured has `g = p − c` goats on
/// the board. Its slot is
///
///     blockOffset[layer][c] + class × C(21, g) + rank
///
/// where `class` is the tiger set's class under the 8 symmetries (1,666 of them, the
/// sliding index's numbering) and `rank` the colex rank of the goat set among the 21
/// points other than the tigers, taken with the tigers moved onto the class's
/// canonical set. The captured counts of a layer are `0...min(K − 1, p)` for the
/// goats to move and `0...min(K − 1, p − 1)` for the tigers (the goats' last move
/// left a goat on the board).
///
/// **Every** slot is computed, also those whose goat set is not the smallest of its
/// images under the symmetries that keep a symmetric tiger set (about 5% more slots
/// than classes): each holds the value of its own position, which is its class's value.
/// So a look-up may use any image of a position: a goat placement keeps the tiger set
/// and its frame, and its child is ranked directly, without canonicalising; a tiger
/// move needs only the class of the new tiger set and one symmetry onto it.
/// Counts of positions are of classes (each class once, by Burnside's lemma).
public final class BaghChalPlacementIndex: @unchecked Sendable {
    /// The sliding-phase index, whose tiger classes, permutations and lines this shares.
    public let sliding: BaghChalTablebaseIndex
    /// The goats of a game (20; fewer in the tests' reduced games).
    public var goatsPerGame: Int { sliding.goatsPerGame }
    /// Captures at which the tigers win.
    public var capturesToWin: Int { sliding.capturesToWin }
    /// Tiger classes.
    public var tigerClassCount: Int { sliding.tigerClassCount }
    /// `image[(s × 5 + row) × 32 + pattern]`: a row's 5-bit pattern mapped by symmetry s.
    @usableFromInline let image: UnsafeMutablePointer<UInt32>

    public init(sliding: BaghChalTablebaseIndex) {
        self.sliding = sliding
        image = .allocate(capacity: 8 * 5 * 32)
        for s in 0..<8 {
            for row in 0..<5 {
                for pattern in 0..<32 {
                    var mapped: UInt32 = 0
                    for file in 0..<5 where pattern & (1 << file) != 0 {
                        mapped |= 1 << UInt32(sliding.perm[s * 25 + row * 5 + file])
                    }
                    image[(s * 5 + row) * 32 + pattern] = mapped
                }
            }
        }
    }

    deinit { image.deallocate() }

    // MARK: Layers

    /// The layers in the sweep's order: G(N−1), T(N−1), …, T(1), G(0).
    public var layers: [BaghChalPlacementLayer] {
        var out: [BaghChalPlacementLayer] = []
        for p in stride(from: goatsPerGame - 1, through: 0, by: -1) {
            out.append(.init(placed: p, goatsToMove: true))
            if p > 0 { out.append(.init(placed: p, goatsToMove: false)) }
        }
        return out
    }

    /// The captured counts of a layer.
    public func captures(_ layer: BaghChalPlacementLayer) -> ClosedRange<Int> {
        0...min(capturesToWin - 1, layer.goatsToMove ? layer.placed : layer.placed - 1)
    }

    /// Slots per tiger class in the block of `captured`: C(21, goats on the board).
    @inline(__always)
    public func ranks(_ layer: BaghChalPlacementLayer, captured: Int) -> Int {
        sliding.choose(21, layer.placed - captured)
    }

    /// The first slot of the block of `captured` in the layer (blocks in captured order).
    public func blockOffset(_ layer: BaghChalPlacementLayer, captured: Int) -> Int {
        var offset = 0
        for c in 0..<captured { offset += tigerClassCount * ranks(layer, captured: c) }
        return offset
    }

    /// Every slot of the layer.
    public func slotCount(_ layer: BaghChalPlacementLayer) -> Int {
        blockOffset(layer, captured: captures(layer).upperBound + 1)
    }

    /// The classes of positions of a block (each class under the symmetries once), by
    /// Burnside's lemma: the average over the 8 symmetries of the (tiger set, goat set)
    /// pairs each leaves unchanged, counted from the permutations' cycles.
    public func classCount(_ layer: BaghChalPlacementLayer, captured: Int) -> Int {
        let goats = layer.placed - captured
        var fixed = 0
        for s in 0..<8 {
            var seen = 0 as UInt32
            var ways = [[Int]](repeating: [Int](repeating: 0, count: goats + 1), count: 5)
            ways[0][0] = 1
            for start in 0..<25 where seen & (1 << UInt32(start)) == 0 {
                var length = 0, p = start
                while seen & (1 << UInt32(p)) == 0 {
                    seen |= 1 << UInt32(p)
                    length += 1
                    p = Int(sliding.perm[s * 25 + p])
                }
                var next = ways.map { $0.map { _ in 0 } }
                for t in 0...4 {
                    for g in 0...goats where ways[t][g] > 0 {
                        next[t][g] += ways[t][g]
                        if t + length <= 4 { next[t + length][g] += ways[t][g] }
                        if g + length <= goats { next[t][g + length] += ways[t][g] }
                    }
                }
                ways = next
            }
            fixed += ways[4][goats]
        }
        precondition(fixed % 8 == 0, "Burnside's sum is not a multiple of 8")
        return fixed / 8
    }

    /// The classes of positions of a layer.
    public func classCount(_ layer: BaghChalPlacementLayer) -> Int {
        captures(layer).reduce(0) { $0 + classCount(layer, captured: $1) }
    }

    // MARK: Slots

    /// The board image of `b` under symmetry `s` (five row look-ups).
    @inline(__always)
    func mapped(_ b: UInt32, _ s: Int) -> UInt32 {
        let base = image + s &* 160
        return base[Int(b & 31)] | base[32 &+ Int(b >> 5 & 31)] | base[64 &+ Int(b >> 10 & 31)]
            | base[96 &+ Int(b >> 15 & 31)] | base[128 &+ Int(b >> 20 & 31)]
    }

    /// The slot, within its block, of (tigers, goats): class × C(21, g) + the goats' rank,
    /// with the first symmetry that maps the tigers onto their canonical set (any image
    /// is a slot holding the class's value, see the type's doc).
    @inline(__always)
    func blockSlot(tigers: UInt32, goats: UInt32, ranks: Int) -> Int {
        let (cls, symmetries) = sliding.tigerClass(tigers)
        let s = Int(symmetries.trailingZeroBitCount)
        let g = s == 0 ? goats : mapped(goats, s)
        return cls &* ranks &+ sliding.emptyRank(g, cls: cls)
    }

    /// The slot of an engine position of the placement phase (goats in hand, fewer than
    /// ``capturesToWin`` captured; the standard game), or `nil` for any other.
    public func slot(of p: BaghChal) -> (layer: BaghChalPlacementLayer, slot: Int)? {
        guard goatsPerGame == BaghChal.goatsPerGame, p.goatsInHand > 0, p.captures < capturesToWin else { return nil }
        let layer = BaghChalPlacementLayer(placed: goatsPerGame - p.goatsInHand, goatsToMove: p.sideToMove == BaghChal.goats)
        guard captures(layer).contains(p.captures) else { return nil }
        let r = ranks(layer, captured: p.captures)
        return (layer, blockOffset(layer, captured: p.captures) + blockSlot(tigers: p.tigers, goats: p.goats, ranks: r))
    }

    /// What a slot of a layer holds: captured count, tiger class, goat rank, and the boards.
    public func position(_ layer: BaghChalPlacementLayer, slot: Int)
        -> (captured: Int, cls: Int, rank: Int, tigers: UInt32, goats: UInt32) {
        var c = captures(layer).upperBound
        while blockOffset(layer, captured: c) > slot { c -= 1 }
        let r = ranks(layer, captured: c)
        let local = slot - blockOffset(layer, captured: c)
        let cls = local / r, rank = local % r
        return (c, cls, rank, sliding.classTigers[cls], sliding.emptySet(cls: cls, rank: rank, k: layer.placed - c))
    }

    /// Whether the slot is its class's canonical one (the smallest goat rank of its images).
    public func isCanonical(_ layer: BaghChalPlacementLayer, slot: Int) -> Bool {
        let s = position(layer, slot: slot)
        return sliding.isCanonical(cls: s.cls, rank: s.rank, k: layer.placed - s.captured)
    }

    /// The engine position of a slot (the standard game; `nil` when it is not one the
    /// engine accepts).
    public func engine(_ layer: BaghChalPlacementLayer, slot: Int) -> BaghChal? {
        let s = position(layer, slot: slot)
        return try? BaghChal(goats: s.goats, tigers: s.tigers, sideToMove: layer.goatsToMove ? BaghChal.goats : BaghChal.tigers,
                             goatsInHand: goatsPerGame - layer.placed, captures: s.captured)
    }
}
