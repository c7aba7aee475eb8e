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

    /// Plays `swap` (legal at the current state) and draws the new coins it calls for.
    public mutating func play(_ swap: CoinSorter.Swap) {
        state.play(swap)
        Self.resolveChance(&state, &stream)
    }

    private static func draw(_ stream: inout SplitMix64) -> Coin {
        Coin(rawValue: UInt8(truncatingIfNeeded: stream.next() % 3))!
    }

    private static func resolveChance(_ state: inout CoinSorter, _ stream: inout SplitMix64) {
        while state.isChanceNode { state.applyChance(draw(&stream)) }
    }
}
