import Boards
import Foundation
import Search

/// `bench tournament`: agents play each other (or the same deals) on worker threads.
enum TournamentCommand {
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--agents": .list, "--games": .value, "--threads": .value, "--seed": .value,
        "--out": .value, "--gauntlet": .flag, "--openings": .value, "--sprt": .value, "--resume": .flag,
        "--ply-limit": .value, "--long-range": .flag,
    ]

    static let help = """
        usage: bench tournament [--game tigers-goats] --agents SPEC SPEC... [options]
               bench tournament --game coin-sorter --agents SPEC... [options]

        Two-player games: a round robin (or --gauntlet: the first agent against each
        other one). Each pairing plays --games games in pairs from the same opening
        with sides swapped; openings are --openings random plies, the same for every
        pairing. Coin Sorter: every agent plays the same --games seeded deals
        (seeds S, S+1, ...). Results are identical for any --threads when budgets are
        depth, node or playout limits (not time).
          --agents SPEC...  agent specs, e.g. random greedy alphabeta:depth=4 mcts:playouts=2000
          --games N         games per pairing, even (default 20); deals for coin-sorter (default 100)
          --threads N       worker threads (default: the active cores)
          --seed S          tournament seed (default 1)
          --openings K      random opening plies (default 4)
          --gauntlet        first agent against the others only
          --sprt E0,E1,A,B  two agents: stop when the SPRT decides (normalised Elo bounds)
          --out DIR         write games.jsonl (each game as it ends), summary.md/.csv/.json, SVG
          --resume          continue the tournament in --out DIR without replaying a game
          --ply-limit N, --long-range   Tigers & Goats rule variants
        Progress goes to stderr when it is a terminal. Ctrl-C keeps every finished game.
        """

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "tournament", arguments: arguments, declared: declared)
        let game = try GameChoice.from(options)
        guard let agents = options.list("--agents") else { throw UsageError("tournament: missing required option --agents") }
        let isPuzzle = game == .coinSorter
        guard agents.count >= (isPuzzle ? 1 : 2) else {
            throw UsageError("tournament: \(game.rawValue) needs at least \(isPuzzle ? 1 : 2) agents")
        }
        if let dup = agents.first(where: { a in agents.filter { $0 == a }.count > 1 }) {
            throw UsageError("tournament: agent '\(dup)' is given twice (add a parameter to tell copies apart)")
        }
        // Every spec must make an agent before anything is written.
        for spec in agents {
            do {
                if isPuzzle { _ = try CoinSorterAgents.make(spec, seed: 0) } else {
                    _ = try AgentFactory<TigersGoatsEvaluator>.make(spec, seed: 0)
                }
            } catch { throw UsageError("tournament: \(error.message)") }
        }
        let games = try options.int("--games", default: isPuzzle ? 100 : 20, in: 1...10_000_000)
        if !isPuzzle && games % 2 != 0 {
            throw UsageError("tournament: --games must be even (games are played in pairs with sides swapped)")
        }
        var sprt: SPRT? = nil
        if let text = options.string("--sprt") {
            guard !isPuzzle, agents.count == 2 else { throw UsageError("tournament: --sprt needs exactly two agents of a two-player game") }
            sprt = try SPRT(parsing: text)
        }
        if isPuzzle {
            for name in ["--gauntlet", "--long-range"] where options.has(name) {
                throw UsageError("tournament: \(name) is for two-player games")
            }
            for name in ["--openings", "--ply-limit"] where options.string(name) != nil {
                throw UsageError("tournament: \(name) is for two-player games")
            }
        }
        let config = TournamentConfig(
            game: game.rawValue, agents: agents, games: games, seed: try options.uint64("--seed", default: 1),
            openingPlies: try options.int("--openings", default: 4, in: 0...200), gauntlet: options.has("--gauntlet"),
            sprt: sprt, plyLimit: try options.int("--ply-limit", default: 300, in: 1...Int(UInt16.max)),
            longRange: options.has("--long-range"), command: commandLine(["tournament"] + arguments))
        let threads = try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024)

        var log: GameLog? = nil
        var done: [GameRecord] = []
        var folder: URL? = nil
        if let out = options.string("--out") {
            let url = URL(fileURLWithPath: out)
            folder = url
            (log, done) = try prepare(folder: url, config: config, resume: options.has("--resume"))
        } else if options.has("--resume") {
            throw UsageError("tournament: --resume needs --out DIR")
        }
        InterruptMessage.install()
        let runner = TournamentRunner(config: config, threads: threads, log: log, progress: ProgressLine.ifTerminal())
        let start = Output.now()
        let records = try runner.run(done: done)
        let summary = TournamentSummary(config: config, records: records, wallSeconds: Output.now() - start,
                                        gamesThisRun: records.count - done.count, threads: threads)
        if let folder { try TournamentReport.write(summary, to: folder) }
        print(TournamentReport.markdown(summary))
    }

    /// Creates the output folder and its config, or checks them on resume. Fails
    /// before writing anything when the folder is unusable or holds another run.
    static func prepare(folder: URL, config: TournamentConfig, resume: Bool) throws(UsageError) -> (GameLog, [GameRecord]) {
        let fm = FileManager.default
        let configURL = folder.appendingPathComponent("tournament.json")
        let logURL = folder.appendingPathComponent("games.jsonl")
        var done: [GameRecord] = []
        if resume {
            guard let data = fm.contents(atPath: configURL.path) else {
                throw UsageError("tournament: --resume: no tournament in \(folder.path) (tournament.json missing)")
            }
            guard let saved = try? JSONDecoder().decode(TournamentConfig.self, from: data) else {
                throw UsageError("tournament: --resume: \(configURL.path) is not a tournament config")
            }
            guard saved == config else {
                throw UsageError("tournament: --resume: the options differ from the run in \(folder.path) (\(saved.command))")
            }
            done = try GameLog.read(logURL).filter { $0.index < config.totalGames }
        } else {
            if let existing = try? fm.contentsOfDirectory(atPath: folder.path),
               existing.contains("games.jsonl") || existing.contains("tournament.json") {
                throw UsageError("tournament: \(folder.path) already holds a tournament; use --resume or another --out")
            }
            do { try fm.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw UsageError("tournament: cannot create output folder \(folder.path)")
            }
            guard fm.isWritableFile(atPath: folder.path) else {
                throw UsageError("tournament: output folder \(folder.path) is not writable")
            }
            do { try Data((Output.json(config) + "\n").utf8).write(to: configURL, options: .atomic) } catch {
                throw UsageError("tournament: cannot write \(configURL.path)")
            }
        }
        return (try GameLog(url: logURL), done)
    }

    /// The command as a shell line: `bench` and the arguments, quoted where needed.
    static func commandLine(_ arguments: [String]) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+")
        return (["bench"] + arguments.map { a in
            a.allSatisfy { safe.contains($0) } && !a.isEmpty ? a : "'" + a.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }).joined(separator: " ")
    }
}

/// `bench report`: the summary files again, from a tournament folder's records.
enum ReportCommand {
    static let declared: [String: Options.Kind] = ["--in": .value]
    static let help = """
        usage: bench report --in DIR

        Recomputes summary.md, summary.csv, summary.json and the SVG chart from
        DIR/tournament.json and DIR/games.jsonl, and prints summary.md.
        """

    static func run(_ arguments: [String]) throws(UsageError) {
        let options = try Options(command: "report", arguments: arguments, declared: declared)
        let folder = URL(fileURLWithPath: try options.required("--in"))
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("tournament.json").path),
              let config = try? JSONDecoder().decode(TournamentConfig.self, from: data) else {
            throw UsageError("report: no tournament in \(folder.path) (tournament.json missing or malformed)")
        }
        let records = try GameLog.read(folder.appendingPathComponent("games.jsonl"))
        let summary = TournamentSummary(config: config, records: records, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        try TournamentReport.write(summary, to: folder)
        print(TournamentReport.markdown(summary))
    }
}

/// On Ctrl-C, says where the finished games are before the process ends.
enum InterruptMessage {
    static func install() {
        signal(SIGINT) { _ in
            let text = "\nbench: interrupted; every finished game is in games.jsonl (if --out was given); continue with --resume\n"
            _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(130)
        }
    }
}
