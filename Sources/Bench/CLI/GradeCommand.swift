import Boards
import Foundation
import Search
import Workbench

/// `bench grade`: an agent's moves on random tablebase positions, graded by the
/// tablebase (the work is the library's `Grading`).
struct GradeCommand: Subcommand {
    static let name = "grade"
    static let table: [CommandOption] = [
        .game(offering: .tablebase), .text("agent", "SPEC", required: true, help: "the agent, e.g. alphabeta:depth=4"),
        .int("positions", in: 1...10_000_000, required: true, help: "positions to grade"),
        .seed(help: "the seed of the positions and agents"), .threads(help: "positions graded at once"),
        .text("tablebase", "FILE", shown: SolveCommand.defaultFiles, help: "the table; make it with bench solve"), .json,
        CommandOption("phase", .choice([GradingReport.Phase.sliding, .placement].map(\.rawValue)), "P", default: .text("sliding"), help: """
            sliding: positions of the tablebase, as above; placement: positions of the placement phase \
            (\(GameRegistry.names(offering: .placementPhase)); 0-38 random plies from the start, every ply equally likely) \
            graded by the placement sweep's layers: win, draw or loss only, so no fastest wins (docs/placement.md); \
            grades in one process (no --out)
            """),
        .text("placement", "DIR", shown: GameRegistry.games(offering: .placementPhase).map { $0.defaultPlacementFolder }.joined(separator: ", "),
              help: "the placement sweep's folder with all its layers; bench solve --placement-all makes it"),
        .text("out", "DIR", help: "keep the run in folder DIR: run.json, graded.jsonl (each position's values before and after "
              + "the move, appended as they are graded), report.json and report.md; an interrupted run continues with --resume"),
        .flag("resume", help: "continue the run in --out DIR (the same options), grading only the positions it lacks").needs("--out"),
        .text("shard", "K/N", help: "grade only shard K of N (K = 0...N-1; position n is shard n mod N's), into --out DIR; "
              + "join the shards with bench merge (docs/cluster.md)"),
        .agentFile,
    ]

    static var help: String {
        table.help(usage: ["bench grade --game bagh-chal --agent SPEC --positions N [--seed S] [--threads T] [--json] [--phase placement]"],
                   about: """
            Plays the agent once on each of N random positions of the tablebase (reached by
            seeded random play from the start through the placement, then 0-\(Grading.maxExtraPlies) random
            sliding moves; positions already over are drawn again) and looks the value up
            before and after its move: the share of moves that keep the value (win, draw or
            loss), the blunders win→draw, win→loss, draw→loss, and the fastest wins kept,
            with 95% Wilson intervals (docs/tablebase.md). The same seed gives the same
            positions for every agent and the same report for any --threads.
            """, footer: "Progress goes to stderr when it is a terminal.")
    }

    /// A grading's options, checked before any file is read (`bench cluster` checks a
    /// grading's arguments with this).
    struct Settings {
        let game: any SolvableWorkbenchGame.Type
        let options: Options
        let spec: String, count: Int, seed: UInt64, threads: Int, shard: Shard?, phase: GradingReport.Phase
    }

    static func settings(_ arguments: [String]) throws(WorkbenchError) -> Settings {
        let game = try GameRegistry.game(named: Options.gameName(in: arguments), offering: .tablebase)
        let options = try parse(arguments)
        let settings = Settings(game: game, options: options, spec: try options.text("--agent"), count: try options.int("--positions"),
                                seed: try options.uint64("--seed"), threads: try options.int("--threads"),
                                shard: try options.shard(folder: "--out"),
                                phase: GradingReport.Phase(rawValue: try options.text("--phase"))!)
        if settings.phase == .sliding, options.isGiven("--placement") { throw .usage("--placement needs --phase placement") }
        if settings.phase == .placement {
            for option in ["--out", "--shard", "--resume"] where options.isGiven(option) {
                throw .usage("--phase placement grades in one process; \(option) is for sliding-phase runs")
            }
        }
        return settings
    }

    /// What `bench cluster` checks of a grading before it writes the jobs, so that a
    /// mistake fails at once, not in every task: the options, the table's file, and the
    /// agent: each agent file there, or without one its spec.
    static func check(_ arguments: [String]) throws(WorkbenchError) {
        let s = try settings(arguments)
        func check<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
            _ = try tablebasePath(G.self, s.options)
            guard try !AgentFileOption.checkPresent(s.options) else { return }
            do { _ = try G.agentCatalog.checkedSpec(s.spec) } catch { throw error.prefixed("agent '\(s.spec)'") }
        }
        try check(s.game)
    }

    /// The table's file (`--tablebase`, else the game's), which must be there.
    static func tablebasePath<G: SolvableWorkbenchGame>(_ game: G.Type, _ options: Options) throws(WorkbenchError) -> String {
        let path = options.string("--tablebase") ?? G.defaultTablebaseFile
        guard try RegularFile.exists(path) else {
            throw .runtime("no tablebase at \(path) (make it with: bench solve --game \(G.name) --out \(path))")
        }
        return path
    }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do {
            let settings = try settings(arguments)
            try grade(settings.game, settings, arguments: arguments)
        } catch { throw error.prefixed(name) }
    }

    static func grade<G: SolvableWorkbenchGame>(_ game: G.Type, _ s: Settings, arguments: [String]) throws(WorkbenchError) {
        let options = s.options
        var files = [(option: "--tablebase", defaultPath: G.defaultTablebaseFile)]
        if s.phase == .placement, let placement = try? GameRegistry.game(named: G.name, offering: .placementPhase) {
            files.append(("--placement", placement.defaultPlacementFolder))
        }
        try refuseIgnoredFiles(s.spec, catalog: G.agentCatalog, options: options, files)
        // A wrong folder is refused before the table is read, not after.
        if let out = options.string("--out") { try PositionRun.checkFolder(URL(fileURLWithPath: out), GradingSpec.self, resume: options.has("--resume")) }
        let path = try tablebasePath(G.self, options)
        let progress = StatusLine.counter("positions graded")
        if s.phase == .placement {
            let placement = try GameRegistry.game(named: G.name, offering: .placementPhase)
            let report = try gradePlacement(placement, s, path: path, progress: progress)
            StatusLine.clear()
            return try Output.printResult(report, json: options.has("--json"), text: report.text)
        }
        let table = try G.loadTablebase(path)
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: G.defaultRules)
        if let out = options.string("--out") {
            let checked: AgentSpec
            do { checked = try catalog.checkedSpec(s.spec) } catch { throw error.prefixed("agent '\(s.spec)'") }
            let folder = URL(fileURLWithPath: out), resume = options.has("--resume")
            let agent = resume ? Grading.agentAsRecorded(checked, in: folder, catalog: catalog) : (spec: checked, resolved: checked.resolved.text, note: nil)
            do { _ = try catalog.make(agent.spec, seed: 0) } catch { throw WorkbenchError.runtime(error.message).prefixed("agent '\(s.spec)'") }
            InterruptMessage.install(.grading)
            let (report, repair) = try Grading.run(
                G.self, agent: checked.text, table: table, folder: folder, positions: s.count, seed: s.seed,
                shard: s.shard, resume: resume, threads: s.threads, command: benchCommandLine([name] + arguments),
                resolved: agent.resolved, progress: progress) { seed throws(ParseError) in try catalog.make(agent.spec, seed: seed) }
            StatusLine.clear()
            if let note = agent.note { Output.note("grade: --resume: \(note)") }
            if let repair { Output.note("grade: \(repair)") }
            return print(options.has("--json") ? report.json : report.text)
        }
        let report = try Grading.grade(G.self, spec: s.spec, catalog: catalog, table: table, positions: s.count, seed: s.seed,
                                       threads: s.threads, progress: progress)
        StatusLine.clear()
        try Output.printResult(report, json: options.has("--json"), text: report.text)
    }

    /// Refuses an agent that would read the default of a file an option names otherwise
    /// (`grade --agent tablebase --tablebase F` graded the agent of the default table on
    /// F's values): for each (option, its default path), an agent parameter whose default
    /// is that path and that the spec leaves unset. Checked before any file is read, on
    /// the game's own kinds (an agent file's kinds read no such default); a spec that does
    /// not parse there is left to the grading, which says why.
    static func refuseIgnoredFiles<A>(_ text: String, catalog: AgentCatalog<A>, options: Options,
                                      _ files: [(option: String, defaultPath: String)]) throws(WorkbenchError) {
        guard let spec = try? catalog.checkedSpec(text) else { return }
        for (option, defaultPath) in files {
            guard let given = options.string(option), given != defaultPath else { continue }
            for p in spec.kindDescription.parameters where p.defaultValue?.string == defaultPath && spec.given(p.name) == nil {
                throw .usage("\(option) \(given) is the grading's file; agent '\(text)' reads its own, \(defaultPath) "
                    + "(give \(spec.kind):\(p.name)=\(given) for the agent to read it too)")
            }
        }
    }

    /// `--phase placement`: the game `P`'s placement positions graded by its sweep's layers.
    static func gradePlacement<P: PlacementPhaseGame>(_ game: P.Type, _ s: Settings, path: String,
                                                      progress: (@Sendable (Int, Int) -> Void)?) throws(WorkbenchError) -> GradingReport {
        let agentFile = try AgentFileOption(s.options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(P.self, rules: P.defaultRules)
        let folder = s.options.string("--placement") ?? P.defaultPlacementFolder
        do {
            return try P.gradePlacement(spec: s.spec, catalog: catalog, table: try P.loadTablebase(path), folder: folder,
                                        positions: s.count, seed: s.seed, threads: s.threads, progress: progress)
        } catch where error.field == "placementFolder" {
            // The library says what is missing; the command line says how to make it.
            throw error.replacingDetail(error.detail + " (make them with: bench solve --game \(P.name) --placement-all \(folder))")
        }
    }
}
