import Foundation
import XCTest

/// `bench sprt`, run as a subprocess: the JSON object, the decisions, the text output,
/// and bad input (status 2, one line on stderr naming the problem, nothing on stdout).
final class SprtCommandTests: XCTestCase {
    struct SprtJSON: Decodable {
        let llr: Double
        let lower: Double
        let upper: Double
        let decision: String
        let pairs: Int
    }

    func sprt(_ counts: String, _ elo0: String, _ elo1: String, _ extra: [String] = [],
              file: StaticString = #filePath, line: UInt = #line) throws -> SprtJSON {
        let run = try benchOK(["sprt", "--pentanomial", counts, "--elo0", elo0, "--elo1", elo1, "--json"] + extra,
                              file: file, line: line)
        XCTAssertEqual(run.stdoutLines.count, 1, "one line of JSON: \(run.stdout)", file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let keys = Set((object as? [String: Any] ?? [:]).keys)
        XCTAssertEqual(keys, ["llr", "lower", "upper", "decision", "pairs"], file: file, line: line)
        return try JSONDecoder().decode(SprtJSON.self, from: Data(run.stdout.utf8))
    }

    func testJsonHasTheLLRTheBoundsTheDecisionAndThePairs() throws {
        let r = try sprt("0,0,0,5,0", "0", "10")
        XCTAssertEqual(r.llr, 0.13976520470354267, accuracy: 1e-9)  // fishtest's LLR_normalized
        XCTAssertEqual(r.lower, log(0.05 / 0.95), accuracy: 1e-12)
        XCTAssertEqual(r.upper, log(0.95 / 0.05), accuracy: 1e-12)
        XCTAssertEqual(r.decision, "continue")
        XCTAssertEqual(r.pairs, 5)
        // α and β move the bounds.
        let s = try sprt("0,0,0,5,0", "0", "10", ["--alpha", "0.1", "--beta", "0.2"])
        XCTAssertEqual(s.lower, log(0.2 / 0.9), accuracy: 1e-12)
        XCTAssertEqual(s.upper, log(0.8 / 0.1), accuracy: 1e-12)
    }

    func testDecisionsAreH0H1OrContinue() throws {
        XCTAssertEqual(try sprt("0,0,0,106,0", "0", "10").decision, "H1")
        XCTAssertEqual(try sprt("0,0,0,105,0", "0", "10").decision, "continue")
        XCTAssertEqual(try sprt("0,106,0,0,0", "-10", "0").decision, "H0")
        XCTAssertEqual(try sprt("30,0,0,0,0", "0", "200").decision, "H0")
        let none = try sprt("0,0,0,0,0", "-5", "5")
        XCTAssertEqual(none.llr, 0)
        XCTAssertEqual(none.pairs, 0)
        XCTAssertEqual(none.decision, "continue")
        let huge = try sprt("1000000000000,0,5,0,1000000000000", "-1000", "1000")
        XCTAssertTrue(huge.llr.isFinite)
        XCTAssertEqual(huge.pairs, 2_000_000_000_005)
    }

    func testTextOutputNamesTheLLRTheBoundsAndTheDecision() throws {
        let run = try benchOK(["sprt", "--pentanomial", "0,3,27,20,0", "--elo0", "0", "--elo1", "50"])
        XCTAssertTrue(run.stdout.contains("LLR 3.372"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[-2.944, 2.944]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("H1 accepted"), run.stdout)
        XCTAssertTrue(run.stdout.contains("50 pairs"), run.stdout)
        let help = try benchOK(["sprt", "--help"])
        XCTAssertTrue(help.stdout.contains("--pentanomial"), help.stdout)
        XCTAssertTrue(try benchOK(["help"]).stdout.contains("sprt"))
    }

    func testBadInputExitsWithStatus2AndOneLineNamingTheProblem() throws {
        let ok = ["--elo0", "0", "--elo1", "10"]
        let cases: [([String], [String])] = [
            (["sprt"] + ok, ["--pentanomial"]),
            (["sprt", "--pentanomial", "1,2,3,4"] + ok, ["--pentanomial", "5"]),
            (["sprt", "--pentanomial", "1,2,3,4,5,6"] + ok, ["--pentanomial", "5"]),
            (["sprt", "--pentanomial", "1,2,-3,4,5"] + ok, ["negative", "-3"]),
            (["sprt", "--pentanomial", "1,2,3.5,4,5"] + ok, ["whole", "3.5"]),
            (["sprt", "--pentanomial", "1,2,x,4,5"] + ok, ["whole", "x"]),
            (["sprt", "--pentanomial", "1,2,,4,5"] + ok, ["whole"]),
            (["sprt", "--pentanomial", "1,2,1000000000001,4,5"] + ok, ["10^12"]),
            (["sprt", "--pentanomial", "1,2,99999999999999999999999,4,5"] + ok, ["10^12"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo1", "10"], ["--elo0"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "0"], ["--elo1"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "10", "--elo1", "0"], ["--elo0", "below"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "5", "--elo1", "5"], ["--elo0", "below"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "nan", "--elo1", "5"], ["--elo0", "finite"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "0", "--elo1", "inf"], ["--elo1", "finite"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "-1001", "--elo1", "0"], ["--elo0", "1000"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--elo0", "0", "--elo1", "ten"], ["--elo1"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--alpha", "0.5"] + ok, ["--alpha", "[1e-9, 0.5)"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--beta", "0"] + ok, ["--beta", "[1e-9, 0.5)"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--beta", "-0.1"] + ok, ["--beta"]),
            (["sprt", "--pentanomial", "1,2,3,4,5", "--games", "3"] + ok, ["--games"]),
        ]
        for (arguments, words) in cases {
            try assertUsageError(arguments, names: words)
        }
    }
}
