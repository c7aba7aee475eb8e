import Boards
import Foundation
import XCTest

/// The `bench` executable, run as a subprocess: output of perft and replay, usage
/// errors (status 2, one line on stderr naming the problem, nothing on stdout) and help.
final class BenchCommandLineTests: XCTestCase {
    static let start = "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0"
    /// Tigers to move with 3 goats taken; a1xc1 takes the 4th.
    static let lastCapture = "8/8/8/8/8/8/8/TG6 t 3"
    static let seed1Deal = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0"

    // MARK: - Decoding output

    // Finding and running bench: BenchTestSupport.swift.

    /// Decodes the single JSON object printed by a run.
    func json<T: Decodable>(_ type: T.Type, _ run: Run, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let lines = run.stdoutLines
        XCTAssertEqual(lines.count, 1, "one line of JSON: \(run.stdout)", file: file, line: line)
        let text = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(text.hasPrefix("{") && text.hasSuffix("}"), "a JSON object: \(text)", file: file, line: line)
        return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// The keys of the single JSON object printed by a run.
    func jsonKeys(_ run: Run, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        guard let dict = object as? [String: Any] else {
            XCTFail("not a JSON object: \(run.stdout)", file: file, line: line)
            return []
        }
        return Set(dict.keys)
    }

    struct PerftJSON: Decodable {
        let game: String
        let position: String
        let depth: Int
        let threads: Int
        let nodes: UInt64
        let seconds: Double
        let nodesPerSecond: Double
        let divide: [String: UInt64]?
    }

    struct TigersGoatsReplayJSON: Decodable {
        let game: String
        let position: String
        let plies: Int
        let sideToMove: String
        let outcome: String?
    }

    struct CoinSorterReplayJSON: Decodable {
        let game: String
        let seed: UInt64
        let position: String
        let score: Int
        let over: Bool
    }

    // MARK: - Perft

    func testBenchExecutableIsFound() {
        switch Self.benchPath {
        case .success(let path): print("bench executable: \(path)")
        case .failure(let error): XCTFail(error.description)
        }
    }

    func testPerftDepth3JsonPrintsOneObjectWith74360Nodes() throws {
        let run = try benchOK(["perft", "--depth", "3", "--json"])
        let r = try json(PerftJSON.self, run)
        XCTAssertEqual(r.nodes, 74_360)
        XCTAssertEqual(r.depth, 3)
        XCTAssertEqual(r.threads, 1)
        XCTAssertEqual(r.game, "tigers-goats")
        XCTAssertEqual(r.position, Self.start)
        XCTAssertGreaterThanOrEqual(r.seconds, 0)
        XCTAssertGreaterThanOrEqual(r.nodesPerSecond, 0)
        XCTAssertNil(r.divide)
        let keys = try jsonKeys(run)
        XCTAssertTrue(keys.isSuperset(of: ["nodes", "seconds", "nodesPerSecond"]), "keys: \(keys.sorted())")
    }

    func testPerftWithTwoThreadsCountsTheSameNodes() throws {
        let three = try json(PerftJSON.self, try benchOK(["perft", "--depth", "3", "--threads", "2", "--json"]))
        XCTAssertEqual(three.nodes, 74_360)
        XCTAssertEqual(three.threads, 2)
        // Depth 4 splits the work two plies down: the per-move counts must not change either.
        let one = try json(PerftJSON.self, try benchOK(["perft", "--depth", "4", "--divide", "--json"]))
        let two = try json(PerftJSON.self, try benchOK(["perft", "--depth", "4", "--threads", "2", "--divide", "--json"]))
        XCTAssertEqual(one.nodes, 1_702_512)
        XCTAssertEqual(two.nodes, 1_702_512)
        XCTAssertEqual(one.divide, two.divide)
        XCTAssertEqual(two.divide?.values.reduce(0, +), 1_702_512)
    }

    func testPerftDivideAtDepth2Lists68RootMovesSummingTo1080() throws {
        let run = try benchOK(["perft", "--depth", "2", "--divide"])
        var counts: [String: UInt64] = [:]
        for line in run.stdoutLines {
            let parts = line.split(separator: ":", maxSplits: 1)
            // Root-move lines read `b1-c2: 16`; skip the summary lines.
            guard parts.count == 2, parts[0].count == 5, parts[0].contains("-") || parts[0].contains("x"),
                  let n = UInt64(parts[1].trimmingCharacters(in: .whitespaces))
            else { continue }
            XCTAssertNil(counts[String(parts[0])], "\(parts[0]) listed once")
            counts[String(parts[0])] = n
        }
        XCTAssertEqual(counts.count, 68, run.stdout)
        XCTAssertEqual(counts.values.reduce(0, +), 1_080)
        XCTAssertTrue(run.stdoutLines.contains("moves: 68"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1080 leaves"), run.stdout)
        // The same counts as the library's divide, move by move.
        let start = TigersGoats()
        var expected: [String: UInt64] = [:]
        for (move, n) in Perft.divide(start, depth: 2) { expected[start.notation(of: move)] = n }
        XCTAssertEqual(counts, expected)

        let r = try json(PerftJSON.self, try benchOK(["perft", "--depth", "2", "--divide", "--json"]))
        XCTAssertEqual(r.divide, expected)
        XCTAssertEqual(r.nodes, 1_080)
    }

    func testLongRangePerftDepth2Counts1088() throws {
        let r = try json(PerftJSON.self, try benchOK(["perft", "--depth", "2", "--long-range", "--json"]))
        XCTAssertEqual(r.nodes, 1_088)
        let plain = try json(PerftJSON.self, try benchOK(["perft", "--depth", "2", "--json"]))
        XCTAssertEqual(plain.nodes, 1_080)
    }

    func testPerftFromAGivenPosition() throws {
        // Perft starts from --position: here the tigers' moves from a hand-made position.
        let position = "8/8/8/8/8/8/8/TG6 t 3"
        let r = try json(PerftJSON.self, try benchOK(["perft", "--depth", "1", "--position", position, "--json"]))
        XCTAssertEqual(r.position, position)
        XCTAssertEqual(r.nodes, UInt64(try TigersGoats(parsing: position).legalMoves.count))
    }

    // MARK: - Replay

    func testReplayTigersGoatsPrintsTheResultingPosition() throws {
        let run = try benchOK(["replay", "--game", "tigers-goats", "--moves", "b1-c2"])
        XCTAssertEqual(run.stdout, "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G1G4G/G1GGGGGG t 0\n")
        let two = try benchOK(["replay", "--moves", "b1-c2, d4-d2"])
        XCTAssertEqual(two.stdout, "GGGGGGGG/G6G/G6G/G2TT2G/G3T2G/G6G/G1GT3G/G1GGGGGG g 0\n")
        let none = try benchOK(["replay", "--moves", ""])
        XCTAssertEqual(none.stdout, Self.start + "\n")

        let r = try json(TigersGoatsReplayJSON.self, try benchOK(["replay", "--moves", "b1-c2", "--json"]))
        XCTAssertEqual(r.game, "tigers-goats")
        XCTAssertEqual(r.position, "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G1G4G/G1GGGGGG t 0")
        XCTAssertEqual(r.plies, 1)
        XCTAssertEqual(r.sideToMove, "tigers")
        XCTAssertNil(r.outcome)
    }

    func testReplayThatEndsTheGamePrintsTheOutcome() throws {
        let run = try benchOK(["replay", "--position", Self.lastCapture, "--moves", "a1xc1"])
        XCTAssertEqual(run.stdout, "8/8/8/8/8/8/8/2T5 g 4\noutcome: tigers win\n")
        let jsonRun = try benchOK(["replay", "--position", Self.lastCapture, "--moves", "a1xc1", "--json"])
        let keys = try jsonKeys(jsonRun)
        XCTAssertEqual(keys, ["game", "position", "plies", "sideToMove", "outcome"])
        let r = try json(TigersGoatsReplayJSON.self, jsonRun)
        XCTAssertEqual(r.outcome, "tigers win")
        XCTAssertEqual(r.plies, 1)
        XCTAssertEqual(r.sideToMove, "goats")
        XCTAssertEqual(r.position, "8/8/8/8/8/8/8/2T5 g 4")
    }

    func testReplayCoinSorterSeed1PrintsTheDeal() throws {
        let run = try benchOK(["replay", "--game", "coin-sorter", "--seed", "1", "--moves", ""])
        XCTAssertEqual(run.stdoutLines.first, Substring(Self.seed1Deal))
        XCTAssertEqual(run.stdoutLines.count, 2, run.stdout)
        XCTAssertTrue(run.stdout.contains("score: 0"), run.stdout)

        let jsonRun = try benchOK(["replay", "--game", "coin-sorter", "--seed", "1", "--moves", "", "--json"])
        XCTAssertEqual(try jsonKeys(jsonRun), ["game", "seed", "position", "score", "over"])
        let r = try json(CoinSorterReplayJSON.self, jsonRun)
        XCTAssertEqual(r.game, "coin-sorter")
        XCTAssertEqual(r.seed, 1)
        XCTAssertEqual(r.position, Self.seed1Deal)
        XCTAssertEqual(r.score, 0)
        XCTAssertFalse(r.over)

        // The default seed is 1; seeds are decimal only (docs/formats.md, "Numbers").
        XCTAssertEqual(try benchOK(["replay", "--game", "coin-sorter"]).stdoutLines.first, Substring(Self.seed1Deal))
        try assertUsageError(["replay", "--game", "coin-sorter", "--seed", "0x1"], names: ["--seed", "'0x1'"])
    }

    func testReplayCoinSorterPlaysTheSwapsLikeTheReferee() throws {
        let seed: UInt64 = 123_456_789
        let swaps = ["a1:b1", "c3:c4", "e5:a5", "b2:d4", "a1:e5", "c1:c5", "b3:d3", "a2:a3", "e1:e2", "d5:b5"]
        var referee = CoinSorterReferee(seed: seed)
        for s in swaps { referee.play(try referee.state.parseMove(s)) }
        let r = try json(CoinSorterReplayJSON.self, try benchOK(
            ["replay", "--game", "coin-sorter", "--seed", String(seed), "--moves", swaps.joined(separator: ","), "--json"]))
        XCTAssertEqual(r.position, referee.state.text)
        XCTAssertEqual(r.score, referee.state.score)
        XCTAssertTrue(r.over)
        let text = try benchOK(["replay", "--game", "coin-sorter", "--seed", String(seed), "--moves", swaps.joined(separator: " ")])
        XCTAssertEqual(text.stdoutLines.first, Substring(referee.state.text))
        XCTAssertTrue(text.stdout.contains("(game over)"), text.stdout)
    }

    // MARK: - Usage errors

    // assertUsageError(_:names:): BenchTestSupport.swift.

    func testUnknownCommandsAndOptionsExitWithStatus2AndNameThem() throws {
        try assertUsageError(["frobnicate"], names: ["'frobnicate'"])
        try assertUsageError(["--bogus"], names: ["'--bogus'"])
        try assertUsageError([""], names: ["unknown command"])
        try assertUsageError(["help", "frobnicate"], names: ["'frobnicate'"])
        try assertUsageError(["frobnicate", "--help"], names: ["'frobnicate'"])
        try assertUsageError(["perft", "--depth", "1", "--bogus"], names: ["'--bogus'"])
        try assertUsageError(["perft", "--depth", "1", "--bogus=3"], names: ["'--bogus'"])
        try assertUsageError(["perft", "3"], names: ["'3'"])
        try assertUsageError(["perft", "--"], names: ["'--'"])
        try assertUsageError(["perft", "--depth", "1", "--json=yes"], names: ["--json"])
        try assertUsageError(["perft", "--depth", "1", "--depth", "2"], names: ["--depth", "twice"])
        try assertUsageError(["replay", "--frobnicate"], names: ["'--frobnicate'"])
        try assertUsageError(["playouts", "--depth", "3"], names: ["'--depth'"])
    }

    func testMissingAndBadNumbersExitWithStatus2AndNameTheOption() throws {
        try assertUsageError(["perft", "--depth"], names: ["--depth"])
        try assertUsageError(["perft", "--depth", "--json"], names: ["--depth"])
        try assertUsageError(["perft"], names: ["--depth"])
        try assertUsageError(["perft", "--json"], names: ["--depth"])
        try assertUsageError(["perft", "--depth", "x"], names: ["--depth", "'x'"])
        try assertUsageError(["perft", "--depth=x"], names: ["--depth", "'x'"])
        try assertUsageError(["perft", "--depth", "2.5"], names: ["--depth", "'2.5'"])
        try assertUsageError(["perft", "--depth", "-1"], names: ["--depth", "-1"])
        // Depth 0 has no root moves to divide by: refused, not "moves: 0".
        try assertUsageError(["perft", "--depth", "0", "--divide"], names: ["--divide needs --depth 1 or more"])
        try assertUsageError(["perft", "--depth", "31"], names: ["--depth", "31"])
        try assertUsageError(["perft", "--depth", "99999999999999999999999"], names: ["--depth"])
        try assertUsageError(["perft", "--depth", "1", "--threads", "0"], names: ["--threads", "0"])
        try assertUsageError(["perft", "--depth", "1", "--threads", "two"], names: ["--threads", "'two'"])
        try assertUsageError(["perft", "--depth", "1", "--threads"], names: ["--threads"])
        try assertUsageError(["perft", "--depth", "1", "--ply-limit", "0"], names: ["--ply-limit"])
        try assertUsageError(["benchmark", "--depth", "0"], names: ["--depth"])
        try assertUsageError(["playouts", "--games", "0"], names: ["--games"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--seed", "x"], names: ["--seed", "'x'"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--seed", "-1"], names: ["--seed"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--seed", "0xZZ"], names: ["--seed"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--seed", "18446744073709551616"], names: ["--seed"])
        try assertUsageError(["replay", "--moves"], names: ["--moves"])
    }

    func testMalformedPositionsExitWithStatus2AndNameTheProblem() throws {
        try assertUsageError(["perft", "--depth", "1", "--position", "GGGGGGGG/G6G g 0"], names: ["--position", "ranks"])
        try assertUsageError(["replay", "--position", "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGX g 0"],
                             names: ["--position", "'X'"])
        try assertUsageError(["replay", "--position", "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGG g 0"],
                             names: ["--position", "rank 1"])
        try assertUsageError(["replay", "--position", "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG x 0"],
                             names: ["--position", "'x'"])
        try assertUsageError(["replay", "--position", "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g -1"],
                             names: ["--position", "-1"])
        try assertUsageError(["replay", "--position", "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG"],
                             names: ["--position", "side"])
        try assertUsageError(["replay", "--position", ""], names: ["--position", "empty"])
    }

    func testIllegalMovesExitWithStatus2AndNameTheMoveAndItsIndex() throws {
        try assertUsageError(["replay", "--moves", "b1-c3"], names: ["move 1", "'b1-c3'"])
        try assertUsageError(["replay", "--moves", "b1-c2,b1-c3"], names: ["move 2", "'b1-c3'"])
        try assertUsageError(["replay", "--moves", "b1-c2 d4-d2 zz"], names: ["move 3", "'zz'"])
        try assertUsageError(["replay", "--moves", "b1-c2,d4xd2"], names: ["move 2", "'d4xd2'"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--moves", "a1:a1"], names: ["move 1", "'a1:a1'"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--moves", "a1:b1 f1:a2"], names: ["move 2", "'f1:a2'"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--moves", "a1:b1,a1-b2"], names: ["move 2", "'a1-b2'"])
    }

    func testMovesAfterTheGameIsOverExitWithStatus2() throws {
        try assertUsageError(["replay", "--position", Self.lastCapture, "--moves", "a1xc1 b1-b2"],
                             names: ["move 2", "'b1-b2'", "over"])
        let elevenSwaps = Array(repeating: "a1:b1", count: 11).joined(separator: ",")
        try assertUsageError(["replay", "--game", "coin-sorter", "--moves", elevenSwaps],
                             names: ["move 11", "'a1:b1'", "over"])
    }

    func testWrongGameOrOptionForTheGameExitsWithStatus2() throws {
        try assertUsageError(["replay", "--game", "chess"], names: ["'chess'"])
        try assertUsageError(["perft", "--game", "chess", "--depth", "1"], names: ["'chess'"])
        try assertUsageError(["perft", "--game", "coin-sorter", "--depth", "1"], names: ["coin-sorter"])
        try assertUsageError(["playouts", "--game", "coin-sorter", "--games", "1"], names: ["coin-sorter", "two-player"])
        try assertUsageError(["replay", "--seed", "3", "--moves", ""], names: ["--seed"])
        try assertUsageError(["replay", "--game", "tigers-goats", "--seed", "3"], names: ["--seed"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--position", Self.start], names: ["--position"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--long-range"], names: ["--long-range"])
        try assertUsageError(["replay", "--game", "coin-sorter", "--ply-limit", "10"], names: ["--ply-limit"])
    }

    /// Every usage error is one line, even when the offending input holds a line break.
    func testUsageErrorsStayOneLineWhenTheInputHoldsANewline() throws {
        try assertUsageError(["frob\nnicate"], names: ["frob"])
        try assertUsageError(["perft", "--depth", "1", "--bo\ngus"], names: ["--bo"])
        try assertUsageError(["replay", "--game", "che\nss"], names: ["che"])
    }

    /// An argument that is not UTF-8 is refused, not turned into another path (its bad
    /// bytes used to become U+FFFD, and the run wrote into a folder of that name).
    func testAnArgumentThatIsNotUTF8IsAUsageError() throws {
        let folder = try scratchFolder("not-utf8")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.currentDirectoryURL = folder
        process.arguments = ["-c", "exec \"$0\" tournament --agents random greedy --games 2 --out \"$(printf 'out\\377')\"",
                             try benchExecutablePath()]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, text)
        XCTAssertEqual(text, "bench: argument 8 is not valid UTF-8 (bench takes UTF-8 arguments and paths only)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
    }

    // MARK: - Help

    func testHelpExitsZeroAndPrintsUsage() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = try benchOK(arguments)
            XCTAssertTrue(run.stdout.contains("usage: bench"), "bench \(arguments): \(run.stdout)")
            XCTAssertTrue(run.stdout.contains("perft"), "bench \(arguments) lists the commands")
        }
        for arguments in [["perft", "--help"], ["perft", "-h"], ["help", "perft"]] {
            let run = try benchOK(arguments)
            XCTAssertTrue(run.stdout.contains("usage: bench perft"), "bench \(arguments): \(run.stdout)")
            XCTAssertTrue(run.stdout.contains("--depth"), "bench \(arguments) lists the options")
        }
        let replay = try benchOK(["replay", "--help"])
        XCTAssertTrue(replay.stdout.contains("usage: bench replay"), replay.stdout)
        XCTAssertTrue(replay.stdout.contains("--moves"), replay.stdout)
        // The tool outside the list has its help too; a second topic is refused, not ignored.
        XCTAssertTrue(try benchOK(["balls-speed", "--help"]).stdout.contains("usage: bench balls-speed"))
        try assertUsageError(["help", "tournament", "bogus"], names: ["help: takes one command"])
    }
}
