import Boards
import Foundation
import Search

extension PlacementStudy {
    /// Solves the positions of `folder`'s study (all of them, or `shard`'s), appending
    /// each to the run's log as it is solved, and writes the report (``PositionRun``;
    /// `bench solve --placement … --study`). With `resume` the folder must hold this
    /// study, and only the positions it lacks are solved. Returns the report and a
    /// note when the log's last line was torn and cut. `progress` gets K, done, total.
    public static func study<G: PlacementPhaseGame>(
        _ game: G.Type, table: G.Table, spec: PlacementStudySpec, folder: URL, shard: Shard?, resume: Bool, threads: Int,
        command: String, progress: (@Sendable (_ goatsInHand: Int, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws(WorkbenchError) -> (report: PositionRunReport, repair: String?) {
        let file = PositionRunFile(command: command, spec: spec, shard: shard)
        let opened = try PositionRun.open(folder, file: file, resume: resume)
        let log = opened.log
        let failure = Locked<WorkbenchError?>(nil)
        let items = Locked<[SolvedPlacement]>(opened.done)
        for (index, k) in spec.goatsInHand.enumerated() {
            let numbers = opened.pending.map(spec.locate).filter { $0.index == index }.map(\.position)
            guard !numbers.isEmpty else { continue }
            var perK: (@Sendable (Int, Int) -> Void)? = nil
            if let progress { perK = { done, total in progress(k, done, total) } }
            let finished: @Sendable (PlacementStudy.Solved) -> Void = { solved in
                let item = SolvedPlacement(number: spec.number(index: index, position: solved.position), goatsInHand: k, solved: solved)
                do throws(WorkbenchError) { try log.append(item) } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                    return
                }
                items.withLock { $0.append(item) }
            }
            _ = G.placementSolve(table: table, steps: k, numbers: numbers, seed: spec.seed, nodeLimit: spec.nodeLimit,
                                          threads: threads, tableMegabytes: spec.tableMegabytes, progress: perK, finished: finished)
            if let error = failure.withLock({ $0 }) { throw error }
        }
        let all = items.withLock { $0 }
        let report = try PositionRun.writeReport(folder, file: opened.file, items: all, threads: threads,
                                                 seconds: all.reduce(0) { $0 + $1.seconds })
        return (report, opened.repair)
    }
}

/// `bench solve --placement K,… --study DIR`: a placement study as a ``PositionRun``,
/// so it can be resumed and sharded. Item n runs over the K's in the order given, and
/// within one K over its positions: item n is position n − (the positions of the K's
/// before) of its K, and shard n mod N's. It names no agent: what a version of the
/// solver means is its version, which `run.json` records beside the spec (shown above
/// the report).
public struct PlacementStudySpec: PositionRunSpec {
    public typealias Item = SolvedPlacement

    public var game: String
    /// The K's (goats in hand), in the order given.
    public var goatsInHand: [Int]
    /// Positions per K (one for K = 20, the start).
    public var positions: Int
    public var seed: UInt64
    public var nodeLimit: Int
    /// Each worker's transposition table in MB: the node counts depend on it.
    public var tableMegabytes: Int

    public init(game: String, goatsInHand: [Int], positions: Int, seed: UInt64, nodeLimit: Int, tableMegabytes: Int) {
        self.game = game
        self.goatsInHand = goatsInHand
        self.positions = positions
        self.seed = seed
        self.nodeLimit = nodeLimit
        self.tableMegabytes = tableMegabytes
    }

    public static var kind: String { "placement" }
    public static var logName: String { "solved.jsonl" }
    public static var itemDescription: String { "a solved placement position" }

    /// The positions of each K.
    public var counts: [Int] { goatsInHand.map { PlacementStudy.positions(goatsInHand: $0, count: positions) } }
    public var itemCount: Int { counts.reduce(0, +) }

    /// Item `number`'s K (its index in ``goatsInHand``) and position.
    public func locate(_ number: Int) -> (index: Int, position: Int) {
        var n = number
        for (i, c) in counts.enumerated() {
            if n < c { return (i, n) }
            n -= c
        }
        return (counts.count, n)
    }

    /// The item number of `position` of the K at `index`.
    public func number(index: Int, position: Int) -> Int { counts[..<index].reduce(0, +) + position }

    public func problem(with item: SolvedPlacement) -> String? {
        let (i, p) = locate(item.number)
        guard i < goatsInHand.count, item.goatsInHand == goatsInHand[i], item.position == p else {
            return "item \(item.number) is not position \(item.position) with \(item.goatsInHand) goats in hand"
        }
        guard item.nodes >= 0, item.seconds >= 0, item.seconds.isFinite else { return "nodes or seconds out of range" }
        if item.value != nil && item.nodes > nodeLimit { return "solved in \(item.nodes) nodes, over the limit \(nodeLimit)" }
        return nil
    }

    public func report(_ items: [SolvedPlacement], threads: Int, seconds: Double) throws(WorkbenchError) -> PositionRunReport {
        let reports = self.reports(items)
        return PositionRunReport(json: try JSON.text(reports),
                                 text: ([PlacementStudy.tableHeader] + reports.map(\.tableRow)).joined(separator: "\n"))
    }

    /// One report per K of `items` (sorted by number; missing ones left out), each
    /// timed by the workers' seconds on its positions.
    public func reports(_ items: [SolvedPlacement]) -> [PlacementStudy.Report] {
        var byK = [[PlacementStudy.Solved]](repeating: [], count: goatsInHand.count)
        for item in items { byK[locate(item.number).index].append(item.solved) }
        return goatsInHand.indices.map { i in
            PlacementStudy.report(goatsInHand: goatsInHand[i], solved: byK[i], nodeLimit: nodeLimit, seed: seed,
                                  seconds: byK[i].reduce(0) { $0 + $1.seconds })
        }
    }
}

/// One solved placement position, a line of `solved.jsonl`.
public struct SolvedPlacement: PositionRunItem, Equatable {
    public var number, goatsInHand, position: Int
    /// `win`, `draw` or `loss` for the goats (to move); absent when not solved within the node limit.
    public var value: TablebaseValueKindText?
    public var nodes: Int
    public var seconds: Double

    public init(number: Int, goatsInHand: Int, solved: PlacementStudy.Solved) {
        self.number = number
        self.goatsInHand = goatsInHand
        self.position = solved.position
        self.value = solved.value.map { TablebaseValueKindText(kind: $0) }
        self.nodes = solved.nodes
        self.seconds = (solved.seconds * 1e6).rounded() / 1e6
    }

    /// The position as the study solved it.
    public var solved: PlacementStudy.Solved {
        PlacementStudy.Solved(position: position, value: value?.kind, nodes: nodes, seconds: seconds)
    }
}

/// Win, draw or loss as a log writes it.
public struct TablebaseValueKindText: Codable, Equatable, Sendable {
    public var kind: TablebaseValue.Kind

    public init(kind: TablebaseValue.Kind) { self.kind = kind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let k = TablebaseValue.Kind(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(text)' is not win, draw or loss")
        }
        kind = k
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(kind.rawValue)
    }
}
