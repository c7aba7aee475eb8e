import Foundation
import Search
#if canImport(Glibc)
import Glibc
#endif

/// The files that make a folder one kind of run: tournaments, gradings, placement
/// studies, tuning and training runs each declare theirs, and ``RunFolder`` does the
/// rest the same way for all of them.
public struct RunLayout: Sendable {
    /// What the folder holds, for messages (`tournament`, `tuning run`).
    public var what: String
    /// The configuration file: its presence means the folder holds a run.
    public var configName: String
    /// The file locked for the run's lifetime (its log, which a killed run may leave
    /// empty: an empty one does not make the folder taken).
    public var lockName: String
    /// Other names whose presence means the folder is taken (a tuning run's `verify`).
    public var others: [String] = []

    public init(what: String, configName: String, lockName: String, others: [String] = []) {
        self.what = what
        self.configName = configName
        self.lockName = lockName
        self.others = others
    }

    /// The configuration file of every kind of run and what it says a folder holds: a
    /// run of one kind never starts or resumes in a folder of another.
    static let kinds: [(configName: String, what: String)] = [
        ("tournament.json", "tournament"), ("run.json", "grading or placement study"), ("tune.json", "tuning run"),
        ("weights.bin", "training run"),
    ]

    /// What kind of run `folder` holds (`tournament (tournament.json)`), if any: a file
    /// in it belongs to that run, not to an output of another command.
    public static func run(in folder: URL) -> String? { run(in: folder, other: nil) }

    /// What another kind of run `folder` holds, if any.
    func otherRun(in folder: URL) -> String? { Self.run(in: folder, other: configName) }

    /// The first kind of run `folder` holds whose configuration is not `other`.
    private static func run(in folder: URL, other configName: String?) -> String? {
        kinds.first { $0.configName != configName && FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.configName).path) }
            .map { "\($0.what) (\($0.configName))" }
    }
}

/// One run's folder, for every kind of run: created (refusing a folder that holds a
/// run), or opened to resume (refusing one that holds none), locked for the run so two
/// runs never write one folder, with whole-file writes (aside, then renamed) and the
/// repair of a log's last line that a kill cut short.
///
/// The lock is an exclusive `flock` on ``RunLayout/lockName``, held while this value
/// lives; the operating system drops it when the process ends, however it ends.
/// Errors name the setting they are about in ``WorkbenchError/field``: `resume` for a
/// resume that cannot be, `folder` for a folder that is taken or unusable.
public final class RunFolder: Sendable {
    public let url: URL
    public let layout: RunLayout
    private let lockDescriptor: Int32

    private init(_ url: URL, _ layout: RunLayout, lock: Int32) {
        self.url = url
        self.layout = layout
        lockDescriptor = lock
    }

    deinit { close(lockDescriptor) }

    /// The file `name` in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The configuration file.
    public var configURL: URL { file(layout.configName) }

    /// Creates `url` for a new run and writes its configuration `config` (whole; a
    /// run whose configuration file is its first checkpoint passes `nil`):
    /// refuses a folder that holds a run, before and after taking the lock (another
    /// run may start between the two).
    public static func create(_ url: URL, _ layout: RunLayout, config: String?) throws(WorkbenchError) -> RunFolder {
        let fm = FileManager.default
        let leftovers = try checkNew(url, layout)
        do { try fm.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw .runtime("cannot create output folder \(url.path)")
        }
        guard fm.isWritableFile(atPath: url.path) else { throw .runtime("output folder \(url.path) is not writable") }
        let folder = RunFolder(url, layout, lock: try openForAppending(url.appendingPathComponent(layout.lockName)))
        try refuseTaken(url, layout)
        // The folder is this run's now (locked): another's cut-short writes can go.
        for name in leftovers { unlink(url.appendingPathComponent(name).path) }
        if let config { try writeWhole(config, to: folder.configURL) }
        return folder
    }

    /// Opens `url` to resume the run in it and locks it; the caller reads the
    /// configuration (``config()``), compares it, then calls ``requireSame(_:command:)``.
    public static func resume(_ url: URL, _ layout: RunLayout) throws(WorkbenchError) -> RunFolder {
        try checkResumable(url, layout)
        return RunFolder(url, layout, lock: try openForAppending(url.appendingPathComponent(layout.lockName)))
    }

    /// The refusals of ``create(_:_:config:)`` (`resume` false) or ``resume(_:_:)``
    /// (true), without touching anything: a command checks its folder with this before
    /// long work (a table solved or read), so that a wrong folder fails at once.
    public static func check(_ url: URL, _ layout: RunLayout, resume: Bool) throws(WorkbenchError) {
        if resume { try checkResumable(url, layout) } else { _ = try checkNew(url, layout) }
    }

    /// Refuses a folder that holds a run: this kind's (resume it) or another's.
    private static func refuseTaken(_ url: URL, _ layout: RunLayout) throws(WorkbenchError) {
        let fm = FileManager.default
        if let other = layout.otherRun(in: url) {
            throw .usage("\(url.path) holds a \(other), not a \(layout.what); use another folder", field: "folder")
        }
        let log = url.appendingPathComponent(layout.lockName).path
        let size = (try? fm.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        let taken = size > 0 || ([layout.configName] + layout.others).contains {
            fm.fileExists(atPath: url.appendingPathComponent($0).path)
        }
        if taken {
            throw .usage("\(url.path) already holds a \(layout.what); resume it or use another folder", field: "folder")
        }
    }

    /// Refuses a folder a new run may not go into (``refuseTaken(_:_:)``, checked again
    /// under the lock; not empty; a file); what a run of this kind killed at its start
    /// left there, to remove once the folder is locked.
    private static func checkNew(_ url: URL, _ layout: RunLayout) throws(WorkbenchError) -> [String] {
        let fm = FileManager.default
        try refuseTaken(url, layout)
        // No file of the user's is replaced by a run's output: a new run goes into a new
        // or empty folder. What a run of this kind killed at its start leaves does not
        // count: empty files, and its configuration's write cut short.
        let names = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
        let leftovers = names.filter { TemporaryFile.isLeftover($0, of: layout.configName) }
        if let kept = names.sorted().first(where: { name in
               let attributes = try? fm.attributesOfItem(atPath: url.appendingPathComponent(name).path)
               guard attributes?[.type] as? FileAttributeType == .typeRegular else { return true }
               return (attributes?[.size] as? Int ?? 1) > 0 && !leftovers.contains(name)
           }) {
            throw .usage("\(url.path) is not empty (it holds \(kept)); a new \(layout.what) goes into a new or empty folder",
                         field: "folder")
        }
        try refuseFile(url, field: "folder")
        return leftovers
    }

    /// Refuses to resume where there is no run of this kind.
    private static func checkResumable(_ url: URL, _ layout: RunLayout) throws(WorkbenchError) {
        guard try !RegularFile.exists(url.appendingPathComponent(layout.configName).path) else { return }
        if let other = layout.otherRun(in: url) {
            throw .usage("\(url.path) holds a \(other), not a \(layout.what)", field: "resume")
        }
        throw .usage("no \(layout.what) in \(url.path) (\(layout.configName) missing)", field: "resume")
    }

    /// The configuration file's bytes.
    public func config() throws(WorkbenchError) -> Data {
        guard let data = try RegularFile.contents(configURL.path) else {
            throw .runtime("cannot read \(configURL.path)", field: "resume")
        }
        return data
    }

    /// Refuses to resume a run whose settings differ (`same` false) from those given;
    /// `command` is the one that started it, for the message.
    public func requireSame(_ same: Bool, command: String) throws(WorkbenchError) {
        guard !same else { return }
        throw .usage("the options differ from the run in \(url.path) (\(command.isEmpty ? "see \(layout.configName)" : command))",
                     field: "resume")
    }

    /// Makes the log `name` ready for appending after an interrupted run (see
    /// ``JSONLinesLog/repairTornLastLine(_:describing:)``); returns what it did.
    public func repairLog<Line: Codable & Sendable>(_ type: Line.Type, _ name: String, describing what: String) throws(WorkbenchError) -> String? {
        do { return try JSONLinesLog<Line>.repairTornLastLine(file(name), describing: what) } catch { throw error.named("resume") }
    }

    /// Writes `text` to the file `name` whole.
    public func write(_ text: String, to name: String) throws(WorkbenchError) { try Self.writeWhole(text, to: file(name)) }

    /// Writes `text` to `url` whole: to its ``TemporaryFile`` beside it, then renamed
    /// into place, so a reader (or a kill) never leaves half a file under its name.
    public static func writeWhole(_ text: String, to url: URL) throws(WorkbenchError) {
        let temporary = TemporaryFile.path(for: url.path)
        guard let file = fopen(temporary, "wb") else {
            throw .runtime("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = bytes.isEmpty || fwrite(bytes, 1, bytes.count, file) == bytes.count
        let writeError = errno
        let closed = fclose(file) == 0
        guard written && closed else {
            let reason = String(cString: strerror(written ? errno : writeError))
            unlink(temporary)
            throw .runtime("cannot write \(url.path): \(reason)")
        }
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .runtime("cannot write \(url.path): \(reason)")
        }
    }

    /// Refuses an output folder `url` that is a file: a usage error about `field`
    /// (another path is needed), the same in every command.
    public static func refuseFile(_ url: URL, field: String?) throws(WorkbenchError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .usage("\(url.path) is a file, not a folder; write into a new folder", field: field)
        }
    }

    /// Refuses to write `text` to `url` where anything is already: an output never
    /// replaces a file, unless the file holds `text` already (the same command again).
    /// The error is about the setting `field`.
    public static func refuseReplacing(_ url: URL, with text: String, field: String? = "out") throws(WorkbenchError) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        if (try? RegularFile.contents(url.path)) == Data(text.utf8) { return }
        throw .usage("\(url.path) exists; an output never replaces a file (remove it, or write elsewhere)", field: field)
    }

    /// Writes a new folder `out` through `body`, which fills the folder it is given:
    /// a hidden one beside `out`, renamed to `out` only when `body` succeeds, so a
    /// failure leaves nothing (a merge's output). `out` must be absent or empty.
    public static func writeAside<T>(_ out: URL, _ body: (URL) throws(WorkbenchError) -> T) throws(WorkbenchError) -> T {
        let fm = FileManager.default
        // Never replaced: a file, a link, or a folder with anything in it.
        try refuseFile(out, field: "out")
        if fm.fileExists(atPath: out.path) {
            guard (try? fm.contentsOfDirectory(atPath: out.path))?.isEmpty == true else {
                throw .usage("\(out.path) already holds files; write into a new folder", field: "out")
            }
        }
        let aside = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).writing-\(getpid())")
        try? fm.removeItem(at: aside)
        do { try fm.createDirectory(at: aside, withIntermediateDirectories: true) } catch {
            throw .runtime("cannot create \(aside.path): \(error.localizedDescription)")
        }
        var done = false
        defer { if !done { try? fm.removeItem(at: aside) } }
        let value = try body(aside)
        // An empty folder at `out` is replaced; anything else was refused above.
        if fm.fileExists(atPath: out.path) { try? fm.removeItem(at: out) }
        do { try fm.moveItem(at: aside, to: out) } catch {
            throw .runtime("cannot move \(aside.path) to \(out.path): \(error.localizedDescription)")
        }
        done = true
        return value
    }

    /// Opens the file at `url` for appending (created if needed) and, with `locking`,
    /// takes the run's exclusive lock on it; a lock another run holds is a usage error at once.
    static func openForAppending(_ url: URL, locking: Bool = true) throws(WorkbenchError) -> Int32 {
        guard let fd = try RegularFile.open(url.path, flags: O_WRONLY | O_APPEND | O_CREAT) else {
            throw .runtime("cannot write \(url.path)")
        }
        if locking && flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            throw .usage("\(url.path) is in use by another run; wait for it to end or use another folder")
        }
        return fd
    }
}

extension WorkbenchError {
    /// The same error, about the setting `field` unless it names one already.
    public func named(_ field: String) -> WorkbenchError {
        var e = self
        if e.field == nil { e.field = field }
        return e
    }
}
