import Boards
import Foundation
import Search

/// How a tuner plays: the games of one iteration (θ+ against θ−) and the
/// verification match (the tuned agent against the baseline), for one kind of game.
/// ``WorkbenchTuningGames`` are the workbench's; a test may conform a synthetic objective.
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

    /// Makes every agent of the run once, so one that cannot be made fails before the
    /// run's folder is written.
    func checkAgents() throws(WorkbenchError)

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

extension TuningGames {
    /// A spec as given, for games whose agents are not made from a catalog.
    public func resolved(_ spec: String) throws(WorkbenchError) -> String { spec }

    /// Nothing to make, for games whose agents are not made from a catalog.
    public func checkAgents() throws(WorkbenchError) {}
}

/// Tuning a workbench game: each iteration θ+ and θ− play a tournament of `batch`
/// units of the game's schedule, seeded by the iteration's seed. For a two-player
/// game (``ColourSwappedPairs``) that is `batch` game pairs, each pair from one random
/// opening with the sides swapped, a game scoring 1, ½ or 0; for a puzzle
/// (``SharedDeals``) the same `batch` deals with the same agent seeds, a deal scoring
/// its points. The baseline is a spec of ``catalog``.
///
/// With ``TuningSettings/opponents`` (a fixed pool; two-player games only), θ+ and θ−
/// do not meet: each plays a gauntlet of `batch` game pairs against every opponent,
/// both gauntlets with the iteration's seed, so game i of θ+ and game i of θ− have the
/// same opponent, opening, side and agents' seeds; the result is Σ (score of θ+ −
/// score of θ−) over these paired games.
public struct WorkbenchTuningGames<G: WorkbenchGame>: TuningGames {
    public let settings: TuningSettings<G.Rules>
    /// Where the baseline's kind comes from: the game's catalog, or a copy with your own kinds.
    public let catalog: AgentCatalog<G.Agent>
    /// The agents files the catalog's external agents come from (`--agent-file`, in
    /// order): repeated in the verification's reproduce command.
    public var agentFiles: [String] = []

    @inlinable
    public init(settings: TuningSettings<G.Rules>, catalog: AgentCatalog<G.Agent> = G.agentCatalog) {
        self.settings = settings
        self.catalog = catalog
    }

    public func spec(theta: [Double], rounded: Bool) throws(WorkbenchError) -> String {
        try settings.spec(baseline: TuningPlay.parse(settings.agent, catalog), theta: theta, rounded: rounded).text
    }

    public func resolved(_ spec: String) throws(WorkbenchError) -> String { try TuningPlay.parse(spec, catalog).resolved.text }

    public func checkAgents() throws(WorkbenchError) {
        let start = try spec(theta: settings.start, rounded: false)
        if let opponents = settings.opponents {
            try poolMatch(seed: 0, probe: start, name: "theta+", opponents: opponents).checkAgents()
        } else {
            try match(seed: 0, plus: start, minus: start).checkAgents()
        }
    }

    /// A tournament of `entrants` over `units` units of the schedule (game pairs per
    /// pairing, or deals) under the run's rules and openings.
    func tournament(_ entrants: [Entrant<G>], units: Int, seed: UInt64, gauntlet: Bool = false,
                    command: String = "") throws(WorkbenchError) -> Tournament<G> {
        try Tournament(entrants: entrants, games: units * G.Format.gamesPerUnit, seed: seed, openingPlies: settings.openingPlies,
                       gauntlet: gauntlet, sprt: nil, rules: settings.rules, command: command, shard: nil)
    }

    /// The match of one iteration between the agents `plus` and `minus` (specs of
    /// ``catalog``): θ+ is the first entrant (the first side in leg 0 of each pair;
    /// game 2d of deal d).
    public func match(seed: UInt64, plus: String, minus: String) throws(WorkbenchError) -> Tournament<G> {
        let p = try TuningPlay.parse(plus, catalog), m = try TuningPlay.parse(minus, catalog)
        return try tournament([Entrant(name: "theta+", spec: p, catalog: catalog), Entrant(name: "theta-", spec: m, catalog: catalog)],
                              units: settings.batch, seed: seed)
    }

    /// One probe's gauntlet against the pool `opponents`: the probe is the first
    /// entrant, named `name`; the schedule depends on `seed` and the pool only.
    public func poolMatch(seed: UInt64, probe: String, name: String, opponents: [String]) throws(WorkbenchError) -> Tournament<G> {
        var entrants = [Entrant<G>(name: name, spec: try TuningPlay.parse(probe, catalog), catalog: catalog)]
        for o in opponents { entrants.append(Entrant(spec: try TuningPlay.parse(o, catalog), catalog: catalog)) }
        return try tournament(entrants, units: settings.batch, seed: seed, gauntlet: true)
    }

    public func play(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError)
        -> (plus: [Double], minus: [Double]) {
        if let opponents = settings.opponents {
            let p = try poolMatch(seed: seed, probe: spec(theta: plus, rounded: false), name: "theta+", opponents: opponents)
            let m = try poolMatch(seed: seed, probe: spec(theta: minus, rounded: false), name: "theta-", opponents: opponents)
            let n = p.config.totalGames
            // Both gauntlets' games on one pool of workers: game i of θ+, then of θ−.
            let scores = try ForkJoin.mapTasks(count: 2 * n, workers: threads) { i throws(WorkbenchError) -> Double in
                let (match, name) = i < n ? (p, "theta+") : (m, "theta-")
                let r = try match.play(i % n)
                guard let s = G.Format.score(of: name, in: r) else { throw .runtime("tuning game \(r.index) of \(name) did not finish") }
                return s
            }
            return (Array(scores[..<n]), Array(scores[n...]))
        }
        let match = try self.match(seed: seed, plus: spec(theta: plus, rounded: false), minus: spec(theta: minus, rounded: false))
        var p: [Double] = [], m: [Double] = []
        // Each record scores θ+, θ− or both (a two-player game: 1 − θ+'s score for θ−).
        let records = try ForkJoin.mapTasks(count: match.config.totalGames, workers: threads) { i throws(WorkbenchError) in
            try match.play(i)
        }
        for r in records {
            let sp = G.Format.score(of: "theta+", in: r), sm = G.Format.score(of: "theta-", in: r)
            guard sp != nil || sm != nil else { throw .runtime("tuning game \(r.index) did not finish") }
            if let sp { p.append(sp) }
            if let sm { m.append(sm) }
        }
        return (p, m)
    }

    public func verify(tuned: String, seed: UInt64, folder: URL, threads: Int,
                       observer: TuningObserver) throws(WorkbenchError) -> TuningVerification {
        let count = settings.verification
        let kind: TuningKind
        var agents: [String], arguments: [String] = []
        switch G.Format.schedule(openingPlies: settings.openingPlies, gauntlet: false) {
        case .colourSwappedPairs(let openingPlies, _):
            // Against a pool: a round robin of the tuned agent, the baseline and the pool
            // (each spec once), so the first pairing is still tuned against baseline.
            kind = .twoPlayer
            agents = [tuned, settings.agent]
            for o in settings.opponents ?? [] where !agents.contains(o) { agents.append(o) }
            arguments = ["--openings", String(openingPlies)]
        case .sharedDeals:
            kind = .puzzle
            agents = [settings.agent, tuned]
        }
        let command = benchCommandLine(["tournament", "--game", G.name, "--agents"] + agents
                                       + ["--games", String(count * G.Format.gamesPerUnit), "--seed", String(seed)] + arguments
                                       + agentFiles.flatMap { ["--agent-file", $0] })
            + (settings.rules == G.defaultRules ? "" : "   # with the run's rule options")
        let entrants = try agents.map { a throws(WorkbenchError) in try Entrant<G>(spec: a, catalog: catalog) }
        // The match's command says first what it belongs to.
        let header = "# the verification match of: \(settings.command.isEmpty ? "a bench tune run" : settings.command)\n"
            + "# the same games as:\n"
        let match = try tournament(entrants, units: count, seed: seed, command: header + command)
        let summary = try TuningPlay.verification(match, folder: folder, threads: threads, observer: observer)
        var verification = TuningVerification(kind: kind, tuned: tuned, baseline: settings.agent, seed: seed, count: count,
                                              command: command, summary: summary)
        verification.opponents = settings.opponents
        return verification
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

    /// Plays the tournament `match` in `folder` (``TournamentFolder``): fresh, or
    /// continuing the games a log there already holds, and returns its summary.
    static func verification<G: WorkbenchGame>(_ match: Tournament<G>, folder: URL, threads: Int,
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
}

/// `bench` and the arguments as a shell line, quoted where needed: the command a
/// tournament, a tuning run or a verification match records.
package func benchCommandLine(_ arguments: [String]) -> String {
    (["bench"] + arguments.map(shellWord)).joined(separator: " ")
}

/// One shell word: as it is when it is safe, else in single quotes.
package func shellWord(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+")
    return !word.isEmpty && word.allSatisfy { safe.contains($0) } ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
