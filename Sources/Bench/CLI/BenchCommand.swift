import Boards
import Foundation
import Workbench

/// The `bench` command line: picks the command and reports misuse as one line.
enum BenchCommand {
    static let help = """
        bench: the game-AI workbench (\(GameRegistry.games.map { $0.title }.joined(separator: ", ")))

        usage: bench [COMMAND] [OPTIONS]

        Commands that work on a game take --game NAME: \(GameRegistry.names)
        (default \(GameRegistry.defaultGame.name)).

        commands:
          (none)      a short \(GameRegistry.defaultGame.title) round robin of the standard agents:
                      bench tournament \(defaultTournament.joined(separator: " "))
          benchmark   perft depth 6 from the start on 1 and all threads
          perft       leaf counts of the legal-move tree, divide, speed
          replay      play a list of moves and print the resulting position
          playouts    random games to the end: plies per second, outcomes
          agents      the agent kinds of each game: parameters, types, ranges, defaults (--json)
          search      one agent on one position: move, value, nodes, speed
          tournament  agents against each other on worker threads, with statistics
          report      rebuild a tournament's summary files from its games
          merge       join the folders of a tournament's shards (--shard K/N) into one
          tune        SPSA tuning of an agent's weights, verified against the baseline
          endgame     Coin Sorter's last turns of recorded games solved exactly: what play and what luck could add
          train       TD learning of a learned evaluation (Coin Sorter's n-tuple network), resumable
          play        play at the terminal against an agent (or a person)
          sprt        the SPRT's log-likelihood ratio and decision for pentanomial counts
          solve       a game's tablebase (Bagh-Chal's sliding phase) by retrograde analysis, or read from its file
          grade       an agent's moves on random solved positions, against the tablebase's values
          serve       a built-in agent spoken over the agent protocol on stdin/stdout (docs/protocol.md)
          cluster     a tournament as a Slurm array job of shards and a merge job (docs/cluster.md)
          help        this text; `bench COMMAND --help` for a command's options

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
        guard let command = arguments.first else { return try TournamentCommand.run(defaultTournament) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            guard let text = helpText(command) else { throw unknown(command) }
            print(text)
            return
        }
        switch command {
        case "--help", "-h", "help":
            if let topic = rest.first {
                guard let text = helpText(topic) else { throw unknown(topic) }
                print(text)
            } else {
                print(help)
            }
        case "benchmark": try BenchmarkCommand.run(rest)
        case "perft": try PerftCommand.run(rest)
        case "replay": try ReplayCommand.run(rest)
        case "playouts": try PlayoutCommand.run(rest)
        case "agents": try AgentsCommand.run(rest)
        case "search": try SearchCommand.run(rest)
        case "tournament": try TournamentCommand.run(rest)
        case "report": try ReportCommand.run(rest)
        case "tune": try TuneCommand.run(rest)
        case "train": try TrainCommand.run(rest)
        case "endgame": try EndgameCommand.run(rest)
        case "play": try PlayCommand.run(rest)
        case "sprt": try SprtCommand.run(rest)
        case "solve":
            // Balls! has a solver of its own (no tablebase): its own options and output.
            if Options.gameName(in: rest) == Balls.name { try BallsSolveCommand.run(rest) } else { try SolveCommand.run(rest) }
        case "grade": try GradeCommand.run(rest)
        case "serve": try ServeCommand.run(rest)
        case "merge": try MergeCommand.run(rest)
        case "cluster": try ClusterCommand.run(rest)
        case "balls-speed": try BallsSpeedCommand.run(rest)  // benchmarks/balls-speed.sh; not in the help
        default: throw unknown(command)
        }
    }

    static func helpText(_ command: String) -> String? {
        switch command {
        case "benchmark": return BenchmarkCommand.help
        case "perft": return PerftCommand.help
        case "replay": return ReplayCommand.help
        case "playouts": return PlayoutCommand.help
        case "agents": return AgentsCommand.help
        case "search": return SearchCommand.help
        case "tournament": return TournamentCommand.help
        case "report": return ReportCommand.help
        case "tune": return TuneCommand.help
        case "train": return TrainCommand.help
        case "endgame": return EndgameCommand.help
        case "play": return PlayCommand.help
        case "sprt": return SprtCommand.help
        case "solve": return SolveCommand.help + "\n\n" + BallsSolveCommand.help
        case "grade": return GradeCommand.help
        case "serve": return ServeCommand.help
        case "merge": return MergeCommand.help
        case "cluster": return ClusterCommand.help
        case "help", "--help", "-h": return help
        default: return nil
        }
    }

    static func unknown(_ command: String) -> WorkbenchError {
        .usage("unknown command '\(command)' (commands: agents, benchmark, perft, replay, playouts, search, tournament, report, tune, train, endgame, play, sprt, solve, grade, help)")
    }
}

/// `bench benchmark`: the move-generation speed.
struct BenchmarkCommand: GameCommand {
    static let name = "benchmark"
    static let declared: [String: Options.Kind] = ["--game": .value, "--depth": .value, "--threads": .value]

    static let help = """
        usage: bench benchmark [--game tigers-goats] [--depth N] [--threads N]

        Perft from the start position on one thread and on N threads.
          --depth N         perft depth (default 6)
          --threads N       the parallel run's threads (default: the active cores)
        """

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared)
        let depth = try options.int("--depth", default: 6, in: 1...30)
        let cores = max(1, ProcessInfo.activeCores)
        let threads = try options.int("--threads", default: cores, in: 1...1024)
        print("\(G.title) perft, depth \(depth), from the start position")
        print("(bench perft --game \(G.name) --depth \(depth) --threads N; release build, \(cores) active cores)")
        print("")
        print("| threads | leaves | seconds | M leaves/s |")
        print("|---:|---:|---:|---:|")
        var rates: [Double] = []
        for n in Set([1, threads]).sorted() {
            let r = PerftProfile.measure(G.start(G.defaultRules), depth: depth, threads: n, divide: false)
            rates.append(r.nodesPerSecond)
            print("| \(n) | \(Output.grouped(r.nodes)) | \(Output.fixed(r.seconds, 3)) | \(Output.fixed(r.nodesPerSecond / 1e6, 1)) |")
        }
        if rates.count == 2 { print("\nspeed-up with \(threads) threads: \(Output.fixed(rates[1] / rates[0], 2))x") }
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        throw .usage("benchmark: \(G.name) is a one-player puzzle with chance; benchmark measures two-player move generation")
    }
}
