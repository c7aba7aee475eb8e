import Boards
import Foundation
import Search
import Workbench

/// `bench tune`: SPSA tuning of an agent's weights by self-play, then a verification
/// match of the tuned agent against the baseline (the work is the library's `Tuner`).
struct TuneCommand: GameCommand, UniformGameVisitor {
    static let name = "tune"
    static let table: [CommandOption] = [
        .game, .text("agent", "SPEC", required: true, help: "the baseline agent, e.g. alphabeta:depth=3 (its w. overrides are start values)"),
        .text("params", "w.a,w.b", shown: "every weight of its evaluation", help: "the weights to tune"),
        .int("iterations", in: TuningRanges.iterations, required: true, help: "SPSA iterations"),
        .int("pairs", "P", in: TuningRanges.pairs, default: 2, help: "two-player: game pairs per iteration, sides swapped")
            .only(.twoPlayer),
        .int("deals", "D", in: TuningRanges.deals, default: 8, help: "puzzles: deals per iteration, both probes on the same deals")
            .only(.puzzles),
        CommandOption("opponents", .text, "SPEC...", form: .list, games: .twoPlayer,
                      help: "two-player: tune against this fixed pool (theta+ and theta- each play every opponent on the same games) instead of self-play"),
        .int("openings", "K", in: TournamentConfig.openingPliesRange, default: 4, help: "two-player: random opening plies")
            .only(.twoPlayer),
        .text("c-end", "X", shown: "a tenth of the start value, 1 for a weight at 0",
              help: "perturbation at the last iteration: one number, or w.NAME=X,..."),
        .text("r-end", "X", shown: "\(TuningParameter.defaultREnd)", help: "learning rate a_end/c_end^2 at the end: one number or w.NAME=X,..."),
        .text("bounds", "LO:HI", shown: "±(4|start| + 10 c_end)", help: "bounds for every weight, or w.NAME=LO:HI,..."),
        .int("verify-pairs", "P", in: TuningRanges.verificationPairs, default: 100, help: "two-player: verification game pairs, 0 to skip")
            .only(.twoPlayer),
        .int("verify-deals", "D", in: TuningRanges.verificationDeals, default: 1000, help: "puzzles: verification deals, 0 to skip")
            .only(.puzzles),
        .seed(help: "the seed every seed derives from"), .threads(help: "worker threads for each iteration's games"),
        .text("out", "DIR", required: true, help: "tune.json, tuning.jsonl (each iteration as it ends), tuned.txt, "
              + "trajectory.svg, summary.md, verify/ (the verification's games)"),
        .flag("resume", help: "continue the run in --out DIR; the same options as the run"), .agentFile,
    ]
    static let help = table.help(usage: ["bench tune [--game tigers-goats] --agent SPEC --iterations N --out DIR [options]"], about: """
        SPSA tuning of the agent's heuristic weights by self-play (docs/tuning.md); for
        an external agent (--agent-file), of its declared numeric options.
        Iteration k plays theta+ = theta + c_k*Delta against theta- = theta - c_k*Delta
        (Delta a seeded vector of signs) and steps theta by a_k * result / (2 c_k Delta),
        result = score of theta+ minus score of theta-. With --opponents, theta+ and
        theta- each play --pairs game pairs against every opponent instead (the same
        openings and seeds for both), result = the paired difference of their scores.
        Then the tuned agent plays the baseline (and the pool) on fresh seeds. The
        weights are identical for any --threads.
        """, footer: ruleHelp + "\nProgress goes to stderr when it is a terminal. Ctrl-C keeps every finished iteration.")

    let arguments: [String]

    func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments, G.self)
        if let spec = options.string("--agent"), (try? G.parseAgent(spec))?.kindDescription.readsReferee == true {
            throw .usage("tune: \(Clairvoyance.notice(spec)); there is nothing to tune for real play")
        }
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: try options.rules(G.self))
        // A batch is game pairs for a two-player game, deals for a puzzle (each option only for its kind).
        let puzzle = G.players == 1
        let settings = try self.settings(G.self, options, catalog: catalog, batch: options.int(puzzle ? "--deals" : "--pairs"),
                                         verification: options.int(puzzle ? "--verify-deals" : "--verify-pairs"))
        var games = WorkbenchTuningGames<G>(settings: settings, catalog: catalog)
        games.agentFiles = agentFile.paths
        try run(Tuner(games: games), options)
    }

    /// The run's settings from the options, every one checked before anything is written.
    func settings<G: WorkbenchGame, Agent>(_ game: G.Type, _ options: Options, catalog: AgentCatalog<Agent>, batch: Int,
                                           verification: Int) throws(WorkbenchError) -> TuningSettings<G.Rules> {
        let agent = try catalog.checkedSpec(try options.text("--agent"))
        let iterations = try options.int("--iterations")
        _ = try options.text("--out")
        let params = options.string("--params").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let cEnd = try options.string("--c-end").map { text throws(WorkbenchError) in try PerWeight.numbers(text, label: "--c-end") }
        let rEnd = try options.string("--r-end").map { text throws(WorkbenchError) in try PerWeight.numbers(text, label: "--r-end") }
        let opponents = try options.list("--opponents")?.map { text throws(WorkbenchError) in
            do throws(WorkbenchError) { return try catalog.checkedSpec(text).text } catch { throw error.prefixed("--opponents") }
        }
        let bounds = try options.string("--bounds").map { text throws(WorkbenchError) in try PerWeight.bounds(text, label: "--bounds") }
        return try TuningSettings(
            game: G.self, rules: try options.rules(G.self), agent: agent, parameters: params,
            iterations: iterations, batch: batch, openingPlies: try options.int("--openings"),
            seed: try options.uint64("--seed"), verification: verification,
            cEnd: cEnd ?? PerWeight(label: "--c-end"), rEnd: rEnd ?? PerWeight(label: "--r-end"),
            bounds: bounds ?? PerWeight(label: "--bounds"), opponents: opponents, command: benchCommandLine(["tune"] + arguments))
    }

    /// Prints the settings, runs the tuner in --out DIR with progress on a terminal,
    /// and prints the rest of summary.md.
    func run<T: TuningGames>(_ tuner: Tuner<T>, _ options: Options) throws(WorkbenchError) {
        let threads = try options.int("--threads")
        let out = try options.text("--out")
        let folder = URL(fileURLWithPath: out)
        let progress = StatusLine.isTerminal ? IterationProgress(settings: tuner.settings) : nil
        let games = ProgressLine.ifTerminal()
        var observer = TuningObserver()
        observer.note = { message in Output.note("tune: " + message) }
        observer.started = { settings in print(settings); fflush(nil) }
        observer.iteration = progress.map { $0.update }
        if let games {
            observer.verificationStart = { total, done in
                progress?.finish()
                games.start(total: total, resumed: done)
            }
            observer.verificationGame = games.update
            observer.verificationEnd = games.finish
        }
        InterruptMessage.install(.tuning)
        let outcome = try tuner.run(in: folder, resume: options.has("--resume"), threads: threads, observer: observer)
        progress?.finish()
        print(outcome.results)
    }
}

/// The progress line of the iterations on stderr: done/total, seconds per
/// iteration, time left and the weights now.
final class IterationProgress: Sendable {
    private let names: [String]
    private let total: Int
    private let state = Locked((start: 0.0, count: 0))

    init<R>(settings: TuningSettings<R>) {
        names = settings.parameters.map(\.name)
        total = settings.iterations
    }

    func update(_ record: TuningRecord) {
        let now = Clock.now
        let rate: Double = state.withLock { s in
            if s.count == 0 { s.start = now - record.seconds }
            s.count += 1
            return (now - s.start) / Double(s.count)
        }
        let left = Double(total - record.iteration - 1) * rate
        let weights = zip(names, record.thetaAfter).prefix(6).map { "\($0)=\(String(format: "%.4g", $1))" }.joined(separator: " ")
        StatusLine.show("[\(record.iteration + 1)/\(total)] \(Format.fixed(rate, 2)) s/iteration, ETA \(Int(left)) s; \(weights)")
    }

    func finish() { StatusLine.clear() }
}

