/// Why a position, move or option text was rejected: one line naming the problem.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `rank 3 has 9 squares, expected 8`.
    public let message: String

    /// An error carrying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
