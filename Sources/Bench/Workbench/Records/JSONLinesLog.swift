import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Boards

/// A line type with a reader of its own for lines exactly as its writer writes them,
/// faster than `JSONDecoder`: it gives `nil` for any other line, which is then decoded
/// (``GameRecord/read(line:)``).
protocol DirectlyReadLine {
    static func read(line: UnsafeRawBufferPointer) -> Self?
}

extension GameRecord: DirectlyReadLine {}

/// An append-only log of JSON values, one a line, for any `Codable` line type (the
/// SPSA tuner's `tuning.jsonl`, and games.jsonl through ``RecordLog``): each line
/// written whole in one write before `append` returns (a killed process loses
/// nothing) and made durable by its ``SyncPolicy`` (group commit by default), an
/// optional exclusive `flock` owned by the run, reading in constant memory, and a
/// repair step for a last line that a kill cut short.
public final class JSONLinesLog<Line: Codable & Sendable>: Sendable {
    /// Where the log is.
    public let url: URL
    private let handle: Locked<FileHandle>
    /// When appended lines reach the disk.
    public let sync: SyncPolicy
    /// This log's slot in ``GroupCommit`` (grouped logs; `nil`: synchronised at every append).
    private let groupSlot: Int?

    /// Opens the log at `url` for appending (append mode), creating it if needed; a
    /// path that is there but is not a regular file (a FIFO, a device, a directory, a
    /// symbolic link loop) is a runtime error (``RegularFile``).
    /// With `exclusive`, takes an exclusive `flock` and fails at once (a usage
    /// error) when another run holds it; the lock ends with the process.
    public init(appendingTo url: URL, exclusive: Bool = false, sync: SyncPolicy = .grouped) throws(WorkbenchError) {
        self.url = url
        self.sync = sync
        let fd = try RunFolder.openForAppending(url, locking: exclusive)
        handle = Locked(FileHandle(fileDescriptor: fd, closeOnDealloc: true))
        groupSlot = sync == .grouped ? GroupCommit.register(fd) : nil
    }

    deinit {
        if let groupSlot { GroupCommit.unregister(groupSlot) }
        handle.withLock { h in
            try? h.synchronize()
            try? h.close()
        }
    }

    /// Makes every line appended so far durable now (`fsync`).
    public func synchronize() throws(WorkbenchError) {
        try handle.withLock { h throws(WorkbenchError) in
            do { try h.synchronize() } catch { throw .runtime("cannot synchronise \(url.path): \(error.localizedDescription)") }
        }
    }

    /// Appends `line` as one line of JSON, in one write; synchronised by the log's
    /// ``SyncPolicy``.
    public func append(_ line: Line) throws(WorkbenchError) { try append(contentsOf: [line]) }

    /// Appends `lines` in one write; synchronised by the log's ``SyncPolicy``.
    public func append(contentsOf lines: [Line]) throws(WorkbenchError) {
        guard !lines.isEmpty else { return }
        var text = ""
        for line in lines { text += try JSON.text(line) + "\n" }
        try append(text: text)
    }

    /// Appends `text`, whole lines already encoded (each ending in a newline), in one
    /// write; synchronised by the log's ``SyncPolicy``.
    public func append(text: String) throws(WorkbenchError) {
        var text = text
        let failure: String? = text.withUTF8 { bytes in
            handle.withLock { h in
                // A signal is ending the workbench and killing its agents: what finishes
                // now may be a game cut by that, not one played out (a forfeit the agent
                // did not commit). Left out, it is played again on --resume.
                if ChildProcessGroups.isEnding { return nil }
                // One write(2) of the String's own bytes (FileHandle's write copies them
                // into Data first: a tournament of cheap agents appends 10⁴ lines a second).
                var done = 0
                while done < bytes.count {
                    let n = write(h.fileDescriptor, bytes.baseAddress! + done, bytes.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    done += n
                }
                if let groupSlot { GroupCommit.markDirty(groupSlot) } else {
                    do { try h.synchronize() } catch { return error.localizedDescription }
                }
                return nil
            }
        }
        if let failure { throw .runtime("cannot append to \(url.path): \(failure)") }
    }

    /// The shape of a log read by ``scan(_:describing:_:)``.
    public struct Shape: Sendable {
        /// Whole lines read.
        public var lines = 0
        /// Whether the last line was cut short (it is not among the lines read).
        public var tornLastLine = false
        /// The length in bytes of the whole lines (where a torn line starts).
        public var wholeLinesLength = 0
        /// Whether the last line is whole but lacks its newline.
        public var missingFinalNewline = false
    }

    /// Reads the log at `url` a block at a time, calling `body` with each value and
    /// its line number (from 1), in file order. No file: no lines; a path that is not
    /// a regular file is a runtime error (``RegularFile``). A malformed line other
    /// than a torn last line, or a line that gives a key twice (a decoder would
    /// silently keep one of them), is a runtime error naming the file, the line and
    /// `what` a line should be (e.g. "a tuning record"); errors `body` throws end the
    /// scan.
    @discardableResult
    public static func scan(_ url: URL, describing what: String,
                            _ body: (Line, _ line: Int) throws(WorkbenchError) -> Void) throws(WorkbenchError) -> Shape {
        try scan(url, describing: what) { value, _, line throws(WorkbenchError) in try body(value, line) }
    }

    /// ``scan(_:describing:_:)`` that also hands `body` each line's text as read
    /// (without its newline), for copying a log without writing its values anew.
    /// With `including`, a whole line for which it returns `false` is passed over
    /// undecoded and unchecked (counted in the shape, not given to `body`): a reader that
    /// wants a few lines of a large log need not decode them all.
    @discardableResult
    public static func scan(_ url: URL, describing what: String, including: ((Data) -> Bool)? = nil,
                            _ body: (Line, _ text: Data, _ line: Int) throws(WorkbenchError) -> Void) throws(WorkbenchError) -> Shape {
        var shape = Shape()
        guard let fd = try RegularFile.open(url.path, flags: O_RDONLY) else { return shape }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        func refuseDuplicateKeys(_ text: Data, _ line: Int) throws(WorkbenchError) {
            if let key = JSON.duplicateKey(in: text) {
                throw .runtime("\(url.path) line \(line): key '\(key)' appears twice")
            }
        }
        let decoder = JSONDecoder()
        let direct = Line.self as? any DirectlyReadLine.Type
        var pending = Data()
        var line = 0
        while true {
            let block: Data
            do { block = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                throw .runtime("cannot read \(url.path): \(error.localizedDescription)")
            }
            if block.isEmpty { break }
            pending.append(block)
            var start = pending.startIndex
            for end in Self.lineEnds(in: pending) {
                line += 1
                let text = pending[start..<end]
                if including?(text) ?? true {
                    let value: Line
                    let data = Data(text)
                    if let direct, let v = data.withUnsafeBytes({ direct.read(line: $0) }) as? Line {
                        value = v
                    } else {
                        // First, so that the message names the duplicate rather than whichever
                        // copy the decoder kept and found wrong.
                        try refuseDuplicateKeys(data, line)
                        do { value = try decoder.decode(Line.self, from: data) } catch {
                            throw .runtime("\(url.path) line \(line) is not \(what) (\(JSON.describe(error)))")
                        }
                    }
                    try body(value, data, line)
                }
                shape.lines += 1
                shape.wholeLinesLength += text.count + 1
                start = end + 1
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty {
            line += 1
            if let value = try? decoder.decode(Line.self, from: pending) {
                try refuseDuplicateKeys(pending, line)
                try body(value, pending, line)
                shape.lines += 1
                shape.wholeLinesLength += pending.count
                shape.missingFinalNewline = true
            } else {
                shape.tornLastLine = true
            }
        }
        return shape
    }

    /// The offsets of the newlines in `data` (whose indices start at 0), found by
    /// `memchr`: stepping through `Data` a byte at a time costs more than decoding the
    /// lines a reader wants (``scan(_:describing:including:_:)`` with a filter).
    private static func lineEnds(in data: Data) -> [Int] {
        var ends: [Int] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var p = 0
            while p < raw.count, let hit = memchr(base + p, Int32(UInt8(ascii: "\n")), raw.count - p) {
                p = base.distance(to: UnsafeRawPointer(hit)) + 1
                ends.append(p - 1)
            }
        }
        return ends
    }

    /// Makes the log at `url` ready for appending after an interrupted run: cuts a
    /// torn last line, or ends a whole last line that lacks its newline. Returns
    /// what it did, for the user (`nil` when the log was already whole). A malformed
    /// line elsewhere is an error, as in ``scan(_:describing:_:)``.
    @discardableResult
    public static func repairTornLastLine(_ url: URL, describing what: String) throws(WorkbenchError) -> String? {
        let shape = try scan(url, describing: what) { _, _ throws(WorkbenchError) in }
        guard shape.tornLastLine || shape.missingFinalNewline else { return nil }
        guard let fd = try RegularFile.open(url.path, flags: O_WRONLY) else { throw .runtime("cannot write \(url.path)") }
        let h = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? h.close() }
        do {
            _ = try h.seekToEnd()
            if shape.tornLastLine {
                try h.truncate(atOffset: UInt64(shape.wholeLinesLength))
                try h.synchronize()
                return "cut the last line of \(url.lastPathComponent), which an interrupted run left half-written"
            }
            try h.write(contentsOf: Data("\n".utf8))
            try h.synchronize()
            return "ended the last line of \(url.lastPathComponent) with its missing newline"
        } catch {
            throw .runtime("cannot repair \(url.path): \(error.localizedDescription)")
        }
    }
}
