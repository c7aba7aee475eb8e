import Foundation
import XCTest

/// `bench cluster slurm`, run as a subprocess without --submit: the two scripts it
/// writes (read, and run with bash against a stand-in bench that prints its
/// arguments, so the quoting is tested as a shell reads it), what it prints, and bad
/// input. Submitting to a real Slurm is benchmarks/slurm-local.sh's job.
final class ClusterCommandTests: XCTestCase {
    /// One run of a program with a working folder and environment of its own.
    struct Ran {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func run(_ executable: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let outURL = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Ran(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A stand-in for bench: prints each argument on a line of its own, then its folder.
    func fakeBench(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("fake bench")
        try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\nprintf 'cwd=%s\\n' \"$(pwd)\"\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func testScriptsHoldTheArrayTheShardWordsAndTheMerge() throws {
        let folder = try scratchFolder("cluster-scripts")
        let bench = try benchExecutablePath()
        let r = try run(bench, ["cluster", "slurm", "--shards", "4", "--cpus", "2", "--partition", "short", "--time", "1:00:00",
                                "--mem", "2G", "--", "tournament", "--agents", "random", "greedy", "--games", "8", "--seed", "3",
                                "--out", "res"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let out = folder.resolvingSymlinksInPath().path + "/res"
        let shards = try String(contentsOfFile: out + "/slurm/shards.sbatch", encoding: .utf8)
        let merge = try String(contentsOfFile: out + "/slurm/merge.sbatch", encoding: .utf8)
        for line in ["#SBATCH --array=0-3", "#SBATCH --cpus-per-task=2", "#SBATCH --partition=short", "#SBATCH --time=1:00:00",
                     "#SBATCH --mem=2G", "#SBATCH --requeue", "#SBATCH --output=\"\(out)/slurm/logs/shard-%a.out\""] {
            XCTAssertTrue(lines(shards).contains(line), "shards.sbatch should hold \(line):\n\(shards)")
        }
        XCTAssertTrue(shards.hasPrefix("#!/bin/bash\n"))
        XCTAssertTrue(shards.contains("tournament --agents random greedy --games 8 --seed 3 \\\n"), shards)
        XCTAssertTrue(shards.contains("--shard \"$shard/4\" --threads \"${SLURM_CPUS_PER_TASK:-1}\""), shards)
        XCTAssertTrue(shards.contains("resume=(--resume)"), shards)
        XCTAssertTrue(shards.contains("out=\(out)/shards/shard-\"$shard\""), shards)
        XCTAssertFalse(shards.contains("--out res"), "the tournament's own --out is replaced:\n\(shards)")
        for line in ["#SBATCH --cpus-per-task=1", "#SBATCH --partition=short", "#SBATCH --kill-on-invalid-dep=yes",
                     "#SBATCH --output=\"\(out)/slurm/logs/merge-%j.out\""] {
            XCTAssertTrue(lines(merge).contains(line), "merge.sbatch should hold \(line):\n\(merge)")
        }
        XCTAssertTrue(merge.contains("for k in $(seq 0 3)"), merge)
        XCTAssertTrue(merge.contains(" merge --out \(out)/merged --shards \"${shards[@]}\""), merge)
        XCTAssertFalse(merge.contains("--array"), merge)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/slurm/logs", isDirectory: &isFolder) && isFolder.boolValue,
                      "the logs folder exists before sbatch needs it")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: out + "/slurm/shards.sbatch"))
        // What it prints: both scripts, the two sbatch commands (the second depending on the first), the results.
        XCTAssertTrue(r.stdout.contains("sbatch --parsable \(out)/slurm/shards.sbatch\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("sbatch --parsable --dependency=afterok:JOBID \(out)/slurm/merge.sbatch\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("results: \(out)/merged"), r.stdout)
        // Without --partition, --time and --mem the scripts name none; --dir puts them elsewhere.
        let plain = try run(bench, ["cluster", "slurm", "--shards", "1", "--dir", "scripts", "--", "tournament", "--agents", "random",
                                    "greedy", "--out", "other"], in: folder)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let one = try String(contentsOfFile: folder.resolvingSymlinksInPath().path + "/scripts/shards.sbatch", encoding: .utf8)
        XCTAssertTrue(lines(one).contains("#SBATCH --array=0-0"), one)
        XCTAssertTrue(lines(one).contains("#SBATCH --cpus-per-task=1"), one)
        XCTAssertFalse(one.contains("--partition") || one.contains("--time") || one.contains("--mem"), one)
        XCTAssertFalse(one.contains("--account") || one.contains("--qos") || one.contains("--constraint") || one.contains("setup"), one)
        // The same command again writes the same scripts; another one never replaces them.
        let again = try run(bench, ["cluster", "slurm", "--shards", "1", "--dir", "scripts", "--", "tournament", "--agents", "random",
                                    "greedy", "--out", "other"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        let other = try run(bench, ["cluster", "slurm", "--shards", "2", "--dir", "scripts", "--", "tournament", "--agents", "random",
                                    "greedy", "--out", "other"], in: folder)
        XCTAssertEqual(other.status, 2, other.stderr)
        XCTAssertTrue(other.stderr.contains("cluster slurm: ") && other.stderr.contains("shards.sbatch exists"), other.stderr)
        XCTAssertEqual(try String(contentsOfFile: folder.resolvingSymlinksInPath().path + "/scripts/shards.sbatch", encoding: .utf8), one)
    }

    /// A grading and a placement study split by positions: the task runs grade (solve) with
    /// its shard into --out (--study), resuming once its folder holds run.json.
    func testGradingsAndPlacementStudiesAreSplitByPositions() throws {
        let folder = try scratchFolder("cluster-runs")
        let bench = try benchExecutablePath()
        let out = folder.resolvingSymlinksInPath().path
        // The grading's checks read only that its table is there (the tasks read it).
        let grading = ["cluster", "slurm", "--shards", "3", "--", "grade", "--game", "bagh-chal", "--agent", "greedy", "--positions", "1000"]
        try assertUsageError(grading + ["--out", folder.appendingPathComponent("graded").path, "--tablebase", out + "/none.tb"],
                             names: ["cluster slurm", "no tablebase at", "none.tb"], status: 1)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tablebases"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out + "/tablebases/bagh-chal.tb", contents: Data())
        // An unknown agent, or a missing agent file, fails here, not in every task.
        let elsewhere = ["--out", folder.appendingPathComponent("g2").path, "--tablebase", out + "/tablebases/bagh-chal.tb"]
        try assertUsageError(["cluster", "slurm", "--shards", "3", "--", "grade", "--game", "bagh-chal", "--agent", "bogus",
                              "--positions", "10"] + elsewhere, names: ["cluster slurm", "'bogus'"])
        try assertUsageError(grading + elsewhere + ["--agent-file", out + "/no-agents.json"], names: ["no-agents.json", "no such file"],
                             status: 1)
        let g = try run(bench, ["cluster", "slurm", "--shards", "3", "--", "grade", "--game", "bagh-chal", "--agent", "greedy",
                                "--positions", "1000", "--out", "graded"], in: folder)
        XCTAssertEqual(g.status, 0, g.stderr)
        let grade = try String(contentsOfFile: out + "/graded/slurm/shards.sbatch", encoding: .utf8)
        XCTAssertTrue(grade.contains(" grade --game bagh-chal --agent greedy --positions 1000 \\\n"), grade)
        XCTAssertTrue(grade.contains("--out \"$out\""), grade)
        XCTAssertTrue(grade.contains("if [ -e \"$out/run.json\" ]; then resume=(--resume); fi"), grade)
        let s = try run(bench, ["cluster", "slurm", "--shards", "2", "--", "solve", "--game", "bagh-chal", "--placement", "6,7",
                                "--positions", "50", "--out", "t.tb", "--study", "study"], in: folder)
        XCTAssertEqual(s.status, 0, s.stderr)
        // The same command again (to --submit what was printed) is taken: OUT holds the
        // scripts, not a study.
        let again = try run(bench, ["cluster", "slurm", "--shards", "2", "--", "solve", "--game", "bagh-chal", "--placement", "6,7",
                                    "--positions", "50", "--out", "t.tb", "--study", "study"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        let solve = try String(contentsOfFile: out + "/study/slurm/shards.sbatch", encoding: .utf8)
        XCTAssertTrue(solve.contains(" solve --game bagh-chal --placement 6,7 --positions 50 --out t.tb \\\n"), solve)
        XCTAssertTrue(solve.contains("--study \"$out\""), solve)
        let merge = try String(contentsOfFile: out + "/study/slurm/merge.sbatch", encoding: .utf8)
        XCTAssertTrue(merge.contains(" merge --out \(out)/study/merged --shards"), merge)
        try assertUsageError(["cluster", "slurm", "--shards", "2", "--", "solve", "--game", "bagh-chal", "--study", "x"],
                             names: ["placement"])
        try assertUsageError(["cluster", "slurm", "--shards", "2", "--", "grade", "--game", "bagh-chal", "--agent", "greedy",
                              "--out", "x"], names: ["--positions"])
        try assertUsageError(["cluster", "slurm", "--shards", "2", "--", "grade", "--game", "tigers-goats", "--agent", "greedy",
                              "--positions", "5", "--out", "x"], names: ["no tablebase"])
    }

    /// The scripts as bash runs them: every path absolute and quoted (blanks, quotes, %),
    /// the task's shard and threads from Slurm's variables, --resume once the shard's folder
    /// holds a tournament, and the merge naming every shard in order.
    func testScriptsRunWithEveryWordIntact() throws {
        let root = try scratchFolder("cluster-quoting")
        let folder = root.appendingPathComponent("it's a 100% folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let here = folder.resolvingSymlinksInPath().path
        let fake = try fakeBench(in: folder)
        let r = try run(try benchExecutablePath(), ["cluster", "slurm", "--shards", "12", "--bench", "fake bench", "--",
                                                    "tournament", "--agents", "random", "alphabeta:depth=2", "--games", "4",
                                                    "--out=o u\"t"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = here + "/o u\"t"
        XCTAssertTrue(try String(contentsOfFile: out + "/slurm/shards.sbatch", encoding: .utf8)
            .contains("#SBATCH --output=\"\(here.replacingOccurrences(of: "%", with: "%%"))/o u\\\"t/slurm/logs/shard-%a.out\""))
        let task = try run("/bin/bash", [out + "/slurm/shards.sbatch"], in: root,
                           environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_CPUS_PER_TASK": "3"])
        XCTAssertEqual(task.status, 0, task.stderr)
        let words = lines(task.stdout).dropFirst()  // the first is the task's hello
        XCTAssertEqual(Array(words), ["tournament", "--agents", "random", "alphabeta:depth=2", "--games", "4",
                                      "--shard", "7/12", "--threads", "3", "--out", out + "/shards/shard-7",
                                      "cwd=" + root.resolvingSymlinksInPath().path], task.stdout)
        XCTAssertTrue(fake.path.hasSuffix("fake bench"))
        // A shard folder holding a tournament is resumed; without Slurm's CPU count, one thread.
        try FileManager.default.createDirectory(atPath: out + "/shards/shard-7", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: out + "/shards/shard-7/tournament.json"))
        let again = try run("/bin/bash", [out + "/slurm/shards.sbatch"], in: root, environment: ["SLURM_ARRAY_TASK_ID": "7"])
        XCTAssertEqual(Array(lines(again.stdout).dropFirst().prefix(13)),
                       ["tournament", "--agents", "random", "alphabeta:depth=2", "--games", "4", "--shard", "7/12",
                        "--threads", "1", "--out", out + "/shards/shard-7", "--resume"], again.stdout)
        // Outside an array task the script refuses to run.
        let bare = try run("/bin/bash", [out + "/slurm/shards.sbatch"], in: root)
        XCTAssertNotEqual(bare.status, 0)
        XCTAssertTrue(bare.stderr.contains("sbatch"), bare.stderr)
        let merge = try run("/bin/bash", [out + "/slurm/merge.sbatch"], in: root)
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(Array(lines(merge.stdout).prefix(4)), ["merge", "--out", out + "/merged", "--shards"])
        XCTAssertEqual(Array(lines(merge.stdout).dropFirst(4).dropLast()), (0..<12).map { out + "/shards/shard-\($0)" })
    }

    /// --account, --qos, --constraint and every --sbatch LINE go into both jobs' headers
    /// (the lines in the order given, one starting with -- taken as it is); every --setup
    /// line runs in the job's shell before bench, and a failing one stops the job first.
    func testSlurmPassThroughAndSetupLinesReachBothJobs() throws {
        let folder = try scratchFolder("cluster-pass-through")
        let here = folder.resolvingSymlinksInPath().path
        let fake = folder.appendingPathComponent("probe-bench")
        try Data("#!/bin/sh\nprintf 'probe=%s\\n' \"${PROBE-unset}\"\nprintf '%s\\n' \"$1\"\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let bench = try benchExecutablePath()
        let r = try run(bench, ["cluster", "slurm", "--shards", "2", "--bench", fake.path, "--account", "proj42", "--qos", "normal",
                                "--constraint", "intel&ib", "--sbatch", "--gres=gpu:1", "--sbatch=--exclusive",
                                "--setup", "echo \"setting up in $(basename \"$PWD\")\"", "--setup", "export PROBE='it is set'",
                                "--", "tournament", "--agents", "random", "greedy", "--out", "res"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let shards = try String(contentsOfFile: here + "/res/slurm/shards.sbatch", encoding: .utf8)
        let merge = try String(contentsOfFile: here + "/res/slurm/merge.sbatch", encoding: .utf8)
        let header = ["#SBATCH --account=proj42", "#SBATCH --qos=normal", "#SBATCH --constraint=intel&ib",
                      "#SBATCH --gres=gpu:1", "#SBATCH --exclusive"]
        for (script, text) in [("shards.sbatch", shards), ("merge.sbatch", merge)] {
            let l = lines(text)
            let at = header.map { l.firstIndex(of: $0) }
            XCTAssertFalse(at.contains(nil), "\(script) should hold \(header):\n\(text)")
            XCTAssertEqual(at.compactMap { $0 }, at.compactMap { $0 }.sorted(), "\(script): the lines in order:\n\(text)")
            let firstCommand = try XCTUnwrap(l.firstIndex { !$0.hasPrefix("#") })
            XCTAssertTrue(at.allSatisfy { ($0 ?? .max) < firstCommand }, "\(script): sbatch reads only the header:\n\(text)")
        }
        // As bash runs them: the setup's output, then bench with what the setup exported.
        let task = try run("/bin/bash", [here + "/res/slurm/shards.sbatch"], in: folder, environment: ["SLURM_ARRAY_TASK_ID": "1"])
        XCTAssertEqual(task.status, 0, task.stderr)
        XCTAssertEqual(Array(lines(task.stdout).dropFirst()), ["setting up in \(folder.lastPathComponent)", "probe=it is set",
                                                              "tournament"], task.stdout)
        let merged = try run("/bin/bash", [here + "/res/slurm/merge.sbatch"], in: folder)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(lines(merged.stdout), ["setting up in \(folder.lastPathComponent)", "probe=it is set", "merge"], merged.stdout)
        // A setup line that fails ends the job with its status, and bench does not run.
        let failing = try run(bench, ["cluster", "slurm", "--shards", "2", "--bench", fake.path, "--setup", "true",
                                      "--setup", "(exit 3)", "--setup", "export PROBE=late", "--dir", "failing", "--",
                                      "tournament", "--agents", "random", "greedy", "--out", "res2"], in: folder)
        XCTAssertEqual(failing.status, 0, failing.stderr)
        for (script, job, environment) in [("shards.sbatch", "bench-shards", ["SLURM_ARRAY_TASK_ID": "0"]),
                                           ("merge.sbatch", "bench-merge", [:])] {
            let stopped = try run("/bin/bash", [here + "/failing/" + script], in: folder, environment: environment)
            XCTAssertEqual(stopped.status, 3, "\(script): \(stopped.stderr)")
            XCTAssertFalse(stopped.stdout.contains("probe="), "\(script): bench ran after a failed setup: \(stopped.stdout)")
            XCTAssertEqual(lines(stopped.stderr), ["\(job): setup line 2 failed (status 3)"], script)
        }
    }

    func testBadInputIsOneLineAndWritesNothing() throws {
        let tail = ["--agents", "random", "greedy", "--out", "/nonexistent-cluster-test/out"]
        let cases: [([String], [String])] = [
            (["cluster"], ["slurm"]),
            (["cluster", "pbs"], ["pbs", "slurm"]),
            (["cluster", "slurm", "--shards", "4", "tournament"] + tail, ["--"]),
            (["cluster", "slurm", "--", "tournament"] + tail, ["--shards"]),
            (["cluster", "slurm", "--shards", "0", "--", "tournament"] + tail, ["--shards"]),
            (["cluster", "slurm", "--shards", "4", "--", "search"] + tail, ["tournament", "grade", "solve"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--agents", "random", "greedy"], ["--out"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--shard", "1/4"] + tail, ["--shard"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--threads", "2"] + tail, ["--threads"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--sprt", "0,5,0.05,0.05"] + tail, ["--sprt"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--resume"] + tail, ["--resume"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--gmes", "4"] + tail, ["--gmes"]),
            // What the tournament itself refuses, refused here, not in every task.
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--games", "3"] + tail, ["--games", "even"]),
            (["cluster", "slurm", "--shards", "4", "--", "tournament", "--agents", "random", "bogus",
              "--out", "/nonexistent-cluster-test/out"], ["unknown agent 'bogus'"]),
            (["cluster", "slurm", "--shards", "4", "--time", "1 hour", "--", "tournament"] + tail, ["--time"]),
            (["cluster", "slurm", "--shards", "4", "--nodes", "2", "--", "tournament"] + tail, ["--nodes"]),
            (["cluster", "slurm", "--shards", "4", "--account", "a\nb", "--", "tournament"] + tail, ["--account"]),
            (["cluster", "slurm", "--shards", "4", "--qos", "", "--", "tournament"] + tail, ["--qos"]),
            (["cluster", "slurm", "--shards", "4", "--constraint", "a b", "--", "tournament"] + tail, ["--constraint"]),
            (["cluster", "slurm", "--shards", "4", "--sbatch", "--gres=gpu:1\n#SBATCH --x", "--", "tournament"] + tail, ["--sbatch"]),
            (["cluster", "slurm", "--shards", "4", "--sbatch", " ", "--", "tournament"] + tail, ["--sbatch"]),
            (["cluster", "slurm", "--shards", "4", "--setup", "module load x\rrm -rf y", "--", "tournament"] + tail, ["--setup"]),
            (["cluster", "slurm", "--shards", "4", "--setup", "--", "tournament"] + tail, ["--setup", "needs a value"]),
        ]
        for (arguments, words) in cases {
            try assertUsageError(arguments, names: words)
        }
        try assertUsageError(["cluster", "slurm", "--shards", "4", "--", "tournament", "--agent-file", "/nonexistent-agents.json"]
                             + tail, names: ["/nonexistent-agents.json", "no such file"], status: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/nonexistent-cluster-test"))
    }

    func testSubmitWithoutSbatchIsARuntimeError() throws {
        let folder = try scratchFolder("cluster-submit")
        let r = try run(try benchExecutablePath(), ["cluster", "slurm", "--shards", "2", "--submit", "--", "tournament",
                                                    "--agents", "random", "greedy", "--out", "res"],
                        in: folder, environment: ["PATH": folder.path + "/no-such-folder"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(lines(r.stderr).count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("sbatch"), r.stderr)
        // The scripts are there to submit by hand where Slurm is.
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/res/slurm/shards.sbatch"))
    }

    func testHelpNamesTheCommand() throws {
        let help = try benchOK(["cluster", "--help"])
        XCTAssertTrue(help.stdout.contains("bench cluster slurm --shards N"), help.stdout)
        XCTAssertTrue(help.stdout.contains("docs/cluster.md"), help.stdout)
        XCTAssertTrue(try benchOK(["help"]).stdout.contains("cluster "))
    }
}
