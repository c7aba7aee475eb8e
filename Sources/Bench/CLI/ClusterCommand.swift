import Foundation
import Workbench

/// `bench cluster slurm`: a tournament as a Slurm array job, one task per shard, and
/// a merge job that runs once every shard has succeeded (docs/cluster.md).
///
/// The folders, all under the tournament's `--out OUT`: shard K plays into
/// `OUT/shards/shard-K`, the merge writes the complete tournament into `OUT/merged`
/// (a folder of its own: OUT already holds `shards/` and the scripts), and the
/// scripts and the tasks' logs go to `OUT/slurm` (or `--dir`).
enum ClusterCommand: Subcommand {
    static let name = "cluster slurm"
    static let table: [CommandOption] = [
        .int("shards", in: Shard.countRange, required: true, help: "array tasks, one shard each"),
        .int("cpus", "C", in: CommandOption.threadsRange, default: 1, help: "CPUs per task, the threads of its games"),
        .text("partition", "P", shown: "the cluster's default", help: "the partition"),
        .text("time", "T", help: "time limit of each job, as sbatch takes it (e.g. 2:00:00)"),
        .text("mem", "M", help: "memory of each job, as sbatch takes it (e.g. 2G)"),
        .text("account", "A", help: "the account to charge (most clusters require one)"),
        .text("qos", "Q", help: "the quality of service"),
        .text("constraint", "C", help: #"node features, as sbatch takes them (e.g. "intel&ib")"#),
        CommandOption("sbatch", .text, "LINE", form: .lines, help: "any other sbatch option, written as '#SBATCH LINE' into both jobs (any number, in order; e.g. --sbatch --gres=gpu:1)"),
        CommandOption("setup", .text, "LINE", form: .lines, help: #"a shell line each job runs before bench (any number, in order; "#
                      + #"e.g. --setup "module load python" or --setup "source venv/bin/activate"); a job whose setup fails stops"#),
        .text("dir", "DIR", shown: "OUT/slurm", help: "where the scripts and logs/ go"),
        .text("bench", "PATH", shown: "this one", help: "the bench executable the jobs run"),
        .flag("submit", help: "submit: sbatch the array, then the merge depending on it, and print the job ids (without it: print the two commands)"),
    ]

    /// The options written into both jobs as `#SBATCH --NAME=VALUE`, in this order.
    static let directiveOptions = ["partition", "time", "mem", "account", "qos", "constraint"]

    static let help = table.help(usage: [
        "bench cluster slurm --shards N [options] -- tournament ARGS...",
        "bench cluster slurm --shards N [options] -- grade ARGS...",
        "bench cluster slurm --shards N [options] -- solve --placement K,... ARGS...",
    ], about: """
        Writes two Slurm batch scripts for the tournament ARGS (bench tournament's
        options, which must include --out OUT) and, with --submit, submits them:
          shards.sbatch  an array job, tasks 0...N-1: task K plays shard K of N into
                         OUT/shards/shard-K on the CPUs Slurm gives it; a task that is
                         requeued or resubmitted (sbatch --array=K shards.sbatch)
                         resumes its shard
          merge.sbatch   after every task succeeded (afterok): bench merge of the N
                         shards into OUT/merged, the tournament as one machine plays it
        """, footer: """
        A grading (bench grade ARGS with --out OUT) or a placement study (bench solve
        --placement ... with --study OUT) is split the same way, by positions.
        ARGS may not hold --shard, --threads (a task runs on its SLURM_CPUS_PER_TASK),
        --sprt (it stops on a decision that shards playing apart cannot share) or
        --resume (a task resumes by itself). Paths in the scripts are absolute; the jobs
        run in this folder, so relative paths in ARGS mean what they mean here.
        See docs/cluster.md.
        """)

    /// A tournament's options, checked and placed: the words to pass on, and the folders.
    struct Plan {
        /// The command the tasks run: `tournament`, `grade` or `solve`.
        var command: String = "tournament"
        var tournamentArguments: [String]
        var out, dir: String
        var shards, cpus: Int
        var directives: [String]
        /// `--sbatch` lines, each written after `#SBATCH `.
        var sbatchLines: [String] = []
        /// `--setup` lines, run by each job before bench.
        var setup: [String] = []
        var bench, workingDirectory: String
        var submit: Bool

        /// The option that names a shard's folder (`--study` for a placement study).
        var outOption: String { ClusterCommand.outOption(command) }
        /// The file a shard's folder holds once started.
        var configFile: String { command == "tournament" ? TournamentFolder.configName : PositionRun.configName }
        var shardsFolder: String { out + "/shards" }
        var mergedFolder: String { out + "/merged" }
        var logs: String { dir + "/logs" }
        var shardsScript: String { dir + "/shards.sbatch" }
        var mergeScript: String { dir + "/merge.sbatch" }
    }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        guard let scheduler = arguments.first else {
            throw .usage("cluster: missing the scheduler: bench cluster slurm --shards N -- tournament ARGS (see bench cluster --help)")
        }
        guard scheduler == "slurm" else { throw .usage("cluster: unknown scheduler '\(scheduler)' (known: slurm)") }
        let plan = try plan(Array(arguments.dropFirst()))
        try write(plan)
        guard plan.submit else {
            printWritten(plan)
            print("submit them (or run this command again with --submit); the first prints the array's JOBID:")
            print("  sbatch --parsable \(shellWord(plan.shardsScript))")
            print("  sbatch --parsable --dependency=afterok:JOBID \(shellWord(plan.mergeScript))")
            printWhere(plan)
            return
        }
        try submit(plan)
    }

    /// Parses `slurm`'s arguments: the options before `--`, the tournament after it.
    static func plan(_ arguments: [String]) throws(WorkbenchError) -> Plan {
        guard let separator = arguments.firstIndex(of: "--") else {
            throw .usage("\(name): missing '-- tournament ARGS' (the tournament to play, with --out OUT)")
        }
        let options = try parse(Array(arguments[..<separator]))
        let job = Array(arguments[(separator + 1)...])
        guard let command = job.first, ["tournament", "grade", "solve"].contains(command) else {
            throw .usage("\(name): after -- comes 'tournament ARGS', 'grade ARGS' or 'solve ARGS', got '\(job.first ?? "")'")
        }
        let outOption = Self.outOption(command)
        let shards = try options.int("--shards"), cpus = try options.int("--cpus")

        // The tournament's words: --out taken out (each task gets its own), the options
        // the scripts set or that cannot be sharded refused.
        var words: [String] = []
        var out: String? = nil
        var i = 1
        while i < job.count {
            let word = job[i]
            let option = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            switch option {
            case "--shard": throw .usage("\(name): ARGS may not hold --shard (array task K plays shard K of --shards N)")
            case "--threads":
                throw .usage("\(name): ARGS may not hold --threads (a task plays on the CPUs Slurm gives it: --cpus C)")
            case "--sprt":
                throw .usage("\(name): ARGS may not hold --sprt (an SPRT stops on a decision, which shards playing apart cannot share)")
            case "--resume": throw .usage("\(name): ARGS may not hold --resume (a requeued or resubmitted task resumes by itself)")
            case outOption:
                guard out == nil else { throw .usage("\(name): \(outOption) given twice in ARGS") }
                if option != word {
                    out = String(word.dropFirst(option.count + 1))
                } else {
                    guard i + 1 < job.count, !job[i + 1].hasPrefix("--") else { throw .usage("\(name): \(outOption) in ARGS needs a folder") }
                    out = job[i + 1]
                    i += 1
                }
            default: words.append(word)
            }
            i += 1
        }
        guard let out else {
            throw .usage("\(name): ARGS must include \(outOption) OUT (shards go to OUT/shards, the merged \(command) to OUT/merged)")
        }
        guard !out.isEmpty else { throw .usage("\(name): \(outOption) in ARGS needs a folder name, got ''") }
        // The command's own parser, so a misspelt option fails here and not in N tasks.
        do {
            let arguments = words + [outOption, out]
            switch command {
            case "grade": try GradeCommand.check(arguments)
            case "solve": try SolveCommand.checkStudy(arguments)
            default:
                let game = try GameRegistry.game(named: Options.gameName(in: arguments))
                try TournamentCommand.check(arguments, game)
            }
        } catch {
            throw error.prefixed(command).prefixed(name)
        }

        var directives: [String] = []
        for directive in directiveOptions {
            let option = "--" + directive
            guard let value = options.string(option) else { continue }
            guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.isNewline || "\"'\\#".contains($0) }),
                  !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .usage("\(name): option \(option): '\(value)' is not a Slurm value (no blanks, quotes, backslashes or #)")
            }
            directives.append("--\(directive)=\(value)")
        }
        let sbatchLines = options.lines("--sbatch"), setup = options.lines("--setup")
        for (option, lines) in [("--sbatch", sbatchLines), ("--setup", setup)] {
            for line in lines where line.trimmingCharacters(in: .whitespaces).isEmpty || line.contains(where: \.isNewline) {
                throw .usage("\(name): option \(option): '\(line)' is not one line (empty, or with a line break)")
            }
        }

        let here = FileManager.default.currentDirectoryPath
        let outPath = absolute(out, in: here)
        let dir = options.string("--dir").map { absolute($0, in: here) } ?? outPath + "/slurm"
        let bench = options.string("--bench").map { absolute($0, in: here) } ?? runningExecutable(in: here)
        for (what, path) in [("--out", outPath), ("--dir", dir), ("--bench", bench), ("the current folder", here)]
        where path.contains(where: { $0.isNewline }) {
            throw .usage("\(name): \(what): a path with a line break cannot go into a job script")
        }
        return Plan(command: command, tournamentArguments: words, out: outPath, dir: dir, shards: shards, cpus: cpus,
                    directives: directives, sbatchLines: sbatchLines, setup: setup, bench: bench, workingDirectory: here, submit: options.has("--submit"))
    }

    /// The option that names a shard's folder for `command`.
    static func outOption(_ command: String) -> String { command == "solve" ? "--study" : "--out" }

    // MARK: - The scripts

    static func shardsScript(_ plan: Plan) -> String {
        var lines = [
            "#!/bin/bash",
            "# The shards of a bench \(plan.command): array task K runs shard K of \(plan.shards)",
            "# into \(plan.shardsFolder)/shard-K. Written by bench cluster slurm (docs/cluster.md).",
            "# Rerun shard K (it resumes where it stopped): sbatch --array=K \(shellWord(plan.shardsScript))",
        ]
        lines += sbatch(plan, ["--job-name=bench-shards", "--array=0-\(plan.shards - 1)", "--cpus-per-task=\(plan.cpus)"],
                        then: ["--requeue", "--open-mode=append"], output: "shard-%a.out")
        lines += [
            "shard=\"${SLURM_ARRAY_TASK_ID:?submit this script with sbatch: it is an array job}\"",
            "out=\(shellWord(plan.shardsFolder))/shard-\"$shard\"",
            "# A task requeued or resubmitted finds its shard's folder and continues it.",
            "resume=()",
            "if [ -e \"$out/\(plan.configFile)\" ]; then resume=(--resume); fi",
            "echo \"bench-shards: shard $shard of \(plan.shards) on $(hostname) with ${SLURM_CPUS_PER_TASK:-1} CPUs, $(date -u)\"",
        ]
        lines += setupLines(plan, job: "bench-shards")
        lines += [
            "exec \(shellWord(plan.bench)) \(plan.command) \(plan.tournamentArguments.map(shellWord).joined(separator: " ")) \\",
            "    --shard \"$shard/\(plan.shards)\" --threads \"${SLURM_CPUS_PER_TASK:-1}\" \(plan.outOption) \"$out\" \"${resume[@]}\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func mergeScript(_ plan: Plan) -> String {
        var lines = [
            "#!/bin/bash",
            "# The merge of the \(plan.shards) shards in \(plan.shardsFolder) into \(plan.mergedFolder).",
            "# Written by bench cluster slurm (docs/cluster.md); submitted after the shards' array job:",
            "#   sbatch --dependency=afterok:JOBID \(shellWord(plan.mergeScript))",
        ]
        lines += sbatch(plan, ["--job-name=bench-merge", "--cpus-per-task=1"], then: ["--kill-on-invalid-dep=yes"],
                        output: "merge-%j.out")
        lines += setupLines(plan, job: "bench-merge")
        lines += [
            "# Every shard by name (not a glob): a missing one is named by bench merge.",
            "shards=()",
            "for k in $(seq 0 \(plan.shards - 1)); do shards+=(\(shellWord(plan.shardsFolder))/shard-\"$k\"); done",
            "exec \(shellWord(plan.bench)) merge --out \(shellWord(plan.mergedFolder)) --shards \"${shards[@]}\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A script's `#SBATCH` directives: `first`, the ones passed through (`--account`, …,
    /// `--sbatch`), `then`, the working directory and the log file `output` in the logs'
    /// folder; and the blank line after them.
    static func sbatch(_ plan: Plan, _ first: [String], then: [String], output: String) -> [String] {
        let all = first + plan.directives + plan.sbatchLines + then
            + ["--chdir=" + directiveQuoted(plan.workingDirectory), "--output=" + directiveQuoted(pattern(plan.logs) + "/" + output)]
        return all.map { "#SBATCH " + $0 } + [""]
    }

    /// The `--setup` lines, each run in the job's shell (so what it sets stays for bench)
    /// and checked: a line that fails ends the job with its status, before bench runs.
    static func setupLines(_ plan: Plan, job: String) -> [String] {
        guard !plan.setup.isEmpty else { return [] }
        var lines = ["# The setup (--setup): a line that fails ends the job before bench."]
        for (i, line) in plan.setup.enumerated() {
            lines += ["{", line, "} || { status=$?; echo \"\(job): setup line \(i + 1) failed (status $status)\" >&2; exit \"$status\"; }"]
        }
        return lines
    }

    /// Writes both scripts and creates the logs folder (Slurm does not create it).
    static func write(_ plan: Plan) throws(WorkbenchError) {
        let fm = FileManager.default
        let scripts = [(plan.shardsScript, shardsScript(plan)), (plan.mergeScript, mergeScript(plan))]
        // Written again only as they are (the same command twice); never replaced.
        do throws(WorkbenchError) {
            try RunFolder.refuseFile(URL(fileURLWithPath: plan.out), field: nil)
            // OUT holds the shards, the scripts and the merged run, never a run itself.
            if let run = RunLayout.run(in: URL(fileURLWithPath: plan.out)) {
                throw .usage("\(plan.out) holds a \(run); the cluster's runs go into a folder of their own")
            }
            try RunFolder.refuseFile(URL(fileURLWithPath: plan.dir), field: nil)
            for (path, text) in scripts { try RunFolder.refuseReplacing(URL(fileURLWithPath: path), with: text, field: nil) }
        } catch { throw error.prefixed(name) }
        do { try fm.createDirectory(atPath: plan.logs, withIntermediateDirectories: true) } catch {
            throw .runtime("\(name): cannot create \(plan.logs)")
        }
        for (path, text) in scripts {
            try RunFolder.writeWhole(text, to: URL(fileURLWithPath: path))
            do { try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) } catch { throw .runtime("\(name): cannot write \(path)") }
        }
    }

    // MARK: - Submitting

    static func submit(_ plan: Plan) throws(WorkbenchError) {
        guard let sbatch = onPath("sbatch") else {
            throw .runtime("\(name): --submit: sbatch is not on PATH (the scripts are in \(plan.dir): submit them where Slurm is)")
        }
        let shardsJob = try sbatchJob(sbatch, [plan.shardsScript], what: "the shards' array job")
        let mergeJob: String
        do { mergeJob = try sbatchJob(sbatch, ["--dependency=afterok:\(shardsJob)", plan.mergeScript], what: "the merge job") } catch {
            throw .runtime("\(error.detail); the shards are submitted as job \(shardsJob): submit the merge with "
                           + "sbatch --dependency=afterok:\(shardsJob) \(shellWord(plan.mergeScript))").prefixed(name)
        }
        printWritten(plan)
        print("submitted: shards as array job \(shardsJob) (tasks 0-\(plan.shards - 1)), merge as job \(mergeJob) (once all succeeded)")
        print("  watch: squeue -j \(shardsJob),\(mergeJob)")
        print("  rerun shard K (resumes): sbatch --array=K \(shellWord(plan.shardsScript)); then the merge again: "
              + "sbatch --dependency=afterany:\(shardsJob),afterok:NEWJOB \(shellWord(plan.mergeScript))")
        printWhere(plan)
    }

    /// Runs `sbatch --parsable ARGS`; the job id it prints (without a `;cluster`).
    static func sbatchJob(_ sbatch: String, _ arguments: [String], what: String) throws(WorkbenchError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sbatch)
        process.arguments = ["--parsable"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .runtime("\(name): cannot run \(sbatch) (\(error.localizedDescription))") }
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let said = complaint.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .runtime("\(name): sbatch refused \(what) (status \(process.terminationStatus)\(said.isEmpty ? "" : ": " + said))")
        }
        let id = printed.split(whereSeparator: \.isNewline).last.map { String($0.prefix { $0 != ";" }) } ?? ""
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else {
            throw .runtime("\(name): sbatch printed no job id for \(what) (got '\(printed.trimmingCharacters(in: .whitespacesAndNewlines))')")
        }
        return id
    }

    // MARK: - Output

    static func printWritten(_ plan: Plan) {
        print("wrote \(plan.shardsScript): array 0-\(plan.shards - 1), shard K of \(plan.shards) into \(plan.shardsFolder)/shard-K")
        print("wrote \(plan.mergeScript): bench merge into \(plan.mergedFolder)")
    }

    static func printWhere(_ plan: Plan) {
        let report = plan.command == "tournament" ? "summary.md" : "report.md"
        print("results: \(plan.mergedFolder) (\(report) once the merge job ends); logs: \(plan.logs)")
    }

    // MARK: - Paths and quoting

    /// `path` made absolute against `folder`, with `.` and `..` resolved.
    static func absolute(_ path: String, in folder: String) -> String {
        let full = path.hasPrefix("/") ? path : folder + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// The absolute path of the running `bench`.
    static func runningExecutable(in folder: String) -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") {
            return path
        }
        #endif
        if let path = Bundle.main.executablePath { return absolute(path, in: folder) }
        return absolute(CommandLine.arguments.first ?? "bench", in: folder)
    }

    /// The first executable `program` on `PATH`.
    static func onPath(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + program
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// A value in an `#SBATCH` line, which sbatch reads with double quotes and
    /// backslash escapes (and a `#` that starts a comment outside quotes).
    static func directiveQuoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A folder as part of a Slurm file-name pattern: `%` stands for itself.
    static func pattern(_ folder: String) -> String { folder.replacingOccurrences(of: "%", with: "%%") }
}
