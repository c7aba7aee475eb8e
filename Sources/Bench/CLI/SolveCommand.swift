import Boards
import Foundation
import Search
import Workbench

/// `bench solve`: a game's tablebase, read from its file or solved by retrograde
/// analysis and written there; with a placement phase, studies of it and the sweep
/// over it; for a puzzle with a deal solver, its deals (``DealSolveCommand``). What a
/// game offers comes from the registry (``Capability``).
struct SolveCommand: Subcommand {
    static let name = "solve"
    /// The tablebase's options, the placement study's and the sweep's: one table, three paragraphs of the help.
    static let tablebaseOptions: [CommandOption] = [
        .game(offering: .tablebase), .text("out", "FILE", shown: defaultFiles, help: "the table's file"),
        .threads(help: "worker threads; the table is the same for any N"),
        .flag("json", help: "print one JSON object: positions, rows (wins, draws, losses per group and side to move), seconds, ..."),
    ]
    static let studyOptions: [CommandOption] = [
        .text("placement", "K,...", help: "goats in hand, \(steps.lowerBound)...\(steps.upperBound) (\(steps.upperBound): the start position itself)"),
        .int("positions", in: 1...1_000_000, default: 20, shown: "20; 1 for K = \(steps.upperBound)", help: "positions per K"),
        .seed(help: "the positions' seed"),
        .int("node-limit", in: 1...Int.max, default: 1_000_000_000, help: "give up on a position after N nodes"),
        .int("tt", "MB", in: 1...4096, default: 256, help: "each thread's transposition table"),
        .text("study", "DIR", help: "keep the study in folder DIR: run.json, solved.jsonl (each position's value, nodes and seconds, "
              + "appended as it is solved), report.json and report.md (seconds: the workers' time); continue it with --resume"),
        .flag("resume", help: "continue the study in --study DIR (the same options)"),
    ]
    static let sweepOptions: [CommandOption] = [
        .text("placement-all", "DIR", help: "the sweep's folder of layers"),
        .text("through", "LAYER", help: "stop after LAYER (p19-goats ... p1-tigers, p0-goats)").needs("--placement-all"),
        .text("shard", "K/N", help: "a study: solve only shard K of N (item n is shard n mod N's; the items are the positions of each K "
              + "in turn) into --study DIR; join the shards with bench merge (docs/cluster.md). The sweep: compute only slice K of N "
              + "of the first unfinished layer (its children must be finished) into DIR/LAYER.shard-K-of-N.bcpl; the next run "
              + "without --shard joins the N slices (each checked) and goes on"),
    ]
    static let table = tablebaseOptions + studyOptions + sweepOptions
    /// The goats in hand a study takes, of every game with a placement phase.
    static var steps: ClosedRange<Int> { CommandOption.span(GameRegistry.games(offering: .placementPhase).map { $0.placementSteps }, else: 0...0) }

    static var help: String { """
        \(tablebaseOptions.help(usage: ["bench solve --game \(GameRegistry.names(offering: .tablebase)) [--threads N] [--out FILE] [--json]"],
                                about: """
            A game's tablebase (docs/tablebase.md; Bagh-Chal: every position of the sliding
            phase, all 20 goats placed, 0-4 captured, either side to move, once per class of
            the board's 8 symmetries) with its value for the side to move (win or loss in so
            many plies, or draw) by retrograde analysis. When FILE exists it is read and
            checked instead (a corrupt or foreign file is an error, left alone); otherwise
            the table is solved and written (a temporary file renamed into place).
            """))

        Games with a placement phase (\(GameRegistry.names(offering: .placementPhase))): with --placement K[,K...]
        the table is then used to solve it: for each K, seeded random positions with K
        goats still in hand (goats to move) are solved exactly (win, draw or loss) by
        alpha-beta down to the table, and their values and costs are printed
        (docs/tablebase.md, "The placement phase").
        \(studyOptions.helpLines)
        Progress goes to stderr when it is a terminal.

        With --placement-all DIR, the retrograde sweep over the whole placement phase
        (docs/placement.md): every position with goats in hand, 0-4 captured, either side
        to move, win/draw/loss for the side to move, layer by layer (p goats placed, side to
        move) from the last placement back to the empty board, the sliding table (FILE) as
        its base. Each finished layer is a file in DIR (written aside and renamed); a run
        continues after the last finished layer. One line per layer: positions, values,
        time and memory; at the end the start's value when its layer is done.
        \(sweepOptions.helpLines)

        \(DealSolveCommand.help)
        """ }

    /// Each solvable game's default file, for help texts.
    static var defaultFiles: String {
        GameRegistry.games(offering: .tablebase).map { "\($0.defaultTablebaseFile) for \($0.name)" }.joined(separator: ", ")
    }

    let arguments: [String]
    let options: Options

    init(_ arguments: [String]) throws(WorkbenchError) { (self.arguments, options) = (arguments, try Self.parse(arguments)) }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do {
            let name = Options.gameName(in: arguments)
            if (try? GameRegistry.game(named: name, offering: .dealSolver)) != nil { return try DealSolveCommand.run(arguments) }
            let solve = try SolveCommand(arguments)
            if solve.options.isGiven("--placement") || solve.options.isGiven("--placement-all") {
                let game = try GameRegistry.game(named: name, offering: .placementPhase)
                try solve.placement(game)
            } else {
                let game = try GameRegistry.game(named: name, offering: .tablebase)
                try solve.tablebase(game)
            }
        } catch { throw error.prefixed(name) }
    }

    /// A placement study's options, checked before any table is read (`bench cluster`
    /// checks a study's arguments with this).
    static func checkStudy(_ arguments: [String]) throws(WorkbenchError) {
        let solve = try SolveCommand(arguments)
        guard solve.options.isGiven("--placement") else {
            throw .usage("only a placement study (--placement K,... --study OUT) is split into shards")
        }
        let game = try GameRegistry.game(named: Options.gameName(in: arguments), offering: .placementPhase)
        _ = try solve.study(game)
    }

    var threads: Int { get throws(WorkbenchError) { try options.int("--threads") } }

    /// The table's file: `--out`, else the game's default.
    func tablePath<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> String {
        options.string("--out") ?? G.defaultTablebaseFile
    }

    /// Reads the table of `G` from its file, or solves and writes it, with progress.
    func obtain<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> (table: G.Table, summary: TablebaseSummary) {
        let result = try TablebaseFile.obtain(G.self, path: try tablePath(G.self), threads: try threads,
                                              progress: Self.solveProgress(groupName: G.tablebaseGroupName))
        StatusLine.clear()
        return result
    }

    /// The solver's progress on stderr: the level, the ply, the share decided, the time;
    /// `nil` when stderr is not a terminal.
    static func solveProgress(groupName: String) -> (@Sendable (Int, Int, Int, Int) -> Void)? {
        guard StatusLine.isTerminal else { return nil }
        let start = Clock.now
        return { group, ply, done, slots in
            let share = Format.fixed(Double(done) / Double(max(slots, 1)) * 100, 1)
            let what = ply == 0 ? "counting moves, \(share)% of the level" : "ply \(ply), \(share)% of the level decided"
            StatusLine.show("[\(groupName) \(group): \(what), \(Int(Clock.now - start)) s]")
        }
    }

    /// The tablebase alone.
    func tablebase<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        for name in ["--positions", "--seed", "--node-limit", "--tt", "--study", "--shard", "--resume"] where options.isGiven(name) {
            throw .usage("\(name) needs --placement")
        }
        let summary = try obtain(G.self).summary
        try Output.printResult(summary, json: options.has("--json"), text: summary.text)
    }

    /// The study of `--placement`: what to solve, its folder and its shard.
    func study<G: PlacementPhaseGame>(_ game: G.Type) throws(WorkbenchError) -> (spec: PlacementStudySpec, folder: String?, shard: Shard?) {
        let text = try options.text("--placement")
        var steps: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let k = NumberText.wholeNumber(part), G.placementSteps.contains(k) else {
                throw .usage("--placement takes goats in hand \(G.placementSteps.lowerBound)...\(G.placementSteps.upperBound), comma-separated, got '\(text)'")
            }
            // Twice would solve the same positions twice and count them twice in the report.
            guard !steps.contains(k) else { throw .usage("--placement gives \(k) twice ('\(text)')") }
            steps.append(k)
        }
        let spec = PlacementStudySpec(game: G.name, goatsInHand: steps, positions: try options.int("--positions"),
                                      seed: try options.uint64("--seed"), nodeLimit: try options.int("--node-limit"),
                                      tableMegabytes: try options.int("--tt"))
        let shard = try options.shard(folder: nil)
        let folder = options.string("--study")
        if folder == nil && (shard != nil || options.has("--resume")) { throw .usage("--shard and --resume need --study DIR (the study's folder)") }
        return (spec, folder, shard)
    }

    /// `--placement`: a study (kept in `--study DIR`, or printed); `--placement-all`: the sweep.
    func placement<G: PlacementPhaseGame>(_ game: G.Type) throws(WorkbenchError) {
        if let folder = options.string("--placement-all") {
            for name in ["--placement", "--positions", "--seed", "--node-limit", "--tt", "--study", "--resume"] where options.isGiven(name) {
                throw .usage("\(name) does not go with --placement-all")
            }
            return try sweep(G.self, folder: folder)
        }
        let (spec, studyFolder, shard) = try study(G.self)
        // Refused before the table is solved or read (a minute or more), not after. (Not in
        // study(): bench cluster's check passes its own OUT, which holds its scripts.)
        if let studyFolder {
            try PositionRun.checkFolder(URL(fileURLWithPath: studyFolder), PlacementStudySpec.self, resume: options.has("--resume"))
        }
        let table = try obtain(G.self).table
        let threads = try threads
        let json = options.has("--json")
        let start = Clock.now
        var progress: (@Sendable (Int, Int, Int) -> Void)? = nil
        if StatusLine.isTerminal {
            progress = { k, done, total in StatusLine.show("[\(k) in hand: \(done)/\(total) positions, \(Int(Clock.now - start)) s]") }
        }
        if let dir = studyFolder {
            InterruptMessage.install(.study)
            let (report, repair) = try PlacementStudy.study(G.self, table: table, spec: spec, folder: URL(fileURLWithPath: dir),
                                                            shard: shard, resume: options.has("--resume"), threads: threads,
                                                            command: benchCommandLine([Self.name] + arguments), progress: progress)
            StatusLine.clear()
            if let repair { Output.note("solve: \(repair)") }
            return print(json ? report.json : report.text)
        }
        var reports: [PlacementStudy.Report] = []
        if !json { print(PlacementStudy.tableHeader) }
        for k in spec.goatsInHand {
            var perK: (@Sendable (Int, Int) -> Void)? = nil
            if let progress { perK = { done, total in progress(k, done, total) } }
            let r = G.placementStudy(table: table, steps: k, count: spec.positions, seed: spec.seed, nodeLimit: spec.nodeLimit,
                                     threads: threads, tableMegabytes: spec.tableMegabytes, progress: perK)
            StatusLine.clear()
            reports.append(r)
            if !json { print(r.tableRow) }
        }
        if json { try Output.printJSON(reports) }
    }

    /// `--placement-all DIR`: the layered retrograde sweep over the placement phase.
    func sweep<G: PlacementPhaseGame>(_ game: G.Type, folder: String) throws(WorkbenchError) {
        let settings = PlacementSweep.Settings(folder: folder, tablePath: try tablePath(G.self), through: options.string("--through"),
                                               shard: try options.shard(folder: nil))
        let progress = StatusLine.isTerminal ? SweepProgress() : nil
        let json = options.has("--json")
        var first = true
        let outcome = try G.sweepPlacement(settings, threads: try threads, progress: progress.map { $0.update }) { r in
            StatusLine.clear()
            if json { return }
            if first { print(PlacementSweep.header); first = false }
            print(PlacementSweep.row(r))
            fflush(nil)
        }
        StatusLine.clear()
        if let slice = outcome.slice { return print(slice) }
        guard let summary = outcome.summary else { return }
        try Output.printResult(summary, json: json, text: summary.text)
    }
}

/// The sweep's progress on stderr: the layer, the share done, the rate and the time left.
final class SweepProgress: Sendable {
    let start = Locked((layer: "", at: Clock.now))

    func update(_ layer: String, _ done: Int, _ total: Int) {
        let (name, at) = start.withLock { s in
            if s.layer != layer { s = (layer, Clock.now) }
            return s
        }
        let seconds = Clock.now - at
        let rate = Double(done) / max(seconds, 1e-9)
        let left = rate > 0 ? Double(total - done) / rate : 0
        StatusLine.show("[\(name): \(Format.fixed(Double(done) / Double(max(total, 1)) * 100, 1))% of \(total) slots, "
            + "\(Int(seconds)) s, \(Format.fixed(rate / 1e6, 2)) M slots/s, about \(Int(left)) s left]")
    }
}
