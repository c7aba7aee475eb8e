import Foundation
import Search

/// A tournament's folder — `tournament.json`, `games.jsonl` and the summary files —
/// created, checked and resumed in one place, for the command line and library
/// callers alike: `bench report` and `--resume` read what a library run wrote.
///
/// A new run refuses a folder that holds a tournament; a resumed run refuses one
/// that holds another tournament, and checks every record before it plays a game.
/// The log is locked for the run, so two runs never write one folder.
public enum TournamentFolder {
    /// A folder ready for a run: its log and the games it already holds.
    public struct Opened: Sendable {
        /// The folder, locked for the run.
        public var run: RunFolder
        public var folder: URL { run.url }
        public var log: RecordLog
        /// The games already played (resuming), tallied; empty for a new run.
        public var tally: TournamentTally
        /// What was repaired in the log (a line cut short by a kill), for the user.
        public var repair: String?
    }

    /// The file names in a tournament folder.
    public static let configName = "tournament.json"
    public static let logName = "games.jsonl"
    public static let layout = RunLayout(what: "tournament", configName: configName, lockName: logName)

    /// Opens `folder` for the tournament `file` describes: creates it and writes
    /// `tournament.json` (refusing a folder that holds a tournament), or with `resume`
    /// checks that it holds this tournament and reads its records, each checked by
    /// `check` and tallied, calling `progress` with each. Fails before writing
    /// anything when the folder is unusable or holds another run (``RunFolder``).
    public static func open<R, C: RecordChecking>(
        _ folder: URL, file: TournamentFile<R>, check: C, resume: Bool, sync: SyncPolicy = .grouped,
        progress: ((GameRecord) -> Void)? = nil
    ) throws(WorkbenchError) -> Opened {
        let logURL = folder.appendingPathComponent(logName)
        var tally = TournamentTally(config: file.config)
        // The log keeps the games the report page will show (ReportPage.tournament).
        let order = ReplayData.Order(file.config)
        let isShown: @Sendable (Int) -> Bool = { order.rank($0) < ReportPage.gameBudget }
        guard resume else {
            let run = try RunFolder.create(folder, layout, config: try JSON.text(file) + "\n")
            let log = try RecordLog(appendingTo: logURL, sync: sync, keeping: isShown, read: [], count: 0)
            return Opened(run: run, log: log, tally: tally, repair: nil)
        }
        let run = try RunFolder.resume(folder, layout)
        let data = try run.config()
        let saved: TournamentFile<R>
        do { saved = try JSONDecoder().decode(TournamentFile<R>.self, from: data) } catch {
            throw .runtime("\(run.configURL.path) is not a tournament config (\(JSON.describe(error)))", field: "resume")
        }
        if saved.config.whole.agents == file.config.whole.agents, let was = saved.config.resolvedAgents,
           let now = file.config.resolvedAgents, was != now {
            throw .usage("an agent means something else now than when the run started (\(ResolvedSpecs.difference(was, now, names: file.config.agents))) "
                + "and this version cannot play it as recorded; continue with \(ResolvedSpecs.starter(saved.config.version)) or start a new folder",
                field: "resume")
        }
        try run.requireSame(saved == file, command: saved.config.command)
        // The summary says what the run recorded its agents to mean (nothing, for a run
        // of an earlier version), not what this version makes of their names.
        var config = file.config
        config.resolvedAgents = saved.config.resolvedAgents
        config.version = saved.config.version
        tally = TournamentTally(config: config)
        // Every record is checked before the log is touched: a resume that fails
        // leaves the log as it found it, and says one thing.
        var shown: [GameRecord] = []
        do {
            try load(logURL, check: check, into: &tally) { record in
                if isShown(record.index) { shown.append(record) }
                progress?(record)
            }
        } catch { throw error.named("resume") }
        let repair = try run.repairLog(GameRecord.self, logName, describing: "a game record")
        let log = try RecordLog(appendingTo: logURL, sync: sync, keeping: isShown, read: shown, count: tally.addedCount)
        return Opened(run: run, log: log, tally: tally, repair: repair)
    }

    /// The entrants a resumed run plays in `folder`: each as the run recorded it. An
    /// entrant whose name this version resolves to another agent than the recorded one
    /// (a default changed, a parameter added since) plays the recorded spec under its
    /// name (``AgentCatalog/parseRecorded(_:)``), so the games after the resume are
    /// played by the agents of the games before it; `notes` says which, for the user.
    /// Entrants are returned as given when the folder holds no readable tournament, other
    /// names, no resolved specs (a run of a version before 0.9.0) or a recorded spec this
    /// version cannot read: ``open(_:file:check:resume:sync:progress:)`` then decides.
    public static func entrantsAsRecorded<G: WorkbenchGame>(_ entrants: [Entrant<G>], in folder: URL,
                                                            catalog: AgentCatalog<G.Agent>) -> (entrants: [Entrant<G>], notes: [String]) {
        guard let (file, _) = try? readFile(folder, as: G.Rules.self), file.config.agents == entrants.map(\.name),
              let recorded = file.config.resolvedAgents else { return (entrants, []) }
        var result = entrants, notes: [String] = []
        for (i, text) in recorded.enumerated() where text != entrants[i].resolved {
            guard let (spec, note) = ResolvedSpecs.asRecorded(text, name: entrants[i].name, now: entrants[i].resolved,
                                                              catalog: catalog) else { continue }
            if let note {
                result[i] = Entrant(name: entrants[i].name, spec: spec, catalog: catalog)
                notes.append(note)
            }
            // The recorded text, which the resume's comparisons and the summary read (the
            // same agent may be written otherwise: a parameter at its value from before).
            result[i].resolved = text
        }
        return (result, notes)
    }

    /// Reads the log at `url` one record at a time: each is checked, then tallied.
    /// Returns the note to give when the last line is torn (`nil` when it is whole).
    @discardableResult
    public static func load<C: RecordChecking>(_ url: URL, check: C, into tally: inout TournamentTally,
                                               progress: ((GameRecord) -> Void)? = nil) throws(WorkbenchError) -> String? {
        let source = url.lastPathComponent
        return try scan(url, check: check) { record, line throws(WorkbenchError) in
            do throws(WorkbenchError) { try tally.add(record) } catch { throw .runtime("\(source) line \(line): \(error.message)") }
            progress?(record)
        }
    }

    /// Reads the log at `url` one record at a time, each checked by `check` (another
    /// tournament's, out of range, given twice: an error naming the line) before `body`
    /// gets it. Returns the note to give when the last line is torn (it is not read).
    /// A folder without its log is an error: a tournament's folder holds it from its start
    /// (even empty), and a reader would otherwise say 0 games.
    @discardableResult
    public static func scan<C: RecordChecking>(_ url: URL, check: C,
                                               _ body: (GameRecord, _ line: Int) throws(WorkbenchError) -> Void) throws(WorkbenchError) -> String? {
        guard try RegularFile.exists(url.path) else { throw .runtime("\(url.path): no such file (a tournament's folder holds its log)") }
        var check = check
        let shape = try RecordLog.scan(url) { record, line throws(WorkbenchError) in
            try check.check(record, line: line)
            try body(record, line)
        }
        return shape.tornLastLine
            ? "\(url.lastPathComponent): the last line is cut short (a run killed while writing it); it is not counted" : nil
    }

    /// The `tournament.json` of `folder` with rules of type `R`, and its bytes; a folder
    /// without one is a usage error, one that does not decode a runtime error.
    public static func readFile<R: Codable & Equatable & Sendable>(_ folder: URL, as rules: R.Type) throws(WorkbenchError)
        -> (TournamentFile<R>, Data) {
        let url = folder.appendingPathComponent(configName)
        guard let data = try RegularFile.contents(url.path) else {
            throw .usage("no tournament in \(folder.path) (\(configName) missing)")
        }
        do { return (try JSONDecoder().decode(TournamentFile<R>.self, from: data), data) } catch {
            throw .runtime("\(url.path) is not a tournament config (\(JSON.describe(error)))")
        }
    }
}

extension Tournament {
    /// Plays the tournament in `folder` as `bench tournament --out DIR [--resume]`
    /// does: `tournament.json` and `games.jsonl` (each game appended as it ends), then
    /// the summary files. A folder holding a tournament is refused unless `resume`,
    /// and then it must hold this one; its games are checked and not played again.
    public func run(in folder: URL, resume: Bool = false, threads: Int = 1, sync: SyncPolicy = .grouped,
                    onRecord: (@Sendable (GameRecord, Int) -> Void)? = nil) throws(WorkbenchError) -> TournamentSummary {
        try checkAgents()
        let opened = try TournamentFolder.open(folder, file: file, check: recordCheck(source: TournamentFolder.logName),
                                               resume: resume, sync: sync)
        let summary = try run(threads: threads, log: opened.log, resumingFrom: opened.tally, onRecord: onRecord)
        try summary.write(to: folder, log: opened.log)
        return summary
    }
}
