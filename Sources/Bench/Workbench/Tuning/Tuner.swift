import Boards
import Search
import Foundation

/// SPSA tuning of an agent's heuristic weights by self-play, for any kind of game.
///
/// Iterations run one after another; iteration k perturbs every tuned weight by
/// ±cₖ (a seeded Rademacher vector), plays θ+ against θ− (``TuningGames``), and
/// steps θ by aₖ · result / (2cₖΔ) (see docs/tuning.md). The games of one
/// iteration run on worker threads; every seed derives from the settings' seed, the
/// iteration and the game's index, and scores are summed in game order, so the
/// weights are the same for any thread count.
///
/// ```swift
/// let settings = try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy",
///                                   iterations: 50, batch: 8, seed: 1, verification: 1000)
/// let tuner = Tuner(games: WorkbenchTuningGames<CoinSorter>(settings: settings))
/// let outcome = try tuner.run(in: URL(fileURLWithPath: "results/tuning-greedy"), resume: false, threads: 2)
/// print(outcome.tunedSpec)
/// ```
public struct Tuner<Games: TuningGames>: Sendable {
    /// How the games are played (and the settings).
    public let games: Games

    public init(games: Games) { self.games = games }

    /// The run's settings.
    public var settings: TuningSettings<Games.Rules> { games.settings }

    /// Plays iteration `k` from the point `theta` and returns its record.
    public func iterate(_ k: Int, from theta: [Double], threads: Int) throws(WorkbenchError) -> TuningRecord {
        let start = Clock.now
        let plan = settings.plan(k, from: theta)
        let scores = try games.play(seed: plan.seed, plus: plan.plus, minus: plan.minus, threads: threads)
        guard scores.plus.count == settings.gamesPerIteration, scores.minus.count == settings.gamesPerIteration else {
            throw .runtime("iteration \(k) returned \(scores.plus.count) scores, expected \(settings.gamesPerIteration)")
        }
        return settings.record(plan, from: theta, plus: scores.plus, minus: scores.minus, seconds: Clock.now - start)
    }

    /// Plays iterations `first..<N` from `theta` (θ before iteration `first`),
    /// appending each record to `log` as soon as it is played; returns the final θ.
    public func run(from theta: [Double], first: Int = 0, threads: Int, log: JSONLinesLog<TuningRecord>? = nil,
                    onIteration: ((TuningRecord) -> Void)? = nil) throws(WorkbenchError) -> [Double] {
        var theta = theta
        for k in first..<settings.iterations {
            let record = try iterate(k, from: theta, threads: threads)
            try log?.append(record)
            onIteration?(record)
            theta = record.thetaAfter
        }
        return theta
    }

    /// The whole run in `folder`: writes `tune.json`, appends every iteration to
    /// `tuning.jsonl` as it ends, then writes `tuned.txt` and `trajectory.svg`, plays
    /// the verification match in `verify/` and writes `summary.md`.
    ///
    /// With `resume`, continues the run in `folder`: the settings must equal
    /// `tune.json` (else a usage error), a torn last line is cut (with a note), every
    /// line is checked (iterations consecutive from 0, θ after of one line = θ before
    /// of the next, every derived number recomputed; else a runtime error), and the
    /// iterations and verification games left are played. The final weights are
    /// those of an uninterrupted run. Nothing is written before the folder is known
    /// to be usable.
    public func run(in folder: URL, resume: Bool, threads: Int,
                    observer: TuningObserver = TuningObserver()) throws(WorkbenchError) -> TuningOutcome<Games.Rules> {
        let settings = self.settings
        let (lockedFolder, log, recorded) = try prepare(folder, resume: resume, observer: observer)
        defer { withExtendedLifetime(lockedFolder) {} }
        var trajectory = Trajectory(settings: settings)
        var theta = settings.start
        var timing = Timing()
        var done = 0
        if resume {
            let source = TuningFiles.log
            let shape = try JSONLinesLog<TuningRecord>.scan(log.url, describing: "a tuning record") { r, line throws(WorkbenchError) in
                try settings.check(r, iteration: line - 1, from: theta, line: line, source: source)
                theta = r.thetaAfter
                trajectory.add(r)
                timing.add(r, thisRun: false)
            }
            done = shape.lines
        }
        // The header shows the settings as recorded (equal to these but for the command,
        // the resolved specs and the version): what the run recorded its agents to mean
        // (nothing, for a run of an earlier version), not what this version makes of them.
        let resumedWith = recorded.command != settings.command ? settings.command : nil
        let header = recorded.markdown(threads: threads, resumedWith: resumedWith)
        observer.started?(header)
        theta = try run(from: theta, first: done, threads: threads, log: log) { r in
            trajectory.add(r)
            timing.add(r, thisRun: true)
            observer.iteration?(r)
        }
        let tuned = try games.spec(theta: theta, rounded: true)
        try RunFolder.writeWhole(settings.agent + "\n" + tuned + "\n", to: folder.appendingPathComponent(TuningFiles.tuned))
        try RunFolder.writeWhole(TuningReport.trajectorySVG(settings, trajectory.points), to: folder.appendingPathComponent(TuningFiles.trajectory))
        var verification: TuningVerification? = nil
        var skipped: String? = nil
        if settings.verification == 0 {
            skipped = "skipped (verification games set to 0)"
        } else if tuned == settings.agent {
            skipped = "skipped: the tuned spec is the baseline's"
        } else {
            verification = try games.verify(tuned: tuned, seed: verificationSeed(), folder: folder.appendingPathComponent(TuningFiles.verification),
                                            threads: threads, observer: observer)
        }
        var outcome = TuningOutcome(settings: recorded, resumedWith: resumedWith, theta: theta, tunedSpec: tuned, iterationsThisRun: timing.thisRun,
                                    meanSeconds: timing.mean, meanSecondsThisRun: timing.meanThisRun, nonZeroResults: timing.moved, threads: threads,
                                    verification: verification, verificationSkipped: skipped, markdown: "", results: "")
        outcome.resolvedBaseline = try games.resolved(settings.agent)
        outcome.resolvedTuned = try games.resolved(tuned)
        outcome.results = TuningReport.results(outcome)
        outcome.markdown = header + outcome.results
        try RunFolder.writeWhole(outcome.markdown, to: folder.appendingPathComponent(TuningFiles.summary))
        try ReportPage.write(folder: folder, title: "tuning run", command: nil, markdown: outcome.markdown)
        return outcome
    }

    /// The verification's seed: stream j of the verification purpose, the first j
    /// whose deals (puzzles: seeds s, s+1, …) share none with any tuning iteration's.
    /// Two-player games: stream 0 (their seeds are all mixed, never consecutive).
    public func verificationSeed() -> UInt64 {
        let s = settings
        var j = 0
        while true {
            let seed = s.derivedSeed(.verification, j)
            guard s.kind == .puzzle else { return seed }
            let clash = (0..<s.iterations).contains { k in
                let t = s.derivedSeed(.tuningGames, k)
                return seed &- t < UInt64(s.batch) || t &- seed < UInt64(s.verification)
            }
            if !clash { return seed }
            j += 1
        }
    }

    /// The files of a tuning run's folder.
    static var layout: RunLayout {
        RunLayout(what: "tuning run", configName: TuningFiles.settings, lockName: TuningFiles.log, others: [TuningFiles.verification])
    }

    /// The settings with what the agents mean now and this version: what `tune.json`
    /// records.
    func resolvedSettings() throws(WorkbenchError) -> TuningSettings<Games.Rules> {
        var s = settings
        s.resolvedAgent = try games.resolved(s.agent)
        s.resolvedOpponents = try s.opponents?.map { o throws(WorkbenchError) in try games.resolved(o) }
        s.version = WorkbenchVersion.current
        return s
    }

    /// Creates the folder, takes its lock and writes `tune.json` (with the resolved
    /// specs), or on resume checks `tune.json` (the settings, and that the agents
    /// still resolve as recorded), takes the lock and repairs the log (``RunFolder``).
    /// Returns the folder, the log and the settings as recorded.
    func prepare(_ folder: URL, resume: Bool, observer: TuningObserver) throws(WorkbenchError)
        -> (RunFolder, JSONLinesLog<TuningRecord>, TuningSettings<Games.Rules>) {
        let logURL = folder.appendingPathComponent(TuningFiles.log)
        let now = try resolvedSettings()
        try games.checkAgents()
        guard resume else {
            let run = try RunFolder.create(folder, Self.layout, config: try JSON.text(now) + "\n")
            return (run, try JSONLinesLog(appendingTo: logURL), now)
        }
        let run = try RunFolder.resume(folder, Self.layout)
        let data = try run.config()
        let saved: TuningSettings<Games.Rules>
        do { saved = try JSONDecoder().decode(TuningSettings<Games.Rules>.self, from: data) } catch {
            throw .runtime("\(run.configURL.path) is not the settings of a \(settings.game) tuning run (\(JSON.describe(error)))",
                           field: "resume")
        }
        if saved.agent == now.agent, saved.opponents == now.opponents, let was = saved.resolvedAgent, let current = now.resolvedAgent {
            let before = [was] + (saved.resolvedOpponents ?? []), after = [current] + (now.resolvedOpponents ?? [])
            if before != after {
                throw .usage("an agent means something else now than when the run started (\(ResolvedSpecs.difference(before, after, names: [now.agent] + (now.opponents ?? [])))); "
                    + "continue with \(ResolvedSpecs.starter(saved.version)) or start a new folder", field: "resume")
            }
        }
        try run.requireSame(saved == settings, command: saved.command)
        if let repair = try run.repairLog(TuningRecord.self, TuningFiles.log, describing: "a tuning record") {
            observer.note?(repair)
        }
        return (run, try JSONLinesLog(appendingTo: logURL), saved)
    }

    /// Seconds per iteration, over the whole log and over this run, and the
    /// iterations whose result was not 0 (the only ones that move θ).
    struct Timing {
        var total = 0.0, count = 0, totalThisRun = 0.0, thisRun = 0, moved = 0
        mutating func add(_ r: TuningRecord, thisRun now: Bool) {
            total += r.seconds; count += 1
            if now { totalThisRun += r.seconds; thisRun += 1 }
            if r.result != 0 { moved += 1 }
        }
        var mean: Double? { count > 0 ? total / Double(count) : nil }
        var meanThisRun: Double? { thisRun > 0 ? totalThisRun / Double(thisRun) : nil }
    }

    /// θ over the run, thinned to at most about 1000 points for the chart.
    struct Trajectory {
        let stride: Int, last: Int
        var points: [(iteration: Int, theta: [Double])]
        init(settings: TuningSettings<Games.Rules>) {
            stride = max(1, (settings.iterations + 999) / 1000)
            last = settings.iterations
            points = [(0, settings.start)]
        }
        mutating func add(_ r: TuningRecord) {
            let done = r.iteration + 1
            if done % stride == 0 || done == last { points.append((done, r.thetaAfter)) }
        }
    }
}

/// The files of a tuning run in its folder (docs/tuning.md).
public enum TuningFiles {
    /// The settings, written when the run starts.
    public static let settings = "tune.json"
    /// One line per iteration, appended as each ends.
    public static let log = "tuning.jsonl"
    /// The baseline spec, then the tuned spec.
    public static let tuned = "tuned.txt"
    /// Each weight over the iterations.
    public static let trajectory = "trajectory.svg"
    /// Settings, final weights, verification.
    public static let summary = "summary.md"
    /// The verification match's tournament folder.
    public static let verification = "verify"
}

/// What a tuning run ends with: the final weights, the tuned spec, the timing and
/// the verification; `markdown` is `summary.md`.
public struct TuningOutcome<Rules: Codable & Equatable & Sendable>: Sendable {
    /// The settings as `tune.json` records them (with the command that started the run).
    public var settings: TuningSettings<Rules>
    /// The command that resumed the run, when it differs from the settings' command.
    public var resumedWith: String?
    /// θ after the last iteration, exact.
    public var theta: [Double]
    /// The tuned agent: the baseline with the final weights, rounded (line 2 of tuned.txt).
    public var tunedSpec: String
    /// The baseline's and the tuned agent's specs with every setting explicit, and the
    /// workbench version: what the two names meant in this run.
    public var resolvedBaseline: String = ""
    public var resolvedTuned: String = ""
    /// Iterations played by this call (the others were resumed from the log).
    public var iterationsThisRun: Int
    /// Mean seconds per iteration, over every iteration in the log and over this call's.
    public var meanSeconds, meanSecondsThisRun: Double?
    /// Iterations whose result was not 0 (the others left θ where it was).
    public var nonZeroResults: Int
    public var threads: Int
    /// The verification match, when one was played.
    public var verification: TuningVerification?
    /// Why there was none, when there was none.
    public var verificationSkipped: String?
    /// summary.md.
    public var markdown: String
    /// The part of summary.md after the settings: final weights, verification, run.
    public var results: String
}

/// The verification match of a tuned agent against its baseline, on seeds no tuning
/// iteration used: its summary (the tournament's tables) and how to replay it.
public struct TuningVerification: Sendable {
    public init(kind: TuningKind, tuned: String, baseline: String, seed: UInt64, count: Int, command: String,
                summary: TournamentSummary) {
        self.kind = kind
        self.tuned = tuned
        self.baseline = baseline
        self.seed = seed
        self.count = count
        self.command = command
        self.summary = summary
    }

    public var kind: TuningKind
    public var tuned, baseline: String
    /// The match's seed (derived from the run's seed, verification purpose).
    public var seed: UInt64
    /// Game pairs (two-player) or deals (puzzle).
    public var count: Int
    /// The `bench tournament` command that plays the same games.
    public var command: String
    public var summary: TournamentSummary
    /// The pool of a run tuned against opponents (the match is then a round robin of
    /// tuned, baseline and pool); `nil` for self-play.
    public var opponents: [String]? = nil
}
