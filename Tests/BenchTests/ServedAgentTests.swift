import Foundation
import XCTest

/// The agent protocol's whole path, checked end to end: a tournament of built-in
/// agents served over the protocol (`bench serve` in an agents file) gives the same
/// games as the same agents in process, for the same seed and fixed budgets — on
/// one thread and on two, with options sent by `set` (settings and `w.` weights, set
/// and set back on a reused process), and rules sent with `newgame`.
final class ServedAgentTests: XCTestCase {
    /// One entrant: its spec through the agents file, and the same agent's spec in process.
    struct Entrant {
        var served: String
        var inProcess: String
    }

    /// One tournament to play both ways.
    struct Case {
        var game: String
        /// The agents file: kind name → the spec `bench serve --agent` serves.
        var kinds: [(name: String, spec: String)]
        var entrants: [Entrant]
        var games: Int
        var seed: Int
        /// Further tournament options (rules), given to both runs.
        var extra: [String] = []
    }

    // Cheap agents, so a debug build stays fast. The ply limit keeps two-player games
    // short, and checks that the rules reach the agent (`newgame ... rules=`).

    static let tigersGoats = Case(
        game: "tigers-goats",
        kinds: [("rnd", "random"), ("grd", "greedy"), ("ab", "alphabeta:depth=2"), ("mc", "mcts:playouts=30")],
        entrants: [
            Entrant(served: "rnd", inProcess: "random"),
            Entrant(served: "grd", inProcess: "greedy"),
            Entrant(served: "ab", inProcess: "alphabeta:depth=2"),
            // The same kind (and, on one thread, the same process) with a weight set,
            // then set back for `ab`'s next game.
            Entrant(served: "ab:w.mobility=3", inProcess: "alphabeta:depth=2,w.mobility=3"),
            // A real setting and a flag (sent as `set solver false`).
            Entrant(served: "mc:c=0.8,solver=off", inProcess: "mcts:playouts=30,c=0.8,solver=off"),
        ],
        games: 2, seed: 11, extra: ["--ply-limit", "90"])

    static let baghChal = Case(
        game: "bagh-chal",
        kinds: [("rnd", "random"), ("grd", "greedy"), ("ab", "alphabeta:depth=2"), ("mc", "mcts:playouts=30")],
        entrants: [
            Entrant(served: "rnd", inProcess: "random"),
            Entrant(served: "grd:w.trapped=20", inProcess: "greedy:w.trapped=20"),
            Entrant(served: "ab:w.mobility=5", inProcess: "alphabeta:depth=2,w.mobility=5"),
            // Budgets of the spec, sent with go (`go depth=3`, `go playouts=20`) instead
            // of the served spec's.
            Entrant(served: "ab:depth=3", inProcess: "alphabeta:depth=3"),
            Entrant(served: "mc:playouts=20", inProcess: "mcts:playouts=20"),
        ],
        games: 2, seed: 5, extra: ["--ply-limit", "90"])

    static let coinSorter = Case(
        game: "coin-sorter",
        kinds: [("rnd", "random"), ("grd", "greedy"), ("mc", "mcts:playouts=20")],
        entrants: [
            Entrant(served: "rnd", inProcess: "random"),
            Entrant(served: "grd", inProcess: "greedy"),
            Entrant(served: "grd:w.four=0.9", inProcess: "greedy:w.four=0.9"),
            Entrant(served: "mc:width=6", inProcess: "mcts:playouts=20,width=6"),
        ],
        games: 4, seed: 3)

    /// Expectimax, whose `depth` is a setting of the kind (search depth in turns), not
    /// a budget: `bench serve` must still be able to serve it.
    static let coinSorterExpectimax = Case(
        game: "coin-sorter",
        kinds: [("grd", "greedy"), ("ex", "expectimax:depth=1")],
        entrants: [
            Entrant(served: "grd", inProcess: "greedy"),
            Entrant(served: "ex", inProcess: "expectimax:depth=1"),
            Entrant(served: "ex:samples=4,w.three=0.3", inProcess: "expectimax:depth=1,samples=4,w.three=0.3"),
            // A depth in the spec is the budget (`go depth=2`), which the kind honours.
            Entrant(served: "ex:depth=2,samples=2,width=4", inProcess: "expectimax:depth=2,samples=2,width=4"),
        ],
        games: 4, seed: 3)

    func testTigersGoatsServedEqualsInProcess() throws { try check(Self.tigersGoats) }

    func testBaghChalServedEqualsInProcess() throws { try check(Self.baghChal) }

    func testCoinSorterServedEqualsInProcess() throws { try check(Self.coinSorter) }

    func testCoinSorterExpectimaxServedEqualsInProcess() throws { try check(Self.coinSorterExpectimax) }

    /// No kind that `bench serve` accepts declares an option the protocol reserves for
    /// the workbench (`depth`, `time`, ...): the handshake would be refused, and the
    /// kind could not be served at all.
    func testServedKindsDeclareNoReservedOption() throws {
        let reserved: Set<String> = ["time", "depth", "nodes", "playouts", "timeout", "margin"]
        let kinds = [("tigers-goats", ["random", "greedy", "alphabeta", "mcts"]),
                     ("bagh-chal", ["random", "greedy", "alphabeta", "mcts", "tablebase"]),
                     ("coin-sorter", ["random", "greedy", "expectimax", "mcts"])]
        for (game, names) in kinds {
            for kind in names {
                let run = try bench(["serve", "--game", game, "--agent", kind], input: "protocol 1\nquit\n", timeout: 30)
                // Without its file the tablebase is refused at the start (as any unusable file).
                if kind == "tablebase" && !FileManager.default.fileExists(atPath: "tablebases/bagh-chal.tb") {
                    XCTAssertEqual(run.status, 1, "serve \(game) \(kind): \(run.stderr)")
                    XCTAssertTrue(run.stderr.contains("tablebases/bagh-chal.tb"), run.stderr)
                    continue
                }
                XCTAssertEqual(run.status, 0, "serve \(game) \(kind): \(run.stderr)")
                XCTAssertEqual(run.stdoutLines.last, "ok", "serve \(game) \(kind) ends its handshake: \(run.stdout)")
                for line in run.stdoutLines where line.hasPrefix("option ") {
                    let name = line.split(separator: " ").first { $0.hasPrefix("name=") }.map { String($0.dropFirst(5)) }
                    XCTAssertFalse(reserved.contains(name ?? ""),
                                   "serve \(game) \(kind) declares the reserved option: \(line)")
                }
            }
        }
    }

    // MARK: - What serve refuses, and gameover

    /// An eval file that cannot be used is refused when serve starts (as `search`
    /// refuses it: a runtime error), not at the first newgame.
    func testServeRefusesAnUnusableEvalFileAtTheStart() throws {
        let folder = try scratchFolder("serve-eval-")
        let weights = folder.appendingPathComponent("bad.weights")
        try "not weights\n".write(to: weights, atomically: true, encoding: .utf8)
        for path in [weights.path, folder.appendingPathComponent("none.weights").path] {
            try assertUsageError(["serve", "--game", "coin-sorter", "--agent", "greedy:eval=" + path], names: ["serve", path],
                                 status: 1)
        }
        let missing = folder.appendingPathComponent("none.weights").path
        let search = try bench(["search", "--game", "coin-sorter", "--agent", "greedy:eval=" + missing])
        XCTAssertEqual(search.status, 1, "the same error, the same status: \(search.stderr)")
    }

    /// A newgame with a side or a rule the game does not have, and a `moves` line
    /// for a puzzle, are refused (usage errors naming them).
    func testServeRefusesSidesRulesAndMovesTheGameDoesNotHave() throws {
        let cases: [(String, String, [String])] = [
            ("bagh-chal", "newgame bagh-chal seed=1 side=lions rules={}", ["lions", "goats, tigers"]),
            ("bagh-chal", "newgame bagh-chal seed=1 side=goats rules={\"plyLimit\":300,\"colour\":1}", ["'colour'", "plyLimit"]),
            ("bagh-chal", "newgame bagh-chal seed=1 side=goats rules={\"longRange\":true}", ["'longRange'"]),
            ("bagh-chal", "newgame bagh-chal seed=1 side=goats rules={\"plyLimit\":0}", ["plyLimit"]),
            ("bagh-chal", "newgame bagh-chal seed=1 side=goats rules=[1]", ["JSON object"]),
            ("tigers-goats", "newgame tigers-goats seed=1 side=player rules={}", ["player"]),
            ("coin-sorter", "newgame coin-sorter seed=1 side=goats rules={}", ["goats", "player"]),
            ("coin-sorter", "newgame coin-sorter seed=1 side=player rules={\"level\":3}", ["'level'"]),
            ("coin-sorter", "newgame coin-sorter seed=1 side=player rules={}\nposition text CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0\nmoves a1:c3",
             ["moves", "puzzle"]),
        ]
        for (game, lines, words) in cases {
            let run = try bench(["serve", "--game", game, "--agent", "random"], input: "protocol 1\n" + lines + "\ngo\nquit\n")
            XCTAssertEqual(run.status, 2, "\(lines): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            for w in words { XCTAssertTrue(run.stderr.contains(w), "\(w) in: \(run.stderr)") }
            XCTAssertFalse(run.stdout.contains("move "), "no move after a refused newgame: \(run.stdout)")
        }
    }

    /// serve asks for gameover in its handshake, takes the line without a reply, and
    /// wants a newgame before the next go.
    func testServeAsksForGameoverAndTakesIt() throws {
        let game = "newgame bagh-chal seed=3 side=goats rules={\"plyLimit\":300}\nposition start\ngo depth=1\n"
        let run = try bench(["serve", "--game", "bagh-chal", "--agent", "greedy"],
                            input: "protocol 1\n" + game + "gameover result=win termination=normal future=1\n" + game
                                + "gameover result=loss termination=crash\nquit\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdoutLines.map(String.init)
        XCTAssertEqual(lines.filter { $0 == "want gameover" }.count, 1, run.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("move ") }.count, 2, "one move per game, nothing for gameover: \(run.stdout)")
        XCTAssertEqual(lines.filter { !$0.hasPrefix("info ") && !$0.hasPrefix("move ") }.last, "ok")
        for bad in ["gameover result=won termination=normal", "gameover result=win", "gameover result=win termination=normal\ngo"] {
            let r = try bench(["serve", "--game", "bagh-chal", "--agent", "greedy"], input: "protocol 1\n" + game + bad + "\n")
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        }
        let puzzle = try bench(["serve", "--game", "coin-sorter", "--agent", "greedy"],
                               input: "protocol 1\ngameover result=score score=12 termination=normal\nquit\n")
        XCTAssertEqual(puzzle.status, 0, puzzle.stderr)
    }

    // MARK: - Playing both ways

    /// Plays `c` with served agents on one thread and on two, and in process, and
    /// compares the records and the summaries' results.
    func check(_ c: Case, file: StaticString = #filePath, line: UInt = #line) throws {
        let bench = try benchExecutablePath(file: file, line: line)
        let folder = try scratchFolder("served-\(c.game)-")
        let agentsFile = folder.appendingPathComponent("agents.json")
        let entries: [[String: Any]] = c.kinds.map { kind in
            ["name": kind.name, "command": [bench, "serve", "--game", c.game, "--agent", kind.spec], "timeout": 60]
        }
        try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted]).write(to: agentsFile)

        let common = ["--game", c.game, "--games", "\(c.games)", "--seed", "\(c.seed)"] + c.extra
        func tournament(_ agents: [String], served: Bool, threads: Int, out: String) throws -> URL {
            let dir = folder.appendingPathComponent(out)
            var arguments = ["tournament"] + common + ["--threads", "\(threads)", "--out", dir.path, "--agents"] + agents
            if served { arguments += ["--agent-file", agentsFile.path] }
            let run = try benchOK(arguments, timeout: 120, file: file, line: line)
            guard run.exited, run.status == 0 else { throw TournamentFailed(arguments: arguments, stderr: run.stderr) }
            return dir
        }
        let inProcess = try tournament(c.entrants.map(\.inProcess), served: false, threads: 1, out: "in-process")
        let servedOne = try tournament(c.entrants.map(\.served), served: true, threads: 1, out: "served-1")
        let servedTwo = try tournament(c.entrants.map(\.served), served: true, threads: 2, out: "served-2")

        let names = Dictionary(uniqueKeysWithValues: c.entrants.map { ($0.served, $0.inProcess) })
        let expected = try records(inProcess, names: [:], file: file, line: line)
        XCTAssertEqual(expected.count, gameCount(c), "every game recorded in process", file: file, line: line)
        let expectedRows = try resultRows(inProcess, names: [:], file: file, line: line)
        let expectedSummary = try summary(inProcess, names: [:], file: file, line: line)
        for (dir, threads) in [(servedOne, 1), (servedTwo, 2)] {
            let got = try records(dir, names: names, file: file, line: line)
            XCTAssertEqual(got.count, expected.count, "\(c.game), \(threads) threads: number of games", file: file, line: line)
            for index in expected.keys.sorted() {
                XCTAssertEqual(got[index], expected[index],
                               "\(c.game), \(threads) threads: game \(index) served differs from in process",
                               file: file, line: line)
            }
            XCTAssertEqual(try resultRows(dir, names: names, file: file, line: line), expectedRows,
                           "\(c.game), \(threads) threads: summary.md results", file: file, line: line)
            XCTAssertEqual(try summary(dir, names: names, file: file, line: line), expectedSummary,
                           "\(c.game), \(threads) threads: summary.json results", file: file, line: line)
        }
    }

    struct TournamentFailed: Error, CustomStringConvertible {
        var arguments: [String]
        var stderr: String
        var description: String { "bench \(arguments.joined(separator: " ")) failed: \(stderr)" }
    }

    func gameCount(_ c: Case) -> Int {
        c.game == "coin-sorter" ? c.entrants.count * c.games
            : c.entrants.count * (c.entrants.count - 1) / 2 * c.games
    }

    // MARK: - Reading the folders

    func contents(_ dir: URL, _ name: String, file: StaticString, line: UInt) throws -> String {
        guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
            XCTFail("\(name) missing in \(dir.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `value` with every string that is a served name replaced by its in-process spec.
    func renamed(_ value: Any, _ names: [String: String]) -> Any {
        if let s = value as? String { return names[s] ?? s }
        if let a = value as? [Any] { return a.map { renamed($0, names) } }
        if let d = value as? [String: Any] { return d.mapValues { renamed($0, names) } }
        return value
    }

    func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
               as: UTF8.self)
    }

    /// games.jsonl by index, each record without `times` and with the agents renamed,
    /// as sorted JSON text.
    func records(_ dir: URL, names: [String: String], file: StaticString, line: UInt) throws -> [Int: String] {
        var byIndex: [Int: String] = [:]
        for row in try contents(dir, "games.jsonl", file: file, line: line).split(separator: "\n") {
            guard var record = try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any],
                  let index = record["index"] as? Int else {
                XCTFail("not a game record: \(row.prefix(200))", file: file, line: line)
                continue
            }
            XCTAssertEqual(record["termination"] as? String, "normal", "game \(index) in \(dir.lastPathComponent): \(row.prefix(400))",
                           file: file, line: line)
            XCTAssertNotNil(record.removeValue(forKey: "times"), "record \(index) has times", file: file, line: line)
            XCTAssertNil(byIndex[index], "game \(index) recorded twice", file: file, line: line)
            byIndex[index] = try canonical(renamed(record, names))
        }
        return byIndex
    }

    /// The rows of summary.md's results tables (every table but the throughput's, which
    /// holds times), agents renamed, as a sorted list: rows tied on a score may come in
    /// either order when names differ. The ratings' rank column is dropped for that reason.
    func resultRows(_ dir: URL, names: [String: String], file: StaticString, line: UInt) throws -> [String] {
        var rows: [String] = []
        var section = ""
        for text in try contents(dir, "summary.md", file: file, line: line).split(separator: "\n") {
            if text.hasPrefix("## ") { section = String(text); continue }
            guard text.hasPrefix("| "), section != "## Throughput" else { continue }
            var cells = text.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            cells = cells.map { cell in
                guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count >= 2 else { return cell }
                let name = String(cell.dropFirst().dropLast())
                return "`" + (names[name] ?? name) + "`"
            }
            if section == "## Ratings" && cells.count > 2 { cells.remove(at: 1) }
            rows.append(section + " " + cells.joined(separator: "|"))
        }
        XCTAssertFalse(rows.isEmpty, "summary.md in \(dir.path) has results tables", file: file, line: line)
        return rows.sorted()
    }

    /// summary.json without the run (times, threads), the command and the resolved specs
    /// (a served agent's spec is its agents file's kind: the same agent by another name), agents renamed,
    /// every list of objects sorted (ties may order differently by name), as sorted JSON text.
    func summary(_ dir: URL, names: [String: String], file: StaticString, line: UInt) throws -> String {
        guard var dict = try JSONSerialization.jsonObject(with: Data(contents(dir, "summary.json", file: file, line: line).utf8))
                as? [String: Any] else {
            XCTFail("summary.json in \(dir.path) is not an object", file: file, line: line)
            throw CocoaError(.propertyListReadCorrupt)
        }
        XCTAssertNotNil(dict.removeValue(forKey: "run"), "summary.json has a run section", file: file, line: line)
        dict.removeValue(forKey: "command")
        dict.removeValue(forKey: "resolvedAgents")
        func sortingLists(_ value: Any) throws -> Any {
            if let a = value as? [Any] {
                let items = try a.map(sortingLists)
                guard items.allSatisfy({ $0 is [String: Any] }) else { return items }
                return try items.sorted { try canonical($0) < canonical($1) }
            }
            if let d = value as? [String: Any] { return try d.mapValues(sortingLists) }
            return value
        }
        return try canonical(sortingLists(renamed(dict, names)))
    }
}
