import Boards
import Synchronization

/// The retrograde sweep over Bagh-Chal's placement phase, one layer at a time
/// (docs/placement.md): each position's value (win, draw or loss for the side to move)
/// from its children's, which are all in the layer computed just before.
///
/// - goats to move, p placed: each placement leads to tigers-to-move(p + 1), or, at
///   p = N − 1, into the sliding-phase table;
/// - tigers to move, p placed: each step leads to goats-to-move(p) with the same
///   captured count, each capture to goats-to-move(p) with one more, or wins at the
///   K-th capture; a tiger side without a move loses.
///
/// The placement graph has no cycles, so a value is the best of the children's: a win
/// when some child is lost, else a draw when some child is drawn, else a loss.
/// Slots are independent: workers split a layer into 32-aligned chunks, each writing
/// its own words, and the values do not depend on the thread count or the order.
public enum BaghChalPlacementSweep {
    /// What a layer's children are looked up in.
    public enum Children: @unchecked Sendable {
        /// The sliding-phase table (for goats-to-move(N − 1), whose placements complete the placement).
        case sliding(BaghChalTablebase)
        /// The layer before in the sweep, whole.
        case layer(BaghChalPlacementValues)
    }

    /// Positions (classes: each class once) by value for the side to move.
    public struct Counts: Sendable, Hashable, Codable {
        public var wins = 0, draws = 0, losses = 0
        public var positions: Int { wins + draws + losses }
        public init() {}
        public init(wins: Int, draws: Int, losses: Int) { self.wins = wins; self.draws = draws; self.losses = losses }
        public static func + (a: Counts, b: Counts) -> Counts {
            Counts(wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses)
        }
    }

    /// Slots one worker claims at a time (a multiple of 32).
    public static let chunk = 1 << 16

    /// A layer's geometry, in plain fields for the inner loop (up to 5 blocks).
    struct Geometry {
        var offsets = [Int](repeating: 0, count: 6)
        var ranks = [Int](repeating: 0, count: 6)
        var lastCaptured = 0
        init(_ index: BaghChalPlacementIndex, _ layer: BaghChalPlacementLayer) {
            lastCaptured = index.captures(layer).upperBound
            for c in 0...lastCaptured {
                offsets[c] = index.blockOffset(layer, captured: c)
                ranks[c] = index.ranks(layer, captured: c)
            }
            offsets[lastCaptured + 1] = index.slotCount(layer)
        }
    }

    /// Computes slots `range` of `layer` (the whole layer by default; a slice starts at
    /// a multiple of 32) from `children` on `threads` workers.
    ///
    /// - Parameter progress: called from the workers with the slots done and the slots of the range.
    public static func compute(_ layer: BaghChalPlacementLayer, index: BaghChalPlacementIndex, children: Children,
                               range: Range<Int>? = nil, threads: Int,
                               progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil)
        -> (values: BaghChalPlacementValues, counts: Counts) {
        let all = 0..<index.slotCount(layer)
        let range = range ?? all
        precondition(range.lowerBound % 32 == 0 && range.lowerBound >= 0 && range.upperBound <= all.upperBound,
                     "a slice of a layer starts at a multiple of 32 and lies in the layer")
        let values = BaghChalPlacementValues(layer: layer, first: range.lowerBound, count: range.count)
        let geometry = Geometry(index, layer)
        let childLayer = layer.goatsToMove ? BaghChalPlacementLayer(placed: layer.placed + 1, goatsToMove: false)
                                           : BaghChalPlacementLayer(placed: layer.placed, goatsToMove: true)
        switch children {
        case .sliding(let table):
            precondition(layer.goatsToMove && layer.placed + 1 == index.goatsPerGame, "the sliding table is the children of G(N-1)")
            precondition(table.index.goatsPerGame == index.goatsPerGame && table.index.capturesToWin == index.capturesToWin,
                         "the sliding table is of another game")
        case .layer(let child):
            precondition(child.layer == childLayer && child.first == 0 && child.count == index.slotCount(childLayer),
                         "the children are the whole layer \(childLayer)")
        }
        let childGeometry = layer.goatsToMove && layer.placed + 1 == index.goatsPerGame ? nil : Geometry(index, childLayer)
        let tasks = (range.count + chunk - 1) / chunk
        let done = SlotCount()
        let counts = ForkJoin.mapTasks(count: tasks, workers: threads) { task -> Counts in
            let lo = range.lowerBound + task * chunk, hi = min(range.upperBound, lo + chunk)
            let c = fill(lo..<hi, layer, index, geometry, childGeometry, children, values)
            if let progress { progress(done.value.wrappingAdd(hi - lo, ordering: .relaxed).newValue, range.count) }
            return c
        }
        return (values, counts.reduce(Counts(), +))
    }

    /// Slots done, for progress.
    final class SlotCount: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Fills the slots `slots` (32-aligned start) and counts the classes among them.
    static func fill(_ slots: Range<Int>, _ layer: BaghChalPlacementLayer, _ index: BaghChalPlacementIndex,
                     _ geometry: Geometry, _ childGeometry: Geometry?, _ children: Children,
                     _ out: BaghChalPlacementValues) -> Counts {
        let sliding = index.sliding
        var counts = Counts()
        var c = 0
        while geometry.offsets[c + 1] <= slots.lowerBound { c += 1 }
        var word: UInt64 = 0
        var slot = slots.lowerBound
        while slot < slots.upperBound {
            while geometry.offsets[c + 1] <= slot { c += 1 }
            let ranks = geometry.ranks[c]
            let local = slot &- geometry.offsets[c]
            let cls = local / ranks, rank = local % ranks
            let goatsOnBoard = layer.placed &- c
            let tigers = sliding.classTigers[cls]
            let goats = sliding.emptySet(cls: cls, rank: rank, k: goatsOnBoard)
            let v: UInt64
            if layer.goatsToMove {
                v = goatsValue(tigers: tigers, goats: goats, cls: cls, captured: c, layer, index, childGeometry, children)
            } else {
                v = tigersValue(tigers: tigers, goats: goats, captured: c, layer, index, childGeometry!, children)
            }
            word |= v << UInt64((slot & 31) << 1)
            if sliding.classStabiliser[cls] == 1 || sliding.isCanonical(cls: cls, rank: rank, k: goatsOnBoard) {
                switch v {
                case BaghChalPlacementValues.win: counts.wins &+= 1
                case BaghChalPlacementValues.draw: counts.draws &+= 1
                default: counts.losses &+= 1
                }
            }
            slot &+= 1
            if slot & 31 == 0 || slot == slots.upperBound {
                out.words[(slot &- 1 &- out.first) >> 5] = word
                word = 0
            }
        }
        return counts
    }

    /// The value of a goats-to-move position: the best placement.
    @inline(__always)
    static func goatsValue(tigers: UInt32, goats: UInt32, cls: Int, captured: Int, _ layer: BaghChalPlacementLayer,
                           _ index: BaghChalPlacementIndex, _ childGeometry: Geometry?, _ children: Children) -> UInt64 {
        let sliding = index.sliding
        var empty = BaghChalTablebaseIndex.allPoints & ~(tigers | goats)
        var best: UInt64 = 0
        switch children {
        case .sliding(let table):
            let all = empty
            while empty != 0 {
                let bit = empty & (0 &- empty)
                empty &= empty &- 1
                // The child: tigers to move, no goat in hand; its code is for the tigers.
                let code = table.code(atSlot: sliding.slot(tigers: tigers, empty: all ^ bit, goatsToMove: false, captured: captured))
                let mine: UInt64 = code == 0 ? 1 : ((code &- 1) & 1 == 1 ? 0 : 2)
                if mine > best { best = mine; if best == 2 { break } }
            }
        case .layer(let child):
            // The tiger set and its frame stay: the child's slot is ranked directly, and
            // incrementally. With the goats x_0 < x_1 < … (numbered among the 21 free
            // points) and j of them below the new goat q, the colex rank of the goats with q
            // is Σ_{i<j} C(x_i, i+1) + C(q, j+1) + Σ_{i≥j} C(x_i, i+2): one pass for the last
            // sum whole, one over the free points for the rest.
            let g = childGeometry!
            let base = g.offsets[captured] &+ cls &* g.ranks[captured]
            let free = sliding.classFree + cls &* 21
            let compress = sliding.classCompress + cls &* 25
            var above = 0, i = 0
            var rest = goats
            while rest != 0 {
                above &+= sliding.choose(Int(compress[rest.trailingZeroBitCount]), i &+ 2)
                i &+= 1
                rest &= rest &- 1
            }
            var below = 0, j = 0
            for q in 0..<21 {
                let point = free[q]
                if goats & (1 &<< UInt32(point)) != 0 {
                    below &+= sliding.choose(q, j &+ 1)
                    above &-= sliding.choose(q, j &+ 2)
                    j &+= 1
                    continue
                }
                let mine = 2 &- child.value(base &+ below &+ sliding.choose(q, j &+ 1) &+ above)
                if mine > best { best = mine; if best == 2 { break } }
            }
            _ = empty
        }
        return best
    }

    /// The value of a tigers-to-move position: the best step or capture; a loss without moves.
    @inline(__always)
    static func tigersValue(tigers: UInt32, goats: UInt32, captured: Int, _ layer: BaghChalPlacementLayer,
                            _ index: BaghChalPlacementIndex, _ g: Geometry, _ children: Children) -> UInt64 {
        guard case .layer(let child) = children else { preconditionFailure("tiger layers look up goat layers") }
        let sliding = index.sliding
        let empty = BaghChalTablebaseIndex.allPoints & ~(tigers | goats)
        var best: UInt64 = 0
        var t = tigers
        while t != 0 {
            let from = t.trailingZeroBitCount
            t &= t &- 1
            let fromBit: UInt32 = 1 &<< UInt32(from)
            for d in 0..<8 {
                let over = sliding.neighbour[from &* 8 &+ d]
                if over == BaghChalTablebaseIndex.noPoint { continue }
                let overBit: UInt32 = 1 &<< UInt32(over)
                var mine: UInt64
                if empty & overBit != 0 {
                    let s = g.offsets[captured] &+ index.blockSlot(tigers: tigers ^ fromBit ^ overBit, goats: goats,
                                                                   ranks: g.ranks[captured])
                    mine = 2 &- child.value(s)
                } else if goats & overBit != 0 {
                    let to = sliding.landing[from &* 8 &+ d]
                    if to == BaghChalTablebaseIndex.noPoint { continue }
                    let toBit: UInt32 = 1 &<< UInt32(to)
                    if empty & toBit == 0 { continue }
                    if captured &+ 1 == index.capturesToWin { return 2 }  // the winning capture
                    let s = g.offsets[captured &+ 1] &+ index.blockSlot(tigers: tigers ^ fromBit ^ toBit, goats: goats ^ overBit,
                                                                        ranks: g.ranks[captured &+ 1])
                    mine = 2 &- child.value(s)
                } else {
                    continue
                }
                if mine > best { best = mine; if best == 2 { return 2 } }
            }
        }
        return best
    }
}
