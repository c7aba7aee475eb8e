import Foundation

/// A tablebase file that cannot be read or written, or is not the expected table.
public struct TablebaseFileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// The file (docs/tablebase.md, "The file"), little-endian:
//
//   offset  size  field
//        0     8  magic "GBTB-BC5"
//        8     4  format version (1)
//       12     4  bytes per value (1 or 2)
//       16     4  ranking scheme (1: tiger class x colex rank of the empty points, per level and side)
//       20     4  levels = captures to win (5)
//       24     4  tiger classes (1,632 for the 5x5 board)
//       28     4  0 (reserved; a file with anything else is refused)
//       32     8  slots
//       40     8  positions (classes of positions: 88,260,972)
//       48  5 x 8 slots per side of levels 0...4 (0 for a level not stored)
//       88     *  the codes, slot by slot (0 draw, plies + 1)
//      end     8  checksum: 64-bit FNV-1a over the 8-byte little-endian words of
//                 everything before it (a last partial word padded with zeros)
extension BaghChalTablebase {
    /// The file's magic bytes.
    public static let fileMagic = Array("GBTB-BC5".utf8)
    /// The format version this code writes and reads.
    public static let fileVersion = 1
    /// The ranking scheme of ``BaghChalTablebaseIndex``.
    public static let rankingScheme = 1
    static let headerSize = 88

    /// Writes the table to `path`: to a temporary file beside it, renamed into place
    /// when complete, so a failure never leaves a partial table under `path`.
    /// Creates the folder if needed.
    public func write(to path: String) throws(TablebaseFileError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw TablebaseFileError("cannot create folder \(folder.path): \(error.localizedDescription)")
        }
        let header = self.header(positions: statistics.positions)
        try ChecksummedFile.write(to: path, failure: TablebaseFileError.init) { put in
            header.withUnsafeBytes { put($0) }
            switch storage {
            case .narrow(let codes): codes.withUnsafeBytes { put($0) }
            case .wide(let codes): codes.map { $0.littleEndian }.withUnsafeBytes { put($0) }
            }
        }
    }

    /// The header's bytes for this table.
    func header(positions: Int) -> [UInt8] {
        var bytes = Self.fileMagic
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { bytes += $0 } }
        func u64(_ v: Int) { withUnsafeBytes(of: UInt64(v).littleEndian) { bytes += $0 } }
        u32(Self.fileVersion); u32(bytesPerEntry); u32(Self.rankingScheme); u32(index.capturesToWin)
        u32(index.tigerClassCount); u32(0); u64(index.slotCount); u64(positions)
        for level in 0..<5 { u64(level < index.capturesToWin ? index.slotsPerSide[level] : 0) }
        return bytes
    }

    /// Reads the table in `path`, checking the magic, version, ranking, reserved word,
    /// counts and checksum, then, `surveying`, that no stored value is impossible and
    /// the header's position count is the table's (``survey(checking:)``, a pass over
    /// every slot); `capturesToWin` is the problem expected (5: the game).
    /// A path that is not a regular file (a FIFO, a device) is refused before it is
    /// opened, so reading never blocks or runs on without end.
    public convenience init(file path: String, capturesToWin: Int = BaghChalTablebaseIndex.standardCapturesToWin,
                            surveying: Bool = true) throws(TablebaseFileError) {
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
            throw TablebaseFileError("\(path): not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw TablebaseFileError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: Self.headerSize)
        let got = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, Self.headerSize, file) }
        guard got == Self.headerSize, Array(header[0..<8]) == Self.fileMagic else {
            throw TablebaseFileError("\(path) is not a Bagh-Chal tablebase file (no GBTB-BC5 header)")
        }
        func field(_ offset: Int, _ size: Int) -> Int {
            var v = 0
            for i in 0..<size { v |= Int(header[offset + i]) << (8 * i) }
            return v
        }
        guard field(8, 4) == Self.fileVersion else {
            throw TablebaseFileError("\(path) has format version \(field(8, 4)); this bench reads version \(Self.fileVersion)")
        }
        guard field(16, 4) == Self.rankingScheme else {
            throw TablebaseFileError("\(path) uses ranking scheme \(field(16, 4)); this bench knows scheme \(Self.rankingScheme)")
        }
        guard field(20, 4) == capturesToWin else {
            throw TablebaseFileError("\(path) solves the game won at \(field(20, 4)) captures, expected \(capturesToWin)")
        }
        guard field(28, 4) == 0 else {
            throw TablebaseFileError("\(path): the reserved header word at offset 28 is \(field(28, 4)), not 0 (corrupt header)")
        }
        let width = field(12, 4)
        guard width == 1 || width == 2 else { throw TablebaseFileError("\(path): bad value width \(width) (corrupt header)") }
        let index = BaghChalTablebaseIndex(capturesToWin: capturesToWin)
        var expected = Array(repeating: 0, count: 5)
        for level in 0..<capturesToWin { expected[level] = index.slotsPerSide[level] }
        guard field(24, 4) == index.tigerClassCount, field(32, 8) == index.slotCount,
              (0..<5).allSatisfy({ field(48 + 8 * $0, 8) == expected[$0] }) else {
            throw TablebaseFileError("\(path): the counts in its header do not match this ranking (corrupt or foreign file)")
        }
        var checksum = Checksum()
        header.withUnsafeBytes { checksum.add($0) }
        let dataBytes = index.slotCount * width
        var codes = [UInt8](repeating: 0, count: dataBytes)
        let read = codes.withUnsafeMutableBytes { fread($0.baseAddress, 1, dataBytes, file) }
        var trailer: UInt64 = 0
        let tail = withUnsafeMutableBytes(of: &trailer) { fread($0.baseAddress, 1, 8, file) }
        var extra: UInt8 = 0
        guard read == dataBytes, tail == 8, fread(&extra, 1, 1, file) == 0 else {
            throw TablebaseFileError("\(path) has the wrong length (truncated or corrupt)")
        }
        codes.withUnsafeBytes { checksum.add($0) }
        guard checksum.value == UInt64(littleEndian: trailer) else {
            throw TablebaseFileError("\(path): checksum mismatch (the file is corrupt)")
        }
        let storage: Storage
        if width == 1 {
            storage = .narrow(codes)
        } else {
            storage = .wide((0..<index.slotCount).map { UInt16(codes[2 * $0]) | UInt16(codes[2 * $0 + 1]) << 8 })
        }
        self.init(index: index, storage: storage)
        guard surveying else { return }
        let survey = survey(checking: true)
        guard survey.statistics.positions == field(40, 8) else {
            throw TablebaseFileError("\(path): the position count in its header does not match its table")
        }
        if let problem = survey.problem { throw TablebaseFileError("\(path): \(problem) (corrupt file)") }
    }
}

/// 64-bit FNV-1a over little-endian 8-byte words, fed in pieces of any length.
struct Checksum {
    private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325
    private var pending: UInt64 = 0
    private var pendingBytes = 0

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var i = 0
        let n = bytes.count
        while pendingBytes != 0 && i < n {
            pending |= UInt64(bytes[i]) << UInt64(8 * pendingBytes)
            pendingBytes += 1
            i += 1
            if pendingBytes == 8 { mix(pending); pending = 0; pendingBytes = 0 }
        }
        while i + 8 <= n {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        while i < n {
            pending |= UInt64(bytes[i]) << UInt64(8 * pendingBytes)
            pendingBytes += 1
            i += 1
        }
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) { state = (state ^ word) &* 0x0000_0100_0000_01B3 }

    /// The checksum of everything added (a last partial word padded with zeros).
    var value: UInt64 {
        var s = self
        if s.pendingBytes > 0 { s.mix(s.pending) }
        return s.state
    }
}
