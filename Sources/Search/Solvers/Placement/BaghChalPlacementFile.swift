import Foundation

// A layer file of the placement sweep (docs/placement.md, "The files"), little-endian:
//
//   offset  size  field
//        0     8  magic "GBPL-BC1"
//        8     4  format version (1)
//       12     4  ranking scheme (1: blocks by captured, tiger class x colex rank of the goats)
//       16     4  goats per game N (20)
//       20     4  captures to win K (5)
//       24     4  goats placed p
//       28     4  side to move: 0 goats, 1 tigers
//       32     8  slots of the whole layer
//       40     8  first slot in this file (0 for a whole layer; a multiple of 32)
//       48     8  slots in this file
//       56     8  wins  } classes among this file's slots (each class once),
//       64     8  draws }  by value for the side to move
//       72     8  losses}
//       80     8  seconds the computation took, as a Double's bits (not checked)
//       88     8  0 (reserved)
//       96     *  the values, 2 bits per slot, 32 slots per little-endian 64-bit word
//      end     8  checksum: 64-bit FNV-1a over the 8-byte words of everything before it

/// Reading and writing the placement sweep's layer files and shard slices.
public enum BaghChalPlacementFile {
    public static let magic = Array("GBPL-BC1".utf8)
    public static let version = 1
    public static let rankingScheme = 1
    static let headerSize = 96

    /// What a file holds besides its values.
    public struct Header: Sendable, Hashable {
        public var layer: BaghChalPlacementLayer
        public var layerSlots: Int
        public var first: Int
        public var count: Int
        public var counts: BaghChalPlacementSweep.Counts
        public var seconds: Double
    }

    /// The file name of a whole layer in the sweep's folder: `p19-goats.bcpl`.
    public static func name(_ layer: BaghChalPlacementLayer) -> String { "\(layer).bcpl" }

    /// The file name of shard `k` of `n` of a layer: `p12-tigers.shard-3-of-8.bcpl`.
    public static func shardName(_ layer: BaghChalPlacementLayer, _ k: Int, _ n: Int) -> String {
        "\(layer).shard-\(k)-of-\(n).bcpl"
    }

    /// The slots of shard `k` (0-based) of `n`: consecutive 32-aligned ranges covering the layer.
    public static func shardRange(slots: Int, _ k: Int, _ n: Int) -> Range<Int> {
        let words = BaghChalPlacementValues.wordCount(slots)
        let lo = words * k / n * 32, hi = min(slots, words * (k + 1) / n * 32)
        return lo..<max(lo, hi)
    }

    /// Writes `values` with their counts to `path`: to `path.tmp-PID`, renamed into place when complete.
    public static func write(_ values: BaghChalPlacementValues, counts: BaghChalPlacementSweep.Counts, seconds: Double,
                             index: BaghChalPlacementIndex, to path: String) throws(TablebaseFileError) {
        var header: [UInt8] = magic
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { header += $0 } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { header += $0 } }
        u32(version); u32(rankingScheme); u32(index.goatsPerGame); u32(index.capturesToWin)
        u32(values.layer.placed); u32(values.layer.goatsToMove ? 0 : 1)
        u64(UInt64(index.slotCount(values.layer))); u64(UInt64(values.first)); u64(UInt64(values.count))
        u64(UInt64(counts.wins)); u64(UInt64(counts.draws)); u64(UInt64(counts.losses))
        u64(seconds.bitPattern); u64(0)
        #if _endian(big)
        for i in 0..<values.wordCount { values.words[i] = values.words[i].littleEndian }
        #endif
        try ChecksummedFile.write(to: path, failure: TablebaseFileError.init) { put in
            header.withUnsafeBytes { put($0) }
            put(UnsafeRawBufferPointer(start: values.words, count: values.bytes))
        }
    }

    /// Reads the header of `path` and checks it against `index` (and `layer`, when given).
    public static func header(_ path: String, index: BaghChalPlacementIndex,
                              layer expected: BaghChalPlacementLayer? = nil) throws(TablebaseFileError) -> Header {
        try open(path, index: index, layer: expected, values: false).header
    }

    /// Reads `path`: header, values and checksum, each checked (a damaged, truncated,
    /// extended or foreign file is refused in one line).
    public static func read(_ path: String, index: BaghChalPlacementIndex,
                            layer expected: BaghChalPlacementLayer? = nil) throws(TablebaseFileError)
        -> (header: Header, values: BaghChalPlacementValues) {
        let r = try open(path, index: index, layer: expected, values: true)
        return (r.header, r.values!)
    }

    static func open(_ path: String, index: BaghChalPlacementIndex, layer expected: BaghChalPlacementLayer?,
                     values wanted: Bool) throws(TablebaseFileError) -> (header: Header, values: BaghChalPlacementValues?) {
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
            throw TablebaseFileError("\(path): not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw TablebaseFileError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: headerSize)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, headerSize, file) }
        guard got == headerSize, Array(bytes[0..<8]) == magic else {
            throw TablebaseFileError("\(path) is not a Bagh-Chal placement layer file (no GBPL-BC1 header)")
        }
        func field(_ offset: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
            return v
        }
        guard field(8, 4) == version else {
            throw TablebaseFileError("\(path) has format version \(field(8, 4)); this bench reads version \(version)")
        }
        guard field(12, 4) == rankingScheme else {
            throw TablebaseFileError("\(path) uses ranking scheme \(field(12, 4)); this bench knows scheme \(rankingScheme)")
        }
        guard field(16, 4) == index.goatsPerGame, field(20, 4) == index.capturesToWin else {
            throw TablebaseFileError("\(path) is of the game with \(field(16, 4)) goats won at \(field(20, 4)) captures, "
                + "expected \(index.goatsPerGame) and \(index.capturesToWin)")
        }
        let placed = Int(field(24, 4)), side = field(28, 4)
        guard placed < index.goatsPerGame, side <= 1, side == 0 || placed > 0, field(88, 8) == 0 else {
            throw TablebaseFileError("\(path): corrupt header (layer or reserved word)")
        }
        let layer = BaghChalPlacementLayer(placed: placed, goatsToMove: side == 0)
        if let expected, expected != layer {
            throw TablebaseFileError("\(path) holds layer \(layer), expected \(expected)")
        }
        let slots = index.slotCount(layer)
        let first = field(40, 8), count = field(48, 8)
        guard field(32, 8) == UInt64(slots), first % 32 == 0, first <= UInt64(slots), count <= UInt64(slots) - first else {
            throw TablebaseFileError("\(path): the slot counts in its header do not match layer \(layer) (corrupt or foreign file)")
        }
        let counts = BaghChalPlacementSweep.Counts(wins: Int(field(56, 8)), draws: Int(field(64, 8)), losses: Int(field(72, 8)))
        let header = Header(layer: layer, layerSlots: slots, first: Int(first), count: Int(count), counts: counts,
                            seconds: Double(bitPattern: field(80, 8)))
        guard counts.positions <= Int(count) else {
            throw TablebaseFileError("\(path): its header counts more positions than slots (corrupt file)")
        }
        // The data's length from the count alone: a header check must not allocate (and
        // zero) the layer's values, up to 595 MiB, only to learn their size.
        let dataBytes = BaghChalPlacementValues.wordCount(Int(count)) * 8
        if !wanted {
            // Only the length: the header's promise of the data and the checksum.
            guard info.st_size == off_t(headerSize + dataBytes + 8) else {
                throw TablebaseFileError("\(path) has the wrong length (truncated or corrupt)")
            }
            return (header, nil)
        }
        let values = BaghChalPlacementValues(layer: layer, first: Int(first), count: Int(count))
        let read = fread(values.words, 1, dataBytes, file)
        var trailer: UInt64 = 0
        let tail = withUnsafeMutableBytes(of: &trailer) { fread($0.baseAddress, 1, 8, file) }
        var extra: UInt8 = 0
        guard read == dataBytes, tail == 8, fread(&extra, 1, 1, file) == 0 else {
            throw TablebaseFileError("\(path) has the wrong length (truncated or corrupt)")
        }
        var checksum = Checksum()
        bytes.withUnsafeBytes { checksum.add($0) }
        checksum.add(UnsafeRawBufferPointer(start: values.words, count: dataBytes))
        guard checksum.value == UInt64(littleEndian: trailer) else {
            throw TablebaseFileError("\(path): checksum mismatch (the file is corrupt)")
        }
        #if _endian(big)
        for i in 0..<values.wordCount { values.words[i] = UInt64(littleEndian: values.words[i]) }
        #endif
        // No value is 3, and the bits past the last slot are 0.
        for i in 0..<values.wordCount where values.words[i] & (values.words[i] >> 1) & 0x5555_5555_5555_5555 != 0 {
            throw TablebaseFileError("\(path): word \(i) holds the value 3, which no sweep writes (corrupt file)")
        }
        let tailSlots = Int(count) % 32
        if tailSlots != 0 && values.words[values.wordCount - 1] >> UInt64(2 * tailSlots) != 0 {
            throw TablebaseFileError("\(path): bits past the last slot are set (corrupt file)")
        }
        return (header, values)
    }
}
