import Boards
import Foundation
import Search

/// The retrograde sweep over Bagh-Chal's whole placement phase in a folder
/// (`bench solve --placement-all`, docs/placement.md), layer by layer from the last
/// placement back to the empty board over the sliding table.
///
/// Sharding follows the workbench's one scheme (``Shard``): shard K of N computes its
/// slice of the first unfinished layer into a file beside the layers; a run without a
/// shard joins the N slices of that layer when all are there (checked), and goes on.
public enum PlacementSweep {
    public typealias LayerReport = BaghChalPlacementRun.LayerReport

    /// What a sweep is asked to do.
    public struct Settings: Sendable {
        public var folder: String
        /// The sliding table's file.
        public var tablePath: String
        /// The last layer to finish (by name); `nil`: all of them.
        public var through: String?
        /// Compute only this slice of the first unfinished layer.
        public var shard: Shard?

        public init(folder: String, tablePath: String, through: String?, shard: Shard?) {
            self.folder = folder
            self.tablePath = tablePath
            self.through = through
            self.shard = shard
        }
    }

    /// The progress of a layer: its name, the slots done and the layer's slots.
    public typealias Progress = @Sendable (_ layer: String, _ done: Int, _ total: Int) -> Void

    /// What a sweep did: the summary of the folder, or one slice's line.
    public struct Outcome: Sendable {
        public var summary: Summary?
        /// A shard's slice, in words.
        public var slice: String?
    }

    /// The layers' names, first to last.
    public static var layerNames: [String] { BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex()).layers.map(\.description) }

    /// Runs the sweep (see the type's description); `onLayer` gets each layer's report.
    public static func run(_ s: Settings, threads: Int, progress: Progress?,
                           onLayer: ((LayerReport) -> Void)?) throws(WorkbenchError) -> Outcome {
        guard !s.folder.isEmpty else { throw .usage("needs a folder name, got ''", field: "placementFolder") }
        try RunFolder.refuseFile(URL(fileURLWithPath: s.folder), field: "placementFolder")
        let index = BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex())
        var through: BaghChalPlacementLayer? = nil
        if let text = s.through {
            guard let layer = BaghChalPlacementLayer(name: text), index.layers.contains(layer) else {
                throw .usage("takes a layer p19-goats, p19-tigers, ..., p1-tigers, p0-goats; got '\(text)'", field: "through")
            }
            through = layer
        }
        if s.shard != nil && through != nil { throw .usage("a shard computes one slice of one layer; it goes without a last layer", field: "through") }
        let tablePath = s.tablePath
        let sliding = { () throws(TablebaseFileError) -> BaghChalTablebase in
            guard FileManager.default.fileExists(atPath: tablePath) else {
                throw TablebaseFileError("the sliding table \(tablePath) is missing (solve it first)")
            }
            return try TablebaseCache.table(BaghChalTablebase.self, tablePath)
        }
        var layerProgress: (@Sendable (BaghChalPlacementLayer, Int, Int) -> Void)? = nil
        if let progress { layerProgress = { layer, done, total in progress(layer.description, done, total) } }
        do {
            if let shard = s.shard {
                let r = try BaghChalPlacementRun.shard(shard.index, of: shard.count, index: index, sliding: sliding, folder: s.folder,
                                                       threads: threads, progress: layerProgress)
                return Outcome(summary: nil, slice: "layer \(r.layer) shard \(shard): \(r.counts.positions) positions (\(r.counts.wins) win, "
                    + "\(r.counts.draws) draw, \(r.counts.losses) loss) in \(Format.fixed(r.seconds, 1)) s: \(r.path)")
            }
            var joined: [LayerReport] = []
            if let n = completeSlices(index: index, folder: s.folder) {
                let r = try BaghChalPlacementRun.join(n, index: index, folder: s.folder)
                onLayer?(r)
                joined.append(r)
            }
            let reports = try BaghChalPlacementRun.run(index: index, sliding: sliding, folder: s.folder, threads: threads,
                                                       through: through, progress: layerProgress) { r in
                if !joined.contains(where: { $0.layer == r.layer }) { onLayer?(r) }
            }
            let merged = reports.map { r in joined.first { $0.layer == r.layer } ?? r }
            return Outcome(summary: try Summary(index: index, folder: s.folder, reports: merged), slice: nil)
        } catch let error as TablebaseFileError {
            throw .runtime(error.message)
        } catch let error as WorkbenchError {
            throw error
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// The N of a complete set of slices of the first unfinished layer in `folder`
    /// (every K of 0..<N there), or `nil`.
    static func completeSlices(index: BaghChalPlacementIndex, folder: String) -> Int? {
        guard let layer = BaghChalPlacementRun.nextLayer(index: index, folder: folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let prefix = "\(layer).shard-"
        var counts: [Int: Set<Int>] = [:]
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".bcpl") {
            let parts = name.dropFirst(prefix.count).dropLast(".bcpl".count).split(separator: "-")
            guard parts.count == 3, parts[1] == "of", let k = Int(parts[0]), let n = Int(parts[2]), (0..<n).contains(k) else { continue }
            counts[n, default: []].insert(k)
        }
        return counts.first { $0.value.count == $0.key }?.key
    }

    /// The table's header and one row per layer.
    public static let header = "| layer | slots | positions | win | draw | loss | seconds | CPU s | values MiB | peak RSS MiB | |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"

    public static func row(_ r: LayerReport) -> String {
        func g(_ n: Int) -> String { Format.grouped(UInt64(n)) }
        let mib = { (b: Int?) in b.map { Format.fixed(Double($0) / 1_048_576, 0) } ?? "" }
        return "| \(r.layer) | \(g(r.slots)) | \(g(r.positions)) | \(g(r.wins)) | \(g(r.draws)) | \(g(r.losses)) | "
            + "\(Format.fixed(r.seconds, 1)) | \(r.cpuSeconds.map { Format.fixed($0, 1) } ?? "") | \(mib(r.valueBytes)) | "
            + "\(mib(r.peakResidentBytes)) | \(r.source) |"
    }

    /// The sweep's folder summed up: the layers, the totals, and the start's value.
    public struct Summary: Encodable, Sendable {
        public var folder: String
        /// Positions (classes) of every layer of the placement phase, done or not.
        public var positions: Int
        /// Positions of the layers finished in the folder (the reports may stop earlier).
        public var positionsDone: Int
        public var layersDone: Int
        public var layers: [LayerReport]
        /// Positions per layer by Burnside's lemma, every layer (name: classes).
        public var plannedPositions: [String: Int]
        /// The start's value for the goats (`nil` until p0-goats is done).
        public var start: String?
        /// Each first placement's value for the goats (`nil` until p1-tigers is done).
        public var firstPlacements: [String: String]?

        init(index: BaghChalPlacementIndex, folder: String, reports: [LayerReport]) throws {
            self.folder = folder
            positions = index.layers.reduce(0) { $0 + index.classCount($1) }
            let done = index.layers.filter { FileManager.default.fileExists(atPath: BaghChalPlacementRun.path(folder, $0)) }
            positionsDone = done.reduce(0) { $0 + index.classCount($1) }
            layersDone = done.count
            layers = reports
            plannedPositions = Dictionary(uniqueKeysWithValues: index.layers.map { ($0.description, index.classCount($0)) })
            let names = ["loss", "draw", "win"]
            func value(_ p: BaghChal) throws -> String? {
                guard let (layer, slot) = index.slot(of: p) else { return nil }
                let path = BaghChalPlacementRun.path(folder, layer)
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                return names[Int(try BaghChalPlacementFile.read(path, index: index, layer: layer).values.value(slot))]
            }
            let origin = BaghChal()
            start = try value(origin)
            var first: [String: String] = [:]
            for move in origin.legalMoves {
                var child = origin
                child.play(move)
                guard let v = try value(child) else { break }
                first[origin.notation(of: move)] = v == "win" ? "loss" : v == "loss" ? "win" : "draw"
            }
            firstPlacements = first.count == origin.legalMoves.count ? first : nil
        }

        public var text: String {
            var lines = ["positions in all layers (each class under the 8 symmetries once): \(Format.grouped(UInt64(positions)))",
                         "layers done: \(layersDone) of \(plannedPositions.count), \(Format.grouped(UInt64(positionsDone))) positions"]
            if let start { lines.append("the start, goats to move: \(start)") }
            if let firstPlacements {
                lines.append("first placements (value for the goats): "
                    + firstPlacements.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            return lines.joined(separator: "\n")
        }
    }
}
