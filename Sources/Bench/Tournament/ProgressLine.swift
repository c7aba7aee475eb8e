import Foundation
import Synchronization

/// Progress on stderr while a tournament runs: games done/total, rate, ETA and the
/// leader. Only when stderr is a terminal; silent otherwise (logs, CI, pipes).
final class ProgressLine: Sendable {
    private let state = Mutex((start: 0.0, total: 0, resumed: 0, last: 0.0))

    /// A progress line, or `nil` when stderr is not a terminal.
    static func ifTerminal() -> ProgressLine? { isatty(STDERR_FILENO) != 0 ? ProgressLine() : nil }

    func start(total: Int, done: Int) {
        state.withLock { $0 = (Output.now(), total, done, 0) }
    }

    func update(_ records: [GameRecord], config: TournamentConfig) {
        let now = Output.now()
        let line: String? = state.withLock { s in
            guard now - s.last >= 0.25 || records.count == s.total else { return nil }
            s.last = now
            let played = records.count - s.resumed
            let rate = Double(played) / max(now - s.start, 1e-9)
            let eta = rate > 0 ? Double(s.total - records.count) / rate : 0
            return "[\(records.count)/\(s.total)] \(Output.fixed(rate, 2)) games/s, ETA \(Int(eta)) s; "
                + Self.leader(records, config: config)
        }
        if let line { FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8)) }
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }

    /// The current leader: best mean score (two-player) or best mean (puzzle).
    static func leader(_ records: [GameRecord], config: TournamentConfig) -> String {
        var total: [String: (Double, Int)] = [:]
        for r in records {
            if config.isPuzzle {
                total[r.agents[0], default: (0, 0)].0 += Double(r.score ?? 0)
                total[r.agents[0], default: (0, 0)].1 += 1
            } else {
                for name in r.agents {
                    total[name, default: (0, 0)].0 += SPRTStop.firstAgentScore(r, agent: name)
                    total[name, default: (0, 0)].1 += 1
                }
            }
        }
        let ranked = total.map { ($0.key, $0.value.0 / Double($0.value.1)) }.sorted { $0.1 > $1.1 }
        return ranked.prefix(4).map { "\($0.0) \(Output.fixed($0.1, 2))" }.joined(separator: ", ")
    }
}
