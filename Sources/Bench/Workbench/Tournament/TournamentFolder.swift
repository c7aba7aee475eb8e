import Foundation

/// A tournament's folder — `tournament.json`, `games.jsonl` and the summary files —
/// created, checked and resumed in one place, for the command line and library
/// callers alike: `bench report` and `--resume` read what a library run wrote.
///
/// A new run refuses a folder that holds a tournament; a resumed run refuses one
/// that holds another tournament, and checks every record before it plays a game.
/// The log is locked for the run, so two runs never write one folder.
public enum TournamentFolder {
    /// A folder ready for a run: its log (locked) and the games it already holds.
    public struct Opened: Sendable {
        public var folder: URL
        public var log: RecordLog
        /// The games already played (resuming), tallied; empty for a new run.
        public var tally: TournamentTally
        /// What was repaired in the log (a line cut short by a kill), for the user.
        public var repair: String?
    }

    /// The file names in a tournament folder.
    public static let configName = "tournament.json"
    public static let logName = "games.jsonl"

    /// Opens `folder` for the tournament `file` describes: creates it and writes
    /// `tournament.json` (refusing a folder that holds a tournament), or with `resume`
    /// checks that it holds this tournament and reads its records, each checked by
    /// `check` and tallied, calling `progress` with each. Fails before writing
    /// anything when the folder is unusable or holds another run.
    public static func open<R, C: RecordChecking>(
        _ folder: URL, file: TournamentFile<R>, check: C, resume: Bool,
        progress: ((GameRecord) -> Void)? = nil
    ) throws(WorkbenchError) -> Opened {
        let fm = FileManager.default
        let configURL = folder.appendingPathComponent(configName)
        let logURL = folder.appendingPathComponent(logName)
        var tally = TournamentTally(config: file.config)
        var repair: String? = nil
        let log: RecordLog
        if resume {
            guard fm.fileExists(atPath: configURL.path) else {
                throw .usage("--resume: no tournament in \(folder.path) (tournament.json missing)")
            }
            // The log is this run's from here on: a second run on the folder stops here.
            log = try RecordLog(appendingTo: logURL, exclusive: true)
            guard let data = try RegularFile.contents(configURL.path) else {
                throw .runtime("--resume: cannot read \(configURL.path)")
            }
            let saved: TournamentFile<R>
            do { saved = try JSONDecoder().decode(TournamentFile<R>.self, from: data) } catch {
                throw .runtime("--resume: \(configURL.path) is not a tournament config (\(JSON.describe(error)))")
            }
            guard saved == file else {
                throw .usage("--resume: the options differ from the run in \(folder.path) (\(saved.config.command))")
            }
            // Every record is checked before the log is touched: a resume that fails
            // leaves the log as it found it, and says one thing.
            do {
                try load(logURL, check: check, into: &tally, progress: progress)
                repair = try RecordLog.repairTornLastLine(logURL)
            } catch { throw error.prefixed("--resume") }
        } else {
            // An empty log without tournament.json is what a run killed while starting
            // leaves; it holds no game, so a new run may take the folder over.
            func occupied() -> Bool {
                let size = (try? fm.attributesOfItem(atPath: logURL.path)[.size] as? Int) ?? 0
                return fm.fileExists(atPath: configURL.path) || size > 0
            }
            if occupied() { throw .usage("\(folder.path) already holds a tournament; resume it (--resume) or use another folder") }
            do { try fm.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw .runtime("cannot create output folder \(folder.path)")
            }
            guard fm.isWritableFile(atPath: folder.path) else { throw .runtime("output folder \(folder.path) is not writable") }
            log = try RecordLog(appendingTo: logURL, exclusive: true)
            // Another run may have started in this folder between the check and the lock.
            if occupied() { throw .usage("\(folder.path) already holds a tournament; resume it (--resume) or use another folder") }
            do { try Data((try JSON.text(file) + "\n").utf8).write(to: configURL, options: .atomic) } catch {
                throw .runtime("cannot write \(configURL.path)")
            }
        }
        return Opened(folder: folder, log: log, tally: tally, repair: repair)
    }

    /// Reads the log at `url` one record at a time: each is checked, then tallied.
    /// Returns the note to give when the last line is torn (`nil` when it is whole).
    @discardableResult
    public static func load<C: RecordChecking>(_ url: URL, check: C, into tally: inout TournamentTally,
                                               progress: ((GameRecord) -> Void)? = nil) throws(WorkbenchError) -> String? {
        var check = check
        let source = url.lastPathComponent
        let shape = try RecordLog.scan(url) { record, line throws(WorkbenchError) in
            try check.check(record, line: line)
            do throws(WorkbenchError) { try tally.add(record) } catch { throw .runtime("\(source) line \(line): \(error.message)") }
            progress?(record)
        }
        return shape.tornLastLine
            ? "\(source): the last line is cut short (a run killed while writing it); it is not counted" : nil
    }
}

extension TournamentRunning {
    /// Plays the tournament in `folder` as `bench tournament --out DIR [--resume]`
    /// does: `tournament.json` and `games.jsonl` (each game appended as it ends), then
    /// the summary files. A folder holding a tournament is refused unless `resume`,
    /// and then it must hold this one; its games are checked and not played again.
    public func run(in folder: URL, resume: Bool = false, threads: Int = 1,
                    onRecord: (@Sendable (GameRecord, Int) -> Void)? = nil) throws(WorkbenchError) -> TournamentSummary {
        try checkAgents()
        let opened = try TournamentFolder.open(folder, file: file, check: recordCheck(source: TournamentFolder.logName),
                                               resume: resume)
        let summary = try run(threads: threads, log: opened.log, resumingFrom: opened.tally, onRecord: onRecord)
        try summary.write(to: folder)
        return summary
    }
}
