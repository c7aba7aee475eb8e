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

    public init(folder: URL, episodes: Int, threads: Int, seed: UInt64?, alpha: Double?, batch: Int?) {
        self.folder = folder
        self.episodes = episodes
        self.threads = threads
        self.seed = seed
        self.alpha = alpha
        self.batch = batch
    }

    /// One point of the learning curve.
    public struct CurvePoint: Sendable, Equatable {
        /// Episodes played when the point was taken.
        public var episodes: Int
        /// Episodes the mean is over (1,000, fewer for a last partial block).
        public var count: Int
        public var meanScore: Double
    }

    /// The checks of the settings alone, before anything is read or written.
    public static func check(episodes: Int, alpha: Double?, batch: Int?) throws(WorkbenchError) {
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

    /// The learning rates a run takes: (0, 10].
    public static let alphaRange = 0.0...10.0

    /// The files of a training run's folder: the checkpoint says it holds one.
    public static let layout = RunLayout(what: "training run", configName: weightsName, lockName: ".lock")

    /// Runs (or resumes) the training; `report` is called after every checkpoint.
    public func run(resume: Bool, report: (CurvePoint, Double) -> Void) throws(WorkbenchError) -> (state: CoinSorterTrainingState, curve: [CurvePoint]) {
        let weightsPath = folder.appendingPathComponent(Self.weightsName).path
        if !resume { try Self.check(episodes: episodes, alpha: alpha, batch: batch ?? Self.defaultBatch(threads: threads)) }
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
            guard episodes % state.batch == 0 else {
                throw .usage("the episodes (\(episodes)) must be a multiple of the run's batch (\(state.batch))", field: "episodes")
            }
            curve = try readCurve().filter { $0.episodes <= state.episodes }
        } else {
            let b = batch ?? Self.defaultBatch(threads: threads)
            network = CoinSorterNTuple()
            state = CoinSorterTrainingState(seed: seed ?? 1, alpha: alpha ?? 0.1, batch: b)
        }
        let trainer = CoinSorterTDTrainer(network: network, state: state)
        while trainer.state.episodes < episodes {
            let done = trainer.state.episodes
            let n = min(Self.block - done % Self.block, episodes - done)
            let start = Clock.now
            let scores = trainer.train(episodes: n, threads: threads)
            let point = CurvePoint(episodes: trainer.state.episodes, count: n,
                                   meanScore: Double(scores.reduce(0, +)) / Double(n))
            curve.append(point)
            // The curve first: a line beyond the checkpoint is dropped on resume.
            try writeCurve(curve)
            do { try network.write(to: weightsPath, state: trainer.state) } catch { throw .runtime(error.message) }
            report(point, Clock.now - start)
        }
        if curve.isEmpty { try writeCurve(curve) }
        return (trainer.state, curve)
    }

    /// The curve read back from `curve.csv` (none when absent).
    func readCurve() throws(WorkbenchError) -> [CurvePoint] {
        let url = folder.appendingPathComponent("curve.csv")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw .runtime("cannot read \(url.path): \(error.localizedDescription)")
        }
        var points: [CurvePoint] = []
        for (i, line) in text.split(separator: "\n").enumerated() where i > 0 {
            let f = line.split(separator: ",")
            guard f.count == 3, let e = Int(f[0]), let n = Int(f[1]), let m = Double(f[2]), m.isFinite else {
                throw .runtime("\(url.path) line \(i + 1): not episodes,count,mean_score (corrupt curve)")
            }
            points.append(CurvePoint(episodes: e, count: n, meanScore: m))
        }
        return points
    }

    func writeCurve(_ curve: [CurvePoint]) throws(WorkbenchError) {
        let csv = "episodes,count,mean_score\n" + curve.map { "\($0.episodes),\($0.count),\(Format.fixed($0.meanScore, 4))" }.joined(separator: "\n")
            + (curve.isEmpty ? "" : "\n")
        for (name, text) in [("curve.csv", csv), ("curve.svg", Self.svg(curve))] {
            let url = folder.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
                throw .runtime("cannot write \(url.path): \(error.localizedDescription)")
            }
        }
        try ReportPage.writeTraining(folder: folder, csv: csv)
    }

    /// The learning curve: mean score per 1,000 training episodes.
    static func svg(_ curve: [CurvePoint]) -> String {
        let width = 760.0, height = 400.0, left = 60.0, right = 20.0, top = 40.0, bottom = 50.0
        let maxE = Double(max(curve.last?.episodes ?? 1, 1))
        let scores = curve.map(\.meanScore)
        var lo = (scores.min() ?? 0).rounded(.down), hi = (scores.max() ?? 1).rounded(.up)
        if hi - lo < 1 { hi = lo + 1 }
        lo = max(0, lo)
        func px(_ e: Int) -> Double { left + Double(e) / maxE * (width - left - right) }
        func py(_ v: Double) -> Double { top + (hi - v) / (hi - lo) * (height - top - bottom) }
        func f(_ x: Double) -> String { Format.fixed(x, 1) }
        var o = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
                 "<text x=\"\(Int(width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">Coin Sorter TD learning: mean score per 1,000 training episodes</text>",
                 "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width - left - right))\" height=\"\(f(height - top - bottom))\" fill=\"none\" stroke=\"black\"/>"]
        for k in 0...4 {
            let v = lo + (hi - lo) * Double(k) / 4
            o.append("<text x=\"\(f(left - 6))\" y=\"\(f(py(v) + 4))\" text-anchor=\"end\">\(Format.fixed(v, 2))</text>")
            o.append("<line x1=\"\(f(left))\" y1=\"\(f(py(v)))\" x2=\"\(f(width - right))\" y2=\"\(f(py(v)))\" stroke=\"#ddd\"/>")
            let e = Int((maxE * Double(k) / 4).rounded())
            o.append("<text x=\"\(f(px(e)))\" y=\"\(f(height - bottom + 18))\" text-anchor=\"middle\">\(e)</text>")
        }
        o.append("<text x=\"\(f(width - right))\" y=\"\(f(height - 12))\" text-anchor=\"end\">episodes</text>")
        if !curve.isEmpty {
            let line = curve.map { "\(f(px($0.episodes))),\(f(py($0.meanScore)))" }.joined(separator: " ")
            o.append("<polyline points=\"\(line)\" fill=\"none\" stroke=\"#204a87\" stroke-width=\"1.5\"/>")
        }
        o.append("</svg>")
        return o.joined(separator: "\n") + "\n"
    }
}
