/// An evaluation that reads a tablebase where it has the position and falls back to
/// another evaluation elsewhere: alpha-beta with it searches the end of Bagh-Chal's
/// placement with exact values at the leaves where all goats are placed.
///
/// A tablebase win in n plies scores `maxStatic − n`, a loss `−(maxStatic − n)`, a draw
/// 0: beyond any heuristic value but below ``Evaluation/provenThreshold``, because the
/// values leave out repetition and the ply limit (docs/tablebase.md) and so are not
/// proofs in the game the search plays.
public struct TablebaseEvaluator<Base: Evaluator, T: Tablebase>: Evaluator where T.Game == Base.Game {
    public typealias Game = Base.Game

    public static var defaultWeights: HeuristicWeights { Base.defaultWeights }

    public let base: Base
    public let table: T?

    /// The base evaluation alone (no table).
    public init(weights: HeuristicWeights) {
        base = Base(weights: weights)
        table = nil
    }

    /// `base`, with `table` where it has the position.
    @inlinable
    public init(base: Base, table: T) {
        self.base = base
        self.table = table
    }

    @inlinable
    public func evaluate(_ position: Game) -> Int {
        if let table, let value = table.value(of: position) {
            switch value {
            case .win(let n): return Evaluation.maxStatic - n
            case .loss(let n): return -(Evaluation.maxStatic - n)
            case .draw: return 0
            }
        }
        return base.evaluate(position)
    }
}
