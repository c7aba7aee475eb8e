import Boards

/// The Coin Sorter evaluation: how close the lines are to completion, counting a
/// line only when the coins it lacks are available elsewhere on the board (any two
/// cells may be swapped, so a line with four of a kind and a fifth coin of that kind
/// outside it is one swap from a point).
///
/// Values are in points: a ready line (four of a kind, fifth available) is worth a
/// fraction of the point it will likely bring.
public struct CoinSorterEvaluator: Sendable {
    public static let defaultWeights = HeuristicWeights([
        "four": 0.6,   // per line with 4 of a kind and the 5th available elsewhere
        "three": 0.12, // per line with 3 of a kind and 2 more available elsewhere
        "double": 0.4, // per cell completing a row and a column at once if the right coin lands there
    ])

    @usableFromInline let four, three, double: Double

    public init(weights: HeuristicWeights = Self.defaultWeights) {
        four = weights["four"]; three = weights["three"]; double = weights["double"]
    }

    /// For each line of one coin kind, whether it holds exactly 4 or exactly 3 of it:
    /// rows as bits 0, 5, 10, 15, 20 (the row's cell in column a), columns as bits 0-4.
    ///
    /// Branch-free: row counts are sums of the five column-aligned bit planes (each
    /// 5-bit lane holds a count up to 5, so lanes never carry into each other); column
    /// counts come from bit-sliced adders over the five rows.
    @inlinable @inline(__always)
    static func nearlyComplete(_ m: UInt32) -> (fourRows: UInt32, threeRows: UInt32, fourColumns: UInt32, threeColumns: UInt32) {
        let lanes: UInt32 = 0x10_8421
        let rowSum = (m & lanes) &+ (m &>> 1 & lanes) &+ (m &>> 2 & lanes) &+ (m &>> 3 & lanes) &+ (m &>> 4 & lanes)
        let r0 = rowSum & lanes, r1 = rowSum &>> 1 & lanes, r2 = rowSum &>> 2 & lanes
        // Column sums: add the five rows as 5-bit vectors with carry-save adders.
        let a = m & 0x1F, b = m &>> 5 & 0x1F, c = m &>> 10 & 0x1F, d = m &>> 15 & 0x1F, e = m &>> 20 & 0x1F
        let s1 = a ^ b ^ c, c1 = (a & b) | (c & (a ^ b))          // a + b + c = s1 + 2·c1
        let s2 = s1 ^ d ^ e, c2 = (s1 & d) | (e & (s1 ^ d))       // s1 + d + e = s2 + 2·c2
        let bit0 = s2, bit1 = c1 ^ c2, bit2 = c1 & c2             // total = bit0 + 2·(c1 + c2)
        return (r2 & ~r1 & ~r0, ~r2 & r1 & r0 & lanes, bit2 & ~bit1 & ~bit0, ~bit2 & bit1 & bit0 & 0x1F)
    }

    /// The value of the board's potential, in points.
    @inlinable
    public func evaluate(_ s: CoinSorter) -> Double {
        var fours = 0, threes = 0, doubles = 0
        for coin in Coin.allCases {
            let m = s.cells(of: coin)
            // A line needs its missing coins from outside it: at least 5 of the kind in all.
            guard m.nonzeroBitCount >= 5 else { continue }
            let lines = Self.nearlyComplete(m)
            fours &+= lines.fourRows.nonzeroBitCount &+ lines.fourColumns.nonzeroBitCount
            threes &+= lines.threeRows.nonzeroBitCount &+ lines.threeColumns.nonzeroBitCount
            // The holes of 4-of-a-kind rows and columns; a cell in both completes two lines.
            let rowHoles = lines.fourRows &* 0x1F & ~m, columnHoles = lines.fourColumns &* 0x10_8421 & ~m
            doubles &+= (rowHoles & columnHoles).nonzeroBitCount
        }
        // A swap cashes at most one or two lines, so ready lines beyond the turns
        // left are worth nothing: potential is capped by the turns that can use it.
        let turns = s.turnsLeft
        return four * Double(min(fours, turns)) + three * Double(min(threes, turns)) + double * Double(min(doubles, turns))
    }
}

extension CoinSorterEvaluator: PuzzleEvaluator {
    public typealias Game = CoinSorter

    /// The coins traded with no turn used and no settle: the lines the swap completes
    /// are its sure points, and the board is evaluated with them still in place and
    /// the turn not yet spent (the default would play the swap, spending the turn
    /// the evaluation caps potential by).
    @inlinable @inline(__always)
    public func immediateValue(of move: CoinSorter.Swap, in state: CoinSorter) -> (points: Int, evaluation: Double) {
        let after = state.exchanging(move)
        let lines = after.completeLines
        return (lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount, evaluate(after))
    }
}
