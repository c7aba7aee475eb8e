import Foundation
import Workbench

/// `bench merge`: the folders of a tournament's shards joined into one tournament
/// folder, as one machine would have written it (the work is the library's `ShardMerge`).
struct MergeCommand: GameVisitor {
    static let declared: [String: Options.Kind] = ["--out": .value, "--partial": .flag, "--shards": .list]
    static let help = """
        usage: bench merge --out DIR [--partial] --shards SHARD_DIR...

        Joins the folders of bench tournament --shard K/N runs of one tournament into a
        new tournament folder DIR: tournament.json without the shard, games.jsonl in
        schedule order, summary.md/.csv/.json and the chart, as the same tournament run
        on one machine writes them (apart from times and the machine). Every record is
        checked; shards of another tournament, a shard given twice and damaged records
        are refused. Missing games are an error naming them, unless --partial (then the
        tables cover the games found). `bench report` and `--resume` work on DIR
        (docs/cluster.md).
          --out DIR        the merged folder (new, or empty)
          --shards DIR...  the shards' folders, in any order
          --partial        merge even when games are missing

        The shards of bench grade --shard K/N --out DIR and of bench solve --placement
        ... --shard K/N --study DIR are merged the same way (their folders hold run.json):
        DIR gets run.json without the shard, the log sorted by position, and the report
        one machine writes (its seconds: the workers' time, summed).
        """

    let folders: [URL]
    let data: [Data]
    let out: URL
    let partial: Bool

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try Options(command: "merge", arguments: arguments, declared: declared)
        let out = try options.required("--out")
        guard !out.isEmpty else { throw .usage("merge: --out needs a folder name, got ''") }
        guard let shards = options.list("--shards") else { throw .usage("merge: missing required option --shards") }
        if let kind = try PositionRun.kind(of: URL(fileURLWithPath: shards[0])) {
            return try mergeRun(kind: kind, shards: shards, out: out, partial: options.has("--partial"))
        }
        var folders: [URL] = [], data: [Data] = []
        for path in shards {
            let url = URL(fileURLWithPath: path)
            let configURL = url.appendingPathComponent(TournamentFolder.configName)
            let contents: Data?
            do { contents = try RegularFile.contents(configURL.path) } catch { throw error.prefixed("merge") }
            guard let contents else { throw .usage("merge: \(path) is not a tournament folder (no tournament.json) or a run folder (no run.json)") }
            folders.append(url)
            data.append(contents)
        }
        let game: String
        do { game = try JSONDecoder().decode(TournamentConfig.self, from: data[0]).game } catch {
            throw .runtime("merge: \(folders[0].path)/tournament.json is not a tournament config (\(JSON.describe(error)))")
        }
        try GameRegistry.dispatch(game, to: MergeCommand(folders: folders, data: data, out: URL(fileURLWithPath: out),
                                                          partial: options.has("--partial")))
    }

    /// Merges the shards of a grading or a placement study (a ``PositionRun``).
    static func mergeRun(kind: String, shards: [String], out: String, partial: Bool) throws(WorkbenchError) {
        let folders = shards.map { URL(fileURLWithPath: $0) }
        let outcome: PositionRun.MergeOutcome
        switch kind {
        case GradingSpec.kind:
            outcome = try PositionRun.merge(folders, as: GradingSpec.self, into: URL(fileURLWithPath: out), partial: partial)
        case PlacementStudySpec.kind:
            outcome = try PositionRun.merge(folders, as: PlacementStudySpec.self, into: URL(fileURLWithPath: out), partial: partial)
        default:
            throw .usage("merge: \(shards[0])/run.json is a run of kind '\(kind)', which bench merge does not know")
        }
        print(outcome.report.text)
        if outcome.missing > 0 { Output.note("merge: --partial: \(outcome.missing) items missing; the report covers the items found") }
        Output.note("merge: \(outcome.shards) shards merged into \(out)")
    }

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let files = try decode(G.self)
        finish(try ShardMerge.merge(folders, files: files, into: out, partial: partial) {
            TwoPlayerRecordCheck<G>(file: $0, source: TournamentFolder.logName)
        })
    }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {
        let files = try decode(G.self)
        finish(try ShardMerge.merge(folders, files: files, into: out, partial: partial) {
            PuzzleRecordCheck<G>(file: $0, source: TournamentFolder.logName)
        })
    }

    /// Every shard's tournament.json as `G`'s; one of another game is a foreign shard.
    func decode<G: WorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> [TournamentFile<G.Rules>] {
        var files: [TournamentFile<G.Rules>] = []
        for (url, d) in zip(folders, data) {
            do { files.append(try JSONDecoder().decode(TournamentFile<G.Rules>.self, from: d)) } catch {
                throw .runtime("merge: \(url.path)/tournament.json is not a \(G.name) tournament config (\(JSON.describe(error)))")
            }
            guard files.last!.config.game == G.name else {
                throw .usage("merge: \(url.path) is a shard of another tournament than \(folders[0].path) (game \(files.last!.config.game))")
            }
        }
        return files
    }

    func finish(_ outcome: ShardMerge.Outcome) {
        print(outcome.summary.markdown)
        if outcome.missing > 0 { Output.note("merge: --partial: \(outcome.missing) games missing; the tables cover the games found") }
        Output.note("merge: \(outcome.shards) shards merged into \(out.path)")
    }
}
