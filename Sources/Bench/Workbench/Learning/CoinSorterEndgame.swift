import Boards
import Foundation
import Search

/// The end game of recorded Coin Sorter games, solved exactly (``CoinSorterExact``):
/// for each game of an agent, the position it reached with `turns` turns left, the
/// best expected further points a non-clairvoyant player gets from there, what the
/// agent's own move there is worth with perfect play after it, what the agent really
/// scored from there, and the most the deal held for a player who sees the draws.
public enum CoinSorterEndgame {
    /// One position.
    public struct Position: Sendable {
        public var deal: UInt64
        /// V*: the best expected further points (perfect non-clairvoyant play).
        public var best: Double
        /// Q*(agent's move): the agent's move, then perfect play.
        public var agentMove: Double
        /// The points the agent really scored from the position.
        public var realized: Int
        /// The most points the deal's real draws allowed from the position.
        public var clairvoyant: Int
    }

    /// One agent's summary.
    public struct Row: Sendable {
        public var agent: String
        public var positions: [Position]
        public func summary(_ f: (Position) -> Double) -> SampleSummary { SampleSummary(positions.map(f)) }
    }

    /// Reads the tournament folder's games, each checked as `bench report` checks it (a
    /// record of another tournament, out of range or given twice is an error), and solves
    /// the positions with `turns` turns left of each agent named (every puzzle agent but
    /// oracles when none), on `threads`. Returns the rows and a note when the log's last
    /// line was cut short (it is not counted).
    public static func analyse(folder: URL, agents: [String]?, turns: Int, deals: Int?,
                               threads: Int) throws(WorkbenchError) -> (rows: [Row], note: String?) {
        let (file, _) = try TournamentFolder.readFile(folder, as: NoRules.self)
        guard file.config.game == CoinSorter.name else {
            throw .usage("\(folder.path) holds a \(file.config.game) tournament, not a \(CoinSorter.name) one")
        }
        let log = folder.appendingPathComponent(TournamentFolder.logName)
        var records: [GameRecord] = []
        let note = try TournamentFolder.scan(log, check: RecordCheck<CoinSorter>(file: file, source: TournamentFolder.logName)) {
            record, _ in records.append(record)
        }
        // In the run's agent order, not the log's: the log's order depends on which thread
        // finished first, and the same run must print the same table.
        let played = Set(records.map { $0.agents[0] })
        var names: [String] = []
        for a in file.config.agents where played.contains(a) && !names.contains(a) && !Clairvoyance.isOracle(a) { names.append(a) }
        if let agents {
            for (i, a) in agents.enumerated() where agents[..<i].contains(a) {
                throw .usage("agent '\(a)' is given twice", field: "agents")
            }
            for a in agents where !names.contains(a) {
                throw .usage("no games of '\(a)' in \(log.path) (agents: \(names.joined(separator: ", ")))")
            }
            names = agents
        }
        var rows: [Row] = []
        for name in names {
            let sorted = records.filter { $0.agents[0] == name }.sorted { $0.seed < $1.seed }
            let games = deals.map { Array(sorted.prefix($0)) } ?? sorted
            let positions = try ForkJoin.mapTasks(count: games.count, workers: threads) { i throws(WorkbenchError) in
                try solve(games[i], turns: turns)
            }
            rows.append(Row(agent: name, positions: positions))
        }
        return (rows, note)
    }

    /// The game replayed to `turns` turns left, and that position solved.
    static func solve(_ game: GameRecord, turns: Int) throws(WorkbenchError) -> Position {
        var referee = CoinSorterReferee(seed: game.seed)
        func parse(_ text: String) throws(WorkbenchError) -> CoinSorter.Swap {
            do { return try referee.state.parseMove(text) } catch { throw .runtime("game \(game.index): move '\(text)': \(error.message)") }
        }
        var moves = game.moves[...]
        while referee.state.turnsLeft > turns, let text = moves.first {
            moves = moves.dropFirst()
            referee.play(try parse(text))
        }
        guard referee.state.turnsLeft == turns, let text = moves.first else {
            throw .runtime("game \(game.index) never reaches \(turns) turns left with a move to play")
        }
        let s = referee.state
        let move = try parse(text)
        guard let final = game.puzzleScore else { throw .runtime("game \(game.index) has no score") }
        return Position(deal: game.seed, best: CoinSorterExact.value(s), agentMove: CoinSorterExact.actionValue(s, move),
                        realized: final - s.score, clairvoyant: CoinSorterExact.clairvoyantValue(referee))
    }

    /// The table of `rows`, in Markdown.
    public static func markdown(_ rows: [Row], turns: Int) -> String {
        func cell(_ s: SampleSummary) -> String {
            guard let m = s.mean else { return "—" }
            guard let h = s.halfWidth else { return Format.fixed(m, 3) }
            return "\(Format.fixed(m, 3)) ± \(Format.fixed(h, 3))"
        }
        var o = ["| agent | positions | agent scored (real draws) | agent's move, then perfect (Q*) | perfect non-clairvoyant (V*) | seeing the draws | V* − Q*: the agent's move costs | optimal moves |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for r in rows {
            let optimal = r.positions.filter { $0.best - $0.agentMove < 1e-9 }.count
            o.append("| `\(r.agent)` | \(r.positions.count) | \(cell(r.summary { Double($0.realized) })) | \(cell(r.summary(\.agentMove))) | "
                + "\(cell(r.summary(\.best))) | \(cell(r.summary { Double($0.clairvoyant) })) | \(cell(r.summary { $0.best - $0.agentMove })) | "
                + "\(r.positions.isEmpty ? "—" : Format.fixed(100 * Double(optimal) / Double(r.positions.count), 1) + "%") |")
        }
        o.append("")
        o.append("Positions with \(turns) turn\(turns == 1 ? "" : "s") left that each agent reached (mean ± 95% half-width). "
            + "V*: exact expectimax, every refill enumerated; Q*: the agent's recorded move there, then V*; seeing the draws: "
            + "the most the deal's real refills allowed (a clairvoyant ceiling).")
        return o.joined(separator: "\n") + "\n"
    }
}
