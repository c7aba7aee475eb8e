import Foundation
import Search
import Workbench

/// `bench solve`: a game's tablebase, read from its file or solved by retrograde
/// analysis and written there (the work is the library's `TablebaseFile`).
struct SolveCommand: GameCommand {
    static let name = "solve"
    static let declared: [String: Options.Kind] = ["--game": .value, "--threads": .value, "--out": .value, "--json": .flag]

    static let help = """
        usage: bench solve --game bagh-chal [--threads N] [--out FILE] [--json]

        The tablebase of Bagh-Chal's sliding phase (docs/tablebase.md): every position
        with all 20 goats placed, 0-4 captured, either side to move, once per class of
        the board's 8 symmetries, with its value for the side to move (win or loss in
        so many plies, or draw) by retrograde analysis. When FILE exists it is read and
        checked instead (a corrupt or foreign file is an error, left alone); otherwise
        the table is solved and written (a temporary file renamed into place).
          --out FILE        the table's file (default \(defaultFiles))
          --threads N       worker threads (default: the active cores); the table is the same for any N
          --json            print one JSON object: positions, rows (wins, draws, losses per
                            captured count and side to move), seconds, ...
        Progress goes to stderr when it is a terminal.
        """

    let arguments: [String]

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        guard let solvable = G.self as? any SolvableWorkbenchGame.Type else {
            throw .usage("solve: \(G.name) has no tablebase (solvable: \(Self.solvableNames))")
        }
        try run(solvable)
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        throw .usage("solve: \(G.name) has no tablebase (solvable: \(Self.solvableNames))")
    }

    /// Each solvable game's default file, for help texts.
    static var defaultFiles: String {
        GameRegistry.games.compactMap { $0 as? any SolvableWorkbenchGame.Type }
            .map { "\($0.defaultTablebaseFile) for \($0.name)" }.joined(separator: ", ")
    }

    static var solvableNames: String {
        GameRegistry.games.filter { $0 is any SolvableWorkbenchGame.Type }.map { $0.name }.joined(separator: ", ")
    }

    func run<G: SolvableWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared)
        let threads = try options.int("--threads", default: ProcessInfo.activeCores, in: 1...1024)
        let path = options.string("--out") ?? G.defaultTablebaseFile
        guard !path.isEmpty else { throw .usage("solve: --out needs a file name, got ''") }
        let progress = isatty(STDERR_FILENO) != 0 ? SolveProgress(groupName: G.tablebaseGroupName) : nil
        var report: (@Sendable (Int, Int, Int, Int) -> Void)? = nil
        if let progress { report = { group, ply, decided, slots in progress.update(group, ply, decided, slots) } }
        let (_, summary) = try TablebaseFile.obtain(G.self, path: path, threads: threads, progress: report)
        progress?.finish()
        if options.has("--json") {
            try Output.printJSON(summary)
        } else {
            print(summary.text)
        }
    }
}

/// The solver's progress on stderr: the level, the ply, the share decided, the time.
final class SolveProgress: Sendable {
    let groupName: String
    let start = Output.now()

    init(groupName: String) { self.groupName = groupName }

    func update(_ group: Int, _ ply: Int, _ done: Int, _ slots: Int) {
        let share = Output.fixed(Double(done) / Double(max(slots, 1)) * 100, 1)
        let what = ply == 0 ? "counting moves, \(share)% of the level" : "ply \(ply), \(share)% of the level decided"
        let line = "[\(groupName) \(group): \(what), \(Int(Output.now() - start)) s]"
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}
