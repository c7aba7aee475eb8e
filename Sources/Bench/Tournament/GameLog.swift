import Foundation

/// `games.jsonl`: one JSON object a line, appended and handed to the OS as each game
/// ends, so an interrupted run loses no finished game.
final class GameLog: @unchecked Sendable {
    private let handle: FileHandle
    let url: URL

    /// Opens (creating if needed) the log for appending.
    init(url: URL) throws(UsageError) {
        self.url = url
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw UsageError("tournament: cannot create \(url.path)")
            }
        }
        guard let h = FileHandle(forWritingAtPath: url.path) else { throw UsageError("tournament: cannot write \(url.path)") }
        handle = h
        handle.seekToEndOfFile()
    }

    deinit { try? handle.close() }

    /// Appends one record as one line in a single write (callers serialise calls).
    func append(_ record: GameRecord) {
        handle.write(Data((Output.json(record) + "\n").utf8))
    }

    /// The records of an existing log. A last line cut short by a kill is dropped
    /// (and cut from the file), a malformed line elsewhere is an error.
    static func read(_ url: URL) throws(UsageError) -> [GameRecord] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var records: [GameRecord] = []
        var validBytes = 0
        for (i, line) in lines.enumerated() {
            if let r = try? JSONDecoder().decode(GameRecord.self, from: Data(line.utf8)) {
                records.append(r)
                validBytes += line.utf8.count + 1
            } else if i == lines.count - 1 && !text.hasSuffix("\n") {
                // The run was killed while writing this line: drop it.
                if let h = FileHandle(forWritingAtPath: url.path) { h.truncateFile(atOffset: UInt64(validBytes)); try? h.close() }
            } else {
                throw UsageError("tournament: \(url.path) line \(i + 1) is not a game record")
            }
        }
        return records
    }
}
