import Boards
import Search

/// Tigers & Goats in the workbench: its rule options, agents and board display.
extension TigersGoats: TwoPlayerWorkbenchGame {
    public typealias Evaluator = TigersGoatsEvaluator
    public typealias Format = ColourSwappedPairs<TigersGoats>

    public static var title: String { "Tigers & Goats" }

    public static var defaultRules: Rules { .standard }

    public static var moveSummary: String { "a goat or tiger step, or a tiger's capturing jump" }

    public static var ruleParameters: [Parameter] {
        [Parameter("ply-limit", .integer(Rules.plyLimits), default: .integer(Rules.standard.plyLimit), help: "draw at this ply"),
         Parameter("long-range", .flag, default: .flag(Rules.standard.longRangeCapture),
                   help: "the long-range capture variant (docs/rules.md)")]
    }

    public static func rules(_ values: RuleValues) throws(WorkbenchError) -> Rules {
        Rules(plyLimit: values.int("ply-limit"), longRangeCapture: values.bool("long-range"))
    }

    public static var defaultAgents: [String] { ["random", "greedy", "alphabeta:depth=4", "mcts:playouts=1000,cap=10"] }

    public static func start(_ rules: Rules) -> TigersGoats { TigersGoats(rules: rules) }

    public static func position(parsing text: String, rules: Rules) throws(ParseError) -> TigersGoats {
        try TigersGoats(parsing: text, rules: rules)
    }

    /// The board, rank 8 at the top; goats in danger red (or marked `!`).
    public static func board(_ p: TigersGoats, color: Bool) -> String {
        let danger = p.goatsInDanger
        var lines: [String] = []
        for rank in stride(from: 7, through: 0, by: -1) {
            var row = "\(rank + 1) "
            for file in 0..<8 {
                let b: UInt64 = 1 << UInt64(rank * 8 + file)
                if p.tigers & b != 0 {
                    row += color ? " \u{1B}[1;33mT\u{1B}[0m" : " T "
                } else if p.goats & b != 0 {
                    if danger & b != 0 { row += color ? " \u{1B}[1;31mG\u{1B}[0m" : " G!" } else { row += color ? " G" : " G " }
                } else {
                    row += color ? " ." : " . "
                }
            }
            lines.append(row)
        }
        lines.append(color ? "   a b c d e f g h" : "   a  b  c  d  e  f  g  h ")
        let inDanger = danger.nonzeroBitCount
        lines.append("\(sideName(p.sideToMove)) to move, goats captured \(p.captures), ply \(p.plyCount)"
            + (inDanger > 0 ? ", goats in danger: \(inDanger)" : ""))
        return lines.joined(separator: "\n")
    }
}

/// The rules as `tournament.json` stores them: `plyLimit` and `longRange` beside the
/// tournament's other settings (the keys of format 1, so old folders still load).
extension TigersGoats.Rules: Codable {
    enum CodingKeys: String, CodingKey { case plyLimit, longRange }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(plyLimit: try c.decodeIfPresent(Int.self, forKey: .plyLimit) ?? Self.standard.plyLimit,
                  longRangeCapture: try c.decodeIfPresent(Bool.self, forKey: .longRange) ?? Self.standard.longRangeCapture)
        // A stored ply limit out of range is refused, not clamped.
        do { _ = try validated() } catch {
            throw DecodingError.dataCorruptedError(forKey: .plyLimit, in: c, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(plyLimit, forKey: .plyLimit)
        try c.encode(longRangeCapture, forKey: .longRange)
    }
}
