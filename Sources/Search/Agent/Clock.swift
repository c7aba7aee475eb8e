import Dispatch

/// The one clock of the package: monotonic seconds (``now``) for every timing, and,
/// as a value, a search's start with a deadline test cheap enough to call often.
public struct Clock: Sendable {
    /// Seconds since an arbitrary start, monotonic.
    @inlinable public static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    @usableFromInline let start: UInt64
    @usableFromInline let limit: UInt64

    /// A clock started now, whose deadline is `seconds` away (none for `nil`).
    @inlinable
    public init(seconds: Double?) {
        start = DispatchTime.now().uptimeNanoseconds
        limit = seconds.map { UInt64(max(0, $0) * 1e9) } ?? .max
    }

    /// Seconds since the clock started.
    @inlinable public var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 }

    /// Whether the limit has passed, read from the clock (a system call: call sparingly).
    @inlinable public var expired: Bool {
        limit != .max && DispatchTime.now().uptimeNanoseconds &- start >= limit
    }
}
