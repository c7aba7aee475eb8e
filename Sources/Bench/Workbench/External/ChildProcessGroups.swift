#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Boards
import Foundation
import Search
import Synchronization

/// The process groups of every agent process alive, in a fixed table a signal
/// handler can read: on Ctrl-C, SIGTERM, SIGHUP or `exit`, each group is killed, so
/// no agent outlives the workbench, whatever ends it.
///
/// Each agent runs in a process group of its own (its pid), so killing the group ends
/// the children it started too; what left the group (`setsid()`) is found through
/// `/proc` by a thread of its own that the handler wakes (``killAllForSignal(limit:)``).
/// The table is lock-free atomics because a signal handler may run at any instant,
/// holding no lock.
package enum ChildProcessGroups {
    /// More agents alive at once than this are still ended by their owners, just not
    /// by a signal handler.
    static let capacity = 1024
    private static let slots: InlineArray<1024, Atomic<Int32>> = InlineArray { _ in Atomic(0) }
    private static let installed = Locked(false)

    /// Notes the group `pid`; returns its slot, or `nil` when the table is full.
    static func register(_ pid: Int32) -> Int? {
        installHandlers()
        for i in 0..<capacity where slots[i].compareExchange(expected: 0, desired: pid, ordering: .sequentiallyConsistent).exchanged {
            return i
        }
        return nil
    }

    /// Set by a signal ending the workbench before it kills any agent: from then on a
    /// game may end because its agent was killed, which the agent did not lose, so the
    /// logs take nothing more (``JSONLinesLog/append(text:)``) and a resumed run plays
    /// such a game again. (A signal-safe atomic load.)
    package static var isEnding: Bool { ending.load(ordering: .sequentiallyConsistent) }
    private static let ending = Atomic<Bool>(false)

    /// Forgets the group in `slot`.
    static func unregister(_ slot: Int?) {
        if let slot { slots[slot].store(0, ordering: .sequentiallyConsistent) }
    }

    /// Kills every registered group with SIGKILL. Async-signal-safe: atomic loads
    /// and `kill` only. The processes are reaped by their owners, or by init once
    /// the workbench has exited.
    package static func killAll() {
        for i in 0..<capacity {
            let pid = slots[i].load(ordering: .sequentiallyConsistent)
            if pid > 0 { kill(-pid, SIGKILL) }
        }
    }

    /// The body of a signal handler that ends the workbench: kills every group at once,
    /// then has the tree killer kill what left them (``ProcessTree/killDescendants(until:)``:
    /// a `setsid()` child, a daemon's grandchild), waiting for it at most `limit`
    /// seconds. Async-signal-safe: atomics, `kill`, `write` and `nanosleep`; the
    /// reading of `/proc` (which allocates) runs on the tree killer's own thread.
    package static func killAllForSignal(limit: Int = 2) {
        ending.store(true, ordering: .sequentiallyConsistent)
        killAll()
        let fd = treeKiller.request.load(ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        var waits = limit * 200
        while waits > 0 && !treeKiller.done.load(ordering: .sequentiallyConsistent) {
            nanosleep(&pause, nil)
            waits -= 1
        }
    }

    /// A thread waiting on a pipe that kills the workbench's whole tree when a signal
    /// handler writes to it (``killAllForSignal(limit:)``).
    private final class TreeKiller: Sendable {
        /// The pipe's write end (-1: not started).
        let request = Atomic<Int32>(-1)
        let done = Atomic<Bool>(false)

        func start() {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { return }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let readEnd = fds[0]
            let thread = Thread { [self] in
                var byte: UInt8 = 0
                while true {
                    let n = read(readEnd, &byte, 1)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return }
                    ProcessTree.killDescendants(until: Clock.now + 1.5)
                    done.store(true, ordering: .sequentiallyConsistent)
                }
            }
            thread.start()
            request.store(fds[1], ordering: .sequentiallyConsistent)
        }
    }

    private static let treeKiller = TreeKiller()

    /// Once: SIGPIPE ignored (a write to an agent that died is an error to report, not
    /// the end of the workbench); SIGTERM, SIGHUP and SIGINT, where nobody handles them
    /// yet, kill the agents and end the process as the signal would; and `atexit`
    /// kills what is left.
    private static func installHandlers() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            signal(SIGPIPE, SIG_IGN)
            #if os(Linux)
            // Only where /proc lists the processes to kill.
            treeKiller.start()
            #endif
            for sig in [SIGTERM, SIGHUP, SIGINT] {
                var old = sigaction()
                sigaction(sig, nil, &old)
                guard old.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL is nil
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { sig in
                    ChildProcessGroups.killAllForSignal()
                    GroupCommit.syncAll()
                    _exit(128 + sig)
                }
                sigemptyset(&action.sa_mask)
                sigaction(sig, &action, nil)
            }
            atexit { ChildProcessGroups.killAll() }
        }
    }
}
