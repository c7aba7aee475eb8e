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

    /// Reads the log at `url` (none there: no records). A malformed line other than a
    /// torn last line is a runtime error naming the file and line.
    public static func read(_ url: URL) throws(WorkbenchError) -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents(records: [], tornLastLine: false, wholeLinesLength: 0) }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .runtime("cannot read \(url.path)") }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = data.last == UInt8(ascii: "\n")
        var records: [GameRecord] = []
        var length = 0
        let decoder = JSONDecoder()
        for (i, line) in lines.enumerated() {
            let isLast = i == lines.count - 1
            if isLast && line.isEmpty { break }
            do {
                records.append(try decoder.decode(GameRecord.self, from: Data(line)))
                length += line.count + 1
            } catch {
                if isLast && !endsWithNewline {
                    return Contents(records: records, tornLastLine: true, wholeLinesLength: length)
                }
                throw .runtime("\(url.path) line \(i + 1) is not a game record (\(JSON.describe(error)))")
            }
        }
        let missing = !endsWithNewline && !data.isEmpty
        return Contents(records: records, tornLastLine: false, wholeLinesLength: missing ? length - 1 : length,
                        missingFinalNewline: missing)
    }

    /// Makes the log at `url` ready for appending after an interrupted run: cuts a
    /// torn last line, or ends a whole last line that lacks its newline. Returns what
    /// it did, for the user (`nil` when the log was already whole).
    @discardableResult
    public static func repairTornLastLine(_ url: URL) throws(WorkbenchError) -> String? {
        let contents = try read(url)
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
