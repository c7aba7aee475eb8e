import Boards

/// A learned value function of Coin Sorter boards: an n-tuple network (Szubert &
/// Jaśkowski 2014), trained by TD learning from afterstates (``CoinSorterTDTrainer``).
///
/// `value(board, k)` estimates the points still to come from a board with `k` turns
/// left, *beyond* the lines already complete on it: the board may be an afterstate
/// (a swap made, its lines still in place, the refills not yet drawn), or a settled
/// decision state — then it is the state's further points. So one function serves
/// both the greedy choice (points + value of the afterstate, `k` = turns left after
/// the swap) and the leaves of a search (value of a decision state).
///
/// The value is a sum of table entries, one table per turns left (0–10; more turns
/// read table 10) — a multi-stage network (Wu, Yeh et al. 2014) with a stage per turns
/// left. A network of fewer ``stages`` shares its last table among the turns left from
/// `stages − 1` up (so 1 stage is one table for every turn):
/// - a **cross** entry for each of the 25 (row, column) pairs: the 9 cells of row r and
///   column c. Coin Sorter's value does not change when rows are permuted, columns
///   permuted, the board transposed or the three kinds renamed (the draws are uniform
///   and the rules treat every line alike), so a cross is stored by its class under
///   those symmetries: the kind of the shared cell, the *multisets* of the row's and
///   the column's other four cells, up to transposing and renaming kinds;
/// - a **pair** entry for each of the 10 pairs of rows and the 10 pairs of columns:
///   the two lines' 10 cells, stored by class under the same symmetries (the multiset
///   of the five aligned cell pairs, up to swapping the lines and renaming kinds; a
///   pair of columns is a pair of rows of the transposed board, so they share entries);
/// - a **comb** entry for each row with each pair of columns (5 × 10) and each column
///   with each pair of rows (the same entries, transposed): the row's 5 cells and the
///   two columns' other 8, stored by the kinds on the two shared cells, the multiset of
///   the row's other three, and the multiset of the four aligned pairs below and above
///   (the order of the two crossing lines and the kinds' names are kept: 44,550 entries),
///   or, in the fully symmetric layout (`symmetricCombs`), by its class under swapping
///   the two crossing lines and renaming the kinds as well (one more table read per comb);
/// - one **global** entry: the complete lines (0–3+), the lines one coin short with
///   that coin available elsewhere (0–7+), the lines two short (0–7+), and the cells
///   that would complete a row and a column at once (0–3+) — the hand-made evaluation's
///   counts, so the network can learn how they saturate with the turns left.
///
/// Weights are `Float`, so a weights file round-trips exactly. The tables are read
/// through pointers held by the instance (no global table on the hot path).
public final class CoinSorterNTuple: @unchecked Sendable {
    /// Tables of the full multi-stage network: one per turns left, 0...10 (the default
    /// ``stages``, and the most a network has).
    public static let turnTables = 11
    /// Entries of the global feature per table.
    public static let globalCount = 4 * 8 * 8 * 4
    /// The layout's number in the weights file (bumped when the features change): combs
    /// keeping their crossing lines' order and the kinds' names.
    public static let layoutVersion = 3
    /// The layout with fully symmetric combs (``symmetricCombs``).
    public static let symmetricLayoutVersion = 4

    /// The symmetry classes of a cross.
    public let classCount: Int
    /// The symmetry classes of a pair of lines.
    public let pairClassCount: Int
    /// Raw comb codes: the kinds on the two shared cells, the multiset of the row's other
    /// three, the multiset of the four aligned pairs.
    public static let combCodes = 90 * 495
    /// Whether a comb is stored by its class under every symmetry that maps it onto
    /// itself (swapping its crossing lines, renaming the kinds), rather than by its code.
    public let symmetricCombs: Bool
    /// Entries of the comb family per table.
    public let combCount: Int
    /// This network's layout number in the weights file.
    public var layoutVersion: Int { symmetricCombs ? Self.symmetricLayoutVersion : Self.layoutVersion }
    /// Entries per turns-left table: the cross classes, the pair classes, the combs, then the global entries.
    public let stride: Int
    /// Weight sets (tables) by turns left, 1...``turnTables``: turns left `k` read table
    /// `min(k, stages − 1)`. ``turnTables`` (one per turns left) unless trained otherwise.
    public let stages: Int
    /// Every weight: `stages × stride`.
    public var weightCount: Int { stages * stride }

    /// The weights, `stages` tables of `stride`. Written only by training, which
    /// owns the network while it runs; agents only read.
    public let weights: UnsafeMutablePointer<Float>
    @usableFromInline let layout: CoinSorterNTupleLayout

    /// A network with every weight 0; `symmetricCombs` picks the fully symmetric layout,
    /// `stages` the number of turns-left tables (1...``turnTables``).
    public init(symmetricCombs: Bool = false, stages: Int = CoinSorterNTuple.turnTables) {
        precondition((1...Self.turnTables).contains(stages), "a network has 1 to \(Self.turnTables) stages")
        layout = CoinSorterNTupleLayout.shared
        self.symmetricCombs = symmetricCombs
        classCount = layout.classCount
        pairClassCount = layout.pairClassCount
        combCount = symmetricCombs ? layout.combClassCount : Self.combCodes
        combMap = symmetricCombs ? layout.combClass : layout.combIdentity
        stride = classCount + pairClassCount + combCount + Self.globalCount
        self.stages = stages
        weights = .allocate(capacity: stages * stride)
        weights.initialize(repeating: 0, count: stages * stride)
    }

    /// A network with the weights and layout of `other` (a copy).
    public convenience init(copying other: CoinSorterNTuple) {
        self.init(symmetricCombs: other.symmetricCombs, stages: other.stages)
        weights.update(from: other.weights, count: weightCount)
    }

    /// The comb entry of each raw comb code: the identity, or the class under the comb's symmetries.
    @usableFromInline let combMap: UnsafeMutablePointer<UInt32>

    /// Temporal coherence learning's sums, when the network is trained with it: for each
    /// weight the sum of its errors (first `weightCount` entries), then the sum of their
    /// magnitudes. `nil` otherwise; agents never read them.
    public private(set) var coherence: UnsafeMutablePointer<Float>?

    /// Gives the network coherence sums, all 0 (once; kept if it has them).
    public func enableCoherence() {
        guard coherence == nil else { return }
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: 2 * weightCount)
        sums.initialize(repeating: 0, count: 2 * weightCount)
        coherence = sums
    }

    deinit {
        weights.deallocate()
        coherence?.deallocate()
    }

    /// The weights as an array (tests, files).
    public var weightArray: [Float] { Array(UnsafeBufferPointer(start: weights, count: weightCount)) }

    /// Features active on a board: 25 crosses, 20 pairs of lines, 100 combs and one global entry.
    public static let activeFeatures = 146

    /// The table (stage) of `turns` turns left.
    @inlinable @inline(__always)
    public func table(forTurns turns: Int) -> Int { min(max(turns, 0), stages - 1) }

    /// Writes the 146 weight indices active on `board` with `turns` turns left.
    @inlinable
    public func indices(_ board: CoinSorter, turns: Int, into out: UnsafeMutablePointer<Int32>) {
        let base = table(forTurns: turns) * stride
        let t = layout.ternary
        let squares = board.cells(of: .square), circles = board.cells(of: .circle)
        // Base-3 codes of the rows (digit c = column c) and columns (digit r = row r).
        var rows: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
        var columns: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
        @inline(__always) func rowCode(_ r: Int) -> Int {
            let shift = UInt32(truncatingIfNeeded: 5 * r)
            return Int(t[Int(squares &>> shift & 31)]) + 2 * Int(t[Int(circles &>> shift & 31)])
        }
        @inline(__always) func columnBits(_ m: UInt32, _ c: Int) -> Int {
            let x = m &>> UInt32(truncatingIfNeeded: c)
            return Int((x & 1) | (x &>> 4 & 2) | (x &>> 8 & 4) | (x &>> 12 & 8) | (x &>> 16 & 16))
        }
        @inline(__always) func columnCode(_ c: Int) -> Int {
            Int(t[columnBits(squares, c)]) + 2 * Int(t[columnBits(circles, c)])
        }
        rows = (rowCode(0), rowCode(1), rowCode(2), rowCode(3), rowCode(4))
        columns = (columnCode(0), columnCode(1), columnCode(2), columnCode(3), columnCode(4))
        let rowPart = layout.rowPart, columnPart = layout.columnPart, classes = layout.crossClass
        withUnsafeBytes(of: &rows) { rb in
            withUnsafeBytes(of: &columns) { cb in
                let rc = rb.bindMemory(to: Int.self), cc = cb.bindMemory(to: Int.self)
                var n = 0
                for r in 0..<5 {
                    let rowBase = rc[r] &* 5
                    for c in 0..<5 {
                        let raw = Int(rowPart[rowBase &+ c]) &+ Int(columnPart[cc[c] &* 5 &+ r])
                        out[n] = Int32(truncatingIfNeeded: base &+ Int(classes[raw]))
                        n &+= 1
                    }
                }
                let pairs = layout.pairClass, pairBase = base &+ classCount
                for a in 0..<4 {
                    for b in (a + 1)..<5 {
                        out[n] = Int32(truncatingIfNeeded: pairBase &+ Int(pairs[rc[a] &+ 243 &* rc[b]]))
                        out[n &+ 1] = Int32(truncatingIfNeeded: pairBase &+ Int(pairs[cc[a] &+ 243 &* cc[b]]))
                        n &+= 2
                    }
                }
                let combRow = layout.combRow, combColumns = layout.combColumns, combBase = pairBase &+ pairClassCount, combMap = self.combMap
                for line in 0..<5 {
                    let rowAsLine = rc[line] &* 10, columnAsLine = cc[line] &* 10
                    var pair = 0
                    for a in 0..<4 {
                        for b in (a + 1)..<5 {
                            let rowRaw = Int(combRow[rowAsLine &+ pair]) &* 495 &+ Int(combColumns[(cc[a] &+ 243 &* cc[b]) &* 5 &+ line])
                            let columnRaw = Int(combRow[columnAsLine &+ pair]) &* 495 &+ Int(combColumns[(rc[a] &+ 243 &* rc[b]) &* 5 &+ line])
                            out[n] = Int32(truncatingIfNeeded: combBase &+ Int(combMap[rowRaw]))
                            out[n &+ 1] = Int32(truncatingIfNeeded: combBase &+ Int(combMap[columnRaw]))
                            n &+= 2
                            pair &+= 1
                        }
                    }
                }
            }
        }
        out[145] = Int32(truncatingIfNeeded: base &+ classCount &+ pairClassCount &+ combCount &+ Self.globalIndex(board))
    }

    /// The global feature's entry: complete lines, ready lines, lines two short, double holes.
    @inlinable @inline(__always)
    static func globalIndex(_ board: CoinSorter) -> Int {
        let complete = board.completeLines
        let done = min(complete.rows.nonzeroBitCount + complete.columns.nonzeroBitCount, 3)
        var fours = 0, threes = 0, doubles = 0
        for coin in Coin.allCases {
            let m = board.cells(of: coin)
            guard m.nonzeroBitCount >= 5 else { continue }
            let lines = CoinSorterEvaluator.nearlyComplete(m)
            fours &+= lines.fourRows.nonzeroBitCount &+ lines.fourColumns.nonzeroBitCount
            threes &+= lines.threeRows.nonzeroBitCount &+ lines.threeColumns.nonzeroBitCount
            let rowHoles = lines.fourRows &* 0x1F & ~m, columnHoles = lines.fourColumns &* 0x10_8421 & ~m
            doubles &+= (rowHoles & columnHoles).nonzeroBitCount
        }
        return ((done * 8 + min(fours, 7)) * 8 + min(threes, 7)) * 4 + min(doubles, 3)
    }

    /// The sum of the weights at `indices` (146 of them).
    @inlinable @inline(__always)
    public func sum(_ indices: UnsafePointer<Int32>) -> Float {
        var v: Float = 0
        for i in 0..<Self.activeFeatures { v += weights[Int(indices[i])] }
        return v
    }

    /// The further points of `board` with `turns` turns left, beyond its complete lines.
    @inlinable
    public func value(_ board: CoinSorter, turns: Int) -> Float {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.activeFeatures) { buffer in
            let p = buffer.baseAddress!
            indices(board, turns: turns, into: p)
            return sum(p)
        }
    }
}

/// The fixed tables of the network's shape, built once per process.
@usableFromInline
final class CoinSorterNTupleLayout: @unchecked Sendable {
    static let shared = CoinSorterNTupleLayout()

    /// The base-3 value of a 5-bit mask (bit j → 3^j).
    @usableFromInline let ternary: UnsafeMutablePointer<UInt16>
    /// `[rowCode * 5 + c]`: the shared cell's digit plus the row's other four cells (in
    /// column order) as digits 1–4 of the cross's raw code.
    @usableFromInline let rowPart: UnsafeMutablePointer<UInt16>
    /// `[columnCode * 5 + r]`: the column's other four cells as digits 5–8 (times 3^5).
    @usableFromInline let columnPart: UnsafeMutablePointer<UInt16>
    /// The class of each of the 3^9 raw cross codes.
    @usableFromInline let crossClass: UnsafeMutablePointer<UInt16>
    /// How many classes.
    let classCount: Int
    /// The class of each of the 3^10 codes of two lines (`first + 243 × second`).
    @usableFromInline let pairClass: UnsafeMutablePointer<UInt16>
    /// How many pair classes.
    let pairClassCount: Int
    /// `[lineCode * 10 + pair]` for the pairs (a, b) of positions in order (0,1), (0,2), …,
    /// (3,4): (kind at a × 3 + kind at b) × 10 + the multiset of the other three kinds.
    @usableFromInline let combRow: UnsafeMutablePointer<UInt16>
    /// `[(codeA + 243 × codeB) * 5 + k]`: the multiset (0..<495) of the aligned pairs
    /// (kind in A, kind in B) at the four positions other than k.
    @usableFromInline let combColumns: UnsafeMutablePointer<UInt16>
    /// `[raw]` = raw, for the layout keeping every comb code apart.
    @usableFromInline let combIdentity: UnsafeMutablePointer<UInt32>
    /// `[raw]`: the comb's class under swapping its two crossing lines and renaming the kinds.
    @usableFromInline let combClass: UnsafeMutablePointer<UInt32>
    /// How many comb classes.
    let combClassCount: Int

    private init() {
        ternary = .allocate(capacity: 32)
        for m in 0..<32 {
            var v = 0, p = 1
            for j in 0..<5 { if m >> j & 1 != 0 { v += p }; p *= 3 }
            ternary[m] = UInt16(v)
        }
        func digits(_ code: Int) -> [Int] { var c = code; return (0..<5).map { _ in defer { c /= 3 }; return c % 3 } }
        rowPart = .allocate(capacity: 243 * 5)
        columnPart = .allocate(capacity: 243 * 5)
        for code in 0..<243 {
            let d = digits(code)
            for k in 0..<5 {
                let others = (0..<5).filter { $0 != k }.map { d[$0] }
                var row = d[k], p = 3
                for x in others { row += x * p; p *= 3 }
                var column = 0
                p = 243
                for x in others { column += x * p; p *= 3 }
                rowPart[code * 5 + k] = UInt16(row)
                columnPart[code * 5 + k] = UInt16(column)
            }
        }
        // Classes: the least code over the 12 symmetries (transpose or not, 6 renamings),
        // each group of four sorted (a permutation of the other rows or columns).
        // (The loops below allocate nothing per code: the tables are built in every process
        // that reads a network, debug builds and tests included, where allocations and
        // closures cost seconds.)
        let permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        /// Sorts `v[from..<from + count]` in place (insertion sort: at most five values).
        func sortRange(_ v: inout [Int], _ from: Int, _ count: Int) {
            for i in (from + 1)..<(from + count) {
                let x = v[i]
                var j = i
                while j > from && v[j - 1] > x { v[j] = v[j - 1]; j -= 1 }
                v[j] = x
            }
        }
        /// Numbers the distinct values of `canonical` (each a code below its count, the least of
        /// its class) 0, 1, … in increasing order: each code's class number, and how many.
        func numbered(_ canonical: [Int]) -> (classes: [Int], count: Int) {
            var number = [Int](repeating: -1, count: canonical.count)
            for v in canonical { number[v] = 0 }
            var count = 0
            for v in number.indices where number[v] == 0 { number[v] = count; count += 1 }
            return (canonical.map { number[$0] }, count)
        }
        var canonical = [Int](repeating: 0, count: 19683)
        var d = [Int](repeating: 0, count: 9), e = [Int](repeating: 0, count: 9)
        for raw in 0..<19683 {
            var c = raw
            for i in 0..<9 { d[i] = c % 3; c /= 3 }
            var best = Int.max
            for p in permutations {
                for i in 0..<9 { e[i] = p[d[i]] }
                sortRange(&e, 1, 4)
                sortRange(&e, 5, 4)
                // The code of [e0] + a + b, digit i times 3^i; transposed, [e0] + b + a.
                let a = e[1] + 3 * e[2] + 9 * e[3] + 27 * e[4], b = e[5] + 3 * e[6] + 9 * e[7] + 27 * e[8]
                best = min(best, e[0] + 3 * a + 243 * b, e[0] + 3 * b + 243 * a)
            }
            canonical[raw] = best
        }
        let crosses = numbered(canonical)
        crossClass = .allocate(capacity: 19683)
        for raw in 0..<19683 { crossClass[raw] = UInt16(crosses.classes[raw]) }
        classCount = crosses.count

        // Pairs of lines: the least code over swapping the lines and the 6 renamings,
        // the five aligned cell pairs sorted (a permutation of the other lines).
        var pairCanonical = [Int](repeating: 0, count: 59049)
        var x = [Int](repeating: 0, count: 5), y = [Int](repeating: 0, count: 5), t = [Int](repeating: 0, count: 5)
        for raw in 0..<59049 {
            var c = raw
            for i in 0..<5 { x[i] = c % 3; c /= 3 }
            for i in 0..<5 { y[i] = c % 3; c /= 3 }
            var best = Int.max
            for p in permutations {
                for swap in 0..<2 {
                    let swapped = swap == 1
                    for i in 0..<5 { t[i] = swapped ? p[y[i]] + 3 * p[x[i]] : p[x[i]] + 3 * p[y[i]] }
                    // Insertion sort of five values.
                    for i in 1..<5 {
                        let v = t[i]
                        var j = i
                        while j > 0 && t[j - 1] > v { t[j] = t[j - 1]; j -= 1 }
                        t[j] = v
                    }
                    var v = 0, q = 1
                    for i in 0..<5 { v += t[i] * q; q *= 9 }
                    best = min(best, v)
                }
            }
            pairCanonical[raw] = best
        }
        let pairs = numbered(pairCanonical)
        pairClass = .allocate(capacity: 59049)
        for raw in 0..<59049 { pairClass[raw] = UInt16(pairs.classes[raw]) }
        pairClassCount = pairs.count

        // Combs. Multisets are numbered by their sorted codes, in increasing order.
        var multiset3 = [Int](repeating: -1, count: 27), m3 = 0
        for code in 0..<27 {
            let a = code % 3, b = code / 3 % 3, c = code / 9
            if a <= b && b <= c { multiset3[code] = m3; m3 += 1 }
        }
        var multiset4 = [Int](repeating: -1, count: 6561), m4 = 0
        for code in 0..<6561 {
            let a = code % 9, b = code / 9 % 9, c = code / 81 % 9, d = code / 729
            if a <= b && b <= c && c <= d { multiset4[code] = m4; m4 += 1 }
        }
        precondition(m3 == 10 && m4 == 495)
        combRow = .allocate(capacity: 243 * 10)
        for code in 0..<243 {
            let d = digits(code)
            var pair = 0
            for a in 0..<4 {
                for b in (a + 1)..<5 {
                    let others = (0..<5).filter { $0 != a && $0 != b }.map { d[$0] }.sorted()
                    combRow[code * 10 + pair] = UInt16((d[a] * 3 + d[b]) * 10 + multiset3[others[0] + 3 * others[1] + 9 * others[2]])
                    pair += 1
                }
            }
        }
        combColumns = .allocate(capacity: 59049 * 5)
        var aligned = [Int](repeating: 0, count: 5), rest = [Int](repeating: 0, count: 4)
        let codeDigits = (0..<243).flatMap(digits)
        for codeA in 0..<243 {
            for codeB in 0..<243 {
                for i in 0..<5 { aligned[i] = codeDigits[codeA * 5 + i] + 3 * codeDigits[codeB * 5 + i] }
                for k in 0..<5 {
                    var n = 0
                    for i in 0..<5 where i != k { rest[n] = aligned[i]; n += 1 }
                    for i in 1..<4 {
                        let v = rest[i]
                        var j = i
                        while j > 0 && rest[j - 1] > v { rest[j] = rest[j - 1]; j -= 1 }
                        rest[j] = v
                    }
                    combColumns[(codeA + 243 * codeB) * 5 + k] = UInt16(multiset4[rest[0] + 9 * rest[1] + 81 * rest[2] + 729 * rest[3]])
                }
            }
        }

        // Comb classes: the least raw code over swapping the two crossing lines (the shared
        // kinds swap, and so does each aligned pair) and the 6 renamings of the kinds.
        let codes = CoinSorterNTuple.combCodes
        combIdentity = .allocate(capacity: codes)
        for raw in 0..<codes { combIdentity[raw] = UInt32(raw) }
        var triples: [[Int]] = [], quads: [[Int]] = []   // the sorted members of each multiset
        for code in 0..<27 where multiset3[code] >= 0 { triples.append([code % 3, code / 3 % 3, code / 9]) }
        for code in 0..<6561 where multiset4[code] >= 0 { quads.append([code % 9, code / 9 % 9, code / 81 % 9, code / 729]) }
        var combCanonical = [Int](repeating: 0, count: codes)
        var r = [Int](repeating: 0, count: 3), q = [Int](repeating: 0, count: 4)
        for raw in 0..<codes {
            let shared = raw / 4950, row = raw / 495 % 10, pairs = raw % 495
            let ka = shared / 3, kb = shared % 3
            var best = Int.max
            for p in permutations {
                // The row's other three renamed: the same multiset whether the lines swap or not.
                for i in 0..<3 { r[i] = p[triples[row][i]] }
                sortRange(&r, 0, 3)
                let rowSet = multiset3[r[0] + 3 * r[1] + 9 * r[2]]
                for swap in 0..<2 {
                    let swapped = swap == 1
                    let a = swapped ? p[kb] : p[ka], b = swapped ? p[ka] : p[kb]
                    for i in 0..<4 {
                        let v = quads[pairs][i], x = p[v % 3], y = p[v / 3]
                        q[i] = swapped ? y + 3 * x : x + 3 * y
                    }
                    sortRange(&q, 0, 4)
                    let code = ((a * 3 + b) * 10 + rowSet) * 495 + multiset4[q[0] + 9 * q[1] + 81 * q[2] + 729 * q[3]]
                    best = min(best, code)
                }
            }
            combCanonical[raw] = best
        }
        let combs = numbered(combCanonical)
        combClass = .allocate(capacity: codes)
        for raw in 0..<codes { combClass[raw] = UInt32(combs.classes[raw]) }
        combClassCount = combs.count
    }
}
