import Boards
import Foundation
import Synchronization

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
//       16     4  turns-left tables (11)
//       20     4  cross classes
//       24     4  pair classes (16 bits) and global entries (16 bits, 1,024)
//       28     4  batch (episodes per frozen-weights group; 1 = online)
//       32     8  seed of the run
//       40     8  episodes trained
//       48     8  master stream state (the next episode's seeds)
//       56     8  alpha (IEEE 754 double)
//       64     8  weight count = tables x (cross classes + pair classes + global entries)
//       72   4 n  the weights, IEEE 754 single precision
//      end     8  checksum: 64-bit FNV-1a over the 8-byte little-endian words of
//                 everything before it (a last partial word padded with zeros)
//
// The file is both the learned evaluation and the training checkpoint: the header
// holds everything a run needs to continue exactly.
extension CoinSorterNTuple {
    public static let fileMagic = Array("GBNT-CS1".utf8)
    public static let fileVersion = 1
    static let headerSize = 72
    /// The largest learning rate and batch a run takes (``CoinSorterTraining``'s checks):
    /// a header beyond them is corrupt.
    public static let maxAlpha = 10.0
    public static let maxBatch = 1000

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
        var bytes = Self.fileMagic
        bytes.reserveCapacity(Self.headerSize + 4 * weightCount)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { bytes += $0 } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(Self.fileVersion); u32(Self.layoutVersion); u32(Self.turnTables); u32(classCount); u32(pairClassCount << 16 | Self.globalCount)
        u32(state.batch); u64(state.seed); u64(UInt64(state.episodes)); u64(state.rngState)
        u64(state.alpha.bitPattern); u64(UInt64(weightCount))
        for i in 0..<weightCount { u32(Int(weights[i].bitPattern)) }
        try ChecksummedFile.write(to: path, failure: WeightsFileError.init) { put in bytes.withUnsafeBytes { put($0) } }
    }

    /// Reads the weights file `path`: magic, versions, shape, length, checksum and
    /// finite weights are all checked, and a file failing any is refused with one line
    /// naming the problem. A path that is not a regular file is refused unopened.
    public static func load(_ path: String) throws(WeightsFileError) -> (network: CoinSorterNTuple, state: CoinSorterTrainingState) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw WeightsFileError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WeightsFileError("\(path): not a regular file") }
        let network = CoinSorterNTuple()
        let expected = headerSize + 4 * network.weightCount + 8
        guard let file = fopen(path, "rb") else {
            throw WeightsFileError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        // One byte more than expected, to see a file that is too long.
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, expected + 1, file) }
        guard got >= 8, Array(bytes[0..<8]) == fileMagic else {
            throw WeightsFileError("\(path) is not a Coin Sorter weights file (no GBNT-CS1 header)")
        }
        guard got >= headerSize else { throw WeightsFileError("\(path) is truncated (\(got) bytes, header incomplete)") }
        func field(_ offset: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
            return v
        }
        guard field(8, 4) == UInt64(fileVersion) else {
            throw WeightsFileError("\(path) has format version \(field(8, 4)); this bench reads version \(fileVersion)")
        }
        guard field(12, 4) == UInt64(layoutVersion) else {
            throw WeightsFileError("\(path) has network layout \(field(12, 4)); this bench knows layout \(layoutVersion)")
        }
        guard field(16, 4) == UInt64(turnTables), field(20, 4) == UInt64(network.classCount),
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
        for i in 0..<network.weightCount {
            let w = Float(bitPattern: UInt32(truncatingIfNeeded: field(headerSize + 4 * i, 4)))
            guard w.isFinite else { throw WeightsFileError("\(path): weight \(i) is not a finite number (corrupt file)") }
            network.weights[i] = w
        }
        let state = CoinSorterTrainingState(seed: field(32, 8), alpha: alpha, batch: batch, episodes: Int(episodes),
                                            rngState: field(48, 8))
        return (network, state)
    }
}

/// Networks read from files, each read once per process (a tournament makes an agent
/// per deal). A file changed on disk (another size or modification time) is read again.
public enum CoinSorterNTupleCache {
    static let loaded = Mutex<[String: (stamp: [Int], network: CoinSorterNTuple)]>([:])

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
