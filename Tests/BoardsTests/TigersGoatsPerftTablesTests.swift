import XCTest
@testable import Boards

/// The literal tables of the Tigers & Goats perft (`perftTables` in TigersGoats+Perft.swift,
/// read through `squaresAround`, `squareLines`, `bitBelowLeadingZeros`) equal what their
/// doc comments define, square by square: the perft counts would catch most wrong
/// entries, these catch every one and name it.
final class TigersGoatsPerftTablesTests: XCTestCase {
    /// The squares with (file, rank) satisfying `keep`, bit `rank * 8 + file`.
    private func squares(_ keep: (Int, Int) -> Bool) -> UInt64 {
        var bits: UInt64 = 0
        for rank in 0..<8 { for file in 0..<8 where keep(file, rank) { bits |= 1 << UInt64(rank * 8 + file) } }
        return bits
    }

    func testSquaresAroundAreTheEightNeighbours() {
        for s in 0..<64 {
            let (f, r) = (s % 8, s / 8)
            let expected = squares { file, rank in max(abs(file - f), abs(rank - r)) == 1 }
            XCTAssertEqual(TigersGoats.squaresAround(perftTables.span, s), expected, "square \(s)")
        }
    }

    func testSquareLinesAreTheFileAndRankSplitAtTheSquare() {
        for s in 0..<64 {
            let (f, r) = (s % 8, s / 8)
            XCTAssertEqual(TigersGoats.squareLines(perftTables.span, 4 * s), squares { $0 == f && $1 < r }, "square \(s): file below")
            XCTAssertEqual(TigersGoats.squareLines(perftTables.span, 4 * s + 1), squares { $0 == f && $1 > r }, "square \(s): file above")
            XCTAssertEqual(TigersGoats.squareLines(perftTables.span, 4 * s + 2), squares { $1 == r && $0 < f }, "square \(s): rank west")
            XCTAssertEqual(TigersGoats.squareLines(perftTables.span, 4 * s + 3), squares { $1 == r && $0 > f }, "square \(s): rank east")
        }
    }

    func testBitBelowLeadingZerosIsTheBitAfterThem() {
        for n in 0..<64 {
            XCTAssertEqual(TigersGoats.bitBelowLeadingZeros(perftTables.span, n), UInt64(1) << UInt64(63 - n), "\(n) leading zeros")
            XCTAssertEqual(TigersGoats.bitBelowLeadingZeros(perftTables.span, n).leadingZeroBitCount, n)
        }
    }
}
