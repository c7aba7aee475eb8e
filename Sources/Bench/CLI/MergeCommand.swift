import Foundation
import Workbench

/// `bench merge`: the folders of a sharded run's shards (a tournament, a grading, a
/// placement study: whatever ``ShardedRuns`` knows) joined into one folder, as one
/// machine would have written it.
enum MergeCommand: Subcommand {
    static let name = "merge"
    static let table: [CommandOption] = [
        .text("out", "DIR", required: true, help: "the merged folder (new, or empty)"),
        CommandOption("shards", .text, "DIR...", required: true, form: .list, help: "the shards' folders, in any order"),
        .flag("partial", help: "merge even when games or positions are missing"),
    ]
    static let help = table.help(usage: ["bench merge --out DIR [--partial] --shards SHARD_DIR..."], about: """
        Joins the folders of the shards (--shard K/N) of one run into a new folder DIR,
        as the same run on one machine writes it (apart from times and the machine):
        a tournament's tournament.json without the shard, games.jsonl in schedule order
        and the summary files; a grading's or placement study's run.json without the
        shard, its log sorted by position and its report (seconds: the workers' time,
        summed). Every record is checked; shards of another run, a shard given twice
        and damaged records are refused. Missing work is an error naming it, unless
        --partial (then the tables cover what was found). `bench report` and --resume
        work on DIR (docs/cluster.md).
        """)

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let outcome: MergeOutcome, out: String
        do throws(WorkbenchError) {
            let options = try parse(arguments)
            out = try options.text("--out")
            guard let shards = options.list("--shards") else { throw options.missing("--shards") }
            outcome = try ShardedRuns.merge(shards.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out),
                                            partial: options.has("--partial")) { unsharded($0, out: out) }
        } catch { throw error.prefixed(name) }
        print(outcome.text)
        if outcome.missing > 0 {
            Output.note("merge: --partial: \(outcome.missing) \(outcome.missingWhat) missing; the tables cover the \(outcome.missingWhat) found")
        }
        Output.note("merge: \(outcome.shards) shards merged into \(out)")
    }

    /// A shard's command as one machine would run it: without `--shard`, `--threads`
    /// and `--resume`, and writing to `out` (`--study` for a placement study, else `--out`).
    static func unsharded(_ command: String, out: String) -> String {
        let value = #"(=| )('[^']*'|\S+)"#
        let folderOption = command.range(of: " --study" + value, options: .regularExpression) != nil ? "--study" : "--out"
        var c = command
        for pattern in [" --shard" + value, " --threads" + value, " --resume(?= |$)", " \(folderOption)" + value] {
            c = c.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return c + " " + benchCommandLine([folderOption, out]).dropFirst("bench ".count)
    }
}
