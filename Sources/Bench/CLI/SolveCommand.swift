import Boards
import Foundation
import Search
import Synchronization
import Workbench

/// `bench solve`: a game's tablebase, read from its file or solved by retrograde
/// analysis and written there (the work is the library's `TablebaseFile`).
struct SolveCommand: TablebaseCommand {
    static let name = "solve"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--threads": .value, "--out": .value, "--json": .flag,
        "--placement": .value, "--positions": .value, "--seed": .value, "--node-limit": .value, "--tt": .value,
        "--study": .value, "--shard": .value, "--resume": .flag,
        "--placement-all": .value, "--through": .value, "--join": .value,
    ]

    static let help = """
        usage: bench solve --game bagh-chal [--threads N] [--out FILE] [--json]

        The tablebase of Bagh-Chal's sliding phase (docs/tablebase.md): every position
        with all 20 goats placed, 0-4 captured, either side to move, once per class of
        the board's 8 symmetries, with its value for the side to move (win or loss in
        so many plies, or draw) by retrograde analysis. When FILE exists it is read and
        checked instead (a corrupt or foreign file is an error, left alone); otherwise
        the table is solved and written (a temporary file renamed into place).
          --out FILE        the table's file (default \(defaultFiles))
          --threads N       worker threads (default: the active cores); the table is the same for any N
          --json            print one JSON object: positions, rows (wins, draws, losses per
                            captured count and side to move), seconds, ...

        With --placement K[,K...] the table is then used to solve the placement phase:
        for each K, seeded random positions with K goats still in hand (goats to move)
        are solved exactly (win, draw or loss) by alpha-beta down to the table, and
        their values and costs are printed (docs/tablebase.md, "The placement phase").
          --placement K,...  goats in hand, 1...20 (20: the start position itself)
          --positions N     positions per K (default 20; 1 for K = 20)
          --seed S          the positions' seed (default 1)
          --node-limit N    give up on a position after N nodes (default 1000000000)
          --tt MB           each thread's transposition table (default 256)
          --study DIR       keep the study in folder DIR: run.json, solved.jsonl (each position's
                            value, nodes and seconds, appended as it is solved), report.json and
                            report.md (seconds: the workers' time); continue it with --resume
          --resume          continue the study in --study DIR (the same options)
          --shard K/N       solve only shard K of N (item n is shard n mod N's; the items are the
                            positions of each K in turn) into --study DIR; join the shards with
                            bench merge (docs/cluster.md)
        Progress goes to stderr when it is a terminal.

        With --placement-all DIR, the retrograde sweep over the whole placement phase
        (docs/placement.md): every position with goats in hand, 0-4 captured, either side
        to move, win/draw/loss for the side to move, layer by layer (p goats placed, side to
        move) from the last placement back to the empty board, the sliding table (FILE) as
        its base. Each finished layer is a file in DIR (written aside and renamed); a run
        continues after the last finished layer. One line per layer: positions, values,
        time and memory; at the end the start's value when its layer is done.
          --through LAYER   stop after LAYER (p19-goats ... p1-tigers, p0-goats)
          --shard K/N       compute only slice K of N of the first unfinished layer (its children
                            must be finished) into DIR/LAYER.shard-K-of-N.bcpl
          --join N          join the N slices of the first unfinished layer into its file
        """

    let arguments: [String]

    static let withoutTablebase = "has no tablebase"

    /// Each solvable game's default file, for help texts.
    static var defaultFiles: String {
        GameRegistry.games.compactMap { $0 as? any SolvableWorkbenchGame.Type }
            .map { "\($0.defaultTablebaseFile) for \($0.name)" }.joined(separator: ", ")
    }

    func run<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared)
        let threads = try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024)
        let path = options.string("--out") ?? G.defaultTablebaseFile
        guard !path.isEmpty else { throw .usage("solve: --out needs a file name, got ''") }
        if let folder = options.string("--placement-all") {
            guard G.self == BaghChal.self else { throw .usage("solve: --placement-all is for bagh-chal") }
            return try placementSweep(options, folder: folder, tablePath: path, threads: threads)
        }
        for name in ["--through", "--join"] where options.string(name) != nil {
            throw .usage("solve: \(name) needs --placement-all DIR")
        }
        let progress = isatty(STDERR_FILENO) != 0 ? SolveProgress(groupName: G.tablebaseGroupName) : nil
        var report: (@Sendable (Int, Int, Int, Int) -> Void)? = nil
        if let progress { report = { group, ply, decided, slots in progress.update(group, ply, decided, slots) } }
        var placement: [Int] = []
        if let text = options.string("--placement") {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let k = NumberText.wholeNumber(part), (1...20).contains(k) else {
                    throw .usage("solve: --placement takes goats in hand 1...20, comma-separated, got '\(text)'")
                }
                placement.append(k)
            }
        }
        let count = try options.int("--positions", default: 20, in: 1...1_000_000)
        let seed = try options.uint64("--seed", default: 1)
        let nodeLimit = try options.int("--node-limit", default: 1_000_000_000, in: 1...Int.max)
        let megabytes = try options.int("--tt", default: 256, in: 1...4096)
        if placement.isEmpty {
            for name in ["--positions", "--seed", "--node-limit", "--tt", "--study", "--shard", "--resume"] where options.string(name) != nil || options.has(name) {
                throw .usage("solve: \(name) needs --placement")
            }
        }
        let shard = try shard(options)
        let studyFolder = options.string("--study")
        if studyFolder == "" { throw .usage("solve: --study needs a folder name, got ''") }
        if studyFolder == nil && (shard != nil || options.has("--resume")) {
            throw .usage("solve: --shard and --resume need --study DIR (the study's folder)")
        }
        let (table, summary) = try TablebaseFile.obtain(G.self, path: path, threads: threads, progress: report)
        progress?.finish()
        if let dir = studyFolder {
            let spec = PlacementStudySpec(game: G.name, goatsInHand: placement, positions: count, seed: seed, nodeLimit: nodeLimit,
                                          tableMegabytes: megabytes)
            return try studyRun(G.self, table: table, spec: spec, folder: URL(fileURLWithPath: dir), shard: shard,
                                resume: options.has("--resume"), threads: threads, json: options.has("--json"))
        }
        if !placement.isEmpty {
            return try study(G.self, table: table, placement: placement, count: count, seed: seed, nodeLimit: nodeLimit,
                             threads: threads, megabytes: megabytes, json: options.has("--json"))
        }
        if options.has("--json") {
            try Output.printJSON(summary)
        } else {
            print(summary.text)
        }
    }
}

extension SolveCommand {
    /// `--placement`: the positions of each K solved down to the table, as a table or JSON.
    func study<G: SolvableWorkbenchGame>(_ game: G.Type, table: G.Table, placement: [Int], count: Int, seed: UInt64,
                                         nodeLimit: Int, threads: Int, megabytes: Int, json: Bool) throws(WorkbenchError) {
        var reports: [PlacementStudy.Report] = []
        if !json { print(PlacementStudy.tableHeader) }
        for k in placement {
            let terminal = isatty(STDERR_FILENO) != 0
            let start = Clock.now
            var progress: (@Sendable (Int, Int) -> Void)? = nil
            if terminal {
                progress = { (done: Int, total: Int) -> Void in
                    let seconds = Int(Clock.now - start)
                    let line = "[\(k) in hand: \(done)/\(total) positions, \(seconds) s]"
                    FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
                }
            }
            guard let r = G.placementStudy(table: table, steps: k, count: count, seed: seed, nodeLimit: nodeLimit,
                                           threads: threads, tableMegabytes: megabytes, progress: progress) else {
                throw .usage("solve: \(G.name) has no placement phase to solve")
            }
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            reports.append(r)
            if !json { print(r.tableRow) }
        }
        if json { try Output.printJSON(reports) }
    }
}

extension SolveCommand {
    /// `--shard K/N`, if given (it needs `--study`).
    func shard(_ options: Options) throws(WorkbenchError) -> Shard? { try options.shard(command: Self.name, folder: nil) }

    /// `--placement … --study DIR`: the study as a position run, resumable and shardable.
    func studyRun<G: SolvableWorkbenchGame>(_ game: G.Type, table: G.Table, spec: PlacementStudySpec, folder: URL, shard: Shard?,
                                            resume: Bool, threads: Int, json: Bool) throws(WorkbenchError) {
        let terminal = isatty(STDERR_FILENO) != 0
        let start = Clock.now
        var progress: (@Sendable (Int, Int, Int) -> Void)? = nil
        if terminal {
            progress = { k, done, total in
                let line = "[\(k) in hand: \(done)/\(total) positions, \(Int(Clock.now - start)) s]"
                FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
            }
        }
        let (report, repair) = try PlacementStudy.study(G.self, table: table, spec: spec, folder: folder, shard: shard,
                                                        resume: resume, threads: threads,
                                                        command: benchCommandLine([Self.name] + arguments), progress: progress)
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        if let repair { Output.note("solve: \(repair)") }
        print(json ? report.json : report.text)
    }
}

/// The solver's progress on stderr: the level, the ply, the share decided, the time.
final class SolveProgress: Sendable {
    let groupName: String
    let start = Clock.now

    init(groupName: String) { self.groupName = groupName }

    func update(_ group: Int, _ ply: Int, _ done: Int, _ slots: Int) {
        let share = Output.fixed(Double(done) / Double(max(slots, 1)) * 100, 1)
        let what = ply == 0 ? "counting moves, \(share)% of the level" : "ply \(ply), \(share)% of the level decided"
        let line = "[\(groupName) \(group): \(what), \(Int(Clock.now - start)) s]"
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}

extension SolveCommand {
    /// `--placement-all DIR`: the layered retrograde sweep over the placement phase.
    func placementSweep(_ options: Options, folder: String, tablePath: String, threads: Int) throws(WorkbenchError) {
        guard !folder.isEmpty else { throw .usage("solve: --placement-all needs a folder name, got ''") }
        for name in ["--placement", "--positions", "--seed", "--node-limit", "--tt", "--study", "--resume"]
        where options.string(name) != nil || options.has(name) {
            throw .usage("solve: \(name) does not go with --placement-all")
        }
        let index = BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex())
        var through: BaghChalPlacementLayer? = nil
        if let text = options.string("--through") {
            guard let layer = BaghChalPlacementLayer(name: text), index.layers.contains(layer) else {
                throw .usage("solve: --through takes a layer p19-goats, p19-tigers, ..., p1-tigers, p0-goats; got '\(text)'")
            }
            through = layer
        }
        let shard = try options.shard(command: Self.name, folder: nil)
        let join = try options.string("--join").map { _ throws(WorkbenchError) in try options.int("--join", default: 1, in: 1...Shard.countRange.upperBound) }
        if shard != nil && (join != nil || through != nil) { throw .usage("solve: --shard goes without --join and --through") }
        if join != nil && through != nil { throw .usage("solve: --join goes without --through") }
        let sliding = { () throws(TablebaseFileError) -> BaghChalTablebase in
            guard FileManager.default.fileExists(atPath: tablePath) else {
                throw TablebaseFileError("the sliding table \(tablePath) is missing (make it with: bench solve --game bagh-chal --out \(tablePath))")
            }
            return try TablebaseCache.table(BaghChalTablebase.self, tablePath)
        }
        let progress = isatty(STDERR_FILENO) != 0 ? SweepProgress() : nil
        var report: (@Sendable (BaghChalPlacementLayer, Int, Int) -> Void)? = nil
        if let progress { report = { layer, done, total in progress.update(layer, done, total) } }
        let json = options.has("--json")
        do {
            if let shard {
                let r = try BaghChalPlacementRun.shard(shard.index, of: shard.count, index: index, sliding: sliding, folder: folder,
                                                       threads: threads, progress: report)
                progress?.finish()
                print("layer \(r.layer) shard \(shard): \(r.counts.positions) positions (\(r.counts.wins) win, \(r.counts.draws) draw, "
                    + "\(r.counts.losses) loss) in \(Output.fixed(r.seconds, 1)) s: \(r.path)")
                return
            }
            if let join {
                let r = try BaghChalPlacementRun.join(join, index: index, folder: folder)
                print(PlacementSweepSummary.row(r))
                return
            }
            var first = true
            let reports = try BaghChalPlacementRun.run(index: index, sliding: sliding, folder: folder, threads: threads, through: through,
                                                       progress: report) { r in
                progress?.finish()
                if json { return }
                if first { print(PlacementSweepSummary.header(index: index)); first = false }
                print(PlacementSweepSummary.row(r))
                fflush(nil)
            }
            let summary = try PlacementSweepSummary(index: index, folder: folder, reports: reports)
            if json { try Output.printJSON(summary) } else { print(summary.text) }
        } catch let error as TablebaseFileError {
            throw .runtime("solve: \(error.message)")
        } catch let error as WorkbenchError {
            throw error
        } catch {
            throw .runtime("solve: \(error)")
        }
    }
}

/// The sweep's progress on stderr: the layer, the share done, the rate and the time left.
final class SweepProgress: Sendable {
    let start = Mutex<(layer: String, at: ContinuousClock.Instant)>(("", .now))

    func update(_ layer: BaghChalPlacementLayer, _ done: Int, _ total: Int) {
        let (name, at) = start.withLock { s in
            if s.layer != layer.description { s = (layer.description, .now) }
            return s
        }
        let d = ContinuousClock.now - at
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        let rate = Double(done) / max(seconds, 1e-9)
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = "[\(name): \(Output.fixed(Double(done) / Double(max(total, 1)) * 100, 1))% of \(total) slots, "
            + "\(Int(seconds)) s, \(Output.fixed(rate / 1e6, 2)) M slots/s, about \(Int(left)) s left]"
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}

/// What `bench solve --placement-all` prints: the layers, the totals, and the start's value.
struct PlacementSweepSummary: Encodable {
    var folder: String
    /// Positions (classes) of every layer of the placement phase, done or not.
    var positions: Int
    /// Positions of the layers finished in the folder (the reports may stop earlier, at --through).
    var positionsDone: Int
    var layersDone: Int
    var layers: [BaghChalPlacementRun.LayerReport]
    /// Positions per layer by Burnside's lemma, every layer (name: classes).
    var plannedPositions: [String: Int]
    /// The start's value for the goats (`nil` until p0-goats is done).
    var start: String?
    /// Each first placement's value for the goats (`nil` until p1-tigers is done).
    var firstPlacements: [String: String]?

    init(index: BaghChalPlacementIndex, folder: String, reports: [BaghChalPlacementRun.LayerReport]) throws {
        self.folder = folder
        positions = index.layers.reduce(0) { $0 + index.classCount($1) }
        let done = index.layers.filter { FileManager.default.fileExists(atPath: BaghChalPlacementRun.path(folder, $0)) }
        positionsDone = done.reduce(0) { $0 + index.classCount($1) }
        layersDone = done.count
        layers = reports
        plannedPositions = Dictionary(uniqueKeysWithValues: index.layers.map { ($0.description, index.classCount($0)) })
        let names = ["loss", "draw", "win"]
        func value(_ p: BaghChal) throws -> String? {
            guard let (layer, slot) = index.slot(of: p) else { return nil }
            let path = BaghChalPlacementRun.path(folder, layer)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return names[Int(try BaghChalPlacementFile.read(path, index: index, layer: layer).values.value(slot))]
        }
        let origin = BaghChal()
        start = try value(origin)
        var first: [String: String] = [:]
        for move in origin.legalMoves {
            var child = origin
            child.play(move)
            guard let v = try value(child) else { break }
            first[origin.notation(of: move)] = v == "win" ? "loss" : v == "loss" ? "win" : "draw"
        }
        firstPlacements = first.count == origin.legalMoves.count ? first : nil
    }

    static func header(index: BaghChalPlacementIndex) -> String {
        "| layer | slots | positions | win | draw | loss | seconds | CPU s | values MiB | peak RSS MiB | |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    }

    static func row(_ r: BaghChalPlacementRun.LayerReport) -> String {
        func g(_ n: Int) -> String { Format.grouped(UInt64(n)) }
        let mib = { (b: Int?) in b.map { Output.fixed(Double($0) / 1_048_576, 0) } ?? "" }
        return "| \(r.layer) | \(g(r.slots)) | \(g(r.positions)) | \(g(r.wins)) | \(g(r.draws)) | \(g(r.losses)) | "
            + "\(Output.fixed(r.seconds, 1)) | \(r.cpuSeconds.map { Output.fixed($0, 1) } ?? "") | \(mib(r.valueBytes)) | \(mib(r.peakResidentBytes)) | \(r.source) |"
    }

    var text: String {
        var lines = ["positions in all layers (each class under the 8 symmetries once): \(Format.grouped(UInt64(positions)))",
                     "layers done: \(layersDone) of \(plannedPositions.count), \(Format.grouped(UInt64(positionsDone))) positions"]
        if let start { lines.append("the start, goats to move: \(start)") }
        if let firstPlacements {
            lines.append("first placements (value for the goats): "
                + firstPlacements.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
