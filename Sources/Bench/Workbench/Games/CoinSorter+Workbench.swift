import Boards
import Foundation
import Search

/// Coin Sorter in the workbench: its agents, referee and board display.
extension CoinSorter: PuzzleWorkbenchGame {
    public typealias Referee = CoinSorterReferee
    public typealias Format = SharedDeals<CoinSorter>
    public typealias Rules = NoRules

    public static var title: String { "Coin Sorter" }
    public static var defaultRules: NoRules { NoRules() }
    public static var chance: Chance { .everyTurn }
    public static var moveSummary: String { "a swap of the coins on two cells" }
    public static var ruleParameters: [Parameter] { [] }
    public static func rules(_ values: RuleValues) throws(WorkbenchError) -> NoRules { NoRules() }
    public static var defaultAgents: [String] { ["random", "greedy", "expectimax"] }
    public static var agentCatalog: AgentCatalog<any PuzzleAgent<CoinSorter>> { CoinSorterAgents.catalog }

    /// The grid with column letters and row numbers, then the turns left and the score.
    public static func board(_ s: CoinSorter) -> String {
        var lines = ["   a b c d e"]
        for row in 0..<5 {
            lines.append("\(row + 1)  " + (0..<5).map { String(s.coin(at: row * 5 + $0).letter) }.joined(separator: " "))
        }
        lines.append("turns left \(s.turnsLeft), score \(s.score)")
        return lines.joined(separator: "\n")
    }
}

extension CoinSorterReferee: PuzzleReferee {
    /// Deals the game of `seed` (Coin Sorter has no rule variants).
    public init(seed: UInt64, rules: NoRules) { self.init(seed: seed, turns: CoinSorter.turnsPerGame) }
}

/// The rules of a game without variants: nothing to set, nothing stored.
public struct NoRules: Sendable, Equatable, Codable {
    public init() {}
}

/// Coin Sorter's learned evaluation (the n-tuple network) is trained by TD learning
/// (``CoinSorterTraining``, docs/learning.md).
extension CoinSorter: TrainableGame {
    public static var trainedFileName: String { CoinSorterTraining.weightsName }
    public static var learningRates: ClosedRange<Double> { CoinSorterTraining.alphaRange }
    public static var trainingStages: ClosedRange<Int> { CoinSorterTraining.stageRange }

    public static func compareRuns(_ runs: [(name: String, folder: URL)], out: URL) throws(WorkbenchError) {
        try CoinSorterTraining.compare(runs, out: out)
    }

    public static func train(folder: URL, episodes: Int, threads: Int, seed: UInt64?, alpha: Double?, batch: Int?,
                             method: TrainingMethod, resume: Bool,
                             report: (CoinSorterTraining.CurvePoint, Double) -> Void) throws(WorkbenchError) -> String {
        let training = CoinSorterTraining(folder: folder, episodes: episodes, threads: threads, seed: seed, alpha: alpha, batch: batch,
                                          method: method)
        let (s, symmetric, stages) = try training.run(resume: resume, report: report)
        let extras = (symmetric ? ", symmetric tuples" : "")
            + (stages != CoinSorterNTuple.turnTables ? ", \(stages) stage\(stages == 1 ? "" : "s")" : "")
            + (s.coherence ? ", temporal coherence" : "")
            + (s.initialValue != 0 ? ", initial value \(s.initialValue)" : "")
        return "\(s.episodes) episodes (seed \(s.seed), alpha \(s.alpha), batch \(s.batch)\(extras))"
    }
}

/// Coin Sorter's last turns are solved exactly by expectimax over every refill
/// (``CoinSorterEndgame``).
extension CoinSorter: ExactEndgameGame {
    public static var endgameTurns: ClosedRange<Int> { 1...2 }

    public static func endgame(folder: URL, agents: [String]?, turns: Int, deals: Int?,
                               threads: Int) throws(WorkbenchError) -> (table: String, note: String?) {
        let (rows, note) = try CoinSorterEndgame.analyse(folder: folder, agents: agents, turns: turns, deals: deals, threads: threads)
        return (CoinSorterEndgame.markdown(rows, turns: turns), note)
    }
}
