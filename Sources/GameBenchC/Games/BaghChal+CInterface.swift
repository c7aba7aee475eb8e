import Boards
import Workbench

/// Bagh-Chal: a placement on point p is action p; a step or capture from f to t is
/// 25 + f x 25 + t; six 5x5 planes.
extension BaghChal: CTwoPlayerGame {
    static var actionCount: Int64 { 25 + 25 * 25 }
    static var actionLayout: String {
        "a placement on point p is p; a step or capture from f to t is 25 + f * 25 + t; points a1=0, b1=1, ..., e5=24 (rank * 5 + file)"
    }
    static var observationShape: (planes: Int, rows: Int, columns: Int) { (6, 5, 5) }
    static func maxGameLength(_ rules: Rules) -> Int { rules.plyLimit }

    @inline(__always)
    static func action(of move: Move) -> Int64 {
        move.isPlacement ? Int64(move.to) : Int64(25 &+ move.from &* 25 &+ move.to)
    }

    /// Planes (point = rank x 5 + file): goats, tigers, empty, goats to move, goats in
    /// hand / 20, goats captured / 5 (the last three constant).
    func writeObservation(_ out: UnsafeMutablePointer<Float>) {
        let toMove: Float = sideToMove == Self.goats ? 1 : 0
        let inHand = Float(goatsInHand) / Float(Self.goatsPerGame)
        let captured = Float(captures) / Float(Self.capturesToWin)
        for point in 0..<25 {
            let bit = UInt32(1) << UInt32(point)
            out[point] = goats & bit != 0 ? 1 : 0
            out[25 + point] = tigers & bit != 0 ? 1 : 0
            out[50 + point] = (goats | tigers) & bit == 0 ? 1 : 0
            out[75 + point] = toMove
            out[100 + point] = inHand
            out[125 + point] = captured
        }
    }
}
