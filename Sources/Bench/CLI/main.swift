import Foundation
import Workbench

// Entry point: every failure becomes one line on stderr; misuse exits 2, a runtime
// failure (I/O, corrupt data) exits 1.
do {
    try BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
    fflush(nil)
    exit(0)
} catch {
    fflush(nil)
    let command = CommandLine.arguments.dropFirst().first ?? TournamentCommand.name
    Output.error(error.flagged(command: command).message)
    exit(error.kind == .usage ? 2 : 1)
}
