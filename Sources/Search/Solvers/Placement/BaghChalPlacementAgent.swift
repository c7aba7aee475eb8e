import Boards

/// Perfect play in Bagh-Chal's placement phase from the sweep's finished layers
/// (docs/placement.md), and another agent (the `tablebase` agent) elsewhere.
///
/// Where the position's children are all valued (their layer is finished, or they are in
/// the sliding table, or the fifth capture ends the game), it plays a move that keeps the
/// position's value: a win, else a draw, else any move; ties are broken by its seeded
/// stream. The layers hold win, draw or loss without the number of plies, but the
/// placement phase has no cycles and ends within 39 plies, so keeping a win always
/// reaches the sliding phase with a won position, where the table's fastest win takes over.
public struct BaghChalPlacementAgent<Inner: TwoPlayerAgent>: TwoPlayerAgent where Inner.Game == BaghChal {
    public typealias Game = BaghChal

    public let spec: String
    public let placement: BaghChalPlacementTable
    public let sliding: BaghChalTablebase
    public var inner: Inner
    var rng: SplitMix64

    /// The score reported for a placement-phase win (a loss is its negative): the sign is
    /// the value; the layers do not store the length of the win.
    public static var placementWinScore: Int { Evaluation.winScore - 200 }

    public var budget: SearchBudget { inner.budget }

    public init(spec: String, placement: BaghChalPlacementTable, sliding: BaghChalTablebase, inner: Inner, seed: UInt64) {
        self.spec = spec
        self.placement = placement
        self.sliding = sliding
        self.inner = inner
        rng = SplitMix64(seed: seed)
    }

    /// The value of `p` for its side to move (−1, 0, +1) from the tables, or `nil` when not stored.
    func value(_ p: BaghChal) -> Int? {
        if p.captures >= BaghChal.capturesToWin { return p.sideToMove == BaghChal.goats ? -1 : 1 }
        let kind: TablebaseValue.Kind?
        if p.goatsInHand == 0 {
            kind = sliding.value(of: p)?.kind
        } else {
            kind = (try? placement.value(of: p)) ?? nil
        }
        switch kind {
        case .win?: return 1
        case .draw?: return 0
        case .loss?: return -1
        case nil: return nil
        }
    }

    public mutating func selectMove(_ game: GameHistory<BaghChal>, budget: SearchBudget) -> SearchResult<BaghChal.Move> {
        let p = game.position
        guard game.outcome == nil, p.goatsInHand > 0 else { return inner.selectMove(game, budget: budget) }
        let moves = p.legalMoves
        var best = -2, chosen: BaghChal.Move? = nil, ties = 0
        for m in moves {
            var child = p
            child.play(m)
            guard let v = value(child) else { return inner.selectMove(game, budget: budget) }
            if -v > best {
                best = -v; chosen = m; ties = 1
            } else if -v == best {
                // Reservoir sampling: each move of the best value is equally likely.
                ties += 1
                if rng.next(below: ties) == 0 { chosen = m }
            }
        }
        guard let chosen else { return inner.selectMove(game, budget: budget) }
        var result = SearchResult<BaghChal.Move>(move: chosen)
        result.nodes = moves.count
        result.depth = 1
        result.value = Double(best * Self.placementWinScore)
        result.principalVariation = [chosen]
        return result
    }
}
