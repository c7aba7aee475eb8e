import Boards

/// The Bagh-Chal evaluation: material, tiger mobility, trapped tigers and goats in
/// danger.
///
/// Terms are computed for the tigers and negated for the goats. Five captures win, so
/// a capture is worth much; the goats win by taking the tigers' moves away and lose by
/// leaving goats that can be jumped, so mobility, trapped tigers and danger carry the
/// rest. Goats still in hand need no term of their own: until they are placed they
/// cannot be captured, and each placement shows in the other terms at once.
public struct BaghChalEvaluator: Evaluator {
    public typealias Game = BaghChal

    public static let defaultWeights = HeuristicWeights([
        "captures": 100,  // per goat captured
        "mobility": 3,    // per legal tiger move (steps and captures)
        "trapped": 40,    // per tiger with no move (good for the goats)
        "danger": 30,     // per goat some tiger could capture next
        "threat": 50,     // tigers to move with a capture available
    ])

    @usableFromInline let captures, mobility, trapped, danger, threat: Double

    public init(weights: HeuristicWeights = Self.defaultWeights) {
        captures = weights["captures"]; mobility = weights["mobility"]; trapped = weights["trapped"]
        danger = weights["danger"]; threat = weights["threat"]
    }

    @inlinable
    public func evaluate(_ p: BaghChal) -> Int {
        let (tigerMoves, trappedTigers) = p.tigerMobility
        let hanging = p.goatsInDanger.nonzeroBitCount
        var forTigers = captures * Double(p.captures) + mobility * Double(tigerMoves)
            - trapped * Double(trappedTigers) + danger * Double(hanging)
        if p.sideToMove == BaghChal.tigers && hanging > 0 { forTigers += threat }
        let value = Evaluation.clamped(forTigers)
        return p.sideToMove == BaghChal.tigers ? value : -value
    }
}
