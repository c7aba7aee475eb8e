import Boards
import Foundation

/// The finished layers of a placement sweep, read on demand: the value (win, draw or loss
/// for the side to move) of any placement-phase position whose layer is done, one 8-byte
/// read per look-up (a layer file is up to 595 MiB; the whole sweep 8.1 GiB, more than a
/// process should hold).
///
/// Each layer file's header and length are checked when it is first used; its checksum
/// is checked by ``verify(_:)`` (a whole read of the file), which `bench solve
/// --placement-all` does for the layer it continues from. This is the hook for the
/// `tablebase` agent and `bench search` in the placement phase (docs/placement.md, "What
/// is left").
public final class BaghChalPlacementTable: Sendable {
    public let index: BaghChalPlacementIndex
    public let folder: String
    let opened = Locked<[BaghChalPlacementLayer: Int32]>([:])

    public init(index: BaghChalPlacementIndex, folder: String) {
        self.index = index
        self.folder = folder
    }

    deinit {
        opened.withLock { for fd in $0.values { close(fd) } }
    }

    /// The value of `p` for its side to move, or `nil` when it is not a placement-phase
    /// position or its layer is not finished.
    public func value(of p: BaghChal) throws(TablebaseFileError) -> TablebaseValue.Kind? {
        guard let (layer, slot) = index.slot(of: p) else { return nil }
        guard let fd = try descriptor(layer) else { return nil }
        var word: UInt64 = 0
        let offset = off_t(BaghChalPlacementFile.headerSize + (slot / 32) * 8)
        guard pread(fd, &word, 8, offset) == 8 else {
            throw TablebaseFileError("cannot read \(BaghChalPlacementRun.path(folder, layer)): \(String(cString: strerror(errno)))")
        }
        switch (UInt64(littleEndian: word) >> UInt64(2 * (slot % 32))) & 3 {
        case BaghChalPlacementValues.win: return .win
        case BaghChalPlacementValues.draw: return .draw
        case BaghChalPlacementValues.loss: return .loss
        default: throw TablebaseFileError("\(BaghChalPlacementRun.path(folder, layer)): slot \(slot) holds the value 3 (corrupt file)")
        }
    }

    /// The open file of a finished layer (header and length checked), or `nil` without one.
    func descriptor(_ layer: BaghChalPlacementLayer) throws(TablebaseFileError) -> Int32? {
        if let fd = opened.withLock({ $0[layer] }) { return fd }
        let path = BaghChalPlacementRun.path(folder, layer)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let header = try BaghChalPlacementFile.header(path, index: index, layer: layer)
        guard header.first == 0, header.count == header.layerSlots else {
            throw TablebaseFileError("\(path) holds a slice of layer \(layer), not the whole layer")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TablebaseFileError("cannot read \(path): \(String(cString: strerror(errno)))") }
        return opened.withLock { table in
            if let other = table[layer] { close(fd); return other }
            table[layer] = fd
            return fd
        }
    }

    /// Reads a finished layer whole, checking its checksum and values.
    public func verify(_ layer: BaghChalPlacementLayer) throws(TablebaseFileError) {
        _ = try BaghChalPlacementFile.read(BaghChalPlacementRun.path(folder, layer), index: index, layer: layer)
    }
}
