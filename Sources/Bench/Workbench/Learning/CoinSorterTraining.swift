import Boards
import Foundation
import Search

/// A training run of the learned Coin Sorter evaluation in a folder (`bench train`):
/// TD learning (``CoinSorterTDTrainer``) checkpointed every 1,000 episodes.
///
/// The folder holds `weights.bin` (the network and where the run stands: the
/// checkpoint, written by atomic rename), `curve.csv` (one line per 1,000 episodes:
/// episodes so far, episodes in the line, their mean score) and `curve.svg`. A run
/// resumed from its folder continues from the checkpoint exactly: the weights equal
/// those of a run never interrupted.
public struct CoinSorterTraining: Sendable {
    /// Episodes per checkpoint and per point of the learning curve.
    public static let block = 1000
    /// The checkpoint file's name in the folder.
    public static let weightsName = "weights.bin"
    /// The batch when none is given: online on one thread, else 20 episodes per group.
    public static func defaultBatch(threads: Int) -> Int { threads == 1 ? 1 : 20 }

    /// The folder.
    public let folder: URL
    /// Total episodes wanted (a resumed run plays the ones missing).
    public let episodes: Int
    public let threads: Int
    /// Settings of a new run; for a resumed run, the seed and batch given must match
    /// the file's, and an alpha given sets the rate from there on.
    public let seed: UInt64?
    public let alpha: Double?
    public let batch: Int?
    /// The method options (layout, stages, initialisation, coherence) and the held-out evaluation.
    public let method: TrainingMethod

    public init(folder: URL, episodes: Int, threads: Int, seed: UInt64?, alpha: Double?, batch: Int?,
                method: TrainingMethod = TrainingMethod()) {
        self.folder = folder
        self.episodes = episodes
        self.threads = threads
        self.seed = seed
        self.alpha = alpha
        self.batch = batch
        self.method = method
    }

    /// One point of the learning curve.
    public struct CurvePoint: Sendable, Equatable {
        /// Episodes played when the point was taken.
        public var episodes: Int
        /// Episodes the mean is over (1,000, fewer for a last partial block).
        public var count: Int
        public var meanScore: Double
        /// The held-out evaluation's mean score at this point, when one was made.
        public var heldOut: Double? = nil
        /// Its deals: how many, and the first seed (as evaluated, whatever a resume gives).
        public var heldOutGames: Int? = nil
        public var heldOutSeed: UInt64? = nil
    }

    /// The checks of the settings alone, before anything is read or written.
    public static func check(episodes: Int, alpha: Double?, batch: Int?, method: TrainingMethod = TrainingMethod()) throws(WorkbenchError) {
        if let every = method.evaluateEvery, every < block || every % block != 0 {
            throw .usage("held-out evaluations fall on checkpoints: every multiple of \(block) episodes, got \(every)", field: "evaluateEvery")
        }
        if let stages = method.stages, !stageRange.contains(stages) {
            throw .usage("a network has \(stageRange.lowerBound) to \(stageRange.upperBound) stages (one per turns left), got \(stages)", field: "stages")
        }
        if let v = method.initialValue, !v.isFinite || abs(v) > CoinSorterNTuple.maxInitialValue {
            throw .usage("the initial value must be within ±\(Format.number(CoinSorterNTuple.maxInitialValue)), got \(v)", field: "initialValue")
        }
        if let alpha, !alphaRange.contains(alpha) || alpha == 0 {
            throw .usage("the learning rate must be in (0, \(Format.number(alphaRange.upperBound))], got \(alpha)", field: "alpha")
        }
        if let batch {
            guard batch >= 1, block % batch == 0 else {
                throw .usage("the batch must divide \(block) (a checkpoint is always at the end of a batch), got \(batch)", field: "batch")
            }
            guard episodes % batch == 0 else {
                throw .usage("the episodes (\(episodes)) must be a multiple of the batch (\(batch))", field: "episodes")
            }
        }
    }

    /// The stage counts a network takes: 1 to one per turns left.
    public static let stageRange = 1...CoinSorterNTuple.turnTables

    /// The learning rates a run takes: (0, 10].
    public static let alphaRange = 0.0...CoinSorterNTuple.maxAlpha

    /// The files of a training run's folder: the checkpoint says it holds one.
    public static let layout = RunLayout(what: "training run", configName: weightsName, lockName: ".lock")

    /// Runs (or resumes) the training; `report` is called after every checkpoint.
    public func run(resume: Bool, report: (CurvePoint, Double) -> Void) throws(WorkbenchError)
        -> (state: CoinSorterTrainingState, symmetric: Bool, stages: Int) {
        let weightsPath = folder.appendingPathComponent(Self.weightsName).path
        try Self.check(episodes: episodes, alpha: nil, batch: nil, method: method)
        if !resume { try Self.check(episodes: episodes, alpha: alpha, batch: batch ?? Self.defaultBatch(threads: threads), method: method) }
        let run = resume ? try RunFolder.resume(folder, Self.layout) : try RunFolder.create(folder, Self.layout, config: nil)
        defer { withExtendedLifetime(run) {} }
        var network: CoinSorterNTuple
        var state: CoinSorterTrainingState
        var curve: [CurvePoint] = []
        if resume {
            do { (network, state) = try CoinSorterNTuple.load(weightsPath) } catch { throw .runtime(error.message) }
            if let seed, seed != state.seed { throw .usage("the run's seed is \(state.seed), not \(seed)", field: "resume") }
            // A new alpha continues the run at that rate (a learning-rate schedule is a
            // sequence of resumed runs, each command recorded in the results).
            if let alpha { state.alpha = alpha }
            if let batch, batch != state.batch { throw .usage("the run's batch is \(state.batch), not \(batch)", field: "resume") }
            // A run's method is fixed at its start.
            if let symmetric = method.symmetricTuples, symmetric != network.symmetricCombs {
                throw .usage("the run's tuples are \(network.symmetricCombs ? "" : "not ")fully symmetric", field: "resume")
            }
            if let stages = method.stages, stages != network.stages {
                throw .usage("the run's network has \(network.stages) stages, not \(stages)", field: "resume")
            }
            if let coherence = method.coherence, coherence != state.coherence {
                throw .usage("the run \(state.coherence ? "learns" : "does not learn") with temporal coherence", field: "resume")
            }
            if let value = method.initialValue, value != state.initialValue {
                throw .usage("the run started from initial value \(state.initialValue), not \(value)", field: "resume")
            }
            guard episodes % state.batch == 0 else {
                throw .usage("the episodes (\(episodes)) must be a multiple of the run's batch (\(state.batch))", field: "episodes")
            }
            // A resume with nothing to play changes nothing: a rate asked for then would be
            // reported and never stored. (An evaluation is asked for at every multiple of
            // its N; a run of chunks may hold none in one chunk, or at its target.)
            guard episodes >= state.episodes else {
                throw .usage("the run has \(state.episodes) episodes already, more than \(episodes)", field: "episodes")
            }
            if episodes == state.episodes, alpha != nil {
                throw .usage("the run has its \(episodes) episodes already: a new rate needs more (raise the episodes)", field: "resume")
            }
            curve = try readCurve().filter { $0.episodes <= state.episodes }
            let rows = Dictionary(try Self.heldOutRows(folder).map { ($0.episodes, $0) }, uniquingKeysWith: { $1 })
            for i in curve.indices {
                guard let r = rows[curve[i].episodes] else { continue }
                curve[i].heldOut = r.mean
                curve[i].heldOutGames = r.games
                curve[i].heldOutSeed = r.seed
            }
        } else {
            let b = batch ?? Self.defaultBatch(threads: threads)
            network = CoinSorterNTuple(symmetricCombs: method.symmetricTuples ?? false, stages: method.stages ?? CoinSorterNTuple.turnTables)
            state = CoinSorterTrainingState(seed: seed ?? 1, alpha: alpha ?? 0.1, batch: b, coherence: method.coherence ?? false,
                                            initialValue: method.initialValue ?? 0)
            if state.initialValue != 0 { CoinSorterTDTrainer.initialise(network, value: state.initialValue) }
        }
        let trainer = CoinSorterTDTrainer(network: network, state: state)
        if !resume {
            // A first checkpoint before any episode (by the trainer, which holds a coherence
            // run's sums): the folder holds a run from its start, so one killed in its first
            // block (its curve written, its weights not yet) is resumed, not refused both as a
            // new run ("not empty") and as a resume.
            do { try network.write(to: weightsPath, state: trainer.state) } catch { throw .runtime(error.message) }
        }
        while trainer.state.episodes < episodes {
            let done = trainer.state.episodes
            let n = min(Self.block - done % Self.block, episodes - done)
            let start = Clock.now
            let scores = trainer.train(episodes: n, threads: threads)
            var point = CurvePoint(episodes: trainer.state.episodes, count: n,
                                   meanScore: Double(scores.reduce(0, +)) / Double(n))
            if let every = method.evaluateEvery, point.episodes % every == 0 {
                point.heldOut = CoinSorterTDTrainer.heldOutMean(network, firstDeal: method.evaluationSeed,
                                                                games: method.evaluationGames, threads: threads)
                point.heldOutGames = method.evaluationGames
                point.heldOutSeed = method.evaluationSeed
            }
            curve.append(point)
            // The curve first: a line beyond the checkpoint is dropped on resume.
            try writeCurve(curve)
            do { try network.write(to: weightsPath, state: trainer.state) } catch { throw .runtime(error.message) }
            report(point, Clock.now - start)
        }
        // Nothing left to train (a new run of 0 episodes, or a resume at the target):
        // the curve and its figure are written from what there is.
        if trainer.state.episodes == state.episodes { try writeCurve(curve) }
        return (trainer.state, network.symmetricCombs, network.stages)
    }

    /// The held-out curves of several runs side by side (`bench train --compare`): written
    /// to `out` as `heldout-curves.csv` (run, episodes, games, first seed, mean score) and
    /// `heldout-curves.svg`.
    public static func compare(_ runs: [(name: String, folder: URL)], out: URL) throws(WorkbenchError) {
        try RunFolder.refuseFile(out, field: "out")
        var names: Set<String> = []
        for run in runs where !names.insert(run.name).inserted {
            throw .usage("run name '\(run.name)' is given twice (the curves would not be told apart)", field: "compare")
        }
        var csv = "run,episodes,games,first_seed,mean_score\n"
        var series: [LineChart.Series] = []
        for (i, run) in runs.enumerated() {
            // As every command says of a folder without its run (exit 2), not "trained without them".
            guard try RegularFile.exists(run.folder.appendingPathComponent(layout.configName).path) else {
                throw .usage("no \(layout.what) in \(run.folder.path) (\(layout.configName) missing)", field: "compare")
            }
            let rows = try heldOutRows(run.folder)
            guard !rows.isEmpty else { throw .runtime("\(run.folder.path) has no held-out evaluations (heldout.csv): it was trained without them") }
            for r in rows { csv += "\(run.name),\(r.episodes),\(r.games),\(r.seed),\(Format.fixed(r.mean, 4))\n" }
            series.append(LineChart.Series(name: run.name, points: rows.map { (Double($0.episodes), $0.mean) }, style: i))
        }
        let games = Set(runs.flatMap { (try? heldOutRows($0.folder))?.map { "\($0.games) deals from seed \($0.seed)" } ?? [] })
        let chart = LineChart(title: "Coin Sorter TD learning: greedy on held-out deals (\(games.sorted().joined(separator: "; ")))",
                              series: series, xTitle: "training episodes", yTitle: "mean score per deal (points)", xIncluding: [0])
        let files = [("heldout-curves.csv", csv), ("heldout-curves.svg", chart.svg)].map { (out.appendingPathComponent($0), $1) }
        for (url, text) in files { try RunFolder.refuseReplacing(url, with: text) }
        do { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) } catch {
            throw .runtime("cannot write in \(out.path): \(error.localizedDescription)")
        }
        for (url, text) in files { try RunFolder.writeWhole(text, to: url) }
    }

    /// The rows of a run's `heldout.csv` (none when absent).
    static func heldOutRows(_ folder: URL) throws(WorkbenchError) -> [(episodes: Int, games: Int, seed: UInt64, mean: Double)] {
        let url = folder.appendingPathComponent("heldout.csv")
        var rows: [(episodes: Int, games: Int, seed: UInt64, mean: Double)] = []
        for (line, f) in try csvRows(url, header: heldOutHeader) {
            guard f.count == 4, let e = Int(f[0]), let g = Int(f[1]), let seed = UInt64(f[2]), let m = Double(f[3]), m.isFinite else {
                throw .runtime("\(url.path) line \(line): not episodes,games,first_seed,mean_score (corrupt file)")
            }
            rows.append((e, g, seed, m))
        }
        return rows
    }

    /// The curve read back from `curve.csv` (none when absent).
    func readCurve() throws(WorkbenchError) -> [CurvePoint] {
        let url = folder.appendingPathComponent("curve.csv")
        var points: [CurvePoint] = []
        for (line, f) in try Self.csvRows(url, header: Self.curveHeader) {
            guard f.count == 3, let e = Int(f[0]), let n = Int(f[1]), let m = Double(f[2]), m.isFinite else {
                throw .runtime("\(url.path) line \(line): not episodes,count,mean_score (corrupt curve)")
            }
            points.append(CurvePoint(episodes: e, count: n, meanScore: m))
        }
        return points
    }

    /// The rows after the `header` line of the CSV file `url`, each split at commas, with
    /// its line number (none when there is no file); a first line that is not `header` is
    /// a corrupt file, never an empty one (which a resume would then write over).
    static func csvRows(_ url: URL, header: String) throws(WorkbenchError) -> [(line: Int, fields: [Substring])] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw .runtime("cannot read \(url.path): \(error.localizedDescription)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { throw .runtime("\(url.path) line 1: not the header \(header) (corrupt file)") }
        return lines.enumerated().dropFirst().filter { !$1.isEmpty }.map { ($0 + 1, $1.split(separator: ",")) }
    }

    /// The first lines of `curve.csv` and `heldout.csv`.
    static let curveHeader = "episodes,count,mean_score", heldOutHeader = "episodes,games,first_seed,mean_score"

    func writeCurve(_ curve: [CurvePoint]) throws(WorkbenchError) {
        let csv = Self.curveHeader + "\n" + curve.map { "\($0.episodes),\($0.count),\(Format.fixed($0.meanScore, 4))" }.joined(separator: "\n")
            + (curve.isEmpty ? "" : "\n")
        var files = [("curve.csv", csv), ("curve.svg", Self.svg(curve))]
        let evaluated = curve.filter { $0.heldOut != nil }
        if !evaluated.isEmpty {
            files.append(("heldout.csv", Self.heldOutHeader + "\n" + evaluated.map {
                "\($0.episodes),\($0.heldOutGames ?? method.evaluationGames),\($0.heldOutSeed ?? method.evaluationSeed),\(Format.fixed($0.heldOut!, 4))"
            }.joined(separator: "\n") + "\n"))
        }
        for (name, text) in files { try RunFolder.writeWhole(text, to: folder.appendingPathComponent(name)) }
        try ReportPage.writeTraining(folder: folder, csv: csv)
    }

    /// The learning curve: the mean score of each 1,000 training episodes (thin grey)
    /// and its centred moving average (about a twentieth of the points, odd, at most 25).
    static func svg(_ curve: [CurvePoint]) -> String {
        let raw = curve.map { (x: Double($0.episodes), y: $0.meanScore) }
        let window = smoothingWindow(curve.count)
        let smooth = LineChart.movingAverage(curve.map(\.meanScore), window: window)
        var series = [LineChart.Series(name: "mean score of the \(Format.grouped(UInt64(block))) episodes up to the point", points: raw,
                                       style: 5, width: 1, markers: false, color: "#999999", dash: "")]
        if window > 1 {
            series.append(LineChart.Series(name: "moving average over \(window) points (\(Format.grouped(UInt64(window * block))) episodes), centred",
                                           points: zip(raw, smooth).map { ($0.x, $1) }, style: 1, width: 2.2, markers: false, color: Palette.color(1), dash: ""))
        }
        let chart = LineChart(title: "Coin Sorter TD learning: mean score per \(Format.grouped(UInt64(block))) training episodes",
                              series: series, xTitle: "training episodes", yTitle: "mean score per deal (points)",
                              xIncluding: [0])
        return chart.svg
    }

    /// The moving average's window for `count` points: odd, about count / 20, 1 to 25.
    static func smoothingWindow(_ count: Int) -> Int {
        let w = min(25, max(1, count / 20))
        return w % 2 == 0 ? w + 1 : w
    }
}
