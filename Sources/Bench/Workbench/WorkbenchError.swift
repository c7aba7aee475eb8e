/// A failure the workbench reports as one line: a misuse (bad option, spec,
/// position, move or setting; `bench` exits 2) or a runtime failure (I/O, corrupt
/// data, an agent that returns no legal move; `bench` exits 1).
public struct WorkbenchError: Error, CustomStringConvertible, Sendable {
    /// Which of the two it is.
    public enum Kind: Sendable { case usage, runtime }

    public let kind: Kind
    /// Where it happened, outermost first (`["tournament", "--resume"]`): the context
    /// callers add with ``prefixed(_:)``, kept apart from the problem itself.
    public private(set) var context: [String] = []
    /// The problem itself, e.g. `games per pairing must be even`.
    public private(set) var detail: String
    /// The setting the problem is about, in the library's terms (`games`, `sprt`,
    /// `openingPlies`), so a front end can name its own option for it.
    public var field: String?

    public init(_ kind: Kind, _ message: String, field: String? = nil) {
        self.kind = kind
        detail = message
        self.field = field
    }

    /// A misuse: the input was wrong.
    public static func usage(_ message: String, field: String? = nil) -> WorkbenchError {
        WorkbenchError(.usage, message, field: field)
    }

    /// A failure while running: the input was fine, the world (disk, data) was not.
    public static func runtime(_ message: String, field: String? = nil) -> WorkbenchError {
        WorkbenchError(.runtime, message, field: field)
    }

    /// The message: the context and the problem, `tournament: --resume: games.jsonl line 3: …`.
    public var message: String { (context + [detail]).joined(separator: ": ") }

    /// The same error inside `context` (e.g. the command's name); the same error when
    /// that is already its outermost context, so layers may add theirs freely. (A
    /// message written with its command's name, `tournament: …`, counts as in it.)
    /// An agent is named once: `agent 'X'` is not added to an error that names an agent
    /// already, outermost (the catalogs' messages do: `agent 'p' takes no weights`).
    public func prefixed(_ context: String) -> WorkbenchError {
        guard self.context.first != context, !(self.context.isEmpty && detail.hasPrefix(context + ": ")) else { return self }
        if context.hasPrefix(Self.agentPrefix),
           (self.context.first ?? detail).hasPrefix(Self.agentPrefix) { return self }
        var e = self
        e.context.insert(context, at: 0)
        return e
    }

    /// How a context naming an agent starts (``prefixed(_:)`` names an agent once).
    static let agentPrefix = "agent '"

    /// The same error with `detail` as its problem (a front end's wording of it).
    public func replacingDetail(_ detail: String) -> WorkbenchError {
        var e = self
        e.detail = detail
        return e
    }

    /// The same error with `context` innermost, next to the problem (a front end
    /// naming its option for ``field``: `tournament: --resume: …`).
    public func inside(_ context: String) -> WorkbenchError {
        var e = self
        e.context.append(context)
        return e
    }

    public var description: String { message }
}
