import Boards
import Foundation
import Workbench

/// One `bench` command, written once: its name, its line in `bench --help`, its own help
/// and what runs it. Dispatch, `bench --help` and the unknown-command message all read
/// ``BenchCommand/commands``.
struct BenchSubcommand: Sendable {
    let name: String
    /// Other names that run it (`--help`, `-h` for `help`).
    var aliases: [String] = []
    /// Its line in `bench --help`; nil for a tool not in the help (`balls-speed`).
    let summary: String?
    /// What `bench NAME --help` prints; nil when it has none.
    let help: (@Sendable () -> String)?
    /// Runs it on the words after its name.
    let run: @Sendable ([String]) throws(WorkbenchError) -> Void
}

/// A command type that lists itself in ``BenchCommand/commands`` by its name, help and run.
protocol Subcommand: OptionTable, SendableMetatype {
    static var help: String { get }
    static func run(_ arguments: [String]) throws(WorkbenchError)
}

extension BenchSubcommand {
    /// The entry of `command`, called `name` when that is not the command's own name.
    init<C: Subcommand>(_ command: C.Type, name: String? = nil, _ summary: String) {
        self.init(name: name ?? C.name, summary: summary, help: { C.help }, run: C.run)
    }
}

/// The `bench` command line: picks the command and reports misuse as one line.
enum BenchCommand {
    /// Every command, in the order of `bench --help`.
    static let commands: [BenchSubcommand] = [
        BenchSubcommand(BenchmarkCommand.self, "perft depth 6 from the start on 1 and all threads"),
        BenchSubcommand(PerftCommand.self, "leaf counts of the legal-move tree, divide, speed"),
        BenchSubcommand(ReplayCommand.self, "play a list of moves and print the resulting position"),
        BenchSubcommand(PlayoutCommand.self, "random games to the end: plies per second, outcomes"),
        BenchSubcommand(AgentsCommand.self, "the agent kinds of each game: parameters, types, ranges, defaults (--json)"),
        BenchSubcommand(SearchCommand.self, "one agent on one position: move, value, nodes, speed"),
        BenchSubcommand(TournamentCommand.self, "agents against each other on worker threads, with statistics"),
        BenchSubcommand(ReportCommand.self, "rebuild a tournament's summary files from its games"),
        BenchSubcommand(MergeCommand.self, "join the folders of a tournament's shards (--shard K/N) into one"),
        BenchSubcommand(TuneCommand.self, "SPSA tuning of an agent's weights, verified against the baseline"),
        BenchSubcommand(EndgameCommand.self, "Coin Sorter's last turns of recorded games solved exactly: what play and what luck could add"),
        BenchSubcommand(TrainCommand.self, "TD learning of a learned evaluation (Coin Sorter's n-tuple network), resumable"),
        BenchSubcommand(PlayCommand.self, "play at the terminal against an agent (or a person)"),
        BenchSubcommand(SprtCommand.self, "the SPRT's log-likelihood ratio and decision for pentanomial counts"),
        BenchSubcommand(SolveCommand.self,
                        "a game's tablebase by retrograde analysis (or read from its file), its placement phase, a puzzle's deals"),
        BenchSubcommand(GradeCommand.self, "an agent's moves on random solved positions, against the tablebase's values"),
        BenchSubcommand(ServeCommand.self, "a built-in agent spoken over the agent protocol on stdin/stdout (docs/protocol.md)"),
        BenchSubcommand(ClusterCommand.self, name: "cluster", "a tournament as a Slurm array job of shards and a merge job (docs/cluster.md)"),
        BenchSubcommand(name: "help", aliases: ["--help", "-h"], summary: "this text; `bench COMMAND --help` for a command's options",
                        help: { BenchCommand.help }, run: { rest throws(WorkbenchError) in
                            guard let topic = rest.first else { return print(BenchCommand.help) }
                            guard rest.count == 1 else { throw .usage("help: takes one command, got '\(rest.joined(separator: " "))'") }
                            guard let text = command(named: topic)?.help else { throw unknown(topic) }
                            print(text())
                        }),
        // benchmarks/balls-speed.sh's tool; not in the help.
        BenchSubcommand(name: "balls-speed", summary: nil, help: { SimulatorSpeedCommand.help }, run: SimulatorSpeedCommand.run),
    ]

    /// The command called `name` (or by one of its aliases).
    static func command(named name: String) -> BenchSubcommand? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The commands in the help, one line each.
    static var commandLines: String {
        commands.compactMap { c in c.summary.map { "  " + c.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0 } }
            .joined(separator: "\n")
    }

    static let help = """
        bench: the game-AI workbench (\(GameRegistry.games.map { $0.title }.joined(separator: ", ")))

        usage: bench [COMMAND] [OPTIONS]

        Commands that work on a game take --game NAME: \(GameRegistry.names)
        (default \(GameRegistry.defaultGame.name)).

        commands:
          (none)      a short \(GameRegistry.defaultGame.title) round robin of the standard agents:
                      bench tournament \(defaultTournament.joined(separator: " "))
        \(commandLines)

        Commands that take agent specs also take --agent-file FILE: agents in any
        language, run as processes speaking the agent protocol (docs/protocol.md).

        Bad input exits with status 2 and one line on stderr; a failure while
        running (a file that cannot be read or written, a corrupt record) exits 1.
        """

    /// What `bench` alone runs: about a minute on 2 cores.
    static var defaultTournament: [String] {
        ["--agents"] + GameRegistry.defaultGame.defaultAgents + ["--games", "80", "--seed", "1"]
    }

    /// Runs the command named by `arguments[0]` (the default benchmark when absent).
    static func run(_ arguments: [String]) throws(WorkbenchError) {
        guard let name = arguments.first else { return try TournamentCommand.run(defaultTournament) }
        let rest = Array(arguments.dropFirst())
        guard let command = command(named: name) else { throw unknown(name) }
        if rest.contains("--help") || rest.contains("-h") {
            guard let help = command.help else { throw unknown(name) }
            print(help())
            return
        }
        try command.run(rest)
    }

    static func unknown(_ command: String) -> WorkbenchError {
        .usage("unknown command '\(command)' (commands: \(commands.filter { $0.summary != nil }.map(\.name).joined(separator: ", ")))")
    }
}

/// `bench benchmark`: the move-generation speed.
struct BenchmarkCommand: TwoPlayerGameCommand {
    static let name = "benchmark"
    static let table: [CommandOption] = [
        .game, .int("depth", in: 1...30, default: 6, help: "perft depth"), .threads(help: "the parallel run's threads"),
    ]
    static let help = table.help(usage: ["bench benchmark [--game tigers-goats] [--depth N] [--threads N]"],
                                 about: "Perft from the start position on one thread and on N threads.")

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Self.parse(arguments)
        let depth = try options.int("--depth"), threads = try options.int("--threads")
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        print("\(G.title) perft, depth \(depth), from the start position")
        print("(bench perft --game \(G.name) --depth \(depth) --threads N; release build, \(cores) active cores)")
        print("")
        print("| threads | leaves | seconds | M leaves/s |")
        print("|---:|---:|---:|---:|")
        var rates: [Double] = []
        for n in Set([1, threads]).sorted() {
            let r = PerftProfile.measure(G.start(G.defaultRules), depth: depth, threads: n, divide: false)
            rates.append(r.nodesPerSecond)
            print("| \(n) | \(Format.grouped(r.nodes)) | \(Format.fixed(r.seconds, 3)) | \(Format.fixed(r.nodesPerSecond / 1e6, 1)) |")
        }
        if rates.count == 2 { print("\nspeed-up with \(threads) threads: \(Format.fixed(rates[1] / rates[0], 2))x") }
    }
}
