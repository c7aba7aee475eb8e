// Perft's last two plies for Tigers & Goats, counted without playing either.
//
// With the goats to move, perft two plies down is the sum over the goats' moves m of
// the tigers' moves after m. Summed the other way round it is a sum over the tiger
// moves that could exist after some goat move, of the number of goat moves after
// which each is legal; each of those numbers is a small expression in
//   M       the goats' moves,
//   in(x)   the goats next to the empty square x (the goat moves onto x),
//   out(a)  the empty squares next to the goat a (the moves of goat a),
// because a goat move a->b changes only two squares. benchmarks/c/perft_fast.c
// (the C perft we measure against) uses the same closed form.

extension TigersGoats {
    /// Perft two plies down without playing, where there is a closed form: either side
    /// to move under the standard (adjacent) captures. `nil` under long-range captures,
    /// and perft plays the moves.
    ///
    /// Each tiger move that could exist after some goat move a->b counts the goat moves
    /// after which it is legal:
    /// - a slide onto q over an empty path: every goat move but those landing on the
    ///   path, M - sum of in(x) over the path; over a ray's run of n empty squares that
    ///   is n M - sum of in(x) cover(x), cover(x) the run squares at or beyond x;
    /// - a slide through the ray's first blocker, a goat a, onto a or one of the ext
    ///   empty squares beyond it: the moves of goat a that keep the path empty,
    ///   (1 + ext)(out(a) - [run not empty]) - ext (back along the run, when it is
    ///   empty, and forward onto the path, when ext > 0, do not); past a second
    ///   blocker, never;
    /// - a jump over the square c next to the tiger onto l behind it: c goat and l
    ///   empty, M - out(c) - in(l) + 1 (c->l is both); c and l goats, out(l); c and l
    ///   empty, in(c); c empty and l goat, 1 (goat l steps onto c).
    ///
    /// With the goats to move the count is ``goatsLeafCountTwoPlies(_:)``, with the
    /// tigers to move ``tigersLeafCountTwoPlies(_:)``.
    @inlinable @inline(__always)
    public func leafCountTwoPlies() -> Int? {
        if longRange { return nil }
        if Int(captured) >= Self.capturesToWin { return 0 }
        // The tables found once: read through the globals, every lookup called its
        // accessor in the Boards module.
        if side == .first { return goatsLeafCountTwoPlies(perftTables.span) }
        return tigersLeafCountTwoPlies(perftTables.span)
    }

    /// Perft three plies down: ``leafCountTwoPlies()`` summed over the children, each
    /// child built from the generator's sets (as ``forEachChildWithoutHash(_:)`` does)
    /// and its closed form called with the tables found once here, not once a child:
    /// from another module a table is reached through a call of its accessor, which
    /// with perft's closure a child (its frame, the checks this node makes once for
    /// every child) made Swift run 4% more instructions than the C (callgrind, perft 5).
    /// No closure: one written in this non-generic function runs the Boards module's
    /// copy, built without the caller's CPU flags (measured: software popcounts). `nil`
    /// under long-range captures.
    @inlinable @inline(__always)
    public func leafCountThreePlies() -> Int? {
        if longRange { return nil }
        if Int(captured) >= Self.capturesToWin { return 0 }
        let tables = perftTables.span
        let g = goats, t = tigers
        var child = self
        child.side = side.opponent
        child.ply &+= 1
        var total = 0
        if side == .first {
            // Every child has the tigers to move and this node's captures (fewer than 4).
            // The eight directions in one loop, one copy of the closed form (eight copies
            // made perft slower); the square a goat came from is its destination rotated
            // right by `k` (a step never wraps round the board). The destination sets and
            // the rotations are data, not a switch on the direction: a switch was a jump
            // table, an indirect jump a direction, mispredicted 7.6 K times at perft 5
            // (callgrind branch-sim; 15 K mispredicts in all before).
            typealias B = Bitboard
            let e = ~(g | t)
            let destinations: InlineArray<8, UInt64> = [
                B.north(g) & e, B.northEast(g) & e, B.east(g) & e, B.southEast(g) & e,
                B.south(g) & e, B.southWest(g) & e, B.west(g) & e, B.northWest(g) & e,
            ]
            // The rotation of direction `back` in byte `back`: 8, 9, 1, 57, 56, 55, 63, 7.
            let rotations: UInt64 = 0x073F_3738_3901_0908
            var back = 0
            while back < 8 {
                var d = destinations[back]
                let k = (rotations &>> UInt64(truncatingIfNeeded: back &<< 3)) & 63
                while d != 0 {
                    let to = d & (0 &- d)
                    child._goats = g ^ to ^ (to &>> k | to &<< (64 &- k))
                    total &+= child.tigersLeafCountTwoPlies(tables)
                    d &= d &- 1
                }
                back &+= 1
            }
            return total
        }
        var tt = t
        while tt != 0 {
            let from = tt.trailingZeroBitCount
            let origin = tt & (0 &- tt)
            tt &= tt &- 1
            let (slides, captures) = tigerTargets(from)
            // Slides and captures in one loop: one copy of the goats' closed form.
            var m = slides | captures
            while m != 0 {
                let to = m & (0 &- m)
                m &= m &- 1
                child._tigers = t ^ origin ^ to
                child._goats = g
                child.captured = captured
                if to & captures != 0 {
                    let jump = Move(from: from, to: to.trailingZeroBitCount, isCapture: true)
                    child._goats ^= Bitboard.bit(jump.capturedSquare)
                    child.captured &+= 1
                    // After the fourth capture the goats have no moves.
                    if Int(child.captured) >= Self.capturesToWin { continue }
                }
                total &+= child.goatsLeafCountTwoPlies(tables)
            }
        }
        return total
    }

    /// ``leafCountTwoPlies()`` with the goats to move (standard captures, fewer than 4
    /// goats captured), `tables` the span of ``perftTables``.
    // Transparent, not `@inline(__always)`: called in the loops of
    // ``leafCountThreePlies()``, the latter was not inlined and the call ran the Boards
    // module's copy, built without the caller's CPU flags (the tigers' form was inlined).
    @_transparent @usableFromInline
    internal func goatsLeafCountTwoPlies(_ tables: Span<UInt64>) -> Int {
        typealias B = Bitboard
        let g = goats, t = tigers, occupied = g | t, e = ~occupied
        let m = (B.north(g) & e).nonzeroBitCount &+ (B.south(g) & e).nonzeroBitCount
            &+ (B.east(g) & e).nonzeroBitCount &+ (B.west(g) & e).nonzeroBitCount
            &+ (B.northEast(g) & e).nonzeroBitCount &+ (B.northWest(g) & e).nonzeroBitCount
            &+ (B.southEast(g) & e).nonzeroBitCount &+ (B.southWest(g) & e).nonzeroBitCount
        if m == 0 { return 0 }
        var total = 0
        var tt = t
        while tt != 0 {
            let s = tt.trailingZeroBitCount
            tt &= tt &- 1
            var ray = B.clipIncreasing(B.rayNorth(s), occupied)
            var blocker = ray & g
            total &+= Self.slidesAfterGoatMoves(run: ray & e, increasing: true, goats: g, moves: m, tables)
            if blocker != 0 {
                let beyond = B.clipIncreasing(B.rayNorth(blocker.trailingZeroBitCount), occupied)
                total &+= Self.slidesThrough(blocker, beyond: beyond, runIsEmpty: ray & e == 0, empty: e, tables)
            }
            ray = B.clipIncreasing(B.rayEast(s), occupied)
            blocker = ray & g
            total &+= Self.slidesAfterGoatMoves(run: ray & e, increasing: true, goats: g, moves: m, tables)
            if blocker != 0 {
                let beyond = B.clipIncreasing(B.rayEast(blocker.trailingZeroBitCount), occupied)
                total &+= Self.slidesThrough(blocker, beyond: beyond, runIsEmpty: ray & e == 0, empty: e, tables)
            }
            ray = B.clipDecreasing(B.raySouth(s), occupied)
            blocker = ray & g
            total &+= Self.slidesAfterGoatMoves(run: ray & e, increasing: false, goats: g, moves: m, tables)
            if blocker != 0 {
                let beyond = B.clipDecreasing(B.raySouth(blocker.trailingZeroBitCount), occupied)
                total &+= Self.slidesThrough(blocker, beyond: beyond, runIsEmpty: ray & e == 0, empty: e, tables)
            }
            ray = B.clipDecreasing(B.rayWest(s), occupied)
            blocker = ray & g
            total &+= Self.slidesAfterGoatMoves(run: ray & e, increasing: false, goats: g, moves: m, tables)
            if blocker != 0 {
                let beyond = B.clipDecreasing(B.rayWest(blocker.trailingZeroBitCount), occupied)
                total &+= Self.slidesThrough(blocker, beyond: beyond, runIsEmpty: ray & e == 0, empty: e, tables)
            }
        }
        // Jumps set-wise per direction over all tigers (each has its own landing square).
        total &+= Self.jumpsAfterGoatMoves(0, tigers: t, goats: g, empty: e, moves: m, tables)
        total &+= Self.jumpsAfterGoatMoves(1, tigers: t, goats: g, empty: e, moves: m, tables)
        total &+= Self.jumpsAfterGoatMoves(2, tigers: t, goats: g, empty: e, moves: m, tables)
        total &+= Self.jumpsAfterGoatMoves(3, tigers: t, goats: g, empty: e, moves: m, tables)
        return total
    }

    /// Perft two plies down with the tigers to move (standard captures, fewer than 4
    /// goats captured): the sum over the tigers' moves of the goats' moves after each,
    /// without playing any. A tiger move changes the empty squares only, and the goat
    /// moves are the pairs (goat a, empty b next to it), so each tiger move changes
    /// the M goat moves of now by a few terms (in(x) the goats next to x, out(x) the
    /// empty squares next to x, all counted now):
    /// - a slide s->q: M + in(s) - in(q) (q fills, s empties);
    /// - a jump from s over the goat c onto l: M + in(s) + in(c) - in(l) - out(c)
    ///   (c's own moves go and c empties; the goat c no longer counts in in(s) nor
    ///   steps onto l, which cancel: the pair c->l is in both out(c) and in(l));
    ///   none when it is the fourth capture (the tigers have won).
    /// Over a tiger's slide set Q the in(q) sum set-wise: in(q) for an empty q counts
    /// the directions whose goat steps reach q, so it is the sum over the eight goat
    /// step sets D of popcount(D & Q), and in bit-sliced form (the number of step sets
    /// holding each empty square, four planes) four popcounts per tiger. A tiger's
    /// slide set is its file and its rank clipped at the first occupied square each
    /// way, each line both ways at once (``lineSlides(_:_:_:_:)``) from tables: no shift
    /// by the square, which without BMI2 ties up the CL register. `tables` is the span
    /// of ``perftTables``.
    @inlinable @inline(__always)
    internal func tigersLeafCountTwoPlies(_ tables: Span<UInt64>) -> Int {
        typealias B = Bitboard
        let g = goats, t = tigers, occupied = g | t, e = ~occupied
        // The eight goat step sets (destinations), summed bit-sliced into in(x) for
        // every empty x: planes p0 (1s) ... p3 (8s), by carry-save adders.
        let d0 = B.north(g) & e, d1 = B.south(g) & e, d2 = B.east(g) & e, d3 = B.west(g) & e
        let d4 = B.northEast(g) & e, d5 = B.northWest(g) & e, d6 = B.southEast(g) & e, d7 = B.southWest(g) & e
        let (s1, c1) = Self.fullAdd(d0, d1, d2)
        let (s2, c2) = Self.fullAdd(d3, d4, d5)
        let (s3, c3) = Self.fullAdd(s1, s2, d6)
        let p0 = s3 ^ d7, c4 = s3 & d7
        let (t1, k1) = Self.fullAdd(c1, c2, c3)
        let p1 = t1 ^ c4, k2 = t1 & c4
        let p2 = k1 ^ k2, p3 = k1 & k2
        let m = Self.weightedCount(e, p0, p1, p2, p3)
        var total = 0
        var tt = t
        while tt != 0 {
            let s = tt.trailingZeroBitCount
            tt &= tt &- 1
            let i = s &<< 2
            let slides = (Self.lineSlides(Self.squareLines(tables, i), Self.squareLines(tables, i &+ 1), occupied, tables)
                | Self.lineSlides(Self.squareLines(tables, i &+ 2), Self.squareLines(tables, i &+ 3), occupied, tables)) & e
            let inS = (Self.squaresAround(tables, s) & g).nonzeroBitCount
            total &+= slides.nonzeroBitCount &* (m &+ inS) &- Self.weightedCount(slides, p0, p1, p2, p3)
        }
        // The fourth capture ends the game: no goat moves after it.
        if Int(captured) &+ 1 >= Self.capturesToWin { return total }
        Self.addJumpsBeforeGoatMoves(0, tigers: t, goats: g, empty: e, moves: m, tables, to: &total)
        Self.addJumpsBeforeGoatMoves(1, tigers: t, goats: g, empty: e, moves: m, tables, to: &total)
        Self.addJumpsBeforeGoatMoves(2, tigers: t, goats: g, empty: e, moves: m, tables, to: &total)
        Self.addJumpsBeforeGoatMoves(3, tigers: t, goats: g, empty: e, moves: m, tables, to: &total)
        return total
    }

    /// The squares of a line through a slider, `below` and `above` it, up to and
    /// including the first occupied square each way, both ways at once (the
    /// "obstruction difference"): subtracting the highest blocker below from the
    /// blockers above borrows through every square from it up to the lowest blocker
    /// above. Without a blocker below, bit 0 stands in; without one above, the borrow
    /// runs to the top. Two blockers found with one leading-zero count and no
    /// variable shift of a ray. `tables` is the span of ``perftTables``.
    @inlinable @inline(__always)
    internal static func lineSlides(_ below: UInt64, _ above: UInt64, _ occupied: UInt64,
                                    _ tables: Span<UInt64>) -> UInt64 {
        let blockersAbove = above & occupied
        let highestBelow = Self.bitBelowLeadingZeros(tables, ((below & occupied) | 1).leadingZeroBitCount)
        return (blockersAbove ^ (blockersAbove &- highestBelow)) & (below | above)
    }

    /// A full adder on bit planes: the sum and carry bits of `a + b + c`, bit by bit.
    @inlinable @inline(__always)
    internal static func fullAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (sum: UInt64, carry: UInt64) {
        let ab = a ^ b
        return (ab ^ c, (a & b) | (ab & c))
    }

    /// The sum over the squares of `set` of a count held in bit planes p0 (1s) ... p3 (8s).
    @inlinable @inline(__always)
    internal static func weightedCount(_ set: UInt64, _ p0: UInt64, _ p1: UInt64, _ p2: UInt64,
                                       _ p3: UInt64) -> Int {
        (set & p0).nonzeroBitCount &+ (set & p1).nonzeroBitCount &<< 1
            &+ (set & p2).nonzeroBitCount &<< 2 &+ (set & p3).nonzeroBitCount &<< 3
    }

    /// The tigers' jumps in the orthogonal direction `d` (see ``orthogonalStep(_:_:)``),
    /// each weighted by the goats' moves after it: M + in(s) + in(c) - in(l) - out(c)
    /// for the jump from s over c onto l (see ``tigersLeafCountTwoPlies(_:)``), added to
    /// `total`. M is added jump by jump, not as a popcount times M up front: jumps are
    /// rare (at perft 5, 97% of the calls have no landing square in a direction), and the product and the
    /// sum of the four directions' results were four instructions a direction a call
    /// (callgrind; the C adds M in its loop the same way).
    @inlinable @inline(__always)
    internal static func addJumpsBeforeGoatMoves(_ d: Int, tigers t: UInt64, goats g: UInt64, empty e: UInt64,
                                                 moves m: Int, _ tables: Span<UInt64>, to total: inout Int) {
        // The index offset of one step: the goat jumped is `delta` before the landing.
        let delta = d == 0 ? 8 : d == 1 ? -8 : d == 2 ? 1 : -1
        var landing = orthogonalStep(orthogonalStep(t, d) & g, d) & e
        while landing != 0 {
            let l = landing.trailingZeroBitCount
            let c = l &- delta, s = c &- delta
            total &+= m &+ (Self.squaresAround(tables, s) & g).nonzeroBitCount &+ (Self.squaresAround(tables, c) & g).nonzeroBitCount
                &- (Self.squaresAround(tables, l) & g).nonzeroBitCount &- (Self.squaresAround(tables, c) & e).nonzeroBitCount
            landing &= landing &- 1
        }
    }

    /// The slides onto the run's squares summed over the goat moves after which each is
    /// legal: n M - sum of in(x) cover(x). `increasing`: the ray runs towards higher bits.
    @inlinable @inline(__always)
    internal static func slidesAfterGoatMoves(run: UInt64, increasing: Bool, goats g: UInt64, moves m: Int,
                                              _ tables: Span<UInt64>) -> Int {
        let n = run.nonzeroBitCount
        var sum = n &* m
        // Lowest bit first: the farthest square of an increasing ray comes last.
        var cover = increasing ? n : 1
        var r = run
        while r != 0 {
            sum &-= cover &* (Self.squaresAround(tables, r.trailingZeroBitCount) & g).nonzeroBitCount
            cover &+= increasing ? -1 : 1
            r &= r &- 1
        }
        return sum
    }

    /// The slides through the first blocker `a` (a goat) onto itself and the empty
    /// squares of `beyond`, summed over the moves of goat a that keep the path empty.
    @inlinable @inline(__always)
    internal static func slidesThrough(_ a: UInt64, beyond: UInt64, runIsEmpty: Bool, empty e: UInt64,
                                       _ tables: Span<UInt64>) -> Int {
        let ext = (beyond & e).nonzeroBitCount
        let out = (Self.squaresAround(tables, a.trailingZeroBitCount) & e).nonzeroBitCount &- (runIsEmpty ? 0 : 1)
        return (1 &+ ext) &* out &- ext
    }

    /// `b` shifted one square in the orthogonal direction `d` (0 north, 1 south, 2 east,
    /// 3 west; a constant once inlined).
    @inlinable @inline(__always)
    internal static func orthogonalStep(_ b: UInt64, _ d: Int) -> UInt64 {
        switch d {
        case 0: return Bitboard.north(b)
        case 1: return Bitboard.south(b)
        case 2: return Bitboard.east(b)
        default: return Bitboard.west(b)
        }
    }

    /// The tigers' jumps in the orthogonal direction `d` (see ``orthogonalStep(_:_:)``),
    /// summed over the goat moves after which each is legal (see ``leafCountTwoPlies()``).
    @inlinable @inline(__always)
    internal static func jumpsAfterGoatMoves(_ d: Int, tigers t: UInt64, goats g: UInt64, empty e: UInt64,
                                             moves m: Int, _ tables: Span<UInt64>) -> Int {
        let c = orthogonalStep(t, d)
        // The index offset of one step: the square jumped over is `delta` before the landing.
        let delta = d == 0 ? 8 : d == 1 ? -8 : d == 2 ? 1 : -1
        let overGoat = orthogonalStep(c & g, d), overEmpty = orthogonalStep(c & e, d)
        var landing = overGoat & e
        // c goat, l empty: M - out(c) - in(l) + 1 each.
        var sum = landing.nonzeroBitCount &* (m &+ 1)
        while landing != 0 {
            let l = landing.trailingZeroBitCount
            sum &-= (Self.squaresAround(tables, l &- delta) & e).nonzeroBitCount &+ (Self.squaresAround(tables, l) & g).nonzeroBitCount
            landing &= landing &- 1
        }
        // c and l goats: out(l).
        landing = overGoat & g
        while landing != 0 {
            sum &+= (Self.squaresAround(tables, landing.trailingZeroBitCount) & e).nonzeroBitCount
            landing &= landing &- 1
        }
        // c and l empty: in(c).
        landing = overEmpty & e
        while landing != 0 {
            sum &+= (Self.squaresAround(tables, landing.trailingZeroBitCount &- delta) & g).nonzeroBitCount
            landing &= landing &- 1
        }
        // c empty, l goat: 1.
        return sum &+ (overEmpty & g).nonzeroBitCount
    }
}

extension TigersGoats {
    /// The squares next to `square`, diagonals included (bit `i` = square `i`): a load
    /// instead of ten shifts and masks per lookup, which the closed form makes about
    /// twenty times a node (a C perft ran 1.3x faster with the table). `tables` is the
    /// span of ``perftTables``.
    @inlinable @inline(__always)
    internal static func squaresAround(_ tables: Span<UInt64>, _ square: Int) -> UInt64 {
        tables[unchecked: square]
    }

    /// Word `i` of the squares' files and ranks split at each square, four words a
    /// square (`i = 4 * square + k`): k = 0 the file below it, 1 the file above it, 2 the
    /// rank below it (west), 3 the rank above it (east). One load each for
    /// ``lineSlides(_:_:_:_:)``, where shifts by the square would need BMI2's `shlx` to
    /// be as cheap.
    @inlinable @inline(__always)
    internal static func squareLines(_ tables: Span<UInt64>, _ i: Int) -> UInt64 {
        tables[unchecked: 64 &+ i]
    }

    /// The bit after `n` leading zeros (`1 << (63 - n)`), a load where a shift by a
    /// variable amount without BMI2's `shrx` ties up the CL register (the register
    /// allocator then shuffled the tigers' closed form's loop through spills).
    @inlinable @inline(__always)
    internal static func bitBelowLeadingZeros(_ tables: Span<UInt64>, _ n: Int) -> UInt64 {
        tables[unchecked: 320 &+ n]
    }
}

/// The tables of the perft's closed forms, read through ``TigersGoats/squaresAround(_:_:)``
/// (words 0..<64), ``TigersGoats/squareLines(_:_:)`` (64..<320) and
/// ``TigersGoats/bitBelowLeadingZeros(_:_:)`` (320..<384). One table, not three, so that
/// the closed forms' loops hold one base address in a register rather than three
/// (every table is reached through a register: from another module a global's address
/// comes from a call of its accessor). Its initialiser is a literal, so the compiler
/// lays it out as constant data: nothing is initialised or checked at run time.
@usableFromInline
internal let perftTables: InlineArray<384, UInt64> = [
    // squaresAround: square 0 ... 63.
    0x0000_0000_0000_0302, 0x0000_0000_0000_0705, 0x0000_0000_0000_0E0A, 0x0000_0000_0000_1C14,
    0x0000_0000_0000_3828, 0x0000_0000_0000_7050, 0x0000_0000_0000_E0A0, 0x0000_0000_0000_C040,
    0x0000_0000_0003_0203, 0x0000_0000_0007_0507, 0x0000_0000_000E_0A0E, 0x0000_0000_001C_141C,
    0x0000_0000_0038_2838, 0x0000_0000_0070_5070, 0x0000_0000_00E0_A0E0, 0x0000_0000_00C0_40C0,
    0x0000_0000_0302_0300, 0x0000_0000_0705_0700, 0x0000_0000_0E0A_0E00, 0x0000_0000_1C14_1C00,
    0x0000_0000_3828_3800, 0x0000_0000_7050_7000, 0x0000_0000_E0A0_E000, 0x0000_0000_C040_C000,
    0x0000_0003_0203_0000, 0x0000_0007_0507_0000, 0x0000_000E_0A0E_0000, 0x0000_001C_141C_0000,
    0x0000_0038_2838_0000, 0x0000_0070_5070_0000, 0x0000_00E0_A0E0_0000, 0x0000_00C0_40C0_0000,
    0x0000_0302_0300_0000, 0x0000_0705_0700_0000, 0x0000_0E0A_0E00_0000, 0x0000_1C14_1C00_0000,
    0x0000_3828_3800_0000, 0x0000_7050_7000_0000, 0x0000_E0A0_E000_0000, 0x0000_C040_C000_0000,
    0x0003_0203_0000_0000, 0x0007_0507_0000_0000, 0x000E_0A0E_0000_0000, 0x001C_141C_0000_0000,
    0x0038_2838_0000_0000, 0x0070_5070_0000_0000, 0x00E0_A0E0_0000_0000, 0x00C0_40C0_0000_0000,
    0x0302_0300_0000_0000, 0x0705_0700_0000_0000, 0x0E0A_0E00_0000_0000, 0x1C14_1C00_0000_0000,
    0x3828_3800_0000_0000, 0x7050_7000_0000_0000, 0xE0A0_E000_0000_0000, 0xC040_C000_0000_0000,
    0x0203_0000_0000_0000, 0x0507_0000_0000_0000, 0x0A0E_0000_0000_0000, 0x141C_0000_0000_0000,
    0x2838_0000_0000_0000, 0x5070_0000_0000_0000, 0xA0E0_0000_0000_0000, 0x40C0_0000_0000_0000,
    // squareLines: square 0 (file below, file above, rank west, rank east) ... 63.
    0x0000_0000_0000_0000, 0x0101_0101_0101_0100, 0x0000_0000_0000_0000, 0x0000_0000_0000_00FE,
    0x0000_0000_0000_0000, 0x0202_0202_0202_0200, 0x0000_0000_0000_0001, 0x0000_0000_0000_00FC,
    0x0000_0000_0000_0000, 0x0404_0404_0404_0400, 0x0000_0000_0000_0003, 0x0000_0000_0000_00F8,
    0x0000_0000_0000_0000, 0x0808_0808_0808_0800, 0x0000_0000_0000_0007, 0x0000_0000_0000_00F0,
    0x0000_0000_0000_0000, 0x1010_1010_1010_1000, 0x0000_0000_0000_000F, 0x0000_0000_0000_00E0,
    0x0000_0000_0000_0000, 0x2020_2020_2020_2000, 0x0000_0000_0000_001F, 0x0000_0000_0000_00C0,
    0x0000_0000_0000_0000, 0x4040_4040_4040_4000, 0x0000_0000_0000_003F, 0x0000_0000_0000_0080,
    0x0000_0000_0000_0000, 0x8080_8080_8080_8000, 0x0000_0000_0000_007F, 0x0000_0000_0000_0000,
    0x0000_0000_0000_0001, 0x0101_0101_0101_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_FE00,
    0x0000_0000_0000_0002, 0x0202_0202_0202_0000, 0x0000_0000_0000_0100, 0x0000_0000_0000_FC00,
    0x0000_0000_0000_0004, 0x0404_0404_0404_0000, 0x0000_0000_0000_0300, 0x0000_0000_0000_F800,
    0x0000_0000_0000_0008, 0x0808_0808_0808_0000, 0x0000_0000_0000_0700, 0x0000_0000_0000_F000,
    0x0000_0000_0000_0010, 0x1010_1010_1010_0000, 0x0000_0000_0000_0F00, 0x0000_0000_0000_E000,
    0x0000_0000_0000_0020, 0x2020_2020_2020_0000, 0x0000_0000_0000_1F00, 0x0000_0000_0000_C000,
    0x0000_0000_0000_0040, 0x4040_4040_4040_0000, 0x0000_0000_0000_3F00, 0x0000_0000_0000_8000,
    0x0000_0000_0000_0080, 0x8080_8080_8080_0000, 0x0000_0000_0000_7F00, 0x0000_0000_0000_0000,
    0x0000_0000_0000_0101, 0x0101_0101_0100_0000, 0x0000_0000_0000_0000, 0x0000_0000_00FE_0000,
    0x0000_0000_0000_0202, 0x0202_0202_0200_0000, 0x0000_0000_0001_0000, 0x0000_0000_00FC_0000,
    0x0000_0000_0000_0404, 0x0404_0404_0400_0000, 0x0000_0000_0003_0000, 0x0000_0000_00F8_0000,
    0x0000_0000_0000_0808, 0x0808_0808_0800_0000, 0x0000_0000_0007_0000, 0x0000_0000_00F0_0000,
    0x0000_0000_0000_1010, 0x1010_1010_1000_0000, 0x0000_0000_000F_0000, 0x0000_0000_00E0_0000,
    0x0000_0000_0000_2020, 0x2020_2020_2000_0000, 0x0000_0000_001F_0000, 0x0000_0000_00C0_0000,
    0x0000_0000_0000_4040, 0x4040_4040_4000_0000, 0x0000_0000_003F_0000, 0x0000_0000_0080_0000,
    0x0000_0000_0000_8080, 0x8080_8080_8000_0000, 0x0000_0000_007F_0000, 0x0000_0000_0000_0000,
    0x0000_0000_0001_0101, 0x0101_0101_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_FE00_0000,
    0x0000_0000_0002_0202, 0x0202_0202_0000_0000, 0x0000_0000_0100_0000, 0x0000_0000_FC00_0000,
    0x0000_0000_0004_0404, 0x0404_0404_0000_0000, 0x0000_0000_0300_0000, 0x0000_0000_F800_0000,
    0x0000_0000_0008_0808, 0x0808_0808_0000_0000, 0x0000_0000_0700_0000, 0x0000_0000_F000_0000,
    0x0000_0000_0010_1010, 0x1010_1010_0000_0000, 0x0000_0000_0F00_0000, 0x0000_0000_E000_0000,
    0x0000_0000_0020_2020, 0x2020_2020_0000_0000, 0x0000_0000_1F00_0000, 0x0000_0000_C000_0000,
    0x0000_0000_0040_4040, 0x4040_4040_0000_0000, 0x0000_0000_3F00_0000, 0x0000_0000_8000_0000,
    0x0000_0000_0080_8080, 0x8080_8080_0000_0000, 0x0000_0000_7F00_0000, 0x0000_0000_0000_0000,
    0x0000_0000_0101_0101, 0x0101_0100_0000_0000, 0x0000_0000_0000_0000, 0x0000_00FE_0000_0000,
    0x0000_0000_0202_0202, 0x0202_0200_0000_0000, 0x0000_0001_0000_0000, 0x0000_00FC_0000_0000,
    0x0000_0000_0404_0404, 0x0404_0400_0000_0000, 0x0000_0003_0000_0000, 0x0000_00F8_0000_0000,
    0x0000_0000_0808_0808, 0x0808_0800_0000_0000, 0x0000_0007_0000_0000, 0x0000_00F0_0000_0000,
    0x0000_0000_1010_1010, 0x1010_1000_0000_0000, 0x0000_000F_0000_0000, 0x0000_00E0_0000_0000,
    0x0000_0000_2020_2020, 0x2020_2000_0000_0000, 0x0000_001F_0000_0000, 0x0000_00C0_0000_0000,
    0x0000_0000_4040_4040, 0x4040_4000_0000_0000, 0x0000_003F_0000_0000, 0x0000_0080_0000_0000,
    0x0000_0000_8080_8080, 0x8080_8000_0000_0000, 0x0000_007F_0000_0000, 0x0000_0000_0000_0000,
    0x0000_0001_0101_0101, 0x0101_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_FE00_0000_0000,
    0x0000_0002_0202_0202, 0x0202_0000_0000_0000, 0x0000_0100_0000_0000, 0x0000_FC00_0000_0000,
    0x0000_0004_0404_0404, 0x0404_0000_0000_0000, 0x0000_0300_0000_0000, 0x0000_F800_0000_0000,
    0x0000_0008_0808_0808, 0x0808_0000_0000_0000, 0x0000_0700_0000_0000, 0x0000_F000_0000_0000,
    0x0000_0010_1010_1010, 0x1010_0000_0000_0000, 0x0000_0F00_0000_0000, 0x0000_E000_0000_0000,
    0x0000_0020_2020_2020, 0x2020_0000_0000_0000, 0x0000_1F00_0000_0000, 0x0000_C000_0000_0000,
    0x0000_0040_4040_4040, 0x4040_0000_0000_0000, 0x0000_3F00_0000_0000, 0x0000_8000_0000_0000,
    0x0000_0080_8080_8080, 0x8080_0000_0000_0000, 0x0000_7F00_0000_0000, 0x0000_0000_0000_0000,
    0x0000_0101_0101_0101, 0x0100_0000_0000_0000, 0x0000_0000_0000_0000, 0x00FE_0000_0000_0000,
    0x0000_0202_0202_0202, 0x0200_0000_0000_0000, 0x0001_0000_0000_0000, 0x00FC_0000_0000_0000,
    0x0000_0404_0404_0404, 0x0400_0000_0000_0000, 0x0003_0000_0000_0000, 0x00F8_0000_0000_0000,
    0x0000_0808_0808_0808, 0x0800_0000_0000_0000, 0x0007_0000_0000_0000, 0x00F0_0000_0000_0000,
    0x0000_1010_1010_1010, 0x1000_0000_0000_0000, 0x000F_0000_0000_0000, 0x00E0_0000_0000_0000,
    0x0000_2020_2020_2020, 0x2000_0000_0000_0000, 0x001F_0000_0000_0000, 0x00C0_0000_0000_0000,
    0x0000_4040_4040_4040, 0x4000_0000_0000_0000, 0x003F_0000_0000_0000, 0x0080_0000_0000_0000,
    0x0000_8080_8080_8080, 0x8000_0000_0000_0000, 0x007F_0000_0000_0000, 0x0000_0000_0000_0000,
    0x0001_0101_0101_0101, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0xFE00_0000_0000_0000,
    0x0002_0202_0202_0202, 0x0000_0000_0000_0000, 0x0100_0000_0000_0000, 0xFC00_0000_0000_0000,
    0x0004_0404_0404_0404, 0x0000_0000_0000_0000, 0x0300_0000_0000_0000, 0xF800_0000_0000_0000,
    0x0008_0808_0808_0808, 0x0000_0000_0000_0000, 0x0700_0000_0000_0000, 0xF000_0000_0000_0000,
    0x0010_1010_1010_1010, 0x0000_0000_0000_0000, 0x0F00_0000_0000_0000, 0xE000_0000_0000_0000,
    0x0020_2020_2020_2020, 0x0000_0000_0000_0000, 0x1F00_0000_0000_0000, 0xC000_0000_0000_0000,
    0x0040_4040_4040_4040, 0x0000_0000_0000_0000, 0x3F00_0000_0000_0000, 0x8000_0000_0000_0000,
    0x0080_8080_8080_8080, 0x0000_0000_0000_0000, 0x7F00_0000_0000_0000, 0x0000_0000_0000_0000,
    // bitBelowLeadingZeros: 0 ... 63 leading zeros.
    0x8000_0000_0000_0000, 0x4000_0000_0000_0000, 0x2000_0000_0000_0000, 0x1000_0000_0000_0000,
    0x0800_0000_0000_0000, 0x0400_0000_0000_0000, 0x0200_0000_0000_0000, 0x0100_0000_0000_0000,
    0x0080_0000_0000_0000, 0x0040_0000_0000_0000, 0x0020_0000_0000_0000, 0x0010_0000_0000_0000,
    0x0008_0000_0000_0000, 0x0004_0000_0000_0000, 0x0002_0000_0000_0000, 0x0001_0000_0000_0000,
    0x0000_8000_0000_0000, 0x0000_4000_0000_0000, 0x0000_2000_0000_0000, 0x0000_1000_0000_0000,
    0x0000_0800_0000_0000, 0x0000_0400_0000_0000, 0x0000_0200_0000_0000, 0x0000_0100_0000_0000,
    0x0000_0080_0000_0000, 0x0000_0040_0000_0000, 0x0000_0020_0000_0000, 0x0000_0010_0000_0000,
    0x0000_0008_0000_0000, 0x0000_0004_0000_0000, 0x0000_0002_0000_0000, 0x0000_0001_0000_0000,
    0x0000_0000_8000_0000, 0x0000_0000_4000_0000, 0x0000_0000_2000_0000, 0x0000_0000_1000_0000,
    0x0000_0000_0800_0000, 0x0000_0000_0400_0000, 0x0000_0000_0200_0000, 0x0000_0000_0100_0000,
    0x0000_0000_0080_0000, 0x0000_0000_0040_0000, 0x0000_0000_0020_0000, 0x0000_0000_0010_0000,
    0x0000_0000_0008_0000, 0x0000_0000_0004_0000, 0x0000_0000_0002_0000, 0x0000_0000_0001_0000,
    0x0000_0000_0000_8000, 0x0000_0000_0000_4000, 0x0000_0000_0000_2000, 0x0000_0000_0000_1000,
    0x0000_0000_0000_0800, 0x0000_0000_0000_0400, 0x0000_0000_0000_0200, 0x0000_0000_0000_0100,
    0x0000_0000_0000_0080, 0x0000_0000_0000_0040, 0x0000_0000_0000_0020, 0x0000_0000_0000_0010,
    0x0000_0000_0000_0008, 0x0000_0000_0000_0004, 0x0000_0000_0000_0002, 0x0000_0000_0000_0001,
]
