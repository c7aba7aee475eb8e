import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Boards
import Synchronization

/// When a log's lines reach the disk. Every line is written (`write`) before `append`
/// returns, so a killed process loses nothing either way; the policy decides what a
/// machine failure (power, a kernel crash) can lose.
public enum SyncPolicy: String, Sendable, CaseIterable, Codable {
    /// `fsync` after every append: a machine failure loses nothing appended (a few
    /// milliseconds an append on a disk, more on a network file system).
    case every
    /// Group commit: the lines appended in the last second are made durable together by
    /// one `fsync` (``GroupCommit``), and all of them when the log is closed or the
    /// process is interrupted; a machine failure can lose about the last second.
    case grouped
}

/// Group commit for the logs with ``SyncPolicy/grouped``: one background thread
/// synchronises each log that has new lines once a second; a signal handler (Ctrl-C,
/// SIGTERM) synchronises them all before the process ends.
///
/// The logs are in a fixed table of lock-free atomics, because a signal handler may
/// run at any instant, holding no lock (`fsync` is async-signal-safe).
package enum GroupCommit {
    /// More grouped logs open at once than this are synchronised on every append.
    static let capacity = 256
    private static let descriptors: InlineArray<256, Atomic<Int32>> = InlineArray { _ in Atomic(-1) }
    private static let dirty: InlineArray<256, Atomic<Bool>> = InlineArray { _ in Atomic(false) }
    private static let started = Locked(false)
    /// How often the background thread synchronises.
    static let interval: TimeInterval = 1

    /// Takes a slot for the file `fd`; `nil` when the table is full.
    static func register(_ fd: Int32) -> Int? {
        startThread()
        for i in 0..<capacity where descriptors[i].compareExchange(expected: -1, desired: fd, ordering: .sequentiallyConsistent).exchanged {
            return i
        }
        return nil
    }

    /// Frees `slot` (the owner synchronises and closes the file itself).
    static func unregister(_ slot: Int) {
        dirty[slot].store(false, ordering: .sequentiallyConsistent)
        descriptors[slot].store(-1, ordering: .sequentiallyConsistent)
    }

    /// Notes that the file in `slot` has lines not yet synchronised.
    static func markDirty(_ slot: Int) { dirty[slot].store(true, ordering: .sequentiallyConsistent) }

    /// Synchronises every registered file that has new lines. Async-signal-safe:
    /// atomics and `fsync` only.
    package static func syncAll() {
        for i in 0..<capacity where dirty[i].exchange(false, ordering: .sequentiallyConsistent) {
            let fd = descriptors[i].load(ordering: .sequentiallyConsistent)
            if fd >= 0 { _ = fsync(fd) }
        }
    }

    /// Once: the thread that synchronises the dirty files every ``interval``.
    private static func startThread() {
        started.withLock { done in
            guard !done else { return }
            done = true
            let thread = Thread {
                while true {
                    Thread.sleep(forTimeInterval: interval)
                    syncAll()
                }
            }
            thread.name = "group commit"
            thread.start()
        }
    }
}
