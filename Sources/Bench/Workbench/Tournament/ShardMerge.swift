import Foundation

/// Joins the folders of a tournament's shards (`--shard K/N`, each played apart, e.g.
/// as a Slurm array task) into one tournament folder, as one machine would have
/// written it: `tournament.json` without the shard, `games.jsonl` in schedule order,
/// and the summary files (`bench merge`).
///
/// The shards must belong together (the same configuration, rules and N; each K
/// once); every record is checked against its shard as `--resume` checks it. Memory
/// stays bounded whatever the number of games: each shard's records are sorted into a
/// scratch file one shard at a time, then the scratch files are read side by side, a
/// small buffer each, unit by unit of the schedule (unit u is shard u mod N's).
public enum ShardMerge {
    /// Merges `folders`, whose `tournament.json` files are `files` (in the same
    /// order), into the new folder `out`; `check` makes a record checker for a shard's
    /// file, `command` turns a shard's command into the whole run's. Refuses (usage
    /// error, one line) a folder without a shard, a foreign shard, a shard given twice
    /// and an `out` that already holds something; refuses (runtime error) damaged
    /// records and, unless `partial`, missing games, naming them. Nothing is left in
    /// `out` when it fails: the folder is written aside and renamed at the end.
    public static func merge<R, C: RecordChecking>(
        _ folders: [URL], files: [TournamentFile<R>], into out: URL, partial: Bool,
        command: (String) -> String = { $0 }, check: (TournamentFile<R>) -> C
    ) throws(WorkbenchError) -> MergeOutcome {
        guard let first = files.first else { throw .usage("no shard folders given", field: "shards") }
        // shard index -> position in `folders`
        let byIndex = try Shard.together(files.map(\.config.shard), folders: folders, configName: TournamentFolder.configName,
                                         what: "tournament", differ: "configuration, rules, seed or shard count") {
            files[$0].config.whole == first.config.whole && files[$0].rules == first.rules
        }
        let count = first.config.shard!.count
        var whole = TournamentFile(config: first.config.whole, rules: first.rules)
        whole.config.command = command(first.config.command)
        let config = whole.config
        return try RunFolder.writeAside(out) { aside throws(WorkbenchError) in
            // Pass 1: each shard's records, checked and sorted by index, to a scratch file.
            var sorted: [Int: URL] = [:]
            for (k, i) in byIndex.sorted(by: { $0.key < $1.key }) {
                // The lines as read, by index: copied, never written anew.
                var records: [(index: Int, text: Data)] = []
                var checker = check(files[i])
                let log = folders[i].appendingPathComponent(TournamentFolder.logName)
                let source = "\(folders[i].lastPathComponent)/\(TournamentFolder.logName)"
                let shape = try JSONLinesLog<GameRecord>.scan(log, describing: "a game record") { record, text, line throws(WorkbenchError) in
                    do throws(WorkbenchError) { try checker.check(record, line: line) } catch { throw error.prefixed(source) }
                    records.append((record.index, text))
                }
                if shape.tornLastLine {
                    throw .runtime("\(source): the last line is cut short (a run killed while writing it); finish the shard first",
                                   field: "resume")
                }
                records.sort { $0.index < $1.index }
                let url = aside.appendingPathComponent(".shard-\(k).jsonl")
                var text = Data()
                for r in records { text.append(r.text); text.append(10) }
                do { try text.write(to: url) } catch { throw .runtime("cannot write \(url.path): \(error.localizedDescription)") }
                sorted[k] = url
            }

            // Pass 2: unit by unit, each from its shard's sorted file, into the merged log.
            try raiseOpenFileLimit(to: sorted.count + 64)
            var readers: [Int: RecordReader] = [:]
            for (k, url) in sorted { readers[k] = try RecordReader(url) }
            try RunFolder.writeWhole(try JSON.text(whole) + "\n", to: aside.appendingPathComponent(TournamentFolder.configName))
            // Written in large blocks and synchronised once: the folder only becomes `out`
            // when it is whole, so no line needs to reach the disk on its own.
            let log = try BlockWriter(aside.appendingPathComponent(TournamentFolder.logName))
            var tally = TournamentTally(config: config)
            var missing = 0
            var missingText: [String] = []
            let size = config.unitSize, units = config.totalGames / size
            for u in 0..<units {
                let k = u % count
                var found = 0
                if let reader = readers[k] {
                    while let (r, text) = try reader.peek(), r.index / size == u {
                        try log.append(text)
                        try tally.add(r)
                        reader.advance()
                        found += 1
                    }
                }
                if found < size {
                    missing += size - found
                    if missingText.count < 5 { missingText.append("games \(u * size)-\(u * size + size - 1) of shard \(k)/\(count)") }
                }
            }
            try log.finish()
            for (_, reader) in readers { reader.close() }
            for (_, url) in sorted { try? FileManager.default.removeItem(at: url) }
            if missing > 0 && !partial {
                throw .runtime("\(missing) of \(config.totalGames) games are missing (\(missingText.joined(separator: ", "))"
                    + "\(missing > missingText.count * size ? ", …" : "")\(Shard.absentText(byIndex, count: count))); "
                    + "finish those shards or merge what there is", field: "partial")
            }
            let summary = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil)
            try summary.write(to: aside)
            return MergeOutcome(text: summary.markdown, missing: missing, missingWhat: "games", shards: sorted.count)
        }
    }

    /// Lets the process open `count` files at once (one per shard), up to the hard limit.
    static func raiseOpenFileLimit(to count: Int) throws(WorkbenchError) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur >= rlim_t(count) { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw .runtime("\(count) files must be open at once, more than this system allows (\(limit.rlim_max)); merge fewer shards at a time")
        }
        limit.rlim_cur = rlim_t(count)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// Tournaments as a kind of sharded run (``ShardedRuns``): the shards' records are
/// checked as `--resume` checks them, by the game their `tournament.json` names.
public enum TournamentRun: ShardedRunKind {
    public static func holds(_ folder: URL) throws(WorkbenchError) -> Bool {
        try RegularFile.exists(folder.appendingPathComponent(TournamentFolder.configName).path)
    }

    public static func merge(_ folders: [URL], into out: URL, partial: Bool,
                             command: (String) -> String) throws(WorkbenchError) -> MergeOutcome {
        let data = try folders.map { folder throws(WorkbenchError) in
            let url = folder.appendingPathComponent(TournamentFolder.configName)
            guard let d = try RegularFile.contents(url.path) else {
                throw .usage("\(folder.path) is not a tournament folder (no \(TournamentFolder.configName))")
            }
            return d
        }
        let config: TournamentConfig
        do { config = try JSONDecoder().decode(TournamentConfig.self, from: data[0]) } catch {
            throw .runtime("\(folders[0].path)/\(TournamentFolder.configName) is not a tournament config (\(JSON.describe(error)))")
        }
        let whole = command(config.command)
        return try GameRegistry.dispatch(config.game, to: Merging(folders: folders, data: data, out: out, partial: partial,
                                                                  command: whole))
    }

    /// The merge for one game `G`.
    struct Merging: UniformGameVisitor {
        typealias Result = MergeOutcome
        let folders: [URL], data: [Data], out: URL, partial: Bool
        /// The whole run's command.
        let command: String

        func visit<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> MergeOutcome {
            try ShardMerge.merge(folders, files: try files(G.self), into: out, partial: partial, command: { _ in command }) {
                RecordCheck<G>(file: $0, source: TournamentFolder.logName)
            }
        }

        /// Every shard's tournament.json as `G`'s; one of another game is a foreign shard.
        func files<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> [TournamentFile<G.Rules>] {
            var files: [TournamentFile<G.Rules>] = []
            for (url, d) in zip(folders, data) {
                do { files.append(try JSONDecoder().decode(TournamentFile<G.Rules>.self, from: d)) } catch {
                    throw .runtime("\(url.path)/\(TournamentFolder.configName) is not a \(G.name) tournament config (\(JSON.describe(error)))")
                }
                guard files.last!.config.game == G.name else {
                    throw .usage("\(url.path) is a shard of another tournament than \(folders[0].path) (game \(files.last!.config.game))")
                }
            }
            return files
        }
    }
}

/// Reads a log of records one at a time, with a small buffer: the merge keeps one
/// open per shard.
final class RecordReader {
    private let handle: FileHandle
    private var buffer = Data()
    private var next: (GameRecord, Data)?
    private var atEnd = false
    private let url: URL
    private let decoder = JSONDecoder()

    init(_ url: URL) throws(WorkbenchError) {
        self.url = url
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .runtime("cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// The next record and its line, without taking it.
    func peek() throws(WorkbenchError) -> (GameRecord, Data)? {
        if next == nil && !atEnd { next = try read() }
        return next
    }

    /// Takes the record ``peek()`` gave.
    func advance() { next = nil }

    private func read() throws(WorkbenchError) -> (GameRecord, Data)? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Data(buffer[buffer.startIndex..<newline])
                let record: GameRecord
                do { record = try decoder.decode(GameRecord.self, from: line) } catch {
                    throw .runtime("\(url.path): \(JSON.describe(error))")
                }
                buffer = Data(buffer[(newline + 1)...])
                return (record, line)
            }
            let block: Data
            do { block = try handle.read(upToCount: 8192) ?? Data() } catch {
                throw .runtime("cannot read \(url.path): \(error.localizedDescription)")
            }
            if block.isEmpty { atEnd = true; return nil }
            buffer.append(block)
        }
    }

    func close() { try? handle.close() }
}

/// Appends lines to a new log in blocks of a mebibyte, synchronised once at the end.
final class BlockWriter {
    private let handle: FileHandle
    private let url: URL
    private var pending = Data()

    init(_ url: URL) throws(WorkbenchError) {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let h = FileHandle(forWritingAtPath: url.path) else { throw .runtime("cannot write \(url.path)") }
        handle = h
    }

    /// Appends one line (its text without the newline).
    func append(_ line: Data) throws(WorkbenchError) {
        pending.append(line)
        pending.append(10)
        if pending.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(WorkbenchError) {
        do { try handle.write(contentsOf: pending) } catch { throw .runtime("cannot write \(url.path): \(error.localizedDescription)") }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, waits until the disk has it, and closes the file.
    func finish() throws(WorkbenchError) {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch { throw .runtime("cannot write \(url.path): \(error.localizedDescription)") }
    }
}
