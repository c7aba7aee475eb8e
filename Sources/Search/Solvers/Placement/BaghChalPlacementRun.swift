import Boards
import Foundation

/// The placement sweep over a folder of layer files (docs/placement.md): each finished
/// layer is written (header, checksum, atomic rename) before the next begins, and a run
/// continues after the last layer found, so a run that is killed loses at most the layer
/// it was in. Two layers are in memory at a time: the children and the layer computed.
public enum BaghChalPlacementRun {
    /// One layer's figures, as reported.
    public struct LayerReport: Sendable, Codable, Hashable {
        public var layer: String
        public var placed: Int
        public var sideToMove: String
        /// Slots computed (every image of a symmetric position) and positions (classes).
        public var slots: Int
        public var positions: Int
        public var wins: Int
        public var draws: Int
        public var losses: Int
        /// Seconds the layer took when it was computed (read from its file when loaded).
        public var seconds: Double
        /// CPU seconds (user and system, all threads) the layer took; `nil` for a layer found on disk.
        public var cpuSeconds: Double?
        /// Bytes of values in memory while it was computed: its own and its children's
        /// (0 for the sliding table, held besides); `nil` for a layer found on disk.
        public var valueBytes: Int?
        /// The process's peak resident memory when the layer was done (bytes; `nil` when found on disk).
        public var peakResidentBytes: Int?
        /// `computed` now, or `found` finished on disk.
        public var source: String
    }

    /// Errors of a run: a file that cannot be read or written, or a missing dependency.
    public typealias Failure = TablebaseFileError

    /// The path of a layer's file in `folder`.
    public static func path(_ folder: String, _ layer: BaghChalPlacementLayer) -> String {
        (folder as NSString).appendingPathComponent(BaghChalPlacementFile.name(layer))
    }

    /// Runs the sweep in `folder` from the first layer without a file, through layer
    /// `last` (default: G(0), the start's layer), and returns every layer's report
    /// (those found on disk too, from their headers).
    ///
    /// - Parameters:
    ///   - sliding: the sliding-phase table (needed only when G(N−1) must be computed).
    ///   - progress: the layer, the slots done and the layer's slots, from the workers.
    ///   - finished: called after each layer, found or computed.
    public static func run(index: BaghChalPlacementIndex, sliding: () throws(Failure) -> BaghChalTablebase,
                           folder: String, threads: Int, through last: BaghChalPlacementLayer? = nil,
                           progress: (@Sendable (BaghChalPlacementLayer, Int, Int) -> Void)? = nil,
                           finished: ((LayerReport) -> Void)? = nil) throws(Failure) -> [LayerReport] {
        try makeFolder(folder)
        var reports: [LayerReport] = []
        var held: BaghChalPlacementValues? = nil
        for layer in index.layers {
            let path = Self.path(folder, layer)
            let report: LayerReport
            if FileManager.default.fileExists(atPath: path) {
                let header = try BaghChalPlacementFile.header(path, index: index, layer: layer)
                guard header.first == 0, header.count == header.layerSlots else {
                    throw Failure("\(path) holds a slice of layer \(layer), not the whole layer")
                }
                report = Self.report(layer, index: index, counts: header.counts, seconds: header.seconds,
                                     valueBytes: nil, peak: nil, source: "found")
                held = nil
            } else {
                let children = try Self.children(of: layer, index: index, folder: folder, held: held, sliding: sliding)
                let clock = ContinuousClock.now, cpu = cpuSeconds()
                let (values, counts) = BaghChalPlacementSweep.compute(layer, index: index, children: children, threads: threads,
                                                                      progress: Self.progress(progress, layer))
                let seconds = Self.seconds(since: clock)
                guard counts.positions == index.classCount(layer) else {
                    throw Failure("layer \(layer): \(counts.positions) classes counted, but Burnside's lemma gives "
                        + "\(index.classCount(layer)) (a bug; nothing written)")
                }
                try BaghChalPlacementFile.write(values, counts: counts, seconds: seconds, index: index, to: path)
                var childBytes = 0
                if case .layer(let c) = children { childBytes = c.bytes }
                report = Self.report(layer, index: index, counts: counts, seconds: seconds, valueBytes: values.bytes + childBytes,
                                     peak: peakResidentBytes(), source: "computed", cpu: cpuSeconds() - cpu)
                held = values
            }
            reports.append(report)
            finished?(report)
            if layer == last { break }
        }
        return reports
    }

    /// The children of `layer`: the sliding table for G(N−1), else the layer before in the
    /// sweep, held in memory or read from its file.
    static func children(of layer: BaghChalPlacementLayer, index: BaghChalPlacementIndex, folder: String,
                         held: BaghChalPlacementValues?, sliding: () throws(Failure) -> BaghChalTablebase) throws(Failure)
        -> BaghChalPlacementSweep.Children {
        if layer.goatsToMove && layer.placed + 1 == index.goatsPerGame { return .sliding(try sliding()) }
        let childLayer = layer.goatsToMove ? BaghChalPlacementLayer(placed: layer.placed + 1, goatsToMove: false)
                                           : BaghChalPlacementLayer(placed: layer.placed, goatsToMove: true)
        if let held, held.layer == childLayer { return .layer(held) }
        let path = Self.path(folder, childLayer)
        guard FileManager.default.fileExists(atPath: path) else {
            throw Failure("layer \(layer) needs layer \(childLayer) first (\(path) is missing)")
        }
        let (header, values) = try BaghChalPlacementFile.read(path, index: index, layer: childLayer)
        guard header.first == 0, header.count == header.layerSlots else {
            throw Failure("\(path) holds a slice of layer \(childLayer), not the whole layer")
        }
        return .layer(values)
    }

    /// The first layer of the sweep without a file in `folder` (`nil` when all are done).
    public static func nextLayer(index: BaghChalPlacementIndex, folder: String) -> BaghChalPlacementLayer? {
        index.layers.first { !FileManager.default.fileExists(atPath: path(folder, $0)) }
    }

    /// Makes `folder` (and its parents) if it is not there.
    static func makeFolder(_ folder: String) throws(Failure) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Failure("cannot create folder \(folder): \(error.localizedDescription)")
        }
    }

    /// Computes shard `k` (0-based) of `n` of the first unfinished layer and writes it
    /// beside the layers (`p12-tigers.shard-3-of-8.bcpl`); its children must be finished.
    public static func shard(_ k: Int, of n: Int, index: BaghChalPlacementIndex,
                             sliding: () throws(Failure) -> BaghChalTablebase, folder: String, threads: Int,
                             progress: (@Sendable (BaghChalPlacementLayer, Int, Int) -> Void)? = nil) throws(Failure)
        -> (layer: BaghChalPlacementLayer, path: String, counts: BaghChalPlacementSweep.Counts, seconds: Double) {
        guard let layer = nextLayer(index: index, folder: folder) else { throw Failure("every layer in \(folder) is finished") }
        // Made before the work, as the whole sweep makes it: a slice must have somewhere to go.
        try makeFolder(folder)
        let range = BaghChalPlacementFile.shardRange(slots: index.slotCount(layer), k, n)
        let children = try Self.children(of: layer, index: index, folder: folder, held: nil, sliding: sliding)
        let clock = ContinuousClock.now
        let (values, counts) = BaghChalPlacementSweep.compute(layer, index: index, children: children, range: range, threads: threads,
                                                              progress: Self.progress(progress, layer))
        let seconds = Self.seconds(since: clock)
        let path = (folder as NSString).appendingPathComponent(BaghChalPlacementFile.shardName(layer, k, n))
        try BaghChalPlacementFile.write(values, counts: counts, seconds: seconds, index: index, to: path)
        return (layer, path, counts, seconds)
    }

    /// Joins the `n` shards of the first unfinished layer into its layer file (each shard
    /// checked: header, checksum, and that it is the expected slice), then removes them.
    public static func join(_ n: Int, index: BaghChalPlacementIndex, folder: String) throws(Failure) -> LayerReport {
        guard let layer = nextLayer(index: index, folder: folder) else { throw Failure("every layer in \(folder) is finished") }
        let slots = index.slotCount(layer)
        let whole = BaghChalPlacementValues(layer: layer, first: 0, count: slots)
        var counts = BaghChalPlacementSweep.Counts()
        var seconds = 0.0
        var paths: [String] = []
        for k in 0..<n {
            let path = (folder as NSString).appendingPathComponent(BaghChalPlacementFile.shardName(layer, k, n))
            guard FileManager.default.fileExists(atPath: path) else { throw Failure("shard \(k)/\(n) of layer \(layer) is missing: \(path)") }
            let (header, values) = try BaghChalPlacementFile.read(path, index: index, layer: layer)
            let range = BaghChalPlacementFile.shardRange(slots: slots, k, n)
            guard header.first == range.lowerBound, header.count == range.count else {
                throw Failure("\(path) holds slots \(header.first)..<\(header.first + header.count), expected shard \(k)/\(n): "
                    + "\(range.lowerBound)..<\(range.upperBound)")
            }
            (whole.words + range.lowerBound / 32).update(from: values.words, count: values.wordCount)
            counts = counts + header.counts
            seconds += header.seconds
            paths.append(path)
        }
        guard counts.positions == index.classCount(layer) else {
            throw Failure("the shards of layer \(layer) count \(counts.positions) classes, Burnside's lemma \(index.classCount(layer))")
        }
        try BaghChalPlacementFile.write(whole, counts: counts, seconds: seconds, index: index, to: path(folder, layer))
        for p in paths { unlink(p) }
        return report(layer, index: index, counts: counts, seconds: seconds, valueBytes: nil, peak: nil, source: "joined")
    }

    static func report(_ layer: BaghChalPlacementLayer, index: BaghChalPlacementIndex, counts: BaghChalPlacementSweep.Counts,
                       seconds: Double, valueBytes: Int?, peak: Int?, source: String, cpu: Double? = nil) -> LayerReport {
        LayerReport(layer: layer.description, placed: layer.placed, sideToMove: layer.goatsToMove ? "goats" : "tigers",
                    slots: index.slotCount(layer), positions: counts.positions, wins: counts.wins, draws: counts.draws,
                    losses: counts.losses, seconds: seconds, cpuSeconds: cpu, valueBytes: valueBytes, peakResidentBytes: peak,
                    source: source)
    }

    /// A layer's progress callback from the run's.
    static func progress(_ p: (@Sendable (BaghChalPlacementLayer, Int, Int) -> Void)?, _ layer: BaghChalPlacementLayer)
        -> (@Sendable (Int, Int) -> Void)? {
        guard let p else { return nil }
        return { done, total in p(layer, done, total) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// The process's CPU time so far, user and system, in seconds (`getrusage`).
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    }

    /// The process's peak resident memory in bytes (`getrusage`).
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}
