import Boards
import Workbench

/// `bench balls-speed` (not in the help: a tool of `benchmarks/balls-speed.sh`): taps
/// of the Balls! simulator per second (``BallsTapProfile``).
enum BallsSpeedCommand {
    static let declared: [String: Options.Kind] = ["--level": .value, "--deals": .value, "--taps": .value, "--hits": .flag,
                                                   "--json": .flag]

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try Options(command: "balls-speed", arguments: arguments, declared: declared)
        let level = BallsLevel(try options.int("--level", default: 10, in: BallsLevel.numbers))!
        let r = BallsTapProfile.measure(level: level, deals: try options.int("--deals", default: 1000, in: 1...1_000_000),
                                        taps: try options.int("--taps", default: 1_000_000, in: 1...1_000_000_000),
                                        hits: options.has("--hits"))
        if options.has("--json") {
            try Output.printJSON(r)
        } else {
            print("balls level \(r.level), \(r.mode) taps: \(r.taps) in \(Output.fixed(r.seconds, 3)) s "
                + "(\(Output.fixed(r.tapsPerSecond / 1e6, 3)) M taps/s); score sum \(r.scoreSum), tick sum \(r.tickSum)")
        }
    }
}
