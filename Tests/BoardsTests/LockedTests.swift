import Dispatch
import Foundation
import Synchronization
import XCTest
@testable import Boards

/// ``Locked``: a `Mutex` the thread sanitizer sees. Its sections exclude each other, keep
/// their changes, and a section that throws lets the lock go; under the sanitizer these
/// tests are also its check that a contended hand-over is seen (a plain `Mutex` here had
/// its appends reported as races).
final class LockedTests: XCTestCase {
    func testThreadsTakingTurnsLoseNoUpdate() {
        let threads = 4, each = 20_000
        let lock = Locked((count: 0, appended: [Int]()))
        let inside = Atomic<Int>(0), overlapped = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<each {
                lock.withLock { state in
                    if inside.add(1, ordering: .relaxed).newValue != 1 { overlapped.add(1, ordering: .relaxed) }
                    state.count += 1
                    state.appended.append(t * each + i)
                    inside.subtract(1, ordering: .relaxed)
                }
            }
        }
        XCTAssertEqual(overlapped.load(ordering: .relaxed), 0, "two sections ran at once")
        let (count, appended) = lock.withLock { ($0.count, $0.appended) }
        XCTAssertEqual(count, threads * each)
        XCTAssertEqual(appended.sorted(), Array(0..<threads * each))
    }

    struct Refused: Error, Equatable { let value: Int }

    func testAThrowingSectionRethrowsAndLetsTheLockGo() {
        let lock = Locked(1)
        do {
            let _: Int = try lock.withLock { (v: inout Int) throws(Refused) -> Int in
                v += 1
                throw Refused(value: v)
            }
            XCTFail("the section's error was not rethrown")
        } catch {
            XCTAssertEqual(error, Refused(value: 2))  // typed: `error` is a Refused
        }
        // Taken again on another thread, bounded: a lock left held would hang it.
        let done = DispatchSemaphore(value: 0)
        let seen = Atomic<Int>(0)
        Thread.detachNewThread {
            seen.store(lock.withLock { $0 }, ordering: .relaxed)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the lock was left held")
        XCTAssertEqual(seen.load(ordering: .relaxed), 2, "the change before the throw was kept")
    }

    /// The sanitizer is told exactly when it is there (its runtime in the process).
    func testTheSanitizerIsToldWhenPresent() {
        let present = dlsym(nil, "__tsan_acquire") != nil && dlsym(nil, "__tsan_release") != nil
        XCTAssertEqual(Locked(0).token != nil, present)
    }
}
