import Boards
import Foundation
import Search

extension Grading {
    /// Grades the agent `make` makes on the positions of `folder`'s run (all of them,
    /// or `shard`'s), appending each block to the run's log, and writes the report
    /// (``PositionRun``; `bench grade --out`). `resolved` is what the agent's name
    /// means (``AgentSpec/resolved``; the name itself when `nil`, for an agent not made
    /// from a spec), recorded in `run.json`. With `resume` the folder must hold this
    /// run, and the agent must still resolve as recorded; only the positions it lacks
    /// are graded. Returns the report and a note
    /// when the log's last line was torn and cut.
    public static func run<G: SolvableWorkbenchGame>(
        _ game: G.Type, agent: String, table: G.Table, folder: URL, positions: Int, seed: UInt64, shard: Shard?,
        resume: Bool, threads: Int, command: String, resolved: String? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        make: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>
    ) throws(WorkbenchError) -> (report: PositionRunReport, repair: String?) {
        var spec = GradingSpec(game: G.name, agent: agent, positions: positions, seed: seed)
        spec.resolvedAgent = resolved ?? agent
        let file = PositionRunFile(command: command, spec: spec, shard: shard)
        let opened = try PositionRun.open(folder, file: file, resume: resume)
        let clock = Clock(seconds: nil)
        var items = opened.done
        try grade(G.self, agent: agent, table: table, numbers: opened.pending, seed: seed, threads: threads,
                  progress: progress, make: make) { block throws(WorkbenchError) in
            try opened.log.append(contentsOf: block)
            items += block
        }
        let report = try PositionRun.writeReport(folder, file: opened.file, items: items, threads: threads, seconds: clock.elapsed)
        return (report, opened.repair)
    }

    /// The agent a resumed grading in `folder` plays, and the resolved spec it records:
    /// `checked` (the agent as given), or the spec the run recorded when this version
    /// reads the name as another agent (``ResolvedSpecs/asRecorded(_:name:now:catalog:)``),
    /// with a note saying so. `checked` as it is when the folder holds no grading of it.
    public static func agentAsRecorded<A>(_ checked: AgentSpec, in folder: URL,
                                          catalog: AgentCatalog<A>) -> (spec: AgentSpec, resolved: String, note: String?) {
        let now = checked.resolved.text
        guard let saved = try? PositionRun.readFile(folder, as: GradingSpec.self), saved.spec.agent == checked.text,
              let recorded = saved.spec.resolvedAgent,
              let (spec, note) = ResolvedSpecs.asRecorded(recorded, name: checked.text, now: now, catalog: catalog)
        else { return (checked, now, nil) }
        return (note == nil ? checked : spec, recorded, note)
    }
}

/// `bench grade --out DIR`: an agent's grading as a ``PositionRun``, so it can be
/// resumed and sharded (position n is shard n mod N's). Everything the grades depend
/// on is here; the tablebase is not, because every correct table gives the same values.
public struct GradingSpec: PositionRunSpec {
    public typealias Item = GradedLine

    public var game: String
    /// The agent's spec as the catalog checked it.
    public var agent: String
    public var positions: Int
    public var seed: UInt64
    /// What ``agent`` meant when the run started, every setting explicit
    /// (``AgentSpec/resolved``); absent from the files of earlier versions.
    public var resolvedAgent: String?

    public init(game: String, agent: String, positions: Int, seed: UInt64) {
        self.game = game
        self.agent = agent
        self.positions = positions
        self.seed = seed
    }

    /// Equal runs: the resolved agents count only when both files record one (a
    /// folder of an earlier version resumes and merges on the agent's name).
    public static func == (a: GradingSpec, b: GradingSpec) -> Bool {
        a.game == b.game && a.agent == b.agent && a.positions == b.positions && a.seed == b.seed
            && (a.resolvedAgent == nil || b.resolvedAgent == nil || a.resolvedAgent == b.resolvedAgent)
    }

    public func meaningChange(since saved: GradingSpec) -> String? {
        guard agent == saved.agent, let was = saved.resolvedAgent, let now = resolvedAgent, was != now else { return nil }
        return ResolvedSpecs.difference([was], [now], names: [agent])
    }

    public func meaningMarkdown(version: String?) -> String {
        ResolvedSpecs.markdown(names: [agent], resolved: resolvedAgent.map { [$0] }, version: version)
    }

    public static var kind: String { "grading" }
    public static var logName: String { "graded.jsonl" }
    public static var itemDescription: String { "a graded position" }
    public var itemCount: Int { positions }

    public func problem(with item: GradedLine) -> String? {
        guard item.seconds >= 0, item.seconds.isFinite else { return "seconds \(item.seconds) is not a time" }
        // A move never makes a position better than its value (a draw into a win, a
        // loss into a draw or a win): a grade that claims so is damaged.
        let rank: [TablebaseValue.Kind: Int] = [.loss: 0, .draw: 1, .win: 2]
        if rank[item.move.after.kind]! > rank[item.move.before.kind]! {
            return "the value after the move (\(item.move.after)) is better than before it (\(item.move.before))"
        }
        return nil
    }

    public func report(_ items: [GradedLine], threads: Int, seconds: Double) throws(WorkbenchError) -> PositionRunReport {
        let report = GradingReport(game: game, agent: agent, seed: seed, threads: threads, seconds: seconds,
                                   moves: items.map(\.move))
        return PositionRunReport(json: try JSON.text(report), text: report.text)
    }
}

/// One graded position, a line of `graded.jsonl`: its number, the values before and
/// after the move as short codes (`W7` a win in 7 plies, `L12` a loss in 12, `D` a
/// draw), the termination when an external agent forfeited, and the seconds it took.
public struct GradedLine: PositionRunItem, Equatable {
    public var number: Int
    public var move: GradedMove
    public var seconds: Double

    public init(number: Int, move: GradedMove, seconds: Double) {
        self.number = number
        self.move = move
        self.seconds = seconds
    }

    enum CodingKeys: String, CodingKey { case position, before, after, forfeit, seconds }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        number = try c.decode(Int.self, forKey: .position)
        func value(_ key: CodingKeys) throws -> TablebaseValue {
            let text = try c.decode(String.self, forKey: key)
            guard let v = TablebaseValue(code: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "'\(text)' is not a value (W7, L12 or D)")
            }
            return v
        }
        move = GradedMove(before: try value(.before), after: try value(.after),
                          forfeit: try c.decodeIfPresent(Termination.self, forKey: .forfeit))
        seconds = try c.decode(Double.self, forKey: .seconds)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(number, forKey: .position)
        try c.encode(move.before.shortCode, forKey: .before)
        try c.encode(move.after.shortCode, forKey: .after)
        try c.encodeIfPresent(move.forfeit, forKey: .forfeit)
        try c.encode((seconds * 1e6).rounded() / 1e6, forKey: .seconds)
    }
}

extension TablebaseValue {
    /// `W7` (a win in 7 plies), `L12`, `D`: a value in a log line.
    public var shortCode: String {
        switch self {
        case .draw: return "D"
        case .win(let n): return "W\(n)"
        case .loss(let n): return "L\(n)"
        }
    }

    /// The value of a ``shortCode``; `nil` when the text is not one. (Any ply count
    /// is accepted: a reduced table, won at fewer captures, has a "win in 0".)
    public init?(code text: String) {
        if text == "D" { self = .draw; return }
        guard let first = text.first, "WL".contains(first), let n = Int(text.dropFirst()), n >= 0, n <= 100_000,
              String(n) == text.dropFirst() else { return nil }
        self = first == "W" ? .win(plies: n) : .loss(plies: n)
    }
}
