#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A value that threads share under a lock: a `Synchronization.Mutex` that the thread
/// sanitizer sees. Use it where a `Mutex` would do; it offers the same `withLock`.
///
/// Why not a plain `Mutex`: on Linux its contended path waits and hands the lock over
/// in the kernel (futex `FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`, inside the uninstrumented
/// Synchronization library), where the thread sanitizer does not look. A hand-over under
/// contention then orders nothing in its eyes, and it reports the next access to the
/// guarded value as a data race that is none. So in a sanitized build each section also
/// tells it the lock's acquire and release (`__tsan_acquire`/`__tsan_release`, on an
/// address of this lock's own); in any other build those functions are absent and the
/// cost is a nil test. (They are looked up on Linux only, where the false reports were
/// seen; elsewhere nothing is told.)
public struct Locked<Value: ~Copyable>: ~Copyable {
    @usableFromInline let mutex: Mutex<Value>
    /// The address the sanitizer is told about, one byte allocated for this lock alone
    /// (not the lock's own address: a ~Copyable value may move); nil when there is no
    /// sanitizer to tell.
    @usableFromInline let token: UnsafeMutableRawPointer?

    /// A lock holding `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
        token = threadSanitizer == nil ? nil : .allocate(byteCount: 1, alignment: 1)
    }

    deinit { token?.deallocate() }

    /// Calls `body` with the value, the lock held: `Mutex.withLock`.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        guard let token else { return try mutex.withLock(body) }
        return try withLock(telling: token, body)
    }

    /// `withLock` under the sanitizer, which is told the section's acquire and release
    /// of `token`. Out of line: the code inlined where a lock is taken stays a test and
    /// `Mutex.withLock`.
    @usableFromInline
    borrowing func withLock<Result: ~Copyable, E: Error>(
        telling token: UnsafeMutableRawPointer, _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            threadSanitizer?.acquire(token)
            defer { threadSanitizer?.release(token) }
            return try body(&value)
        }
    }
}

extension Locked: @unchecked Sendable where Value: ~Copyable {}

/// The thread sanitizer's two annotations, found in the running process (its runtime is
/// linked into a sanitized build only); nil without it.
private let threadSanitizer: (acquire: Annotation, release: Annotation)? = {
    #if canImport(Glibc)
    // RTLD_DEFAULT (a null handle on Linux): every object loaded, the program first.
    guard let acquire = dlsym(nil, "__tsan_acquire"), let release = dlsym(nil, "__tsan_release") else { return nil }
    return (unsafeBitCast(acquire, to: Annotation.self), unsafeBitCast(release, to: Annotation.self))
    #else
    return nil
    #endif
}()

private typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void
