import Boards

/// Named, tunable weights of an evaluation: defaults in code, any overridable by name
/// (`w.mobility=3` in an agent spec).
public struct HeuristicWeights: Sendable, Hashable, CustomStringConvertible {
    /// The weight names, in a fixed order.
    public let names: [String]
    /// The values, one per name.
    public private(set) var values: [Double]

    /// Weights with these names and default values.
    public init(_ defaults: KeyValuePairs<String, Double>) {
        names = defaults.map(\.key)
        values = defaults.map(\.value)
    }

    /// The value of `name`; the name must exist.
    public subscript(name: String) -> Double {
        guard let i = names.firstIndex(of: name) else { preconditionFailure("unknown weight \(name)") }
        return values[i]
    }

    /// Sets `name` to `value`, naming the valid weights when `name` is unknown.
    public mutating func set(_ name: String, to value: Double) throws(ParseError) {
        guard let i = names.firstIndex(of: name) else {
            throw ParseError("unknown weight 'w.\(name)' (valid: \(names.map { "w." + $0 }.joined(separator: ", ")))")
        }
        guard Self.valueRange.contains(value) else {
            throw ParseError("weight 'w.\(name)' must be a number in -1000000...1000000, got \(value)")
        }
        values[i] = value
    }

    /// The values a weight may take. Wide enough for any useful scale; bounded so that
    /// an evaluation stays a finite number far from the integer limits.
    public static let valueRange: ClosedRange<Double> = -1_000_000...1_000_000

    /// `name=value` pairs, e.g. `captures=100, mobility=2`.
    public var description: String {
        zip(names, values).map { "\($0)=\($1)" }.joined(separator: ", ")
    }
}

/// A static evaluation of two-player positions with named weights.
///
/// Values are from the side to move's point of view, in small integer units
/// (for Tigers & Goats, a captured goat is 100), well inside ±``Evaluation/winScore``.
public protocol Evaluator<Game>: Sendable {
    associatedtype Game: TwoPlayerGame

    /// The weights and their defaults.
    static var defaultWeights: HeuristicWeights { get }

    /// An evaluator with these weights (names as in ``defaultWeights``).
    init(weights: HeuristicWeights)

    /// The value of `position` for its side to move.
    func evaluate(_ position: Game) -> Int
}

/// Shared score constants of the searchers.
public enum Evaluation {
    /// The value of a win at the root; a win `n` plies away is `winScore - n`.
    @inlinable public static var winScore: Int { 1_000_000 }
    /// Values beyond this (in absolute value) are forced wins or losses.
    @inlinable public static var provenThreshold: Int { 900_000 }
    /// The largest static evaluation in absolute value, below ``provenThreshold`` so
    /// that no heuristic value, whatever its weights, reads as a proven result.
    @inlinable public static var maxStatic: Int { 800_000 }

    /// `value` rounded to an integer evaluation and clamped to ±``maxStatic``.
    @inlinable public static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? maxStatic : -maxStatic) }
        let bound = Double(maxStatic)
        return Int(Swift.min(Swift.max(value.rounded(), -bound), bound))
    }
}
