import Foundation

// Entry point: every misuse becomes one line on stderr and exit status 2.
do {
    try BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
    fflush(nil)
    exit(0)
} catch {
    fflush(nil)
    Output.error(error.message)
    exit(2)
}
