/// A failure the workbench reports as one line: a misuse (bad option, spec,
/// position, move or setting; `bench` exits 2) or a runtime failure (I/O, corrupt
/// data, an agent that returns no legal move; `bench` exits 1).
public struct WorkbenchError: Error, CustomStringConvertible, Sendable {
    /// Which of the two it is.
    public enum Kind: Sendable { case usage, runtime }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A misuse: the input was wrong.
    public static func usage(_ message: String) -> WorkbenchError { WorkbenchError(.usage, message) }

    /// A failure while running: the input was fine, the world (disk, data) was not.
    public static func runtime(_ message: String) -> WorkbenchError { WorkbenchError(.runtime, message) }

    /// The same error with `prefix: ` before its message (e.g. the command's name).
    public func prefixed(_ prefix: String) -> WorkbenchError { WorkbenchError(kind, prefix + ": " + message) }

    public var description: String { message }
}
