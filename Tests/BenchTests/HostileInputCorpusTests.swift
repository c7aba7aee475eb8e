import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// The corpus of issue 18's hostile inputs, each once accepted (exit 0, a hang, or a
/// failure only at the end), run through `bench` as a subprocess: each must now end
/// promptly with its status (2: bad input, checked before anything runs; 1: corrupt
/// data or a path that is not a regular file), one line on stderr naming the problem,
/// nothing on stdout, and no file of its folder changed.
///
/// A case's arguments may name `$DIR`, a scratch folder holding a copy of a small
/// tournament (or tuning run) that its `setup` damages first.
final class HostileInputCorpusTests: XCTestCase {
    /// What a case's folder starts as.
    enum Folder: Sendable { case empty, twoPlayer, puzzle, tuning }

    struct Case: Sendable {
        let arguments: [String]
        let status: Int32
        let names: [String]
        var folder: Folder = .empty
        /// Damages the folder (its path given) before the run.
        var setup: (@Sendable (URL) throws -> Void)? = nil
    }

    // MARK: - Damaging a folder

    static func makeFIFO(_ name: String) -> @Sendable (URL) throws -> Void {
        { folder in
            let url = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: url)
            guard mkfifo(url.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    static func makeLink(_ name: String, to target: String) -> @Sendable (URL) throws -> Void {
        { folder in
            let url = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
    }

    /// Rewrites line `line` (from 0) of `games.jsonl` with `edit`.
    static func editRecord(line: Int = 0, _ edit: @escaping @Sendable (String) -> String) -> @Sendable (URL) throws -> Void {
        { folder in
            let url = folder.appendingPathComponent("games.jsonl")
            var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            lines[line] = edit(lines[line])
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        }
    }

    /// Replaces every match of the regular expression `pattern` with `template`.
    static func replacing(_ pattern: String, with template: String) -> @Sendable (String) -> String {
        { $0.replacingOccurrences(of: pattern, with: template, options: .regularExpression) }
    }

    /// Adds `"key":value,` as the first field of the line's object.
    static func prepending(_ field: String) -> @Sendable (String) -> String { { "{" + field + "," + $0.dropFirst() } }

    // MARK: - The corpus

    static let tournamentResume = ["tournament", "--agents", "random", "greedy", "--games", "2", "--seed", "3",
                                   "--openings", "2", "--threads", "1", "--out", "$DIR", "--resume"]
    static let tuning = ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--deals", "1",
                         "--verify-deals", "0", "--seed", "4", "--threads", "1", "--out", "$DIR"]
    static let sprt = ["sprt", "--pentanomial", "0,3,27,20,0", "--elo0", "0", "--elo1", "10"]

    static let corpus: [Case] = [
        // 1. An empty item in a move list, in every game and every command that takes --moves.
        Case(arguments: ["replay", "--moves", "b1-c2,,"], status: 2, names: ["replay:", "--moves: move 2 is empty"]),
        Case(arguments: ["replay", "--game", "bagh-chal", "--moves", ",c3"], status: 2, names: ["--moves: move 1 is empty"]),
        Case(arguments: ["replay", "--game", "coin-sorter", "--seed", "1", "--moves", "a1:c3,,b2:b4"], status: 2,
             names: ["--moves: move 2 is empty"]),
        Case(arguments: ["search", "--agent", "random", "--moves", "b1-c2,,d4-d3"], status: 2,
             names: ["search:", "--moves: move 2 is empty"]),
        Case(arguments: ["search", "--game", "coin-sorter", "--agent", "random", "--moves", "e1:a2, ,"], status: 2,
             names: ["--moves: move 2 is empty"]),
        Case(arguments: ["search", "--game", "bagh-chal", "--agent", "random", "--moves", "c3,"], status: 2,
             names: ["--moves: move 2 is empty"]),

        // 2. Redundant record fields that contradict each other or the replay.
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "score -3"], folder: .puzzle,
             setup: editRecord(replacing(#""score":[0-9]+"#, with: #""score":-3"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 2", "score 1000000000"],
             folder: .puzzle, setup: editRecord(line: 1, replacing(#""score":[0-9]+"#, with: #""score":1000000000"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "result -3", "the moves score"],
             folder: .puzzle, setup: editRecord(replacing(#""result":"[0-9]+"(.*)"score":[0-9]+"#,
                                                          with: #""result":"-3"$1"score":-3"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "outcome 'score 1000000000'"],
             folder: .puzzle, setup: editRecord(replacing(#""outcome":"score [0-9]+""#, with: #""outcome":"score 1000000000""#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "two-player fields", "pairing"],
             folder: .puzzle, setup: editRecord(prepending(#""pairing":0,"pair":0"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "opening"], folder: .puzzle,
             setup: editRecord(replacing(#""opening":\[\]"#, with: #""opening":["a1:b2"]"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1", "outcome 'goats win'"],
             folder: .twoPlayer, setup: editRecord(replacing(#""outcome":"[a-z ]+""#, with: #""outcome":"goats win""#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1,
             names: ["games.jsonl line 1", "score 0", "only a finished puzzle game has a score"],
             folder: .twoPlayer, setup: editRecord(prepending(#""score":0"#))),
        Case(arguments: tournamentResume, status: 1, names: ["tournament:", "games.jsonl line 1", "score 7"],
             folder: .twoPlayer, setup: editRecord(prepending(#""score":7"#))),

        // 3. A key given twice in a record line.
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 1: key 'index' appears twice"],
             folder: .twoPlayer, setup: editRecord(prepending(#""index":1"#))),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl line 2: key 'score' appears twice"],
             folder: .puzzle, setup: editRecord(line: 1, prepending(#""score":9"#))),

        // 4. Paths that are not regular files.
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl: not a regular file (a FIFO)"],
             folder: .twoPlayer, setup: makeFIFO("games.jsonl")),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl: not a regular file (a character device)"],
             folder: .twoPlayer, setup: makeLink("games.jsonl", to: "/dev/zero")),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["games.jsonl: not a regular file (a symbolic link loop)"],
             folder: .twoPlayer, setup: makeLink("games.jsonl", to: "games.jsonl")),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["tournament.json: not a regular file (a FIFO)"],
             folder: .twoPlayer, setup: makeFIFO("tournament.json")),
        Case(arguments: tournamentResume, status: 1, names: ["tournament:", "games.jsonl: not a regular file (a FIFO)"],
             folder: .twoPlayer, setup: makeFIFO("games.jsonl")),
        Case(arguments: tournamentResume, status: 1, names: ["games.jsonl: not a regular file (a symbolic link loop)"],
             folder: .twoPlayer, setup: makeLink("games.jsonl", to: "games.jsonl")),
        Case(arguments: tuning + ["--resume"], status: 1, names: ["tuning.jsonl: not a regular file (a FIFO)"],
             folder: .tuning, setup: makeFIFO("tuning.jsonl")),
        Case(arguments: ["play", "--goats", "random", "--tigers", "random", "--record", "$DIR/records.jsonl"], status: 1,
             names: ["play:", "records.jsonl: not a regular file (a FIFO)"], setup: makeFIFO("records.jsonl")),
        Case(arguments: ["play", "--game", "coin-sorter", "--player", "greedy", "--record", "$DIR/records.jsonl"], status: 1,
             names: ["records.jsonl: not a regular file (a character device)"], setup: makeLink("records.jsonl", to: "/dev/zero")),
        Case(arguments: ["solve", "--game", "bagh-chal", "--out", "$DIR/t.tb"], status: 1,
             names: ["t.tb: not a regular file"], setup: makeFIFO("t.tb")),
        Case(arguments: ["solve", "--game", "bagh-chal", "--out", "$DIR/t.tb"], status: 1,
             names: ["t.tb: not a regular file (a symbolic link loop)"], setup: makeLink("t.tb", to: "t.tb")),
        Case(arguments: ["grade", "--game", "bagh-chal", "--agent", "random", "--positions", "1", "--tablebase", "$DIR/t.tb"],
             status: 1, names: ["grade:", "t.tb: not a regular file"], setup: makeFIFO("t.tb")),

        // 5. An SPRT whose bounds would be infinite, checked where it is parsed, and in a stored config.
        Case(arguments: sprt + ["--alpha", "5e-324"], status: 2, names: ["--alpha", "[1e-9, 0.5)"]),
        Case(arguments: sprt + ["--beta", "5e-324", "--json"], status: 2, names: ["--beta", "[1e-9, 0.5)"]),
        Case(arguments: sprt + ["--alpha", "1e-10"], status: 2, names: ["--alpha"]),
        Case(arguments: ["tournament", "--agents", "random", "greedy", "--games", "2", "--sprt", "0,10,5e-324,0.05",
                         "--out", "$DIR/out"], status: 2, names: ["--sprt", "[1e-9, 0.5)"]),
        Case(arguments: ["report", "--in", "$DIR"], status: 1, names: ["tournament.json", "[1e-9, 0.5)"], folder: .twoPlayer,
             setup: { folder in
                 let url = folder.appendingPathComponent("tournament.json")
                 let text = try String(contentsOf: url, encoding: .utf8)
                 try Data(text.replacingOccurrences(of: #""agents""#, with: #""sprt":{"alpha":5e-324,"beta":0.05,"elo0":0,"elo1":10},"agents""#).utf8)
                     .write(to: url)
             }),

        // 6. One number syntax: plain decimal, no `+`, no `0x`, no blanks.
        Case(arguments: ["replay", "--game", "coin-sorter", "--seed", "0x10"], status: 2, names: ["--seed", "'0x10'"]),
        Case(arguments: ["playouts", "--games", "1", "--seed", "+5"], status: 2, names: ["--seed", "'+5'"]),
        Case(arguments: ["perft", "--depth", "+2"], status: 2, names: ["--depth", "'+2'"]),
        Case(arguments: ["perft", "--depth", " 2"], status: 2, names: ["--depth"]),
        Case(arguments: ["perft", "--depth", "0x2"], status: 2, names: ["--depth", "'0x2'"]),
        Case(arguments: sprt + ["--alpha", "+0.05"], status: 2, names: ["--alpha", "'+0.05'"]),
        Case(arguments: sprt + ["--alpha", " 0.05"], status: 2, names: ["--alpha"]),
        Case(arguments: ["sprt", "--pentanomial", "+0,3,27,20,0", "--elo0", "0", "--elo1", "10"], status: 2,
             names: ["--pentanomial", "'+0'"]),
        Case(arguments: ["sprt", "--pentanomial", "0, 3,27,20,0", "--elo0", "0", "--elo1", "10"], status: 2,
             names: ["--pentanomial", "' 3'"]),
        Case(arguments: ["tournament", "--agents", "random", "greedy", "--games", "0x2"], status: 2, names: ["--games"]),
        Case(arguments: ["tournament", "--agents", "random", "greedy", "--games", "2", "--sprt", "+0,10,0.05,0.05"],
             status: 2, names: ["--sprt"]),
        Case(arguments: ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--c-end", "+0.5",
                         "--out", "$DIR/t"], status: 2, names: ["--c-end", "'+0.5'"]),
        Case(arguments: ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--r-end", " 1",
                         "--out", "$DIR/t"], status: 2, names: ["--r-end"]),
        Case(arguments: ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--bounds",
                         "w.four=0x0:5", "--out", "$DIR/t"], status: 2, names: ["--bounds", "w.four"]),
        Case(arguments: ["solve", "--game", "bagh-chal", "--placement", "+3"], status: 2, names: ["--placement"]),
        Case(arguments: ["perft", "--depth", "1", "--position", "8/8/8/3G4/2GTG3/3G4/8/8 t +0"], status: 2,
             names: ["--position", "'+0'"]),
    ]

    // MARK: - Fixtures: a small folder of each kind, made once

    /// Where the fixtures are made; removed when the class's tests are done.
    static let fixturesRoot = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-corpus-\(UUID().uuidString)")

    override class func tearDown() {
        try? FileManager.default.removeItem(at: fixturesRoot)
        super.tearDown()
    }

    static let fixtures: [Folder: URL] = {
        let root = fixturesRoot
        var made: [Folder: URL] = [:]
        let runs: [(Folder, [String])] = [
            (.twoPlayer, ["tournament", "--agents", "random", "greedy", "--games", "2", "--seed", "3", "--openings", "2",
                          "--threads", "1"]),
            (.puzzle, ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy", "--games", "2", "--threads", "1"]),
            (.tuning, tuning.filter { $0 != "--out" && $0 != "$DIR" }),
        ]
        for (kind, arguments) in runs {
            let folder = root.appendingPathComponent("\(kind)")
            guard case .success(let bench) = XCTestCase.benchPath else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: bench)
            process.arguments = arguments + ["--out", folder.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
            if process.terminationStatus == 0 { made[kind] = folder }
        }
        return made
    }()

    /// Every file under `folder` with a digest of its bytes (FIFOs and links by what they are).
    func snapshot(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let names = FileManager.default.subpaths(atPath: folder.path) else { return result }
        for name in names {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFREG {
                let data = FileManager.default.contents(atPath: path) ?? Data()
                result[name] = data.base64EncodedString()
            } else {
                result[name] = "mode \(info.st_mode & S_IFMT)"
            }
        }
        return result
    }

    // MARK: - The test

    func testEveryOnceAcceptedHostileInputIsRefusedPromptlyWithOneLine() throws {
        for (i, c) in Self.corpus.enumerated() {
            let folder = scratchURL("hostile-\(i)-")
            if c.folder == .empty {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } else {
                let fixture = try XCTUnwrap(Self.fixtures[c.folder], "the \(c.folder) fixture was not made")
                try FileManager.default.copyItem(at: fixture, to: folder)
            }
            try c.setup?(folder)
            let before = snapshot(folder)
            let arguments = c.arguments.map { $0.replacingOccurrences(of: "$DIR", with: folder.path) }
            let run = try bench(arguments, timeout: 30)
            let label = "case \(i): bench \(arguments.joined(separator: " "))"
            XCTAssertTrue(run.exited, "\(label) crashed")
            XCTAssertEqual(run.status, c.status, "\(label): stderr \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(label) wrote to stdout")
            XCTAssertEqual(run.stderrLines.count, 1, "\(label): one line on stderr, got \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("bench: "), "\(label): \(run.stderr)")
            for word in c.names {
                XCTAssertTrue(run.stderr.contains(word), "\(label): stderr should name \(word): \(run.stderr)")
            }
            XCTAssertEqual(snapshot(folder), before, "\(label) changed its folder")
        }
    }
}
