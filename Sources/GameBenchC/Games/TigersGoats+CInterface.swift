import Boards
import Workbench

/// Tigers & Goats: action from x 64 + to (a step, slide or capture is fixed by its two
/// squares); five 8x8 planes.
extension TigersGoats: CTwoPlayerGame {
    static var actionCount: Int64 { 64 * 64 }
    static var actionLayout: String { "from * 64 + to, squares a1=0, b1=1, ..., h8=63 (rank * 8 + file)" }
    static var observationShape: (planes: Int, rows: Int, columns: Int) { (5, 8, 8) }
    static func maxGameLength(_ rules: Rules) -> Int { rules.plyLimit }

    @inline(__always)
    static func action(of move: Move) -> Int64 { Int64(move.from &* 64 &+ move.to) }

    /// Planes (square = rank x 8 + file): goats, tigers, empty, goats to move (all 1 or
    /// all 0), goats captured / 28 (constant).
    func writeObservation(_ out: UnsafeMutablePointer<Float>) {
        let toMove: Float = sideToMove == Self.goats ? 1 : 0
        let captured = Float(captures) / 28
        for square in 0..<64 {
            let bit = UInt64(1) << UInt64(square)
            out[square] = goats & bit != 0 ? 1 : 0
            out[64 + square] = tigers & bit != 0 ? 1 : 0
            out[128 + square] = (goats | tigers) & bit == 0 ? 1 : 0
            out[192 + square] = toMove
            out[256 + square] = captured
        }
    }
}
