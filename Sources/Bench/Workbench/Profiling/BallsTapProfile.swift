import Boards
import Search

/// The speed of the Balls! tap simulator: taps simulated per second on one level, on
/// one thread, for `benchmarks/balls-speed.sh` (which runs the C version on the same
/// taps and checks that the sums of scores and end ticks agree).
///
/// The taps come from one SplitMix64 stream seeded 0xBA11, the same in the C program:
/// deal d (of `deals`) is seed d + 1; per tap, t = next() % 308802, then for random
/// taps x = next() % 320, y = next() % 480, and for hits a ball j = next() % balls,
/// tapped on its centre at tick t (moved into the field), which always catches it.
public enum BallsTapProfile {
    /// One measurement.
    public struct Result: Sendable, Encodable {
        public let level: Int
        public let mode: String
        public let taps: Int
        public let seconds, tapsPerSecond: Double
        /// The sums of the scores and of the end ticks, to compare implementations.
        public let scoreSum, tickSum: Int

        @usableFromInline
        init(level: Int, mode: String, taps: Int, seconds: Double, tapsPerSecond: Double, scoreSum: Int, tickSum: Int) {
            self.level = level; self.mode = mode; self.taps = taps; self.seconds = seconds
            self.tapsPerSecond = tapsPerSecond; self.scoreSum = scoreSum; self.tickSum = tickSum
        }
    }

    /// Times `taps` taps spread over `deals` deals of `level`; `hits` taps a ball's centre.
    @inlinable
    public static func measure(level: BallsLevel, deals: Int, taps: Int, hits: Bool) -> Result {
        var stream = SplitMix64(seed: 0xBA11)
        let states = (0..<deals).map { BallsReferee.deal(seed: UInt64($0 + 1), level: level) }
        var work: [(state: Int, tap: BallsTap)] = []
        work.reserveCapacity(taps)
        for k in 0..<taps {
            let d = k % deals
            let t = Int(stream.next() % UInt64(BallsField.period))
            if hits {
                let b = states[d].ball(Int(stream.next() % UInt64(level.balls)), atTick: t)
                work.append((d, BallsTap(t: t, x: min(max(b.x, 0), BallsField.width - 1), y: min(max(b.y, 0), BallsField.height - 1))))
            } else {
                let x = Int(stream.next() % UInt64(BallsField.width)), y = Int(stream.next() % UInt64(BallsField.height))
                work.append((d, BallsTap(t: t, x: x, y: y)))
            }
        }
        var scores = 0, ticks = 0
        let start = Clock.now
        states.withUnsafeBufferPointer { s in
            for w in work {
                let r = s[w.state].simulate(w.tap)
                scores &+= r.score
                ticks &+= r.ticks
            }
        }
        let seconds = Clock.now - start
        return Result(level: level.number, mode: hits ? "hits" : "random", taps: taps, seconds: seconds,
                      tapsPerSecond: seconds > 0 ? Double(taps) / seconds : 0, scoreSum: scores, tickSum: ticks)
    }
}
