import Boards
import Workbench

/// `bench balls-speed` (not in the help: a tool of `benchmarks/balls-speed.sh`): taps
/// of the Balls! simulator per second (``BallsTapProfile``).
enum BallsSpeedCommand: OptionTable {
    static let name = "balls-speed"
    static let table: [CommandOption] = [
        .int("level", "L", in: BallsLevel.numbers, default: 10, help: "the level"),
        .int("deals", in: 1...1_000_000, default: 1000, help: "deals"), .int("taps", in: 1...1_000_000_000, default: 1_000_000, help: "taps"),
        .flag("hits", help: "taps that hit"), .json,
    ]

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try parse(arguments)
        let r = BallsTapProfile.measure(level: BallsLevel(try options.int("--level"))!, deals: try options.int("--deals"),
                                        taps: try options.int("--taps"), hits: options.has("--hits"))
        if options.has("--json") {
            try Output.printJSON(r)
        } else {
            print("balls level \(r.level), \(r.mode) taps: \(r.taps) in \(Output.fixed(r.seconds, 3)) s "
                + "(\(Output.fixed(r.tapsPerSecond / 1e6, 3)) M taps/s); score sum \(r.scoreSum), tick sum \(r.tickSum)")
        }
    }
}
