import Boards
import Foundation

/// A weights file that cannot be read or written, or is not a valid one: one line.
public struct WeightsFileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// The weights file (docs/learning.md, "The weights file"), little-endian:
//
//   offset  size  field
//        0     8  magic "GBNT-CS1"
//        8     4  format version (1)
//       12     4  layout version (CoinSorterNTuple.layoutVersion)
//       16     4  turns-left tables: the network's stages (11 in versions 1 and 2)
//       20     4  cross classes
//       24     4  pair classes (16 bits) and global entries (16 bits, 1,024)
//       28     4  batch (episodes per frozen-weights group; 1 = online)
//       32     8  seed of the run
//       40     8  episodes trained
//       48     8  master stream state (the next episode's seeds)
//       56     8  alpha (IEEE 754 double)
//       64     8  weight count = tables x (cross classes + pair classes + combs + global entries)
//       72   4 n  the weights, IEEE 754 single precision
//      end     8  checksum: 64-bit FNV-1a over the 8-byte little-endian words of
//                 everything before it (a last partial word padded with zeros)
//
// Layout 3 keeps the combs' crossing-line order and kinds' names; layout 4 stores combs
// by their full symmetry class (CoinSorterNTuple.symmetricCombs).
//
// Format version 2, written only when a run uses a setting version 1 cannot record
// (temporal coherence, optimistic initialisation), inserts after the weight count:
//       72     4  flags: bit 0 = temporal coherence
//       76     4  0 (reserved)
//       80     8  the initial value of every board (IEEE 754 double; 0 = not optimistic)
//       88   4 n  the weights
//            8 n  with temporal coherence: each weight's sum of errors, then of their
//                 magnitudes (IEEE 754 single precision)
// and then the checksum. A run without those settings writes version 1, byte for byte
// as before.
//
// Format version 3, written only by a network of fewer stages than one per turns left
// (CoinSorterNTuple.stages below turnTables), is version 2 with the stage count at 16
// (1...10): a bench reading only versions 1 and 2 refuses it by its version rather than
// reading its fewer tables as a corrupt shape. All three versions are read.
//
// The file is both the learned evaluation and the training checkpoint: the header
// holds everything a run needs to continue exactly.
extension CoinSorterNTuple {
    public static let fileMagic = Array("GBNT-CS1".utf8)
    public static let fileVersion = 1
    /// The format recording temporal coherence and the initial value.
    public static let extendedFileVersion = 2
    /// The format of a network with fewer stages than one per turns left (``stages``).
    public static let stagedFileVersion = 3
    static let headerSize = 72
    static let extendedHeaderSize = 88
    /// The largest learning rate and batch a run takes (``CoinSorterTraining``'s checks):
    /// a header beyond them is corrupt.
    public static let maxAlpha = 10.0
    public static let maxBatch = 1000
    /// The largest initial value of a board (optimistic initialisation) a run takes.
    public static let maxInitialValue = 1000.0

    /// Writes the weights and `state` to `path`, through a temporary file renamed into
    /// place, so `path` always holds a complete file (the old one or the new one).
    /// Weights that are not all finite (a learning rate too large for the run: the
    /// weights diverged) are refused, and `path` keeps what it held: a checkpoint is never
    /// replaced by one that cannot be read back.
    public func write(to path: String, state: CoinSorterTrainingState) throws(WeightsFileError) {
        if let i = (0..<weightCount).first(where: { !weights[$0].isFinite }) {
            throw WeightsFileError("the weights diverged (weight \(i) is \(weights[i]) after \(state.episodes) episodes at alpha "
                + "\(state.alpha)); \(path) is left as it was: train with a smaller alpha")
        }
        guard state.alpha.isFinite, state.alpha > 0, state.alpha <= Self.maxAlpha, state.batch >= 1, state.batch <= Self.maxBatch else {
            throw WeightsFileError("alpha \(state.alpha) or batch \(state.batch) is out of range; \(path) is left as it was")
        }
        guard state.initialValue.isFinite, abs(state.initialValue) <= Self.maxInitialValue else {
            throw WeightsFileError("initial value \(state.initialValue) is out of range; \(path) is left as it was")
        }
        let sums = state.coherence ? coherence : nil
        if state.coherence && sums == nil {
            throw WeightsFileError("a temporal coherence run without its sums; \(path) is left as it was")
        }
        let staged = stages != Self.turnTables
        let extended = state.needsExtendedHeader || staged
        var bytes = Self.fileMagic
        bytes.reserveCapacity(Self.extendedHeaderSize + 4 * weightCount * (sums == nil ? 1 : 3))
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { bytes += $0 } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(staged ? Self.stagedFileVersion : extended ? Self.extendedFileVersion : Self.fileVersion)
        u32(layoutVersion); u32(stages); u32(classCount)
        u32(pairClassCount << 16 | Self.globalCount)
        u32(state.batch); u64(state.seed); u64(UInt64(state.episodes)); u64(state.rngState)
        u64(state.alpha.bitPattern); u64(UInt64(weightCount))
        if extended { u32(state.coherence ? 1 : 0); u32(0); u64(state.initialValue.bitPattern) }
        for i in 0..<weightCount { u32(Int(weights[i].bitPattern)) }
        if let sums { for i in 0..<(2 * weightCount) { u32(Int(sums[i].bitPattern)) } }
        try ChecksummedFile.write(to: path, failure: WeightsFileError.init) { put in bytes.withUnsafeBytes { put($0) } }
    }

    /// Reads the weights file `path`: magic, versions, shape, length, checksum and
    /// finite weights are all checked, and a file failing any is refused with one line
    /// naming the problem. A path that is not a regular file is refused unopened.
    public static func load(_ path: String) throws(WeightsFileError) -> (network: CoinSorterNTuple, state: CoinSorterTrainingState) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw WeightsFileError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WeightsFileError("\(path): not a regular file") }
        guard let file = fopen(path, "rb") else {
            throw WeightsFileError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        // The header first: it says the layout, so the length expected.
        var head = [UInt8](repeating: 0, count: extendedHeaderSize)
        let gotHead = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, extendedHeaderSize, file) }
        guard gotHead >= 8, Array(head[0..<8]) == fileMagic else {
            throw WeightsFileError("\(path) is not a Coin Sorter weights file (no GBNT-CS1 header)")
        }
        guard gotHead >= headerSize else { throw WeightsFileError("\(path) is truncated (\(gotHead) bytes, header incomplete)") }
        func headField(_ offset: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v |= UInt64(head[offset + i]) << UInt64(8 * i) }
            return v
        }
        let version = headField(8, 4)
        guard version == UInt64(fileVersion) || version == UInt64(extendedFileVersion) || version == UInt64(stagedFileVersion) else {
            throw WeightsFileError("\(path) has format version \(version); this bench reads versions \(fileVersion) to \(stagedFileVersion)")
        }
        let layoutField = headField(12, 4)
        guard layoutField == UInt64(layoutVersion) || layoutField == UInt64(symmetricLayoutVersion) else {
            throw WeightsFileError("\(path) has network layout \(layoutField); this bench knows layouts \(layoutVersion) and \(symmetricLayoutVersion)")
        }
        let extended = version != UInt64(fileVersion)
        // Versions 1 and 2 always hold one table per turns left; version 3 says how many.
        let stages = version == UInt64(stagedFileVersion) ? headField(16, 4) : UInt64(turnTables)
        guard stages >= 1, stages < UInt64(turnTables) || version != UInt64(stagedFileVersion) else {
            throw WeightsFileError("\(path): \(stages) stages in a format \(stagedFileVersion) header; this bench reads 1 to \(turnTables - 1) there (corrupt or foreign file)")
        }
        guard !extended || gotHead >= extendedHeaderSize else {
            throw WeightsFileError("\(path) is truncated (\(gotHead) bytes, header incomplete)")
        }
        let coherent = extended && headField(72, 4) & 1 != 0
        guard !extended || (headField(72, 4) & ~1 == 0 && headField(76, 4) == 0) else {
            throw WeightsFileError("\(path): unknown flags in its header (corrupt or newer file)")
        }
        let network = CoinSorterNTuple(symmetricCombs: layoutField == UInt64(symmetricLayoutVersion), stages: Int(stages))
        let header = extended ? extendedHeaderSize : headerSize
        let expected = header + 4 * network.weightCount * (coherent ? 3 : 1) + 8
        // One byte more than expected, to see a file that is too long.
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        for i in 0..<gotHead { bytes[i] = head[i] }
        let got = gotHead + (gotHead < extendedHeaderSize ? 0
            : bytes.withUnsafeMutableBytes { fread($0.baseAddress! + gotHead, 1, expected + 1 - gotHead, file) })
        func field(_ offset: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
            return v
        }
        guard field(16, 4) == UInt64(network.stages), field(20, 4) == UInt64(network.classCount),
              field(24, 4) == UInt64(network.pairClassCount << 16 | globalCount), field(64, 8) == UInt64(network.weightCount) else {
            throw WeightsFileError("\(path): the shape in its header does not match this network (corrupt or foreign file)")
        }
        guard got == expected else {
            throw WeightsFileError("\(path) has the wrong length: \(got > expected ? "more than \(expected)" : "\(got)") bytes, expected \(expected) (truncated or corrupt)")
        }
        var checksum = Checksum()
        bytes.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[0..<(expected - 8)])) }
        guard checksum.value == field(expected - 8, 8) else {
            throw WeightsFileError("\(path): checksum mismatch (the file is corrupt)")
        }
        let batch = Int(field(28, 4)), episodes = field(40, 8)
        guard batch >= 1, batch <= maxBatch, episodes <= UInt64(Int.max) else {
            throw WeightsFileError("\(path): bad batch (\(batch)) or episode count in its header (corrupt file)")
        }
        let alpha = Double(bitPattern: field(56, 8))
        guard alpha.isFinite, alpha > 0, alpha <= maxAlpha else {
            throw WeightsFileError("\(path): bad alpha (\(alpha)) in its header (corrupt file)")
        }
        let initialValue = extended ? Double(bitPattern: field(80, 8)) : 0
        guard initialValue.isFinite, abs(initialValue) <= maxInitialValue else {
            throw WeightsFileError("\(path): bad initial value (\(initialValue)) in its header (corrupt file)")
        }
        for i in 0..<network.weightCount {
            let w = Float(bitPattern: UInt32(truncatingIfNeeded: field(header + 4 * i, 4)))
            guard w.isFinite else { throw WeightsFileError("\(path): weight \(i) is not a finite number (corrupt file)") }
            network.weights[i] = w
        }
        if coherent {
            network.enableCoherence()
            let sums = network.coherence!, start = header + 4 * network.weightCount
            for i in 0..<(2 * network.weightCount) {
                let v = Float(bitPattern: UInt32(truncatingIfNeeded: field(start + 4 * i, 4)))
                guard v.isFinite, i < network.weightCount || v >= 0 else {
                    throw WeightsFileError("\(path): coherence sum \(i) is not valid (corrupt file)")
                }
                sums[i] = v
            }
        }
        let state = CoinSorterTrainingState(seed: field(32, 8), alpha: alpha, batch: batch, episodes: Int(episodes),
                                            rngState: field(48, 8), coherence: coherent, initialValue: initialValue)
        return (network, state)
    }
}

/// Networks read from files, each read once per process (a tournament makes an agent
/// per deal). A file changed on disk (another size or modification time) is read again.
public enum CoinSorterNTupleCache {
    static let loaded = Locked<[String: (stamp: [Int], network: CoinSorterNTuple)]>([:])

    /// The network in `path`.
    public static func network(_ path: String) throws(WeightsFileError) -> CoinSorterNTuple {
        var info = stat()
        let stamp = stat(path, &info) == 0
            ? [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)] : []
        let result: Result<CoinSorterNTuple, WeightsFileError> = loaded.withLock { cache in
            if let hit = cache[path], !stamp.isEmpty, hit.stamp == stamp { return .success(hit.network) }
            do throws(WeightsFileError) {
                let network = try CoinSorterNTuple.load(path).network
                cache[path] = (stamp, network)
                return .success(network)
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
