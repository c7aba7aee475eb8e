/// The referee of a Coin Sorter game: the only owner of the seeded SplitMix64 stream.
///
/// It deals (25 draws, cell 0 to 24, then a settle without scoring) and draws every
/// new coin in the order docs/rules.md fixes, so a seed and a list of swaps give one game.
/// Agents get ``state`` only; the stream stays here.
public struct CoinSorterReferee: Sendable {
    /// The game now, always at a decision node or over.
    public private(set) var state: CoinSorter
    private var stream: SplitMix64

    /// Deals the game of `seed`.
    public init(seed: UInt64, turns: Int = CoinSorter.turnsPerGame) {
        var stream = SplitMix64(seed: seed)
        var coins: [Coin] = []
        coins.reserveCapacity(25)
        for _ in 0..<25 { coins.append(Self.draw(&stream)) }
        var state = CoinSorter(dealing: coins, turns: turns)
        Self.resolveChance(&state, &stream)
        self.state = state
        self.stream = stream
    }

    /// Takes over `state` (a position read from text, or one a search reached): the
    /// chance events due on it, and every later one, are drawn from the stream of `seed`.
    public init(state: CoinSorter, seed: UInt64) {
        var state = state
        var stream = SplitMix64(seed: seed)
        Self.resolveChance(&state, &stream)
        self.state = state
        self.stream = stream
    }

    /// Plays `swap` (legal at the current state) and draws the new coins it calls for.
    public mutating func play(_ swap: CoinSorter.Swap) {
        state.play(swap)
        Self.resolveChance(&state, &stream)
    }

    @inline(__always)
    private static func draw(_ stream: inout SplitMix64) -> Coin {
        switch stream.next() % 3 {
        case 0: return .triangle
        case 1: return .square
        default: return .circle
        }
    }

    /// Draws every coin due, in the order of docs/rules.md (what ``CoinSorter/applyChance(_:)``
    /// does coin by coin, here a whole line at a time: the referee is the hot path of
    /// the oracle, which plays every swap it tries on a copy).
    private static func resolveChance(_ state: inout CoinSorter, _ stream: inout SplitMix64) {
        while state.isChanceNode {
            guard state.drawsMade == 0 else {
                state.applyChance(draw(&stream))
                continue
            }
            // Matched rows from the top, each left to right; then matched columns from
            // the left, each top to bottom.
            var rows = state.pendingRows
            while rows != 0 {
                let row = rows.trailingZeroBitCount
                rows &= rows &- 1
                for column in 0..<5 { state.set(row * 5 + column, to: draw(&stream)) }
            }
            var columns = state.pendingColumns
            while columns != 0 {
                let column = columns.trailingZeroBitCount
                columns &= columns &- 1
                for row in 0..<5 { state.set(row * 5 + column, to: draw(&stream)) }
            }
            state.pendingRows = 0; state.pendingColumns = 0
            state.settle()
        }
    }
}
