import Boards
import Workbench

/// Coin Sorter: the 300 swaps numbered in generation order; chance outcomes are the
/// coin kinds; four 5x5 planes.
extension CoinSorter: CPuzzleGame {
    static var actionCount: Int64 { 300 }
    static var actionLayout: String {
        "the swap of cells a < b (a1=0, b1=1, ..., e5=24, row 1 at the top) is a*25 - a*(a+1)/2 + (b - a - 1): (0,1)=0, (0,2)=1, ..., (23,24)=299; chance outcomes 0 triangle, 1 square, 2 circle"
    }
    static var observationShape: (planes: Int, rows: Int, columns: Int) { (4, 5, 5) }
    static func maxGameLength(_ rules: NoRules) -> Int { turnsPerGame }
    /// Scores have no hard cap (a cascade may score again), but no deal comes near 1,000.
    static func utilityRange(_ rules: NoRules) -> (min: Double, max: Double) { (0, 1000) }

    @inline(__always)
    static func action(of swap: Swap) -> Int64 {
        let a = Int64(swap.first), b = Int64(swap.second)
        return a * 25 - a * (a + 1) / 2 + (b - a - 1)
    }

    /// The swap of id `action`, decoded directly (every swap is legal at a decision).
    func move(forAction action: Int64) -> Swap? {
        guard !isChanceNode, turnsLeft > 0, (0..<Self.actionCount).contains(action) else { return nil }
        var a: Int64 = 0, rest = action
        while rest >= 24 - a { rest -= 24 - a; a += 1 }
        return Swap(Int(a), Int(a + 1 + rest))
    }

    static func referee(taking state: CoinSorter, seed: UInt64, rules: NoRules) -> CoinSorterReferee {
        CoinSorterReferee(state: state, seed: seed)
    }

    static var dealDraws: (outcomes: [Coin], count: Int)? { (Coin.allCases, 25) }

    static func dealt(_ draws: [Coin], rules: NoRules) -> CoinSorter { CoinSorter(dealing: draws, turns: turnsPerGame) }

    static func chanceAction(_ coin: Coin) -> Int64 { Int64(coin.rawValue) }

    static func chanceNotation(_ coin: Coin) -> String { String(coin.letter) }

    /// Planes (cell = row x 5 + column, row 1 first): triangles, squares, circles, turns
    /// left / 10 (constant). Cells waiting for a new coin at a chance node are 0 in all three.
    func writeObservation(_ out: UnsafeMutablePointer<Float>) {
        let t = cells(of: .triangle), s = cells(of: .square), c = cells(of: .circle)
        let turns = Float(turnsLeft) / Float(Self.turnsPerGame)
        for cell in 0..<25 {
            let bit = UInt32(1) << UInt32(cell)
            out[cell] = t & bit != 0 ? 1 : 0
            out[25 + cell] = s & bit != 0 ? 1 : 0
            out[50 + cell] = c & bit != 0 ? 1 : 0
            out[75 + cell] = turns
        }
    }
}
