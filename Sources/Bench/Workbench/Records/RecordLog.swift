import Foundation
import Boards

/// A record log (`games.jsonl`): one game record a line, each game appended whole
/// as soon as it ends, so an interrupted run loses no finished game, and made durable
/// by its ``SyncPolicy`` (group commit, or an fsync per game). The log owns its lock: any number of workers may append. It is a
/// ``JSONLinesLog`` of ``GameRecord``s, with the tournament's vocabulary.
///
/// Reading never changes the file; only ``repairTornLastLine(_:)`` (what `--resume`
/// calls) cuts a last line that a kill left half-written.
public final class RecordLog: Sendable {
    private let lines: JSONLinesLog<GameRecord>

    /// The records a report page of the run shows, kept as the run reads (resuming) or
    /// appends them, with the count of records in the log: the page written after the
    /// last game then need not read the whole log back, which was a third of what
    /// `--out` cost a tournament of cheap agents. Kept only by a log opened with
    /// `keeping:` (`isShown` set).
    private let shown = Locked(Shown(records: [], count: 0))
    private let isShown: (@Sendable (Int) -> Bool)?

    /// Where the log is.
    public var url: URL { lines.url }

    /// Opens the log at `url` for appending, creating it if needed. The file is
    /// opened in append mode, so every write lands at its end whatever else wrote.
    ///
    /// With `exclusive`, the log is owned by this run: it takes an exclusive `flock`
    /// on the file, and fails at once (a usage error) when another run holds it. The
    /// operating system drops the lock when the process ends, however it ends, so a
    /// killed run leaves nothing stale behind.
    public init(appendingTo url: URL, exclusive: Bool = false, sync: SyncPolicy = .grouped) throws(WorkbenchError) {
        lines = try JSONLinesLog(appendingTo: url, exclusive: exclusive, sync: sync)
        isShown = nil
    }

    /// Opens the log as ``init(appendingTo:exclusive:sync:)`` does and keeps the records
    /// appended from now on whose index `isShown` holds; `read` are the log's records
    /// so far that it holds, and `count` how many records the log holds.
    init(appendingTo url: URL, sync: SyncPolicy, keeping isShown: @escaping @Sendable (Int) -> Bool,
         read: [GameRecord], count: Int) throws(WorkbenchError) {
        lines = try JSONLinesLog(appendingTo: url, exclusive: false, sync: sync)
        shown.withLock { $0 = Shown(records: read, count: count) }
        self.isShown = isShown
    }

    /// The records kept for the report page and the count of records in the log.
    struct Shown: Sendable {
        var records: [GameRecord]
        var count: Int
    }

    /// What the log kept for the report page, or `nil` when this log keeps none.
    var shownRecords: Shown? { isShown == nil ? nil : shown.withLock { $0 } }

    /// Appends `record` as one line, in one write (synchronised by the log's policy).
    public func append(_ record: GameRecord) throws(WorkbenchError) { try lines.append(text: record.jsonLine + "\n") }

    /// Appends `record`, whose line is `line` (``GameRecord/jsonLine``, encoded
    /// beforehand, outside any lock the caller holds while appending), and keeps it
    /// when the report page shows it.
    func append(_ record: GameRecord, line: String) throws(WorkbenchError) {
        try lines.append(text: line + "\n")
        if let isShown {
            let kept = isShown(record.index)
            shown.withLock { s in
                if kept { s.records.append(record) }
                s.count += 1
            }
        }
    }

    /// Makes every record appended so far durable now.
    public func synchronize() throws(WorkbenchError) { try lines.synchronize() }

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
    public typealias Shape = JSONLinesLog<GameRecord>.Shape

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
    ///
    /// With `games`, only the records whose index it holds are decoded and given to
    /// `body` (a line's index is read without decoding it, ``GameRecord/index(inLine:)``);
    /// the other lines are passed over unchecked.
    @discardableResult
    public static func scan(_ url: URL, games: ((Int) -> Bool)? = nil,
                            _ body: (GameRecord, _ line: Int) throws(WorkbenchError) -> Void) throws(WorkbenchError) -> Shape {
        guard let games else { return try JSONLinesLog<GameRecord>.scan(url, describing: "a game record", body) }
        return try JSONLinesLog<GameRecord>.scan(url, describing: "a game record",
                                                 including: { GameRecord.index(inLine: $0).map(games) ?? true }) { record, _, line throws(WorkbenchError) in
            if games(record.index) { try body(record, line) }
        }
    }

    /// Makes the log at `url` ready for appending after an interrupted run: cuts a
    /// torn last line, or ends a whole last line that lacks its newline. Returns what
    /// it did, for the user (`nil` when the log was already whole).
    @discardableResult
    public static func repairTornLastLine(_ url: URL) throws(WorkbenchError) -> String? {
        try JSONLinesLog<GameRecord>.repairTornLastLine(url, describing: "a game record")
    }
}
