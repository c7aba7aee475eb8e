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
    /// What a merge did.
    public struct Outcome: Sendable {
        /// The summary of the merged games.
        public var summary: TournamentSummary
        /// Games of the schedule found in no shard (only with `partial`).
        public var missing: Int
        /// The shards merged.
        public var shards: Int
    }

    /// Merges `folders`, whose `tournament.json` files are `files` (in the same
    /// order), into the new folder `out`; `check` makes a record checker for a shard's
    /// file. Refuses (usage error, one line) a folder without a shard, a foreign shard,
    /// a shard given twice and an `out` that already holds something; refuses (runtime
    /// error) damaged records and, unless `partial`, missing games, naming them. Nothing
    /// is left in `out` when it fails: the folder is written aside and renamed at the end.
    public static func merge<R, C: RecordChecking>(
        _ folders: [URL], files: [TournamentFile<R>], into out: URL, partial: Bool,
        check: (TournamentFile<R>) -> C
    ) throws(WorkbenchError) -> Outcome {
        guard let first = files.first else { throw .usage("merge: no shard folders given") }
        // shard index -> position in `folders`
        let byIndex = try Shard.together(files.map(\.config.shard), folders: folders, configName: TournamentFolder.configName,
                                         what: "tournament", differ: "configuration, rules, seed or shard count", out: out) {
            files[$0].config.whole == first.config.whole && files[$0].rules == first.rules
        }
        let count = first.config.shard!.count
        let fm = FileManager.default
        var whole = TournamentFile(config: first.config.whole, rules: first.rules)
        // The command of one machine's run: a shard's without `--shard`, `--threads`
        // and `--resume`, writing to `out`.
        let word = #"(=| )('[^']*'|\S+)"#
        var command = first.config.command
        for option in ["--shard", "--threads"] {
            command = command.replacingOccurrences(of: " " + option + word, with: "", options: .regularExpression)
        }
        command = command.replacingOccurrences(of: " --resume", with: "")
        command = command.replacingOccurrences(of: " --out" + word, with: "", options: .regularExpression)
        whole.config.command = command + " " + benchCommandLine(["--out", out.path]).dropFirst("bench ".count)
        let config = whole.config
        let aside = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).merging-\(getpid())")
        try? fm.removeItem(at: aside)
        do { try fm.createDirectory(at: aside, withIntermediateDirectories: true) } catch {
            throw .runtime("merge: cannot create \(aside.path): \(error.localizedDescription)")
        }
        var done = false
        defer { if !done { try? fm.removeItem(at: aside) } }

        // Pass 1: each shard's records, checked and sorted by index, to a scratch file.
        var sorted: [Int: URL] = [:]
        for (k, i) in byIndex.sorted(by: { $0.key < $1.key }) {
            // The lines as read, by index: copied, never written anew.
            var records: [(index: Int, text: Data)] = []
            var checker = check(files[i])
            let log = folders[i].appendingPathComponent(TournamentFolder.logName)
            let source = "\(folders[i].lastPathComponent)/\(TournamentFolder.logName)"
            let shape = try JSONLinesLog<GameRecord>.scan(log, describing: "a game record") { record, text, line throws(WorkbenchError) in
                do throws(WorkbenchError) { try checker.check(record, line: line) } catch { throw error.prefixed("merge: \(source)") }
                records.append((record.index, text))
            }
            if shape.tornLastLine {
                throw .runtime("merge: \(source): the last line is cut short (a run killed while writing it); finish the shard with --resume first")
            }
            records.sort { $0.index < $1.index }
            let url = aside.appendingPathComponent(".shard-\(k).jsonl")
            var text = Data()
            for r in records { text.append(r.text); text.append(10) }
            do { try text.write(to: url) } catch { throw .runtime("merge: cannot write \(url.path): \(error.localizedDescription)") }
            sorted[k] = url
        }

        // Pass 2: unit by unit, each from its shard's sorted file, into the merged log.
        try raiseOpenFileLimit(to: sorted.count + 64)
        var readers: [Int: RecordReader] = [:]
        for (k, url) in sorted { readers[k] = try RecordReader(url) }
        let configURL = aside.appendingPathComponent(TournamentFolder.configName)
        do { try Data((try JSON.text(whole) + "\n").utf8).write(to: configURL, options: .atomic) } catch {
            throw .runtime("merge: cannot write \(configURL.path)")
        }
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
        for (_, url) in sorted { try? fm.removeItem(at: url) }
        if missing > 0 && !partial {
            let absent = (0..<count).filter { byIndex[$0] == nil }
            let shardsText = absent.isEmpty ? "" : "; shards not given: \(absent.prefix(10).map(String.init).joined(separator: ", "))\(absent.count > 10 ? ", …" : "")"
            throw .runtime("merge: \(missing) of \(config.totalGames) games are missing (\(missingText.joined(separator: ", "))\(missing > missingText.count * size ? ", …" : "")\(shardsText)); "
                + "finish those shards (--resume) or merge with --partial")
        }
        let summary = TournamentSummary(tally: tally, wallSeconds: nil, gamesThisRun: 0, threads: nil)
        try summary.write(to: aside)
        do {
            if fm.fileExists(atPath: out.path) { try fm.removeItem(at: out) }
            try fm.moveItem(at: aside, to: out)
        } catch { throw .runtime("merge: cannot move the merged folder to \(out.path): \(error.localizedDescription)") }
        done = true
        return Outcome(summary: summary, missing: missing, shards: sorted.count)
    }

    /// Lets the process open `count` files at once (one per shard), up to the hard limit.
    static func raiseOpenFileLimit(to count: Int) throws(WorkbenchError) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur >= rlim_t(count) { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw .runtime("merge: \(count) files must be open at once, more than this system allows (\(limit.rlim_max)); merge fewer shards at a time")
        }
        limit.rlim_cur = rlim_t(count)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
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
