import Boards
import Foundation
import Search
import Workbench

/// Progress on stderr while a tournament runs: games done/total, rate, ETA and the
/// leader. Only when stderr is a terminal; silent otherwise (logs, CI, pipes).
final class ProgressLine: Sendable {
    private struct State {
        var start = 0.0, total = 0, resumed = 0, last = 0.0
        /// Per agent: total score and games (two-player) or total points and deals.
        var totals: [String: (sum: Double, count: Int)] = [:]
    }

    private let state = Locked(State())

    /// A progress line, or `nil` when stderr is not a terminal.
    static func ifTerminal() -> ProgressLine? { StatusLine.isTerminal ? ProgressLine() : nil }

    /// Counts a game of an earlier run, read before this one starts.
    func include(_ record: GameRecord) { state.withLock { Self.add(record, to: &$0) } }

    /// Starts the clock: `resumed` games were done before.
    func start(total: Int, resumed: Int) {
        state.withLock { s in
            s.start = Clock.now; s.total = total; s.resumed = resumed; s.last = 0
        }
    }

    /// Counts one finished game and redraws the line (at most four times a second).
    func update(_ record: GameRecord, finished: Int) {
        let now = Clock.now
        let line: String? = state.withLock { s in
            Self.add(record, to: &s)
            guard now - s.last >= 0.25 || finished == s.total else { return nil }
            s.last = now
            let played = finished - s.resumed
            let rate = Double(played) / max(now - s.start, 1e-9)
            let eta = rate > 0 ? Double(s.total - finished) / rate : 0
            let ranked = s.totals.map { ($0.key, $0.value.sum / Double($0.value.count)) }.sorted { $0.1 > $1.1 }
            return "[\(finished)/\(s.total)] \(Format.fixed(rate, 2)) games/s, ETA \(Int(eta)) s; "
                + ranked.prefix(4).map { "\($0.0) \(Format.fixed($0.1, 2))" }.joined(separator: ", ")
        }
        if let line { StatusLine.show(line) }
    }

    func finish() { StatusLine.clear() }

    private static func add(_ r: GameRecord, to s: inout State) {
        let scores = r.puzzleScore.map { [(r.agents[0], Double($0))] }
            ?? Set(r.agents).compactMap { name in r.score(of: name).map { (name, $0) } }
        for (name, score) in scores {
            s.totals[name, default: (0, 0)].sum += score
            s.totals[name, default: (0, 0)].count += 1
        }
    }
}

/// One line of progress on stderr, redrawn in place, only when stderr is a terminal.
enum StatusLine {
    static let isTerminal = isatty(STDERR_FILENO) != 0

    /// Draws `text` over the line (nothing when stderr is not a terminal).
    static func show(_ text: String) {
        if isTerminal { FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8)) }
    }

    /// Clears the line.
    static func clear() { show("") }

    /// A progress callback drawing `[done/total what]`, every `every` items and at the
    /// end; `nil` when stderr is not a terminal.
    static func counter(_ what: String, every: Int = 16) -> (@Sendable (Int, Int) -> Void)? {
        guard isTerminal else { return nil }
        return { done, total in if done % every == 0 || done == total { show("[\(done)/\(total) \(what)]") } }
    }
}
