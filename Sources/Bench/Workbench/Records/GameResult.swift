import Boards

/// How a recorded game ended: typed inside the workbench, text in records.
public enum GameResult: Sendable, Hashable {
    /// Two-player: the side that moved first won (`1-0`).
    case firstSideWins
    /// Two-player: the side that moved second won (`0-1`).
    case secondSideWins
    /// Two-player: a draw (`1/2-1/2`).
    case draw
    /// Puzzle: the final score (`12`).
    case score(Int)
    /// Not played to the end (`*`): a game left at the terminal.
    case unfinished

    /// The result of a finished two-player game from its outcome.
    public init(_ outcome: Outcome) {
        switch outcome {
        case .win(.first): self = .firstSideWins
        case .win(.second): self = .secondSideWins
        case .draw: self = .draw
        }
    }

    /// The text in a record: `1-0`, `0-1`, `1/2-1/2`, the score, or `*`.
    public var text: String {
        switch self {
        case .firstSideWins: return "1-0"
        case .secondSideWins: return "0-1"
        case .draw: return "1/2-1/2"
        case .score(let s): return String(s)
        case .unfinished: return "*"
        }
    }

    /// The result of a record's text; `nil` when it is none of the forms.
    public init?(text: String) {
        switch text {
        case "1-0": self = .firstSideWins
        case "0-1": self = .secondSideWins
        case "1/2-1/2": self = .draw
        case "*": self = .unfinished
        default:
            guard let s = NumberText.wholeNumber(text) else { return nil }
            self = .score(s)
        }
    }

    /// The first side's score (1, ½ or 0) of a finished two-player game, else `nil`.
    public var firstSideScore: Double? {
        switch self {
        case .firstSideWins: return 1
        case .secondSideWins: return 0
        case .draw: return 0.5
        case .score, .unfinished: return nil
        }
    }
}
