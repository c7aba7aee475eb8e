/// What a conformance run checked and what it found wrong.
///
/// Suites return a report instead of calling `XCTFail`, so that a test can assert a
/// correct engine reports nothing and a deliberately broken one reports something
/// (XCTExpectFailure is not available on Linux).
struct ConformanceReport: CustomStringConvertible {
    /// The first failure messages, each prefixed with the name of the check that failed.
    private(set) var failures: [String] = []
    /// All failures, including those beyond ``maxKept``.
    private(set) var failureCount = 0
    /// How many failures each check reported, by check name.
    private(set) var failuresByCheck: [String: Int] = [:]
    /// How many messages are kept; the rest are only counted.
    var maxKept = 25

    /// Seeded games played to the end.
    var games = 0
    /// Positions whose moves, text, hash and outcome were checked.
    var positions = 0
    /// Generated moves whose notation, parsing and application were checked.
    var movesChecked = 0
    /// Moves played in the games.
    var movesPlayed = 0
    /// Positions whose perft was compared with the reference, and their total leaves.
    var perftPositions = 0
    var perftLeaves: UInt64 = 0
    /// How the games ended, e.g. `goats win`, `draw by repetition`, `draw by the rules`.
    var endings: [String: Int] = [:]

    /// Whether no check failed.
    var passed: Bool { failureCount == 0 }

    /// Records a failure of `check` (a short name such as `legal moves`).
    mutating func fail(_ check: String, _ message: String) {
        failureCount += 1
        failuresByCheck[check, default: 0] += 1
        if failures.count < maxKept { failures.append("[\(check)] \(message)") }
    }

    /// Records a failure of `check` unless `condition` holds; returns `condition`.
    @discardableResult
    mutating func expect(_ condition: Bool, _ check: String, _ message: @autoclosure () -> String) -> Bool {
        if !condition { fail(check, message()) }
        return condition
    }

    /// The counts on one line, then the kept failures.
    var description: String {
        let ends = endings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var s = "\(games) games, \(positions) positions, \(movesChecked) moves checked, \(movesPlayed) played, "
            + "perft on \(perftPositions) positions (\(perftLeaves) leaves); endings: \(ends)"
        if failureCount > 0 {
            s += "\n\(failureCount) failures (" + failuresByCheck.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "):\n"
                + failures.joined(separator: "\n")
        }
        return s
    }
}
