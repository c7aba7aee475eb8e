import Boards
import Foundation
import Search
import Synchronization
import Workbench

/// `bench tournament`: agents play each other (or the same deals) on worker threads.
struct TournamentCommand: GameCommand, UniformGameVisitor {
    static let name = "tournament"
    static let table: [CommandOption] = [
        .game, CommandOption("agents", .text, "SPEC...", required: true, form: .list, help: "agent specs, e.g. random greedy "
            + "alphabeta:depth=4 mcts:playouts=2000; coin-sorter also has oracle, which reads the referee's future draws: "
            + "a ceiling for the tables, never a real agent"),
        .int("games", in: TournamentConfig.gamesRange, default: 20, shown: "20, or 100 deals",
             help: "games per pairing, even; for puzzles, deals"),
        .threads(), .seed(help: "tournament seed"),
        .int("openings", "K", in: TournamentConfig.openingPliesRange, default: 4, help: "random opening plies").only(.twoPlayer),
        .flag("gauntlet", games: .twoPlayer, help: "first agent against the others only"),
        .text("sprt", "E0,E1,A,B", games: .twoPlayer, help: "two agents: stop when the SPRT decides (normalised Elo bounds)"),
        .text("out", "DIR", help: "write games.jsonl (each game as it ends), summary.md/.csv/.json, SVG"),
        .flag("resume", help: "continue the tournament in --out DIR without replaying a game").needs("--out"),
        CommandOption("sync", .choice(SyncPolicy.allCases.map(\.rawValue).reversed()), "grouped|every", default: .text("grouped"),
                      help: "when --out's records reach the disk: each is written at once (a killed run loses nothing); "
                        + "grouped: made durable once a second, at the end and on Ctrl-C/SIGTERM (a machine failure may lose "
                        + "the last second); every: an fsync per game").needs("--out"),
        .text("shard", "K/N", help: "play only shard K of N (K = 0...N-1): unit u of the schedule (a game pair; a deal for "
              + "puzzles) is shard u mod N's; join the shards' folders with bench merge (docs/cluster.md)"),
        .agentFile,
    ]
    static let help = table.help(usage: [
        "bench tournament [--game tigers-goats] --agents SPEC SPEC... [options]",
        "bench tournament --game coin-sorter --agents SPEC... [options]",
    ], about: """
        Two-player games: a round robin (or --gauntlet: the first agent against each
        other one). Each pairing plays --games games in pairs from the same opening
        with sides swapped; openings are --openings random plies, the same for every
        pairing. Puzzles: every agent plays the same --games seeded deals
        (seeds S, S+1, ...). Results are identical for any --threads when budgets are
        depth, node or playout limits (not time).
        """, footer: ruleHelp + "\nProgress goes to stderr when it is a terminal. Ctrl-C keeps every finished game.")

    /// The options for `game`, checked as far as they can be before anything runs
    /// (`bench cluster` checks a tournament's arguments with this): the values, the
    /// rules and the `--agents` list.
    static func options<G: WorkbenchGame>(_ arguments: [String], _ game: G.Type) throws(WorkbenchError) -> (Options, agents: [String]) {
        let options = try parse(arguments, G.self)
        guard let agents = options.list("--agents") else { throw options.missing("--agents") }
        guard agents.count >= G.players else { throw .usage("tournament: \(G.name) needs at least \(G.players) agent\(G.players == 1 ? "" : "s")") }
        _ = try options.rules(G.self)
        return (options, agents)
    }

    /// What `bench cluster` checks of a tournament's arguments before it writes the jobs,
    /// so that a mistake fails at once, not in every task: the options, the schedule
    /// (even games, a two-agent SPRT, ...) and, without `--agent-file`, every spec; with
    /// it, that each file is there (its agents start in the jobs, where their programs run).
    static func check<G: WorkbenchGame>(_ arguments: [String], _ game: G.Type) throws(WorkbenchError) {
        let (options, specs) = try options(arguments, G.self)
        let s = try schedule(options, G.self)
        let config = TournamentConfig(game: G.name, schedule: G.Format.schedule(openingPlies: s.openingPlies, gauntlet: s.gauntlet),
                                      agents: specs, games: s.games, seed: s.seed, sprt: s.sprt)
        if let problem = config.problem { throw .usage(problem.message, field: problem.field) }
        if try !AgentFileOption.checkPresent(options) { for spec in specs { _ = try Entrant<G>(spec: spec, catalog: G.agentCatalog) } }
    }

    /// The options that fix the schedule, as ``Tournament`` takes them. (A puzzle's options
    /// refuse --openings and --gauntlet; its format ignores their defaults.)
    static func schedule<G: WorkbenchGame>(_ options: Options, _ game: G.Type) throws(WorkbenchError)
        -> (games: Int, seed: UInt64, openingPlies: Int, gauntlet: Bool, sprt: SPRT?) {
        let sprt = try options.string("--sprt").map { text throws(WorkbenchError) in try SPRT(parsing: text) }
        return (try options.int("--games", default: G.players == 1 ? 100 : nil), try options.uint64("--seed"),
                try options.int("--openings"), options.has("--gauntlet"), sprt)
    }

    let arguments: [String]

    func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let (options, specs) = try Self.options(arguments, G.self)
        let rules = try options.rules(G.self)
        let agentFile = try AgentFileOption(options)
        defer { agentFile.close() }
        let catalog = try agentFile.catalog(G.self, rules: rules)
        var entrants = try specs.map { spec throws(WorkbenchError) in try Entrant<G>(spec: spec, catalog: catalog) }, notes: [String] = []
        if options.has("--resume"), let out = options.string("--out"), !out.isEmpty {
            (entrants, notes) = TournamentFolder.entrantsAsRecorded(entrants, in: URL(fileURLWithPath: out), catalog: catalog)
        }
        for entrant in entrants where entrant.readsFutureDraws { Output.note(Clairvoyance.notice(entrant.name)) }
        let s = try Self.schedule(options, G.self)
        let tournament = try Tournament(entrants: entrants, games: s.games, seed: s.seed, openingPlies: s.openingPlies,
                                        gauntlet: s.gauntlet, sprt: s.sprt, rules: rules,
                                        command: benchCommandLine(["tournament"] + arguments), shard: try options.shard(folder: "--out"))
        try run(tournament, options, notes: notes.map { "tournament: --resume: " + $0 })
    }

    /// Opens the output folder (``TournamentFolder``: new, or resumed with every record
    /// checked before a game is played), plays the tournament with a progress line on
    /// a terminal, writes the summary files and prints the Markdown.
    /// `notes` are said once the run has succeeded.
    func run<G: WorkbenchGame>(_ tournament: Tournament<G>, _ options: Options, notes: [String] = []) throws(WorkbenchError) {
        let threads = try options.int("--threads")
        try tournament.checkAgents()
        let progress = ProgressLine.ifTerminal()
        var opened: TournamentFolder.Opened? = nil
        if let out = options.string("--out") {
            opened = try TournamentFolder.open(URL(fileURLWithPath: out), file: tournament.file,
                                               check: tournament.recordCheck(source: TournamentFolder.logName),
                                               resume: options.has("--resume"),
                                               sync: SyncPolicy(rawValue: try options.text("--sync"))!) { progress?.include($0) }
            InterruptMessage.install(.tournament)
        }
        let tally = opened?.tally ?? TournamentTally(config: tournament.config)
        progress?.start(total: tournament.config.scheduledGames, resumed: tally.addedCount)
        let summary = try tournament.run(threads: threads, log: opened?.log, resumingFrom: tally, onRecord: progress.map { $0.update })
        progress?.finish()
        if let folder = opened?.folder { try summary.write(to: folder, log: opened?.log) }
        print(summary.markdown)
        // Said once the run has succeeded, so a failure is the one line on stderr.
        for note in notes { Output.note(note) }
        if let repair = opened?.repair { Output.note("tournament: --resume: \(repair)") }
    }
}

/// `bench report`: the summary files again, from a tournament folder's records.
/// It only reads `games.jsonl`.
struct ReportCommand: UniformGameVisitor, Subcommand {
    typealias Result = Void
    static let name = "report"
    static let table: [CommandOption] = [.text("in", "DIR", required: true, help: "the tournament's folder")]
    static let help = table.help(usage: ["bench report --in DIR"], about: """
        Recomputes summary.md, summary.csv, summary.json and the SVG chart from
        DIR/tournament.json and DIR/games.jsonl (which it only reads), and prints
        summary.md.
        """)

    let folder: URL
    let data: Data

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do throws(WorkbenchError) {
            let folder = URL(fileURLWithPath: try parse(arguments).text("--in"))
            // The configuration without its rules, whose type the game names.
            let (file, data) = try TournamentFolder.readFile(folder, as: NoRules.self)
            guard (try? GameRegistry.game(named: file.config.game)) != nil else {
                throw .runtime("\(folder.appendingPathComponent(TournamentFolder.configName).path): unknown game "
                               + "'\(file.config.game)' (known: \(GameRegistry.names))")
            }
            try GameRegistry.dispatch(file.config.game, to: ReportCommand(folder: folder, data: data))
        } catch { throw error.prefixed(name) }
    }

    /// Streams the log through the records' check into a tally, then writes and prints the summary.
    func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let file: TournamentFile<G.Rules>
        do { file = try JSONDecoder().decode(TournamentFile<G.Rules>.self, from: data) } catch {
            throw .runtime("tournament.json in \(folder.path) does not hold \(G.name) rules (\(JSON.describe(error)))")
        }
        var tally = TournamentTally(config: file.config)
        let note = try TournamentFolder.load(folder.appendingPathComponent(TournamentFolder.logName),
                                             check: RecordCheck<G>(file: file, source: "games.jsonl"), into: &tally)
        let summary = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        try summary.write(to: folder)
        print(summary.markdown)
        if let note { Output.note("\(Self.name): \(note)") }
    }
}

/// On Ctrl-C or SIGTERM (a cluster's time limit), a resumable run says where its
/// finished work is before the process ends: one line, the same in every command.
enum InterruptMessage {
    /// The runs that say it, each with its line.
    enum Run: Int {
        case tournament = 1, tuning, training, grading, study

        /// Its line (a literal: said in a signal handler, where nothing may be allocated).
        var text: StaticString {
            switch self {
            case .tournament: "bench: interrupted; every finished game is in games.jsonl; continue with --resume\n"
            case .tuning: "bench: interrupted; every finished iteration is in tuning.jsonl (and verification game in verify/games.jsonl); continue with --resume\n"
            case .training: "bench: interrupted; the weights of the last checkpoint are in weights.bin; continue with --resume\n"
            case .grading: "bench: interrupted; every graded position is in graded.jsonl; continue with --resume\n"
            case .study: "bench: interrupted; every solved position is in the study's folder; continue with --resume\n"
            }
        }
    }

    /// The run whose line the handler says.
    private static let installed = Atomic<Int>(0)

    /// Says `run`'s line on SIGINT or SIGTERM from now on.
    static func install(_ run: Run) {
        installed.store(run.rawValue, ordering: .sequentiallyConsistent)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { sig in
                let run = Run(rawValue: InterruptMessage.installed.load(ordering: .sequentiallyConsistent)) ?? .tournament
                InterruptMessage.exit(signal: sig, saying: run.text)
            }
        }
    }

    /// Kills every agent process, makes the logs' last records durable, writes `text`
    /// to standard error and ends the process as `signal` does (status 128 + signal):
    /// the body of a SIGINT or SIGTERM handler.
    static func exit(signal: Int32 = SIGINT, saying text: StaticString) -> Never {
        // Agents run in process groups of their own, out of the terminal's reach: end them,
        // and what their children started in sessions of their own.
        ChildProcessGroups.killAllForSignal()
        GroupCommit.syncAll()
        // A progress line may be on the terminal: the message starts a line of its own.
        // (A byte on the stack: a string literal passed as a pointer may be copied to the
        // heap in a debug build, and nothing may be allocated here.)
        var newline: UInt8 = 10
        if isatty(STDERR_FILENO) != 0 { _ = write(STDERR_FILENO, &newline, 1) }
        _ = write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
        _exit(128 + signal)
    }
}
