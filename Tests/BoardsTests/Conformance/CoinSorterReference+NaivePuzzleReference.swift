@testable import Boards

// The naive Coin Sorter of CoinSorterReference.swift and the engine's referee, seen by
// the puzzle conformance suite.

extension CoinSorterReference: NaivePuzzleReference {
    typealias Puzzle = CoinSorter

    static func dealt(seed: UInt64) -> CoinSorterReference { CoinSorterReference(seed: seed) }

    /// The 300 swaps of two different cells, lower cell first, while turns are left.
    var legalMoveNotations: [String] {
        guard turnsLeft > 0 else { return [] }
        var out: [String] = []
        for a in 0..<25 {
            for b in (a + 1)..<25 { out.append(Self.cellName(a) + ":" + Self.cellName(b)) }
        }
        return out
    }

    /// Plays a swap written `a1:c3`.
    mutating func play(notation: String) {
        let cells = notation.split(separator: ":").map { name in
            (0..<25).first { Self.cellName($0) == name }
        }
        guard cells.count == 2, let a = cells[0], let b = cells[1] else {
            preconditionFailure("the reference cannot read the swap '\(notation)'")
        }
        swap(a, b)
    }
}

extension CoinSorterReferee: PuzzleReferee {
    typealias Puzzle = CoinSorter
}
