import Boards
import Foundation
import Search

/// How a tuner plays: the games of one iteration (θ+ against θ−) and the
/// verification match (the tuned agent against the baseline), for one kind of game.
/// ``TwoPlayerTuningGames`` and ``PuzzleTuningGames`` are the workbench's; a test may
/// conform a synthetic objective.
public protocol TuningGames: Sendable {
    associatedtype Rules: Codable & Equatable & Sendable

    /// The run's settings.
    var settings: TuningSettings<Rules> { get }

    /// The spec of the baseline agent with the tuned weights at `theta` (one value
    /// per tuned weight): exact, or `rounded` as the tuned spec is written
    /// (``TuningParameter/rounded(_:)``). Set on the parsed spec, never on its text.
    func spec(theta: [Double], rounded: Bool) throws(WorkbenchError) -> String

    /// `spec` with every setting explicit (``AgentSpec/resolved``): what it means now.
    func resolved(_ spec: String) throws(WorkbenchError) -> String

    /// Plays one iteration's games between the probes `plus` and `minus` (one value
    /// per tuned weight) on `threads` workers. Game i depends only on `seed`, i and
    /// the probes, never on the thread that plays it. Returns θ+'s and θ−'s score for
    /// each game, in game order.
    func play(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError)
        -> (plus: [Double], minus: [Double])

    /// Plays (or, with games already in `folder`, finishes) the verification match of
    /// the agent `tuned` against the baseline, its seeds derived from `seed`, keeping
    /// its record log and summary files in `folder` as a tournament does.
    func verify(tuned: String, seed: UInt64, folder: URL, threads: Int,
                observer: TuningObserver) throws(WorkbenchError) -> TuningVerification
}

/// The workbench's tuning games (``TwoPlayerTuningGames``, ``PuzzleTuningGames``): the
/// baseline is a spec of `catalog`, and an iteration is a match of θ+ against θ−.
extension TuningGames {
    /// A spec as given, for games whose agents are not made from a catalog.
    public func resolved(_ spec: String) throws(WorkbenchError) -> String { spec }
}

public protocol CatalogTuningGames: TuningGames {
    associatedtype Agent
    associatedtype Match: TournamentRunning

    /// Where the baseline's kind comes from: the game's catalog, or a copy with your own kinds.
    var catalog: AgentCatalog<Agent> { get }

    /// The match of one iteration between the agents `plus` and `minus` (specs of ``catalog``).
    func match(seed: UInt64, plus: String, minus: String) throws(WorkbenchError) -> Match
}

extension CatalogTuningGames {
    public func spec(theta: [Double], rounded: Bool) throws(WorkbenchError) -> String {
        try settings.spec(baseline: TuningPlay.parse(settings.agent, catalog), theta: theta, rounded: rounded).text
    }

    public func resolved(_ spec: String) throws(WorkbenchError) -> String { try TuningPlay.parse(spec, catalog).resolved.text }

    /// The probes `plus` and `minus` as specs of ``catalog``, θ+'s first.
    func probes(_ plus: String, _ minus: String) throws(WorkbenchError) -> (AgentSpec, AgentSpec) {
        (try TuningPlay.parse(plus, catalog), try TuningPlay.parse(minus, catalog))
    }

    /// The records of one iteration's games between the probes `plus` and `minus`
    /// (one value per tuned weight), played on `threads` workers, in game order.
    func records(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError) -> [GameRecord] {
        let match = try self.match(seed: seed, plus: spec(theta: plus, rounded: false), minus: spec(theta: minus, rounded: false))
        return try TuningPlay.all(of: match, threads: threads)
    }
}

/// Tuning a two-player game: each iteration θ+ and θ− play `batch` game pairs, each
/// pair from one random opening with the sides swapped (the tournament's schedule
/// and openings, seeded by the iteration's seed); a game scores 1, ½ or 0.
///
/// With ``TuningSettings/opponents`` (a fixed pool), θ+ and θ− do not meet: each
/// plays a gauntlet of `batch` game pairs against every opponent, both gauntlets with
/// the iteration's seed, so game i of θ+ and game i of θ− have the same opponent,
/// opening, side and agents' seeds; the result is Σ (score of θ+ − score of θ−) over
/// these paired games.
public struct TwoPlayerTuningGames<G: TwoPlayerWorkbenchGame>: CatalogTuningGames {
    public let settings: TuningSettings<G.Rules>
    public let catalog: AgentCatalog<any TwoPlayerAgent<G>>
    /// The agents files the catalog's external agents come from (`--agent-file`, in
    /// order): repeated in the verification's reproduce command.
    public var agentFiles: [String] = []

    @inlinable
    public init(settings: TuningSettings<G.Rules>, catalog: AgentCatalog<any TwoPlayerAgent<G>> = G.agentCatalog) {
        self.settings = settings
        self.catalog = catalog
    }

    /// The match of one iteration: θ+ is the pairing's first agent (the first side in
    /// leg 0 of each pair).
    public func match(seed: UInt64, plus: String, minus: String) throws(WorkbenchError) -> Tournament<G> {
        let (p, m) = try probes(plus, minus)
        return try Tournament<G>(
            entrants: [Entrant(name: "theta+", spec: p, catalog: catalog), Entrant(name: "theta-", spec: m, catalog: catalog)],
            gamesPerPairing: 2 * settings.batch, seed: seed, openingPlies: settings.openingPlies, rules: settings.rules)
    }

    /// One probe's gauntlet against the pool `opponents`: the probe is the first
    /// entrant, named `name`; the schedule depends on `seed` and the pool only.
    public func poolMatch(seed: UInt64, probe: String, name: String, opponents: [String]) throws(WorkbenchError) -> Tournament<G> {
        var entrants = [Entrant(name: name, spec: try TuningPlay.parse(probe, catalog), catalog: catalog)]
        for o in opponents { entrants.append(Entrant(spec: try TuningPlay.parse(o, catalog), catalog: catalog)) }
        return try Tournament<G>(entrants: entrants, gamesPerPairing: 2 * settings.batch, seed: seed,
                                 openingPlies: settings.openingPlies, gauntlet: true, rules: settings.rules)
    }

    public func play(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError)
        -> (plus: [Double], minus: [Double]) {
        if let opponents = settings.opponents {
            let p = try poolMatch(seed: seed, probe: spec(theta: plus, rounded: false), name: "theta+", opponents: opponents)
            let m = try poolMatch(seed: seed, probe: spec(theta: minus, rounded: false), name: "theta-", opponents: opponents)
            let n = p.config.totalGames
            // Both gauntlets' games on one pool of workers: game i of θ+, then of θ−.
            let results = ForkJoin.mapTasks(count: 2 * n, workers: max(1, threads)) { i -> Result<Double, WorkbenchError> in
                do throws(WorkbenchError) {
                    let (match, name) = i < n ? (p, "theta+") : (m, "theta-")
                    let r = try match.play(i % n)
                    guard let s = r.score(of: name) else { throw .runtime("tuning game \(r.index) of \(name) did not finish") }
                    return .success(s)
                } catch { return .failure(error) }
            }
            var scores: [Double] = []
            for result in results {
                switch result {
                case .success(let s): scores.append(s)
                case .failure(let e): throw e
                }
            }
            return (Array(scores[..<n]), Array(scores[n...]))
        }
        let records = try self.records(seed: seed, plus: plus, minus: minus, threads: threads)
        var p: [Double] = [], m: [Double] = []
        for r in records {
            guard let s = r.score(of: "theta+") else { throw .runtime("tuning game \(r.index) did not finish") }
            p.append(s)
            m.append(1 - s)
        }
        return (p, m)
    }

    public func verify(tuned: String, seed: UInt64, folder: URL, threads: Int,
                       observer: TuningObserver) throws(WorkbenchError) -> TuningVerification {
        let pairs = settings.verification
        // Against a pool: a round robin of the tuned agent, the baseline and the pool
        // (each spec once), so the first pairing is still tuned against baseline.
        var agents = [tuned, settings.agent]
        for o in settings.opponents ?? [] where !agents.contains(o) { agents.append(o) }
        let command = benchCommandLine(["tournament", "--game", G.name, "--agents"] + agents
                                       + ["--games", String(2 * pairs), "--seed", String(seed),
                                          "--openings", String(settings.openingPlies)]
                                       + agentFiles.flatMap { ["--agent-file", $0] })
            + (settings.rules == G.defaultRules ? "" : "   # with the run's rule options")
        var entrants: [Entrant<G>] = []
        for a in agents { entrants.append(try Entrant(spec: a, catalog: catalog)) }
        let match = try Tournament<G>(entrants: entrants,
                                      gamesPerPairing: 2 * pairs, seed: seed, openingPlies: settings.openingPlies, rules: settings.rules,
                                      command: TuningPlay.header(settings) + command)
        let summary = try TuningPlay.verification(match, folder: folder, threads: threads, observer: observer)
        var verification = TuningVerification(kind: .twoPlayer, tuned: tuned, baseline: settings.agent, seed: seed, count: pairs,
                                              command: command, summary: summary)
        verification.opponents = settings.opponents
        return verification
    }
}

/// Tuning a puzzle: each iteration θ+ and θ− play the same `batch` deals (the same
/// deal seeds and the same agent seeds, as a puzzle tournament does); a deal scores
/// its points.
public struct PuzzleTuningGames<G: PuzzleWorkbenchGame>: CatalogTuningGames {
    public let settings: TuningSettings<G.Rules>
    public let catalog: AgentCatalog<any PuzzleAgent<G>>
    /// The agents files of the catalog's external agents, repeated in the verification's command.
    public var agentFiles: [String] = []

    @inlinable
    public init(settings: TuningSettings<G.Rules>, catalog: AgentCatalog<any PuzzleAgent<G>> = G.agentCatalog) {
        self.settings = settings
        self.catalog = catalog
    }

    /// The match of one iteration: deal d is game 2d for θ+ and 2d + 1 for θ−.
    public func match(seed: UInt64, plus: String, minus: String) throws(WorkbenchError) -> PuzzleTournament<G> {
        let (p, m) = try probes(plus, minus)
        return try PuzzleTournament<G>(
            entrants: [PuzzleEntrant(name: "theta+", spec: p, catalog: catalog),
                       PuzzleEntrant(name: "theta-", spec: m, catalog: catalog)],
            deals: settings.batch, seed: seed, rules: settings.rules)
    }

    public func play(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError)
        -> (plus: [Double], minus: [Double]) {
        let records = try self.records(seed: seed, plus: plus, minus: minus, threads: threads)
        var p: [Double] = [], m: [Double] = []
        for r in records {
            guard let s = r.puzzleScore else { throw .runtime("tuning deal \(r.index / 2) did not finish") }
            if r.index % 2 == 0 { p.append(Double(s)) } else { m.append(Double(s)) }
        }
        return (p, m)
    }

    public func verify(tuned: String, seed: UInt64, folder: URL, threads: Int,
                       observer: TuningObserver) throws(WorkbenchError) -> TuningVerification {
        let deals = settings.verification
        let command = benchCommandLine(["tournament", "--game", G.name, "--agents", settings.agent, tuned,
                                        "--games", String(deals), "--seed", String(seed)] + agentFiles.flatMap { ["--agent-file", $0] })
            + (settings.rules == G.defaultRules ? "" : "   # with the run's rule options")
        let match = try PuzzleTournament<G>(entrants: [PuzzleEntrant(spec: settings.agent, catalog: catalog),
                                                       PuzzleEntrant(spec: tuned, catalog: catalog)],
                                            deals: deals, seed: seed, rules: settings.rules,
                                            command: TuningPlay.header(settings) + command)
        let summary = try TuningPlay.verification(match, folder: folder, threads: threads, observer: observer)
        return TuningVerification(kind: .puzzle, tuned: tuned, baseline: settings.agent, seed: seed, count: deals,
                                  command: command, summary: summary)
    }
}

/// What a run reports as it goes (all optional): notes for the user, each finished
/// iteration, and the verification's start, games and end.
public struct TuningObserver: Sendable {
    /// A note for the user (a repaired log, a skipped verification).
    public var note: (@Sendable (String) -> Void)?
    /// Once the folder is ready and the log checked, before the first iteration,
    /// with the settings section of summary.md (what `bench tune` prints).
    public var started: (@Sendable (_ settings: String) -> Void)?
    /// After each iteration is logged.
    public var iteration: (@Sendable (TuningRecord) -> Void)?
    /// Before the verification plays: its games in all, and those already played.
    public var verificationStart: (@Sendable (_ total: Int, _ done: Int) -> Void)?
    /// After each verification game, with the count so far.
    public var verificationGame: (@Sendable (GameRecord, Int) -> Void)?
    /// After the verification's last game.
    public var verificationEnd: (@Sendable () -> Void)?

    public init(note: (@Sendable (String) -> Void)? = nil, started: (@Sendable (String) -> Void)? = nil,
                iteration: (@Sendable (TuningRecord) -> Void)? = nil,
                verificationStart: (@Sendable (Int, Int) -> Void)? = nil,
                verificationGame: (@Sendable (GameRecord, Int) -> Void)? = nil,
                verificationEnd: (@Sendable () -> Void)? = nil) {
        self.note = note
        self.started = started
        self.iteration = iteration
        self.verificationStart = verificationStart
        self.verificationGame = verificationGame
        self.verificationEnd = verificationEnd
    }
}

/// The helpers both kinds of tuning games share.
enum TuningPlay {
    /// The spec `text` of `catalog`; a bad one is a usage error naming it.
    static func parse<Agent>(_ text: String, _ catalog: AgentCatalog<Agent>) throws(WorkbenchError) -> AgentSpec {
        do { return try catalog.checkedSpec(text) } catch { throw error.prefixed("agent '\(text)'") }
    }

    /// Plays every game of `match` on `threads` workers and returns their records in
    /// game order; the first failure (in game order) is thrown.
    static func all(of match: some TournamentRunning, threads: Int) throws(WorkbenchError) -> [GameRecord] {
        let count = match.config.totalGames
        let results = ForkJoin.mapTasks(count: count, workers: max(1, threads)) { i -> Result<GameRecord, WorkbenchError> in
            do throws(WorkbenchError) { return .success(try match.play(i)) } catch { return .failure(error) }
        }
        var records: [GameRecord] = []
        records.reserveCapacity(count)
        for result in results {
            switch result {
            case .success(let r): records.append(r)
            case .failure(let e): throw e
            }
        }
        return records
    }

    /// Plays the tournament `match` in `folder` (``TournamentFolder``): fresh, or
    /// continuing the games a log there already holds, and returns its summary.
    static func verification<T: TournamentRunning>(_ match: T, folder: URL, threads: Int,
                                                   observer: TuningObserver) throws(WorkbenchError) -> TournamentSummary {
        let started = FileManager.default.fileExists(atPath: folder.appendingPathComponent(TournamentFolder.configName).path)
        let opened: TournamentFolder.Opened
        do {
            opened = try TournamentFolder.open(folder, file: match.file, check: match.recordCheck(source: "verify/games.jsonl"),
                                               resume: started)
        } catch { throw error.prefixed("verify") }
        if let repair = opened.repair { observer.note?("verify: \(repair)") }
        observer.verificationStart?(match.config.totalGames, opened.tally.addedCount)
        let summary = try match.run(threads: threads, log: opened.log, resumingFrom: opened.tally, onRecord: observer.verificationGame)
        observer.verificationEnd?()
        try summary.write(to: folder)
        return summary
    }

    /// The first line of the verification's command: what it belongs to.
    static func header<R>(_ settings: TuningSettings<R>) -> String {
        "# the verification match of: \(settings.command.isEmpty ? "a bench tune run" : settings.command)\n"
            + "# the same games as:\n"
    }

}

/// `bench` and the arguments as a shell line, quoted where needed: the command a
/// tournament, a tuning run or a verification match records.
package func benchCommandLine(_ arguments: [String]) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+")
    return (["bench"] + arguments.map { a in
        a.allSatisfy { safe.contains($0) } && !a.isEmpty ? a : "'" + a.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }).joined(separator: " ")
}
