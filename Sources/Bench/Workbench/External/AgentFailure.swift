import Boards

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

/// How a game ended, as an agent is told in its `gameover` line (docs/protocol.md,
/// "The game's end"): the result from its side, the termination and, for a puzzle,
/// the score.
public struct GameEnd: Sendable, Equatable {
    /// The result from the agent's side.
    public enum Result: String, Sendable {
        case win, loss, draw
        /// A puzzle's deal: see ``GameEnd/score``.
        case score
    }

    public var result: Result
    /// How the game ended: `normal` by the rules, else the misbehaviour of the agent that lost.
    public var termination: Termination
    /// A puzzle's score (0 for a deal the agent failed).
    public var score: Int?

    public init(result: Result, termination: Termination, score: Int? = nil) {
        self.result = result
        self.termination = termination
        self.score = score
    }

    /// The end of a two-player game that ended with `outcome`, from the side of `player`.
    public init(_ outcome: Outcome, for player: Player, termination: Termination) {
        switch outcome {
        case .draw: result = .draw
        case .win(let winner): result = winner == player ? .win : .loss
        }
        self.termination = termination
        score = nil
    }

    /// The protocol's line: `gameover result=R termination=T [score=S]`.
    public var line: String {
        var line = "gameover result=\(result.rawValue) termination=\(termination.rawValue)"
        if let score { line += " score=\(score)" }
        return line
    }
}

/// An agent that is told how its game ended (an external agent whose process asked
/// for `gameover`); the game loops (``Match``) tell it once the game is over.
public protocol GameEndListening {
    /// The game this agent played is over, ended as `end` says from its side.
    func gameOver(_ end: GameEnd)
}
