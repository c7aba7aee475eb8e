import Boards

/// The Tigers & Goats evaluation: material, tiger mobility, trapped tigers, goats in
/// danger, and the goats' structure.
///
/// Terms are computed for the tigers and negated for the goats. The goats win by
/// taking the tigers' moves away and lose by leaving goats hanging, so mobility,
/// trapped tigers and danger carry most of the weight; backed goats (a goat beside a
/// goat on a rank or file cannot be jumped along that line) and edge goats (which
/// can only be jumped along the edge) shape the wall.
public struct TigersGoatsEvaluator: Evaluator {
    public typealias Game = TigersGoats

    public static let defaultWeights = HeuristicWeights([
        "captures": 100,      // per goat captured
        "mobility": 2,        // per legal tiger move
        "trapped": 40,        // per tiger with no move (good for the goats)
        "danger": 30,         // per goat some tiger could capture next
        "threat": 60,         // tigers to move with a capture available
        "backed": 2,          // per goat with a goat orthogonally next to it
        "edge": 1,            // per goat on the edge
        "goatMobility": 0.5,  // per empty square some goat can step to
    ])

    @usableFromInline let captures, mobility, trapped, danger, threat, backed, edge, goatMobility: Double

    public init(weights: HeuristicWeights = Self.defaultWeights) {
        captures = weights["captures"]; mobility = weights["mobility"]; trapped = weights["trapped"]
        danger = weights["danger"]; threat = weights["threat"]; backed = weights["backed"]
        edge = weights["edge"]; goatMobility = weights["goatMobility"]
    }

    @inlinable
    public func evaluate(_ p: TigersGoats) -> Int {
        let goats = p.goats
        let (tigerMoves, trappedTigers) = p.tigerMobility
        let hanging = p.goatsInDanger.nonzeroBitCount
        let fileA: UInt64 = 0x0101_0101_0101_0101, fileH: UInt64 = 0x8080_8080_8080_8080
        let orthogonal = (goats &<< 8) | (goats &>> 8) | ((goats &<< 1) & ~fileA) | ((goats &>> 1) & ~fileH)
        let backedGoats = (goats & orthogonal).nonzeroBitCount
        let edgeGoats = (goats & 0xFF81_8181_8181_81FF).nonzeroBitCount
        let empty = p.empty
        var goatSteps = 0
        if goatMobility != 0 {
            let n = goats &<< 8, s = goats &>> 8
            let e = (goats &<< 1) & ~fileA, w = (goats &>> 1) & ~fileH
            goatSteps = ((n | s | e | w | (n &<< 1) & ~fileA | (n &>> 1) & ~fileH
                | (s &<< 1) & ~fileA | (s &>> 1) & ~fileH) & empty).nonzeroBitCount
        }
        var forTigers = captures * Double(p.captures) + mobility * Double(tigerMoves)
            - trapped * Double(trappedTigers) + danger * Double(hanging)
            - backed * Double(backedGoats) - edge * Double(edgeGoats) - goatMobility * Double(goatSteps)
        if p.sideToMove == TigersGoats.tigers && hanging > 0 { forTigers += threat }
        let value = Evaluation.clamped(forTigers)
        return p.sideToMove == TigersGoats.tigers ? value : -value
    }
}
