#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Search
import Synchronization

/// The processes an agent started, found and ended even when they left the agent's
/// process group (`setsid()`, a daemon's double fork) — on Linux, through `/proc`.
///
/// Two things keep them findable:
/// - the workbench makes itself a **child subreaper** (`prctl(PR_SET_CHILD_SUBREAPER)`)
///   when it starts its first agent, so an orphaned descendant of an agent is
///   reparented to the workbench, not to init, and stays in the workbench's tree;
/// - every agent is started with `BENCH_AGENT=<workbench pid>.<serial>` in its
///   environment, which its descendants inherit, so an orphan names its agent.
///
/// Ending an agent (``AgentProcess/end(gracefully:)``) kills its whole tree (by parent
/// links, read before the agent dies), then, until none is left, every process of the
/// workbench's tree that carries the agent's mark or descends from one killed; those
/// that became the workbench's children are reaped. Elsewhere than Linux (no `/proc`)
/// only the process group is killed.
enum ProcessTree {
    /// The environment variable that marks an agent's processes.
    static let variable = "BENCH_AGENT"
    private static let serial = Atomic<Int>(0)

    /// A new mark for an agent about to start.
    static func newMark() -> String {
        "\(getpid()).\(serial.wrappingAdd(1, ordering: .relaxed).newValue)"
    }

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// Makes the workbench the reaper of its orphaned descendants (Linux), once;
    /// whether it is.
    static let subreaper: Bool = {
        #if os(Linux)
        // prctl is variadic in C, hence looked up and called with its fixed arguments.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        return prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0) == 0
        #else
        return false
        #endif
    }()

    /// A process as `/proc/PID/stat` shows it.
    struct Entry { var pid: pid_t; var parent: pid_t; var group: pid_t; var zombie: Bool }

    /// Every process of the system (none without `/proc`).
    static func processes() -> [Entry] {
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        var out: [Entry] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let pid = pid_t(name), let e = stat(of: pid) { out.append(e) }
        }
        return out
    }

    /// `/proc/PID/stat` read: the parent and whether it is a zombie.
    static func stat(of pid: pid_t) -> Entry? {
        guard let bytes = read("/proc/\(pid)/stat") else { return nil }
        // `pid (comm) state ppid ...`; comm may hold blanks and parentheses.
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
              let group = pid_t(String(decoding: fields[2], as: UTF8.self)) else { return nil }
        return Entry(pid: pid, parent: parent, group: group, zombie: fields[0].first == UInt8(ascii: "Z"))
    }

    /// Whether process `pid` has `variable=mark` in its environment.
    static func carries(_ pid: pid_t, mark: String) -> Bool {
        guard let bytes = read("/proc/\(pid)/environ") else { return false }
        let wanted = Array("\(variable)=\(mark)".utf8)
        return bytes.split(separator: 0).contains { $0.elementsEqual(wanted) }
    }

    /// A `/proc` file's bytes (their sizes read as 0, so read to the end).
    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// The descendants of `roots` in `all` (not the roots themselves).
    static func descendants(of roots: Set<pid_t>, in all: [Entry]) -> Set<pid_t> {
        var children: [pid_t: [pid_t]] = [:]
        for e in all { children[e.parent, default: []].append(e.pid) }
        var found: Set<pid_t> = [], stack = Array(roots)
        while let p = stack.popLast() {
            for c in children[p] ?? [] where !roots.contains(c) && found.insert(c).inserted { stack.append(c) }
        }
        return found
    }

    /// The processes of the agent `root` other than itself, read before it is
    /// killed: its descendants, and the members of its process group (a child whose
    /// parent exited is no longer linked to it).
    static func tree(of root: pid_t) -> Set<pid_t> {
        let all = processes()
        var found = descendants(of: [root], in: all.filter { !$0.zombie })
        for e in all where e.group == root && e.pid != root { found.insert(e.pid) }
        return found
    }

    /// After the agent `root` was killed (and reaped), with `known` its descendants
    /// found before: kills, until none is left, every live process that descends from
    /// one killed or is an orphan of ours carrying `mark`, then reaps those that
    /// became our children. What it kills stays in `known`.
    static func killStragglers(root: pid_t, mark: String, known: inout Set<pid_t>) {
        let me = getpid()
        for _ in 0..<16 {
            let all = processes()
            // Dead members of its group left to us (their environment is gone with them).
            for e in all where e.zombie && e.parent == me && e.group == root { known.insert(e.pid) }
            let live = all.filter { !$0.zombie && $0.pid != me }
            let livePids = Set(live.map(\.pid))
            let orphans = live.filter { $0.parent == me && !known.contains($0.pid) && carries($0.pid, mark: mark) }.map(\.pid)
            let roots = known.union(orphans)
            let alive = roots.union(descendants(of: roots, in: live)).intersection(livePids)
            for p in alive { kill(p, SIGKILL) }
            let new = alive.subtracting(known)
            known.formUnion(alive)
            if new.isEmpty { break }
        }
        reap(known, until: Clock.now + 0.5)
    }

    /// Kills every descendant of the workbench, again and again until none is left or
    /// `deadline` passes, reaping those that are (or become) its children: the end of a
    /// workbench ended by a signal. As the subreaper, the workbench inherits every
    /// orphaned descendant (a `setsid()` child whose agent was killed), so its tree
    /// holds all of them; nothing else is in it. Without `/proc` it finds none.
    static func killDescendants(until deadline: Double) {
        let me = getpid()
        while true {
            var status: Int32 = 0
            while waitpid(-1, &status, WNOHANG) > 0 {}
            let live = processes().filter { !$0.zombie }
            let ours = descendants(of: [me], in: live)
            if ours.isEmpty || Clock.now >= deadline { return }
            for p in ours { kill(p, SIGKILL) }
            usleep(1_000)
        }
    }

    /// Reaps those of `pids` that are (or become, once their parent died) our
    /// children, waiting until `deadline` for them to die.
    static func reap(_ pids: Set<pid_t>, until deadline: Double) {
        let me = getpid()
        var pending = pids
        while !pending.isEmpty {
            for p in pending {
                var status: Int32 = 0
                let r = waitpid(p, &status, WNOHANG)
                if r == p { pending.remove(p); continue }
                if r < 0 && errno == EINTR { continue }
                // Not ours: gone, or the child of a process that is not ending.
                guard let e = stat(of: p), e.parent == me || pids.contains(e.parent) else { pending.remove(p); continue }
            }
            if pending.isEmpty || Clock.now >= deadline { break }
            usleep(1_000)
        }
    }
}
