import Boards
import Search

/// Balls! in the workbench: its level as the one rule option, its agents, referee,
/// pass target and a text picture of the field.
extension Balls: PuzzleWorkbenchGame {
    public typealias Referee = BallsReferee
    public typealias Format = SharedDeals<Balls>
    public typealias Rules = BallsRules

    public static var title: String { "Balls!" }
    public static var defaultRules: BallsRules { BallsRules() }
    public static var chance: Chance { .deal }
    public static var moveSummary: String { "one tap t@x,y: after t ticks (0-308801), an explosion at the point (x in 0-319, y in 0-479)" }
    public static var ruleParameters: [Parameter] {
        [Parameter("level", .integer(BallsLevel.numbers), default: .integer(BallsRules().level),
                   help: "the Balls! level: its number of balls and the target to pass")]
    }
    public static func rules(_ values: RuleValues) throws(WorkbenchError) -> BallsRules { BallsRules(level: values.int("level")) }
    public static var defaultAgents: [String] { ["random", "greedy"] }
    /// A tap holds a comma (`37@100,100`), so blanks alone separate a `--moves` list.
    public static var movesSeparatedByCommas: Bool { false }
    public static var agentCatalog: AgentCatalog<any PuzzleAgent<Balls>> { BallsAgents.catalog }

    public static func passTarget(_ rules: BallsRules) -> Int? { rules.ballsLevel.target }

    /// The tick the level ended, once it is over.
    public static func measures(_ state: Balls) -> [(name: String, value: Int)] {
        state.endTick.map { [("ticks", $0)] } ?? []
    }

    /// The field as a grid of 32 x 24 characters (a cell is 10 x 20 points): `o` a
    /// ball, a digit the number of balls when several share a cell; then the level,
    /// target, tick and score, and the position text.
    public static func board(_ s: Balls) -> String {
        let columns = 32, rows = 24
        var counts = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        for b in s.balls(atTick: s.tick) {
            let c = min(max(b.x, 0), BallsField.width - 1) * columns / BallsField.width
            let r = min(max(b.y, 0), BallsField.height - 1) * rows / BallsField.height
            counts[r][c] += 1
        }
        var lines = ["+" + String(repeating: "-", count: columns) + "+"]
        for row in counts {
            lines.append("|" + String(row.map { $0 == 0 ? "." : $0 == 1 ? "o" : Character(String(min($0, 9))) }) + "|")
        }
        lines.append(lines[0])
        let level = s.level
        if s.isOver {
            lines.append("level \(level.number) over after tick \(s.tick): \(s.score) of \(level.balls) balls exploded, "
                + "target \(level.target): \(s.passed == true ? "passed" : "not passed")")
        } else {
            lines.append("level \(level.number): \(level.balls) balls, target \(level.target); the field at tick \(s.tick) "
                + "(tap t@x,y counts ticks from 0; `show T` shows tick T)")
        }
        lines.append(s.text)
        return lines.joined(separator: "\n")
    }

    /// `show T`: the field at tick T (before the tap).
    public static func view(_ state: Balls, command: String) throws(ParseError) -> String? {
        let words = command.split(separator: " ")
        guard words.first == "show" else { return nil }
        guard words.count == 2, let t = NumberText.wholeNumber(words[1]), (0...BallsField.lastTapTick).contains(t) else {
            throw ParseError("show T: T must be a tick in 0...\(BallsField.lastTapTick)")
        }
        guard !state.isOver else { throw ParseError("show T: the level is over") }
        return board(state.shown(atTick: t))
    }

    public static var viewHelp: String? { "`show T` (the field at tick T)" }
}

/// The rules of a Balls! game: the level played (1–10).
public struct BallsRules: Sendable, Equatable, Codable {
    /// The level's number.
    public var level: Int

    /// Level `level` (1 when not given); the command line checks the range.
    public init(level: Int = 1) { self.level = level }

    /// The level (a level built by hand out of 1...10 is taken as the nearest one).
    public var ballsLevel: BallsLevel { BallsLevel(min(max(level, 1), 10))! }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        level = try c.decode(Int.self, forKey: .level)
        guard BallsLevel(level) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .level, in: c, debugDescription: "level \(level) is not in 1...10")
        }
    }
}

extension BallsReferee: PuzzleReferee {
    /// Deals the level of `rules` from `seed`.
    public init(seed: UInt64, rules: BallsRules) { self.init(seed: seed, level: rules.ballsLevel) }
}

/// Balls! deals are solved by ``BallsSolver`` (``DealSolving``), and its simulator
/// timed by ``BallsTapProfile``.
extension Balls: DealSolvingGame {
    public static var levels: ClosedRange<Int> { BallsLevel.numbers }
    public static var defaultLastTick: Int { BallsSolverAgent.defaultLast }
    public static var lastTicks: ClosedRange<Int> { 0...BallsField.lastTapTick }

    public static func solveDeals(_ settings: DealSolving.Settings, threads: Int) -> DealSolving.Summary {
        DealSolving.solveBalls(settings, threads: threads)
    }

    public static func simulatorSpeed(level: Int, deals: Int, taps: Int, hits: Bool) -> BallsTapProfile.Result {
        BallsTapProfile.measure(level: BallsLevel(level)!, deals: deals, taps: taps, hits: hits)
    }
}
