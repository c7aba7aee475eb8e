import Dispatch

/// A monotonic clock in seconds, and a deadline test cheap enough to call often.
@usableFromInline
struct Clock: Sendable {
    @usableFromInline let start: UInt64
    @usableFromInline let limit: UInt64

    @inlinable
    init(seconds: Double?) {
        start = DispatchTime.now().uptimeNanoseconds
        limit = seconds.map { UInt64(max(0, $0) * 1e9) } ?? .max
    }

    @inlinable var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 }

    /// Whether the limit has passed, read from the clock (a system call: call sparingly).
    @inlinable var expired: Bool {
        limit != .max && DispatchTime.now().uptimeNanoseconds &- start >= limit
    }
}
