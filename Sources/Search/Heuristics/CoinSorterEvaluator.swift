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

    /// The 10 lines as cell masks: rows 1-5, then columns a-e.
    @inlinable @inline(__always)
    static func line(_ i: Int) -> UInt32 {
        i < 5 ? 0x1F &<< UInt32(5 * i) : 0x10_8421 &<< UInt32(i - 5)
    }

    /// The value of the board's potential, in points.
    @inlinable
    public func evaluate(_ s: CoinSorter) -> Double {
        var fours = 0, threes = 0, doubles = 0
        for coin in Coin.allCases {
            let m = s.cells(of: coin)
            let total = m.nonzeroBitCount
            // Cells that would complete a row / a column of this coin.
            var rowHoles: UInt32 = 0, columnHoles: UInt32 = 0
            for i in 0..<10 {
                let line = Self.line(i)
                let n = (m & line).nonzeroBitCount
                if n == 4 && total >= 5 {
                    fours += 1
                    if i < 5 { rowHoles |= line & ~m } else { columnHoles |= line & ~m }
                } else if n == 3 && total >= 5 {
                    threes += 1
                }
            }
            doubles += (rowHoles & columnHoles).nonzeroBitCount
        }
        return four * Double(fours) + three * Double(threes) + double * Double(doubles)
    }
}
