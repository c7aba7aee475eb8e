/// How a game ended, as records keep it: by the rules, or by an agent's misbehaviour
/// (docs/protocol.md, "Deadlines and misbehaviour").
public enum Termination: String, Sendable, Codable, CaseIterable, Comparable {
    /// By the rules of the game.
    case normal
    /// No move before the deadline.
    case time
    /// The agent's process exited, was killed or closed its output.
    case crash
    /// A move that is not legal, or not a move.
    case illegal
    /// A broken handshake, an unexpected or overlong line, flooding, an `error` line.
    case `protocol`

    public static func < (a: Termination, b: Termination) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Why an agent lost a game without it ending by the rules: the termination, a
/// one-line reason, and the agent's last lines of standard error.
public struct AgentFailure: Sendable, Equatable, Error {
    public var termination: Termination
    public var reason: String
    public var stderr: [String]

    public init(_ termination: Termination, _ reason: String, stderr: [String] = []) {
        self.termination = termination
        self.reason = reason
        self.stderr = stderr
    }
}

/// An agent that can misbehave (an external process): after it returns no move, or a
/// move that is not legal, ``failure`` says why, and the game is lost rather than the
/// run stopped. An agent without it that returns no legal move is a bug in the agent,
/// a runtime error.
public protocol FailureReporting {
    /// Why the last request gave no legal move; `nil` if it gave one.
    var failure: AgentFailure? { get }
}
