import Foundation
import Workbench

// Entry point: every failure becomes one line on stderr; misuse exits 2, a runtime
// failure (I/O, corrupt data) exits 1.
do throws(WorkbenchError) {
    // An argument that is not UTF-8 (a path's raw bytes) would reach the commands with
    // its bad bytes replaced by U+FFFD: another path, silently. It is refused instead.
    for i in 1..<Int(CommandLine.argc) {
        guard let bytes = CommandLine.unsafeArgv[i], String(validatingCString: bytes) == nil else { continue }
        throw WorkbenchError.usage("argument \(i) is not valid UTF-8 (bench takes UTF-8 arguments and paths only)")
    }
    try BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
    fflush(nil)
    exit(0)
} catch {
    fflush(nil)
    let command = CommandLine.arguments.dropFirst().first ?? TournamentCommand.name
    Output.error(error.flagged(command: command).message)
    exit(error.kind == .usage ? 2 : 1)
}
