import Boards
import Foundation

/// What a ``PositionRun`` computes, e.g. an agent's grades on N positions: everything
/// its results depend on, so that two folders with equal specs hold parts of one run.
public protocol PositionRunSpec: Codable, Equatable, Sendable {
    /// One finished item (a graded position, a solved one), a line of the run's log.
    associatedtype Item: PositionRunItem

    /// The run's kind in `run.json` (`grading`, `placement`).
    static var kind: String { get }
    /// The log's file name (`graded.jsonl`).
    static var logName: String { get }
    /// What a line of the log is, for errors (`a graded position`).
    static var itemDescription: String { get }

    /// The number of items of the whole run (numbered from 0).
    var itemCount: Int { get }

    /// Why `item` cannot be one of this run's (a value out of range), or `nil`.
    func problem(with item: Item) -> String?

    /// The report of `items` (sorted by number), as `report.json` and `report.md`
    /// hold it; `threads` and `seconds` are the timing fields.
    func report(_ items: [Item], threads: Int, seconds: Double) throws(WorkbenchError) -> PositionRunReport

    /// What changed in the meaning of the run since `saved` was recorded (an agent's
    /// resolved spec: `agent 'X': lmr was off, now on`), or `nil`; `--resume` refuses
    /// a run whose meaning changed, naming it.
    func meaningChange(since saved: Self) -> String?

    /// The Markdown lines above the report's table that say what the run's names meant
    /// when it was recorded by bench `version` (``ResolvedSpecs/markdown(names:resolved:version:)``).
    func meaningMarkdown(version: String?) -> String
}

extension PositionRunSpec {
    public func meaningChange(since saved: Self) -> String? { nil }

    public func meaningMarkdown(version: String?) -> String {
        "Computed by bench \(version ?? "(version not recorded: a run of a version before 0.9.0)").\n"
    }
}

/// One finished item of a ``PositionRun``.
public protocol PositionRunItem: Codable, Sendable {
    /// The item's number in the run, from 0.
    var number: Int { get }
    /// Seconds a worker spent on it (summed for a merged run's time).
    var seconds: Double { get }
}

/// A run's report: the JSON `--json` prints and the text printed otherwise.
public struct PositionRunReport: Sendable {
    public var json, text: String

    public init(json: String, text: String) {
        self.json = json
        self.text = text
    }
}

/// A position run's `run.json`: the kind, the spec and the shard.
public struct PositionRunFile<Spec: PositionRunSpec>: Codable, Equatable, Sendable {
    /// The file's format.
    public var format = 1
    /// ``PositionRunSpec/kind``.
    public var kind: String
    /// The command line that started the run, for people (not compared).
    public var command: String
    /// What is computed.
    public var spec: Spec
    /// The part of the items this folder computes; `nil` for all of them.
    public var shard: Shard?
    /// The workbench version that started the run (``WorkbenchVersion``); absent from
    /// the files of earlier versions. Not compared: what a version changes is in the
    /// spec's resolved parts (``PositionRunSpec/meaningChange(since:)``).
    public var version: String?

    public init(command: String, spec: Spec, shard: Shard?) {
        self.kind = Spec.kind
        self.command = command
        self.spec = spec
        self.shard = shard
        self.version = WorkbenchVersion.current
    }

    /// Whether item `number` is this folder's: item n belongs to shard n mod N.
    public func owns(_ number: Int) -> Bool { shard?.owns(unit: number) ?? true }

    /// The item numbers this folder computes, in order.
    public var numbers: [Int] { (0..<spec.itemCount).filter(owns) }

    /// Whether `other` is the same run and shard (the command aside).
    public func sameRun(as other: Self) -> Bool { kind == other.kind && spec == other.spec && shard == other.shard }
}

/// A long computation over numbered positions kept in a folder, so that it survives
/// interruption and can be split over machines (`bench grade --out`, `bench solve
/// --placement … --study`; docs/cluster.md):
///
/// - `run.json`: the ``PositionRunFile`` (kind, spec, shard);
/// - the log (``PositionRunSpec/logName``): one JSON line per finished item, in the
///   order they finished, appended in blocks and synchronised;
/// - `report.json` and `report.md`: written once every item of the folder is in.
///
/// `--resume` reads the log and computes only the missing items; shards (item n is
/// shard n mod N's) are joined by ``merge(_:into:partial:)`` into the folder one
/// machine would have written (the log sorted by number).
public enum PositionRun {
    /// The file names in a run's folder.
    public static let configName = "run.json"
    public static let reportJSONName = "report.json"
    public static let reportTextName = "report.md"

    /// An opened run: its log for appending and the items already done.
    public struct Opened<Spec: PositionRunSpec> {
        /// The folder, locked for the run.
        public var run: RunFolder
        public var log: JSONLinesLog<Spec.Item>
        public var done: [Spec.Item]
        /// A note for the user when the log's last line was torn and cut.
        public var repair: String?
        /// The numbers still to compute, in order.
        public var pending: [Int]
        /// The run's file as recorded (resuming: its spec and version as the folder
        /// holds them, with this run's command), for the report.
        public var file: PositionRunFile<Spec>
    }

    /// The folder's files for runs of `Spec`.
    static func layout<Spec: PositionRunSpec>(_ spec: Spec.Type) -> RunLayout {
        RunLayout(what: "run", configName: configName, lockName: Spec.logName)
    }

    /// Refuses a folder a run of `Spec` could not start in or resume from, before its
    /// table is solved or read (``RunFolder/check(_:_:resume:)``).
    public static func checkFolder<Spec: PositionRunSpec>(_ folder: URL, _ spec: Spec.Type, resume: Bool) throws(WorkbenchError) {
        try RunFolder.check(folder, layout(Spec.self), resume: resume)
    }

    /// The kind named in the `run.json` of `folder` (`nil` when it has none).
    public static func kind(of folder: URL) throws(WorkbenchError) -> String? {
        let url = folder.appendingPathComponent(configName)
        guard let data = try RegularFile.contents(url.path) else { return nil }
        struct Kind: Decodable { var kind: String }
        do { return try JSONDecoder().decode(Kind.self, from: data).kind } catch {
            throw .runtime("\(url.path) is not a run file (\(JSON.describe(error)))")
        }
    }

    /// Opens `folder` for the run `file` describes: creates it and writes `run.json`
    /// (refusing a folder that holds a run), or with `resume` checks that it holds
    /// this run and shard and reads its items (each checked). Nothing is written
    /// before every check has passed (``RunFolder``).
    public static func open<Spec>(_ folder: URL, file: PositionRunFile<Spec>, resume: Bool) throws(WorkbenchError) -> Opened<Spec> {
        let logURL = folder.appendingPathComponent(Spec.logName)
        guard resume else {
            let run = try RunFolder.create(folder, layout(Spec.self), config: try JSON.text(file) + "\n")
            return Opened(run: run, log: try JSONLinesLog(appendingTo: logURL), done: [], repair: nil, pending: file.numbers,
                          file: file)
        }
        let run = try RunFolder.resume(folder, layout(Spec.self))
        let (saved, done): (PositionRunFile<Spec>, [Spec.Item])
        do throws(WorkbenchError) {
            saved = try readFile(folder, as: Spec.self)
            if let change = file.spec.meaningChange(since: saved.spec) {
                throw WorkbenchError.usage("the run means something else now than when it started (\(change)) and this version "
                    + "cannot run it as recorded; continue with \(ResolvedSpecs.starter(saved.version)) or start a new folder")
            }
            try run.requireSame(saved.sameRun(as: file), command: saved.command)
            done = try readItems(folder, file: saved).items
        } catch { throw error.named("resume") }
        let repair = try run.repairLog(Spec.Item.self, Spec.logName, describing: Spec.itemDescription)
        let have = Set(done.map(\.number))
        // The report says what the run recorded (nothing, for a run of an earlier
        // version), not what this version makes of the names.
        var recorded = saved
        recorded.command = file.command
        return Opened(run: run, log: try JSONLinesLog(appendingTo: logURL), done: done, repair: repair,
                      pending: file.numbers.filter { !have.contains($0) }, file: recorded)
    }

    /// The `run.json` of `folder`, as a run of `Spec`.
    public static func readFile<Spec>(_ folder: URL, as spec: Spec.Type) throws(WorkbenchError) -> PositionRunFile<Spec> {
        let url = folder.appendingPathComponent(configName)
        guard let data = try RegularFile.contents(url.path) else { throw .usage("\(folder.path) holds no run (\(configName) missing)") }
        if let kind = try Self.kind(of: folder), kind != Spec.kind {
            throw .usage("\(folder.path) holds a \(kind) run, not a \(Spec.kind) run")
        }
        if let key = JSON.duplicateKey(in: data) { throw .runtime("\(url.path): key '\(key)' appears twice") }
        let file: PositionRunFile<Spec>
        do { file = try JSONDecoder().decode(PositionRunFile<Spec>.self, from: data) } catch {
            throw .runtime("\(url.path) is not a \(Spec.kind) run file (\(JSON.describe(error)))")
        }
        guard file.kind == Spec.kind, file.format == 1 else {
            throw .runtime("\(url.path) is not a \(Spec.kind) run file (kind '\(file.kind)', format \(file.format))")
        }
        if let shard = file.shard, !Shard.countRange.contains(shard.count) || !(0..<shard.count).contains(shard.index) {
            throw .runtime("\(url.path): shard \(shard.index)/\(shard.count) is not a shard")
        }
        return file
    }

    /// The items in the log of `folder` whose `run.json` is `file`, in log order, each
    /// checked: a line that is not an item, an item of another shard, out of range or
    /// given twice is a runtime error naming the file and line. A torn last line (a
    /// run killed while writing it) is left out and reported in `torn`.
    public static func readItems<Spec>(_ folder: URL, file: PositionRunFile<Spec>) throws(WorkbenchError)
        -> (items: [Spec.Item], torn: Bool)
    {
        let url = folder.appendingPathComponent(Spec.logName)
        var items: [Spec.Item] = []
        var seen = Set<Int>()
        let shape = try JSONLinesLog<Spec.Item>.scan(url, describing: Spec.itemDescription) { item, line throws(WorkbenchError) in
            let where_ = "\(url.path) line \(line)"
            guard (0..<file.spec.itemCount).contains(item.number) else {
                throw .runtime("\(where_): item \(item.number) is outside the run (0...\(file.spec.itemCount - 1))")
            }
            guard file.owns(item.number) else {
                throw .runtime("\(where_): item \(item.number) belongs to another shard than \(file.shard.map(String.init(describing:)) ?? "")")
            }
            guard seen.insert(item.number).inserted else { throw .runtime("\(where_): item \(item.number) appears twice") }
            if let problem = file.spec.problem(with: item) { throw .runtime("\(where_): \(problem)") }
            items.append(item)
        }
        return (items, shape.tornLastLine)
    }

    /// Writes the report of a folder's `items` (any order) as `report.json` and
    /// `report.md`, each whole; returns it.
    @discardableResult
    public static func writeReport<Spec>(_ folder: URL, file: PositionRunFile<Spec>, items: [Spec.Item], threads: Int,
                                         seconds: Double) throws(WorkbenchError) -> PositionRunReport {
        let report = try file.spec.report(items.sorted { $0.number < $1.number }, threads: threads, seconds: seconds)
        try RunFolder.writeWhole(report.json + "\n", to: folder.appendingPathComponent(reportJSONName))
        let shardLine = file.shard.map { "Shard \($0) of the run: its items only (bench merge joins the shards).\n\n" } ?? ""
        let meaning = file.spec.meaningMarkdown(version: file.version) + "\n"
        try RunFolder.writeWhole("```\n\(file.command)\n```\n\n" + shardLine + meaning + report.text + "\n",
                       to: folder.appendingPathComponent(reportTextName))
        try ReportPage.write(folder: folder, title: "\(Spec.kind) run", command: file.command, markdown: shardLine + meaning + report.text)
        return PositionRunReport(json: report.json, text: meaning + report.text)
    }

    /// Joins the folders of a run's shards into the new folder `out`: `run.json`
    /// without the shard (and with `command` applied to its command), the log sorted
    /// by item number, and the report, as one machine writes them (the timing fields
    /// aside: `seconds` is the workers' time summed). Refuses (usage error, one line)
    /// a folder without a shard, a foreign shard, a shard given twice and an `out`
    /// that holds something; refuses (runtime error) damaged items and, unless
    /// `partial`, missing ones, naming them. Nothing is left in `out` when it fails.
    public static func merge<Spec: PositionRunSpec>(_ folders: [URL], as spec: Spec.Type, into out: URL, partial: Bool,
                                                    command: (String) -> String = { $0 }) throws(WorkbenchError) -> MergeOutcome {
        var files: [PositionRunFile<Spec>] = []
        for folder in folders { files.append(try readFile(folder, as: Spec.self)) }
        guard let first = files.first else { throw .usage("no shard folders given", field: "shards") }
        let byIndex = try Shard.together(files.map(\.shard), folders: folders, configName: configName, what: "run",
                                         differ: "options, seed or shard count") { files[$0].spec == first.spec }
        // A torn last line (a shard killed while writing it) is an item not done: missing.
        var items: [Spec.Item] = []
        for (folder, file) in zip(folders, files) { items += try readItems(folder, file: file).items }
        items.sort { $0.number < $1.number }
        let missing = first.spec.itemCount - items.count
        if missing > 0 && !partial {
            let have = Set(items.map(\.number))
            let names = (0..<first.spec.itemCount).lazy.filter { !have.contains($0) }.prefix(5).map(String.init)
            throw .runtime("\(missing) of \(first.spec.itemCount) items missing (first: \(names.joined(separator: ", "))"
                + ")\(Shard.absentText(byIndex, count: first.shard!.count)); rerun those shards or merge what there is",
                field: "partial")
        }
        var whole = first
        whole.shard = nil
        whole.command = command(first.command)
        let report = try RunFolder.writeAside(out) { aside throws(WorkbenchError) in
            try RunFolder.writeWhole(try JSON.text(whole) + "\n", to: aside.appendingPathComponent(configName))
            let log = try JSONLinesLog<Spec.Item>(appendingTo: aside.appendingPathComponent(Spec.logName))
            for start in stride(from: 0, to: items.count, by: 4096) {
                try log.append(contentsOf: Array(items[start..<min(start + 4096, items.count)]))
            }
            return try writeReport(aside, file: whole, items: items, threads: files.count,
                                   seconds: items.reduce(0) { $0 + $1.seconds })
        }
        return MergeOutcome(text: report.text, missing: missing, missingWhat: "items", shards: files.count)
    }
}

/// The runs of a ``PositionRunSpec`` as a kind of sharded run (``ShardedRuns``).
public enum PositionRunKind<Spec: PositionRunSpec>: ShardedRunKind {
    public static func holds(_ folder: URL) throws(WorkbenchError) -> Bool { try PositionRun.kind(of: folder) == Spec.kind }

    public static func merge(_ folders: [URL], into out: URL, partial: Bool,
                             command: (String) -> String) throws(WorkbenchError) -> MergeOutcome {
        try PositionRun.merge(folders, as: Spec.self, into: out, partial: partial, command: command)
    }
}
