#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The process groups of every agent process alive, in a fixed table a signal
/// handler can read: on Ctrl-C, SIGTERM, SIGHUP or `exit`, each group is killed, so
/// no agent outlives the workbench, whatever ends it.
///
/// Each agent runs in a process group of its own (its pid), so killing the group ends
/// the children it started too. The table is lock-free atomics because a signal
/// handler may run at any instant, holding no lock.
package enum ChildProcessGroups {
    /// More agents alive at once than this are still ended by their owners, just not
    /// by a signal handler.
    static let capacity = 1024
    private static let slots: InlineArray<1024, Atomic<Int32>> = InlineArray { _ in Atomic(0) }
    private static let installed = Mutex(false)

    /// Notes the group `pid`; returns its slot, or `nil` when the table is full.
    static func register(_ pid: Int32) -> Int? {
        installHandlers()
        for i in 0..<capacity where slots[i].compareExchange(expected: 0, desired: pid, ordering: .sequentiallyConsistent).exchanged {
            return i
        }
        return nil
    }

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

    /// Once: SIGPIPE ignored (a write to an agent that died is an error to report, not
    /// the end of the workbench); SIGTERM, SIGHUP and SIGINT, where nobody handles them
    /// yet, kill the agents and end the process as the signal would; and `atexit`
    /// kills what is left.
    private static func installHandlers() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            signal(SIGPIPE, SIG_IGN)
            for sig in [SIGTERM, SIGHUP, SIGINT] {
                var old = sigaction()
                sigaction(sig, nil, &old)
                guard old.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL is nil
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { sig in
                    ChildProcessGroups.killAll()
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
