@testable import Boards

// The naive Bagh-Chal of BaghChalReference.swift, seen as a conformance reference:
// its moves as notation strings, played by notation.

extension NaiveBaghChal: NaiveReference {
    typealias Game = BaghChal

    var legalMoveNotations: [String] { legalMoves().map(Self.notation) }
}
