import Boards

/// The ranking of Bagh-Chal's sliding-phase positions (docs/tablebase.md): every
/// class of positions under the board's 8 symmetries gets one slot of a flat table.
///
/// A position of the sliding phase is its 4 tigers, its empty points (1 + the goats
/// captured; every other point holds a goat), the side to move and the captured
/// count. The ranking is combinatorial, not a hash:
///
/// - **tiger class**: the tiger set mapped by each of the 8 symmetries; the smallest
///   image (as a 25-bit number) is the class's canonical tiger set, and the classes
///   are numbered in increasing order of it (``tigerClassCount`` of them);
/// - **empty rank**: with the tigers on their canonical set, the empty points are a
///   `k`-subset of the 21 other points, numbered 0..<21 in increasing order; the
///   subset's colex rank `Σ C(q_i, i + 1)` (q ascending) is its rank, among `C(21, k)`;
/// - when the canonical tiger set is itself symmetric, the empty set is mapped by
///   each symmetry that keeps the tigers in place and the smallest rank is taken.
///
/// A level (captured count `c`) holds `2 × classes × C(21, c + 1)` slots, goats to
/// move first: slot `(side × classes + class) × C(21, c + 1) + rank`. Slots whose rank
/// is not the smallest of its symmetric images are never used by a lookup (they hold
/// the canonical slot's value in a finished table).
///
/// Immutable after `init`; its tables are raw pointers (read on the solver's hot path
/// by every worker), hence `@unchecked Sendable`.
public final class BaghChalTablebaseIndex: @unchecked Sendable {
    /// The 8 symmetries of the board as point permutations.
    public static let symmetryCount = 8
    /// Captures at which the tigers win in the standard game.
    public static let standardCapturesToWin = 5
    /// The goats of the standard game.
    public static let standardGoats = 20
    /// Columns of the binomial table: C(n, k) for k ≤ 21.
    @usableFromInline static let binomStride = 22

    /// The number of classes of tiger sets under the symmetries (the first factor).
    public let tigerClassCount: Int
    /// The captured count at which the tigers win (5 in the standard game; smaller
    /// for the reduced problems the tests solve). Levels 0..<capturesToWin are stored.
    public let capturesToWin: Int
    /// The goats of a game (20; fewer for the reduced games the placement tests solve
    /// completely). A level with `c` captured has `21 − goatsPerGame + c` empty points.
    public let goatsPerGame: Int
    /// Slots per level and side: `tigerClassCount × C(21, empties(captured))`.
    public let slotsPerSide: [Int]
    /// The first slot of each level in the whole table (levels in captured order).
    public let levelOffsets: [Int]
    /// Every slot of every level.
    public let slotCount: Int

    // Tables (see `init`): binomials C(n, k) for n ≤ 25, k ≤ 5; the symmetries'
    // permutations; per tiger set (by colex rank) its class and the symmetries that
    // map it onto the canonical set; per class its canonical set, its free points and
    // the symmetries that keep it; lines (neighbour and landing point per direction).
    @usableFromInline let binom: UnsafeMutablePointer<Int>
    @usableFromInline let perm: UnsafeMutablePointer<UInt8>
    @usableFromInline let classOfTigers: UnsafeMutablePointer<UInt16>
    @usableFromInline let symmetriesOfTigers: UnsafeMutablePointer<UInt8>
    @usableFromInline let classTigers: UnsafeMutablePointer<UInt32>
    @usableFromInline let classFree: UnsafeMutablePointer<UInt8>
    @usableFromInline let classCompress: UnsafeMutablePointer<UInt8>
    @usableFromInline let classStabiliser: UnsafeMutablePointer<UInt8>
    @usableFromInline let neighbour: UnsafeMutablePointer<UInt8>
    @usableFromInline let landing: UnsafeMutablePointer<UInt8>

    /// "none" in the neighbour and landing tables.
    @usableFromInline static let noPoint: UInt8 = 0xFF
    /// All 25 points.
    @usableFromInline static let allPoints: UInt32 = 0x1FF_FFFF

    /// The index of the levels `0..<capturesToWin` (1...5) of the game with
    /// `goatsPerGame` goats (1...20; at least `capturesToWin − 1`).
    public init(capturesToWin: Int = BaghChalTablebaseIndex.standardCapturesToWin,
                goatsPerGame: Int = BaghChalTablebaseIndex.standardGoats) {
        precondition((1...Self.standardCapturesToWin).contains(capturesToWin), "capturesToWin must be in 1...5")
        precondition((1...Self.standardGoats).contains(goatsPerGame) && capturesToWin <= goatsPerGame + 1,
                     "goatsPerGame must be in 1...20 and at least capturesToWin - 1")
        self.capturesToWin = capturesToWin
        self.goatsPerGame = goatsPerGame
        let stride = Self.binomStride
        binom = .allocate(capacity: 26 * stride)
        for n in 0...25 {
            for k in 0..<stride {
                var c = 1
                if k > n { c = 0 } else { for i in 0..<k { c = c * (n - i) / (i + 1) } }
                binom[n * stride + k] = c
            }
        }
        // Symmetry s: transpose if s & 4, then mirror the file if s & 1, the rank if s & 2.
        perm = .allocate(capacity: 8 * 25)
        for s in 0..<8 {
            for p in 0..<25 {
                var f = p % 5, r = p / 5
                if s & 4 != 0 { swap(&f, &r) }
                if s & 1 != 0 { f = 4 - f }
                if s & 2 != 0 { r = 4 - r }
                perm[s * 25 + p] = UInt8(r * 5 + f)
            }
        }
        neighbour = .allocate(capacity: 25 * 8)
        landing = .allocate(capacity: 25 * 8)
        for p in 0..<25 {
            for d in 0..<8 {
                neighbour[p * 8 + d] = BaghChal.Board.neighbour(of: p, direction: d).map(UInt8.init) ?? Self.noPoint
                landing[p * 8 + d] = BaghChal.Board.landing(from: p, direction: d).map(UInt8.init) ?? Self.noPoint
            }
        }
        // Tiger sets: canonical image and the symmetries reaching it, then classes in
        // increasing order of their canonical set.
        let sets = 12_650
        classOfTigers = .allocate(capacity: sets)
        symmetriesOfTigers = .allocate(capacity: sets)
        var canonicalOfRank = [UInt32](repeating: 0, count: sets)
        var all: [UInt32] = []
        for a in 0..<25 { for b in (a + 1)..<25 { for c in (b + 1)..<25 { for d in (c + 1)..<25 {
            all.append(1 << UInt32(a) | 1 << UInt32(b) | 1 << UInt32(c) | 1 << UInt32(d))
        } } } }
        var canonicalSets = Set<UInt32>()
        for t in all {
            var best = UInt32.max, mask: UInt8 = 0
            for s in 0..<8 {
                let image = Self.map(t, perm + s * 25)
                if image < best { best = image; mask = 0 }
                if image == best { mask |= 1 << UInt8(s) }
            }
            let r = Self.rank4(t, binom)
            canonicalOfRank[r] = best
            symmetriesOfTigers[r] = mask
            canonicalSets.insert(best)
        }
        let classes = canonicalSets.sorted()
        tigerClassCount = classes.count
        let classNumber = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        for r in 0..<sets { classOfTigers[r] = UInt16(classNumber[canonicalOfRank[r]]!) }
        classTigers = .allocate(capacity: classes.count)
        classFree = .allocate(capacity: classes.count * 21)
        classCompress = .allocate(capacity: classes.count * 25)
        classStabiliser = .allocate(capacity: classes.count)
        for (i, t) in classes.enumerated() {
            classTigers[i] = t
            classStabiliser[i] = symmetriesOfTigers[Self.rank4(t, binom)]
            var q = 0
            for p in 0..<25 {
                if t & (1 << UInt32(p)) != 0 { classCompress[i * 25 + p] = Self.noPoint; continue }
                classFree[i * 21 + q] = UInt8(p)
                classCompress[i * 25 + p] = UInt8(q)
                q += 1
            }
        }
        var perSide: [Int] = [], offsets: [Int] = [], total = 0
        for c in 0..<capturesToWin {
            perSide.append(classes.count * binom[21 * stride + 21 - goatsPerGame + c])
            offsets.append(total)
            total += 2 * perSide[c]
        }
        slotsPerSide = perSide
        levelOffsets = offsets
        slotCount = total
    }

    deinit {
        binom.deallocate(); perm.deallocate(); classOfTigers.deallocate(); symmetriesOfTigers.deallocate()
        classTigers.deallocate(); classFree.deallocate(); classCompress.deallocate(); classStabiliser.deallocate()
        neighbour.deallocate(); landing.deallocate()
    }

    /// The empty points of a sliding-phase position with `captured` goats captured.
    @inline(__always)
    public func empties(captured: Int) -> Int { 21 - goatsPerGame + captured }

    /// C(n, k) for n ≤ 25, k ≤ 21.
    @inline(__always)
    func choose(_ n: Int, _ k: Int) -> Int { binom[n &* Self.binomStride &+ k] }

    // MARK: Ranking

    /// The image of bitboard `b` under the permutation at `p`.
    @inline(__always)
    static func map(_ b: UInt32, _ p: UnsafeMutablePointer<UInt8>) -> UInt32 {
        var out: UInt32 = 0, rest = b
        while rest != 0 {
            out |= 1 &<< UInt32(p[rest.trailingZeroBitCount])
            rest &= rest &- 1
        }
        return out
    }

    /// The colex rank of a 4-point set among C(25, 4).
    @inline(__always)
    static func rank4(_ t: UInt32, _ binom: UnsafeMutablePointer<Int>) -> Int {
        var rest = t, r = 0, k = 1
        while rest != 0 {
            r &+= binom[rest.trailingZeroBitCount &* Self.binomStride &+ k]
            k &+= 1
            rest &= rest &- 1
        }
        return r
    }

    /// The tiger class of a tiger set and the symmetries that map the set onto the class's canonical set.
    @inline(__always)
    func tigerClass(_ tigers: UInt32) -> (cls: Int, symmetries: UInt8) {
        let r = Self.rank4(tigers, binom)
        return (Int(classOfTigers[r]), symmetriesOfTigers[r])
    }

    /// The colex rank of the point set `e` among the 21 points other than the tigers
    /// (given with the tigers on class `cls`'s canonical set): the empty points here,
    /// the goats in the placement index.
    @inline(__always)
    func emptyRank(_ e: UInt32, cls: Int) -> Int {
        var rest = e, r = 0, k = 1
        let compress = classCompress + cls &* 25
        while rest != 0 {
            r &+= binom[Int(compress[rest.trailingZeroBitCount]) &* Self.binomStride &+ k]
            k &+= 1
            rest &= rest &- 1
        }
        return r
    }

    /// The class and smallest empty rank of the position with `tigers` and empty points `empty`.
    @inline(__always)
    func canonical(tigers: UInt32, empty: UInt32) -> (cls: Int, rank: Int) {
        let (cls, symmetries) = tigerClass(tigers)
        var m = symmetries, best = Int.max
        while m != 0 {
            let s = Int(m.trailingZeroBitCount)
            best = min(best, emptyRank(Self.map(empty, perm + s &* 25), cls: cls))
            m &= m &- 1
        }
        return (cls, best)
    }

    /// The point set (empty points, or goats) of rank `rank` with `k` points, for the tigers of class `cls`.
    @inline(__always)
    func emptySet(cls: Int, rank: Int, k: Int) -> UInt32 {
        var r = rank, e: UInt32 = 0
        let free = classFree + cls &* 21
        var q = 20
        var i = k
        while i >= 1 {
            while binom[q &* Self.binomStride &+ i] > r { q &-= 1 }
            r &-= binom[q &* Self.binomStride &+ i]
            e |= 1 &<< UInt32(free[q])
            q &-= 1
            i &-= 1
        }
        return e
    }

    /// Whether slot `(cls, rank)` is the smallest rank of its symmetric images (always,
    /// unless the canonical tiger set is itself symmetric).
    @inline(__always)
    func isCanonical(cls: Int, rank: Int, k: Int) -> Bool {
        let stab = classStabiliser[cls]
        if stab == 1 { return true }
        let e = emptySet(cls: cls, rank: rank, k: k)
        var m = stab & ~1
        while m != 0 {
            let s = Int(m.trailingZeroBitCount)
            if emptyRank(Self.map(e, perm + s &* 25), cls: cls) < rank { return false }
            m &= m &- 1
        }
        return true
    }

    // MARK: Positions and slots

    /// The slot of a sliding-phase position (no goats in hand, captures below
    /// ``capturesToWin``), or `nil` for any other position.
    public func slot(of p: BaghChal) -> Int? {
        guard p.goatsInHand == 0, p.captures < capturesToWin else { return nil }
        return slot(tigers: p.tigers, empty: p.empty, goatsToMove: p.sideToMove == BaghChal.goats, captured: p.captures)
    }

    /// The slot of the position with these tigers and empty points (every other point a goat).
    @inline(__always)
    func slot(tigers: UInt32, empty: UInt32, goatsToMove: Bool, captured: Int) -> Int {
        let (cls, rank) = canonical(tigers: tigers, empty: empty)
        let n = binom[21 &* Self.binomStride &+ empties(captured: captured)]
        return levelOffsets[captured] &+ ((goatsToMove ? 0 : tigerClassCount) &+ cls) &* n &+ rank
    }

    /// What slot `slot` holds: the captured count, the side, the tigers and the empty points.
    public func position(ofSlot slot: Int) -> (captured: Int, goatsToMove: Bool, tigers: UInt32, empty: UInt32) {
        var c = capturesToWin - 1
        while levelOffsets[c] > slot { c -= 1 }
        let n = choose(21, empties(captured: c))
        let local = slot - levelOffsets[c]
        let block = local / n, rank = local % n
        let goats = block < tigerClassCount
        let cls = goats ? block : block - tigerClassCount
        return (c, goats, classTigers[cls], emptySet(cls: cls, rank: rank, k: empties(captured: c)))
    }

    /// Whether `slot` is the one lookups use for its class of positions (see the type's doc).
    public func isCanonical(slot: Int) -> Bool {
        var c = capturesToWin - 1
        while levelOffsets[c] > slot { c -= 1 }
        let n = choose(21, empties(captured: c))
        let local = slot - levelOffsets[c]
        return isCanonical(cls: (local / n) % tigerClassCount, rank: local % n, k: empties(captured: c))
    }

    /// The position of a slot as an engine position (the goats fill every other point).
    public func engine(ofSlot slot: Int) -> BaghChal {
        let s = position(ofSlot: slot)
        let goats = Self.allPoints & ~(s.tigers | s.empty)
        // The parts always make a valid sliding-phase position.
        return try! BaghChal(goats: goats, tigers: s.tigers, sideToMove: s.goatsToMove ? BaghChal.goats : BaghChal.tigers,
                             goatsInHand: 0, captures: s.captured)
    }
}
