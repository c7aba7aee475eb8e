import Boards
import Foundation
import Search
import Workbench

/// `bench grade`: an agent's moves on random tablebase positions, graded by the
/// tablebase (the work is the library's `Grading`).
struct GradeCommand {
    static let name = "grade"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--agent": .value, "--positions": .value, "--seed": .value, "--threads": .value,
        "--tablebase": .value, "--json": .flag, AgentFileOption.name: .value,
        "--out": .value, "--shard": .value, "--resume": .flag, "--phase": .value, "--placement": .value,
    ]

    static var help: String { """
        usage: bench grade --game bagh-chal --agent SPEC --positions N [--seed S] [--threads T] [--json] [--phase placement]

        Plays the agent once on each of N random positions of the tablebase (reached by
        seeded random play from the start through the placement, then 0-\(Grading.maxExtraPlies) random
        sliding moves; positions already over are drawn again) and looks the value up
        before and after its move: the share of moves that keep the value (win, draw or
        loss), the blunders win→draw, win→loss, draw→loss, and the fastest wins kept,
        with 95% Wilson intervals (docs/tablebase.md). The same seed gives the same
        positions for every agent and the same report for any --threads.
          --agent SPEC      the agent, e.g. alphabeta:depth=4 (required)
          --positions N     positions to grade, 1...10000000 (required)
          --seed S          the seed of the positions and agents (default 1)
          --threads T       positions graded at once (default: the active cores)
          --tablebase FILE  the table (default \(SolveCommand.defaultFiles); make it with bench solve)
          --json            print one JSON object
          --phase P         sliding (default): positions of the tablebase, as above; placement:
                            positions of the placement phase (\(GameRegistry.names(offering: .placementPhase)); 0-38 random plies
                            from the start, every ply equally likely) graded by the placement
                            sweep's layers: win, draw or loss only, so no fastest wins
                            (docs/placement.md); grades in one process (no --out)
          --placement DIR   the placement sweep's folder with all its layers (default
                            \(GameRegistry.games(offering: .placementPhase).map { $0.defaultPlacementFolder }.joined(separator: ", "));
                            bench solve --placement-all makes it)
          --out DIR         keep the run in folder DIR: run.json, graded.jsonl (each position's
                            values before and after the move, appended as they are graded),
                            report.json and report.md; an interrupted run continues with --resume
          --resume          continue the run in --out DIR (the same options), grading only the
                            positions it lacks
          --shard K/N       grade only shard K of N (K = 0...N-1; position n is shard n mod N's),
                            into --out DIR; join the shards with bench merge (docs/cluster.md)
        \(AgentFileOption.help)
        Progress goes to stderr when it is a terminal.
        """ }

    let arguments: [String]

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do {
            let game = try GameRegistry.game(named: Options.gameName(in: arguments), offering: .tablebase)
            try GradeCommand(arguments: arguments).run(game)
        } catch { throw error.prefixed(name) }
    }

    func run<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared)
        let spec = try options.required("--agent")
        guard options.string("--positions") != nil else { throw .usage("grade: missing required option --positions") }
        let count = try options.int("--positions", default: 0, in: 1...10_000_000)
        let seed = try options.uint64("--seed", default: 1)
        let threads = try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024)
        let shard = try Self.shard(options)
        if options.has("--resume") && options.string("--out") == nil { throw .usage("grade: --resume needs --out DIR (the run to continue)") }
        if options.string("--out") == "" { throw .usage("grade: --out needs a folder name, got ''") }
        let phase = options.string("--phase") ?? "sliding"
        guard let phase = GradingReport.Phase(rawValue: phase) else {
            throw .usage("grade: --phase must be sliding or placement, got '\(phase)'")
        }
        if phase == .sliding, options.string("--placement") != nil { throw .usage("grade: --placement needs --phase placement") }
        if phase == .placement {
            for option in ["--out", "--shard", "--resume"] where options.has(option) || options.string(option) != nil {
                throw .usage("grade: --phase placement grades in one process; \(option) is for sliding-phase runs")
            }
        }
        let path = options.string("--tablebase") ?? G.defaultTablebaseFile
        guard try RegularFile.exists(path) else {
            throw .runtime("grade: no tablebase at \(path) (make it with: bench solve --game \(G.name) --out \(path))")
        }
        let progress = StatusLine.counter("positions graded")
        if phase == .placement {
            let placement = try GameRegistry.game(named: G.name, offering: .placementPhase)
            let report = try gradePlacement(placement, spec: spec, path: path, options: options, count: count, seed: seed,
                                            threads: threads, progress: progress)
            StatusLine.clear()
            return options.has("--json") ? try Output.printJSON(report) : print(report.text)
        }
        let table = try G.loadTablebase(path)
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: G.defaultRules, command: Self.name)
        if let out = options.string("--out") {
            let checked: AgentSpec
            do { checked = try catalog.checkedSpec(spec) } catch { throw error.prefixed("grade").prefixed("agent '\(spec)'") }
            do { _ = try catalog.make(checked, seed: 0) } catch { throw .runtime("grade: agent '\(spec)': \(error.message)") }
            let (report, repair) = try Grading.run(
                G.self, agent: checked.text, table: table, folder: URL(fileURLWithPath: out), positions: count, seed: seed,
                shard: shard, resume: options.has("--resume"), threads: threads, command: benchCommandLine([Self.name] + arguments),
                progress: progress) { seed throws(ParseError) in try catalog.make(checked, seed: seed) }
            StatusLine.clear()
            if let repair { Output.note("grade: \(repair)") }
            print(options.has("--json") ? report.json : report.text)
            return
        }
        let report = try Grading.grade(G.self, spec: spec, catalog: catalog, table: table, positions: count, seed: seed, threads: threads,
                                       progress: progress)
        StatusLine.clear()
        if options.has("--json") { try Output.printJSON(report) } else { print(report.text) }
    }

    /// `--phase placement`: the game `P`'s placement positions graded by its sweep's layers.
    func gradePlacement<P: PlacementPhaseGame>(_ game: P.Type, spec: String, path: String, options: Options, count: Int, seed: UInt64,
                                               threads: Int, progress: (@Sendable (Int, Int) -> Void)?) throws(WorkbenchError) -> GradingReport {
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(P.self, rules: P.defaultRules, command: Self.name)
        return try P.gradePlacement(spec: spec, catalog: catalog, table: try P.loadTablebase(path),
                                    folder: options.string("--placement") ?? P.defaultPlacementFolder, positions: count, seed: seed,
                                    threads: threads, progress: progress)
    }

    /// `--shard K/N`, if given (it needs `--out`).
    static func shard(_ options: Options) throws(WorkbenchError) -> Shard? { try options.shard(command: name, folder: "--out") }
}
