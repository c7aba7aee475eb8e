import Boards
import Workbench

/// Balls!: the tap t@x,y is action (t x 480 + y) x 320 + x; three 48x32 planes of
/// 10x10-point cells.
extension Balls: CPuzzleGame {
    static var actionCount: Int64 { Int64(BallsField.period) * Int64(BallsField.height) * Int64(BallsField.width) }
    static var actionLayout: String {
        "the tap t@x,y is (t * 480 + y) * 320 + x, t in 0...308801, x in 0...319, y in 0...479; any tap is legal before the tap (too many to list: no mask)"
    }
    static var observationShape: (planes: Int, rows: Int, columns: Int) { (3, 48, 32) }
    static func maxGameLength(_ rules: BallsRules) -> Int { 1 }
    static func utilityRange(_ rules: BallsRules) -> (min: Double, max: Double) { (0, Double(rules.ballsLevel.balls)) }
    static var listsMoves: Bool { false }

    @inline(__always)
    static func action(of tap: BallsTap) -> Int64 {
        (Int64(tap.t) * Int64(BallsField.height) + Int64(tap.y)) * Int64(BallsField.width) + Int64(tap.x)
    }

    func move(forAction action: Int64) -> BallsTap? {
        guard !isOver, (0..<Self.actionCount).contains(action) else { return nil }
        let width = Int64(BallsField.width), height = Int64(BallsField.height)
        return BallsTap(t: Int(action / (width * height)), x: Int(action % width), y: Int(action / width % height))
    }

    static func referee(taking state: Balls, seed: UInt64, rules: BallsRules) -> BallsReferee { BallsReferee(state: state) }

    static var dealDraws: (outcomes: [Never], count: Int)? { nil }
    static func dealt(_ draws: [Never], rules: BallsRules) -> Balls { BallsReferee.deal(seed: 0, level: rules.ballsLevel) }
    static func chanceAction(_ outcome: Never) -> Int64 {}
    static func chanceNotation(_ outcome: Never) -> String {}

    /// Planes of 48 rows x 32 columns (a cell is 10x10 points, row = y / 10): the balls
    /// in the cell at the state's tick, the sum of their dx, the sum of their dy.
    func writeObservation(_ out: UnsafeMutablePointer<Float>) {
        let cells = 48 * 32
        out.update(repeating: 0, count: 3 * cells)
        for i in 0..<ballCount {
            let b = ball(i, atTick: tick)
            let column = min(max(b.x, 0), BallsField.width - 1) / 10
            let row = min(max(b.y, 0), BallsField.height - 1) / 10
            let cell = row * 32 + column
            out[cell] += 1
            out[cells + cell] += Float(b.dx)
            out[2 * cells + cell] += Float(b.dy)
        }
    }
}
