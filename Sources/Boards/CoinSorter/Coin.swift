/// A coin of Coin Sorter: its kind, numbered as docs/rules.md, Coin Sorter numbers the draws (`next() % 3`).
@frozen
public enum Coin: UInt8, Sendable, Hashable, CaseIterable {
    case triangle = 0
    case square = 1
    case circle = 2

    /// The coin's letter in position text: `T`, `S` or `C`.
    public var letter: Character {
        switch self {
        case .triangle: return "T"
        case .square: return "S"
        case .circle: return "C"
        }
    }

    /// The coin of a letter, or `nil`.
    public init?(letter: Character) {
        switch letter {
        case "T": self = .triangle
        case "S": self = .square
        case "C": self = .circle
        default: return nil
        }
    }
}
