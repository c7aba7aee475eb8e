import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A record log (`games.jsonl`): one JSON object a line, each game appended whole
/// and handed to the operating system as soon as it ends, so an interrupted run loses
/// no finished game. The log owns its lock: any number of workers may append.
///
/// Reading never changes the file; only ``repairTornLastLine(_:)`` (what `--resume`
/// calls) cuts a last line that a kill left half-written.
public final class RecordLog: Sendable {
    /// Where the log is.
    public let url: URL
    private let handle: Mutex<FileHandle>

    /// Opens the log at `url` for appending, creating it if needed. The file is
    /// opened in append mode, so every write lands at its end whatever else wrote.
    ///
    /// With `exclusive`, the log is owned by this run: it takes an exclusive `flock`
    /// on the file, and fails at once (a usage error) when another run holds it. The
    /// operating system drops the lock when the process ends, however it ends, so a
    /// killed run leaves nothing stale behind.
    public init(appendingTo url: URL, exclusive: Bool = false) throws(WorkbenchError) {
        self.url = url
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .runtime("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        if exclusive && flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            throw .usage("\(url.path) is in use by another run; wait for it to end or use another folder")
        }
        handle = Mutex(FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }

    deinit { handle.withLock { try? $0.close() } }

    /// Appends `record` as one line, in one write, and waits until the disk has it
    /// (fsync): a record counts only once it is safe from a crash.
    public func append(_ record: GameRecord) throws(WorkbenchError) {
        let line = try JSON.text(record) + "\n"
        let failure: String? = handle.withLock { h in
            do {
                try h.write(contentsOf: Data(line.utf8))
                try h.synchronize()
            } catch { return error.localizedDescription }
            return nil
        }
        if let failure { throw .runtime("cannot append to \(url.path): \(failure)") }
    }

    /// What a log holds: its records in file order, and whether the last line was
    /// cut short (a run killed while writing it); that line is not among the records.
    public struct Contents: Sendable {
        public var records: [GameRecord]
        public var tornLastLine: Bool
        /// The length in bytes of the whole lines (where a torn line starts).
        public var wholeLinesLength: Int
        /// Whether the last line is whole but lacks its newline (appending would join lines).
        public var missingFinalNewline = false
    }

    /// The shape of a log read by ``scan(_:_:)``: what ``Contents`` says, without the records.
    public struct Shape: Sendable {
        public var records = 0
        public var tornLastLine = false
        public var wholeLinesLength = 0
        public var missingFinalNewline = false
    }

    /// Reads the log at `url` (none there: no records). A malformed line other than a
    /// torn last line is a runtime error naming the file and line.
    public static func read(_ url: URL) throws(WorkbenchError) -> Contents {
        var records: [GameRecord] = []
        let shape = try scan(url) { record, _ throws(WorkbenchError) in records.append(record) }
        return Contents(records: records, tornLastLine: shape.tornLastLine, wholeLinesLength: shape.wholeLinesLength,
                        missingFinalNewline: shape.missingFinalNewline)
    }

    /// Reads the log at `url` a block at a time, calling `body` with each record and
    /// its line number (from 1), in file order, without holding the records: a log
    /// of any length is read in constant memory. A malformed line other than a torn
    /// last line is a runtime error naming the file and line; errors `body` throws
    /// end the scan.
    @discardableResult
    public static func scan(_ url: URL, _ body: (GameRecord, _ line: Int) throws(WorkbenchError) -> Void) throws(WorkbenchError) -> Shape {
        var shape = Shape()
        guard FileManager.default.fileExists(atPath: url.path) else { return shape }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw .runtime("cannot read \(url.path)") }
        defer { try? handle.close() }
        let decoder = JSONDecoder()
        let newline = UInt8(ascii: "\n")
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
            while let end = pending[start...].firstIndex(of: newline) {
                line += 1
                let text = pending[start..<end]
                let record: GameRecord
                do { record = try decoder.decode(GameRecord.self, from: Data(text)) } catch {
                    throw .runtime("\(url.path) line \(line) is not a game record (\(JSON.describe(error)))")
                }
                try body(record, line)
                shape.records += 1
                shape.wholeLinesLength += text.count + 1
                start = end + 1
            }
            pending = Data(pending[start...])
        }
        // What follows the last newline: a whole record missing its newline, or a
        // line a kill cut short.
        if !pending.isEmpty {
            line += 1
            if let record = try? decoder.decode(GameRecord.self, from: pending) {
                try body(record, line)
                shape.records += 1
                shape.wholeLinesLength += pending.count
                shape.missingFinalNewline = true
            } else {
                shape.tornLastLine = true
            }
        }
        return shape
    }

    /// Makes the log at `url` ready for appending after an interrupted run: cuts a
    /// torn last line, or ends a whole last line that lacks its newline. Returns what
    /// it did, for the user (`nil` when the log was already whole).
    @discardableResult
    public static func repairTornLastLine(_ url: URL) throws(WorkbenchError) -> String? {
        let contents = try scan(url) { _, _ throws(WorkbenchError) in }
        guard let h = FileHandle(forWritingAtPath: url.path) else {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw .runtime("cannot write \(url.path)")
        }
        defer { try? h.close() }
        do {
            _ = try h.seekToEnd()
            if contents.tornLastLine {
                try h.truncate(atOffset: UInt64(contents.wholeLinesLength))
                return "cut the last line of \(url.lastPathComponent), which an interrupted run left half-written"
            }
            if contents.missingFinalNewline {
                try h.write(contentsOf: Data("\n".utf8))
                return "ended the last line of \(url.lastPathComponent) with its missing newline"
            }
        } catch {
            throw .runtime("cannot repair \(url.path): \(error.localizedDescription)")
        }
        return nil
    }
}
