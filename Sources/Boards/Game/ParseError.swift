/// Why a position, move or option text was rejected: one line naming the problem.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `rank 3 has 9 squares, expected 8`.
    public let message: String

    /// Whether the text was right but what it names could not be used (a file missing,
    /// unreadable or damaged): a runtime failure rather than a usage error.
    public var isRuntime = false

    /// An error carrying `message`.
    public init(_ message: String) { self.message = message }

    /// A runtime failure carrying `message` (see ``isRuntime``).
    public static func runtime(_ message: String) -> ParseError {
        var e = ParseError(message)
        e.isRuntime = true
        return e
    }

    public var description: String { message }
}
