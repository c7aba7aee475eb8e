import Dispatch
import Foundation
import Search

/// A game's tablebase from its file, or solved and written to it: what `bench solve` does.
public enum TablebaseFile {
    /// How the table was obtained.
    public enum Source: String, Sendable, Codable { case solved, loaded }

    /// The table in `path` when the file exists (it must be valid: a corrupt or foreign
    /// file is a runtime error and is left alone); otherwise solved on `threads`
    /// workers and written to `path` (through a temporary file renamed into place).
    public static func obtain<G: SolvableWorkbenchGame>(
        _ game: G.Type, path: String, threads: Int,
        progress: (@Sendable (_ group: Int, _ ply: Int, _ decided: Int, _ slots: Int) -> Void)? = nil
    ) throws(WorkbenchError) -> (table: G.Table, summary: TablebaseSummary) {
        let clock = Clock(seconds: nil)
        let table: G.Table, source: Source
        // Anything at the path (a FIFO, a symbolic link loop too) is read, and refused
        // unless it is a regular file: never solved over.
        if try RegularFile.exists(path) {
            table = try G.loadTablebase(path)
            source = .loaded
        } else {
            table = G.Table.solve(threads: threads, progress: progress)
            do { try table.write(to: path) } catch { throw .runtime(error.message) }
            source = .solved
        }
        let elapsed = clock.elapsed
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        return (table, TablebaseSummary(game: G.name, file: path, source: source, seconds: elapsed,
                                        threads: source == .solved ? threads : nil, fileBytes: bytes ?? 0,
                                        groupName: G.tablebaseGroupName, statistics: table.statistics,
                                        bytesPerEntry: table.bytesPerEntry))
    }
}

/// What `bench solve` prints: the file, the time, and the positions by value.
public struct TablebaseSummary: Sendable, Encodable {
    public var game, file: String
    public var source: TablebaseFile.Source
    /// Seconds to solve and write, or to read and check the file.
    public var seconds: Double
    /// The solver's threads (`nil` when loaded).
    public var threads: Int?
    public var fileBytes: Int
    /// What a row's group counts (`captured`: goats captured).
    public var groupName: String
    public var statistics: TablebaseStatistics
    public var bytesPerEntry: Int

    /// The positions stored, each class of symmetric positions once.
    public var positions: Int { statistics.positions }

    enum CodingKeys: String, CodingKey {
        case game, file, source, seconds, threads, fileBytes, positions, bytesPerEntry, longestPlies, rows
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(game, forKey: .game)
        try c.encode(file, forKey: .file)
        try c.encode(source, forKey: .source)
        try c.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try c.encode(Nullable(wrappedValue: threads), forKey: .threads)
        try c.encode(fileBytes, forKey: .fileBytes)
        try c.encode(positions, forKey: .positions)
        try c.encode(bytesPerEntry, forKey: .bytesPerEntry)
        try c.encode(statistics.longestPlies, forKey: .longestPlies)
        try c.encode(statistics.rows, forKey: .rows)
    }

    /// The summary as text with a Markdown table of the values per group and side to move.
    public var text: String {
        let how = source == .solved
            ? "solved in \(Format.fixed(seconds, 1)) s on \(threads ?? 1) thread\(threads == 1 ? "" : "s") and written"
            : "loaded and checked in \(Format.fixed(seconds, 1)) s"
        var lines = [
            "\(game) tablebase \(file): \(how)",
            "positions: \(Format.grouped(UInt64(positions))) (each class under the board's 8 symmetries once), "
                + "\(bytesPerEntry) byte\(bytesPerEntry == 1 ? "" : "s") per value, file \(Format.grouped(UInt64(fileBytes))) bytes",
            "longest decided game under perfect play: \(statistics.longestPlies) plies",
            "values for the side to move (draw: neither side can force a win; repetition and the ply limit are not part of them)",
            "",
            "| \(groupName) | to move | positions | win | draw | loss |",
            "|---:|---|---:|---:|---:|---:|",
        ]
        func g(_ n: Int) -> String { Format.grouped(UInt64(n)) }
        for r in statistics.rows {
            lines.append("| \(r.captured) | \(r.sideToMove) | \(g(r.positions)) | \(g(r.wins)) | \(g(r.draws)) | \(g(r.losses)) |")
        }
        let rows = statistics.rows
        lines.append("| all | both | \(g(positions)) | \(g(rows.reduce(0) { $0 + $1.wins })) | "
            + "\(g(rows.reduce(0) { $0 + $1.draws })) | \(g(rows.reduce(0) { $0 + $1.losses })) |")
        return lines.joined(separator: "\n")
    }
}
