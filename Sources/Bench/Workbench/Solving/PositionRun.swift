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
    public var json: String
    public var text: String

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

    public init(command: String, spec: Spec, shard: Shard?) {
        self.kind = Spec.kind
        self.command = command
        self.spec = spec
        self.shard = shard
    }

    /// Whether item `number` is this folder's: item n belongs to shard n mod N.
    public func owns(_ number: Int) -> Bool {
        guard let shard else { return true }
        return number % shard.count == shard.index
    }

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
        public var log: JSONLinesLog<Spec.Item>
        public var done: [Spec.Item]
        /// A note for the user when the log's last line was torn and cut.
        public var repair: String?
        /// The numbers still to compute, in order.
        public var pending: [Int]
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
    /// before every check has passed.
    public static func open<Spec>(_ folder: URL, file: PositionRunFile<Spec>, resume: Bool) throws(WorkbenchError) -> Opened<Spec> {
        let fm = FileManager.default
        let configURL = folder.appendingPathComponent(configName)
        let logURL = folder.appendingPathComponent(Spec.logName)
        if resume {
            guard fm.fileExists(atPath: configURL.path) else {
                throw .usage("--resume: no run in \(folder.path) (\(configName) missing)")
            }
            let log = try JSONLinesLog<Spec.Item>(appendingTo: logURL, exclusive: true)
            let saved = try within("--resume") { () throws(WorkbenchError) in try readFile(folder, as: Spec.self) }
            guard saved.sameRun(as: file) else {
                throw .usage("--resume: the options differ from the run in \(folder.path) (\(saved.command))")
            }
            let done = try within("--resume") { () throws(WorkbenchError) in try readItems(folder, file: saved).items }
            let repair = try within("--resume") { () throws(WorkbenchError) in
                try JSONLinesLog<Spec.Item>.repairTornLastLine(logURL, describing: Spec.itemDescription)
            }
            let have = Set(done.map(\.number))
            return Opened(log: log, done: done, repair: repair, pending: file.numbers.filter { !have.contains($0) })
        }
        func occupied() -> Bool {
            let size = (try? fm.attributesOfItem(atPath: logURL.path)[.size] as? Int) ?? 0
            return fm.fileExists(atPath: configURL.path) || size > 0
        }
        if occupied() { throw .usage("\(folder.path) already holds a run; resume it (--resume) or use another folder") }
        do { try fm.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .runtime("cannot create output folder \(folder.path)")
        }
        guard fm.isWritableFile(atPath: folder.path) else { throw .runtime("output folder \(folder.path) is not writable") }
        let log = try JSONLinesLog<Spec.Item>(appendingTo: logURL, exclusive: true)
        if occupied() { throw .usage("\(folder.path) already holds a run; resume it (--resume) or use another folder") }
        try writeWhole(try JSON.text(file) + "\n", to: configURL)
        return Opened(log: log, done: [], repair: nil, pending: file.numbers)
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
        try writeWhole(report.json + "\n", to: folder.appendingPathComponent(reportJSONName))
        let shardLine = file.shard.map { "Shard \($0) of the run: its items only (bench merge joins the shards).\n\n" } ?? ""
        try writeWhole("```\n\(file.command)\n```\n\n" + shardLine + report.text + "\n",
                       to: folder.appendingPathComponent(reportTextName))
        return report
    }

    /// What a merge did.
    public struct MergeOutcome: Sendable {
        public var report: PositionRunReport
        /// Items of the run found in no shard (only with `partial`).
        public var missing: Int
        public var shards: Int
    }

    /// Joins the folders of a run's shards into the new folder `out`: `run.json`
    /// without the shard, the log sorted by item number, and the report, as one
    /// machine writes them (the timing fields aside: `seconds` is the workers' time
    /// summed). Refuses (usage error, one line) a folder without a shard, a foreign
    /// shard, a shard given twice and an `out` that holds something; refuses (runtime
    /// error) damaged items and, unless `partial`, missing ones, naming them. Nothing
    /// is left in `out` when it fails (written aside, renamed at the end).
    public static func merge<Spec: PositionRunSpec>(_ folders: [URL], as spec: Spec.Type, into out: URL,
                                                    partial: Bool) throws(WorkbenchError) -> MergeOutcome {
        var files: [PositionRunFile<Spec>] = []
        for folder in folders { files.append(try within("merge") { () throws(WorkbenchError) in try readFile(folder, as: Spec.self) }) }
        guard let first = files.first else { throw .usage("merge: no shard folders given") }
        let byIndex = try Shard.together(files.map(\.shard), folders: folders, configName: configName, what: "run",
                                         differ: "options, seed or shard count", out: out) { files[$0].spec == first.spec }
        let count = first.shard!.count
        let fm = FileManager.default
        // A torn last line (a shard killed while writing it) is an item not done: missing.
        var items: [Spec.Item] = []
        for (folder, file) in zip(folders, files) { items += try within("merge") { () throws(WorkbenchError) in try readItems(folder, file: file).items } }
        items.sort { $0.number < $1.number }
        let missing = first.spec.itemCount - items.count
        if missing > 0 && !partial {
            var have = Set(items.map(\.number)), names: [Int] = []
            for n in 0..<first.spec.itemCount where !have.contains(n) {
                names.append(n)
                if names.count == 5 { break }
            }
            have.removeAll()
            let absent = (0..<count).filter { byIndex[$0] == nil }
            let shardsText = absent.isEmpty ? "" : "; shards not given: " + absent.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
                + (absent.count > 10 ? ", …" : "")
            throw .runtime("merge: \(missing) of \(first.spec.itemCount) items missing (first: "
                + names.map(String.init).joined(separator: ", ") + ")\(shardsText); rerun those shards or merge with --partial")
        }
        // Written aside, then renamed: a failed merge leaves nothing behind.
        let parent = out.deletingLastPathComponent()
        let aside = parent.appendingPathComponent(".\(out.lastPathComponent).merging-\(getpid())")
        try? fm.removeItem(at: aside)
        do { try fm.createDirectory(at: aside, withIntermediateDirectories: true) } catch {
            throw .runtime("merge: cannot create \(aside.path)")
        }
        var whole = first
        whole.shard = nil
        whole.command = Self.unshardedCommand(first.command, out: out.path)
        let report: PositionRunReport
        do {
            try writeWhole(try JSON.text(whole) + "\n", to: aside.appendingPathComponent(configName))
            let log = try JSONLinesLog<Spec.Item>(appendingTo: aside.appendingPathComponent(Spec.logName))
            var block: [Spec.Item] = []
            for item in items {
                block.append(item)
                if block.count == 4096 { try log.append(contentsOf: block); block.removeAll(keepingCapacity: true) }
            }
            try log.append(contentsOf: block)
            report = try writeReport(aside, file: whole, items: items, threads: files.count,
                                     seconds: items.reduce(0) { $0 + $1.seconds })
            if fm.fileExists(atPath: out.path) { try? fm.removeItem(at: out) }
            do { try fm.moveItem(at: aside, to: out) } catch { throw WorkbenchError.runtime("merge: cannot rename \(aside.path) to \(out.path)") }
        } catch let error as WorkbenchError {
            try? fm.removeItem(at: aside)
            throw error
        } catch {
            try? fm.removeItem(at: aside)
            throw .runtime("merge: \(error)")
        }
        return MergeOutcome(report: report, missing: missing, shards: files.count)
    }

    /// A shard's command as one machine would run it: without `--shard`, `--threads`
    /// and `--resume`, and writing to `out` (`--study` for a placement study, else `--out`).
    static func unshardedCommand(_ command: String, out: String) -> String {
        let value = #"(=| )('[^']*'|\S+)"#
        let folderOption = command.range(of: " --study" + value, options: .regularExpression) != nil ? "--study" : "--out"
        var c = command
        for pattern in [" --shard" + value, " --threads" + value, " --resume(?= |$)", " \(folderOption)" + value] {
            c = c.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return c + " " + benchCommandLine([folderOption, out]).dropFirst("bench ".count)
    }

    /// `body`'s value, its error with `context` in front.
    static func within<T>(_ context: String, _ body: () throws(WorkbenchError) -> T) throws(WorkbenchError) -> T {
        do { return try body() } catch { throw error.prefixed(context) }
    }

    /// Writes `text` to `url` whole (aside, then renamed).
    static func writeWhole(_ text: String, to url: URL) throws(WorkbenchError) {
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch { throw .runtime("cannot write \(url.path)") }
    }
}
