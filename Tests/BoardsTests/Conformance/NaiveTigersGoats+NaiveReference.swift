@testable import Boards

// The naive Tigers & Goats of TigersGoatsReference.swift, seen as a conformance
// reference: its moves as notation strings, played by notation.

extension NaiveTigersGoats: NaiveReference {
    typealias Game = TigersGoats

    var legalMoveNotations: [String] { legalMoves().map(Self.notation) }

    mutating func play(notation: String) {
        guard let move = legalMoves().first(where: { Self.notation($0) == notation }) else {
            preconditionFailure("the reference has no legal move \(notation) in \(text)")
        }
        play(move)
    }
}
