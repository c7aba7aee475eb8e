@testable import BenchCLI
import Workbench
import XCTest

/// Options read numbers in the one syntax of docs/formats.md ("Numbers"): plain
/// decimal; a `+`, `0x`, blanks, `_` or a non-finite real are usage errors naming
/// the option and the text, never read as something else.
final class OptionsNumberSyntaxTests: XCTestCase {
    func options(_ name: String, _ value: String) throws -> Options {
        try Options(command: "test", arguments: [name, value], declared: [name: .value])
    }

    func usageMessage(_ body: () throws(WorkbenchError) -> Void) -> String? {
        do { try body(); return nil } catch { return error.kind == .usage ? error.message : "runtime: \(error.message)" }
    }

    func testWholeNumbersArePlainDecimal() throws {
        XCTAssertEqual(try options("--n", "300").int("--n", default: 0, in: -1000...1000), 300)
        XCTAssertEqual(try options("--n", "-5").int("--n", default: 0, in: -1000...1000), -5)
        for bad in ["+5", "0x10", " 5", "5 ", "1_000", "5.0", "", "-", "\u{0663}"] {
            let o = try options("--n", bad)
            let message = usageMessage { () throws(WorkbenchError) in _ = try o.int("--n", default: 0, in: -1000...1000) }
            XCTAssertEqual(message, "test: option --n: '\(bad)' is not a whole number (plain decimal digits)", bad)
        }
    }

    func testSeedsAreDecimalOnly() throws {
        XCTAssertEqual(try options("--seed", "18446744073709551615").uint64("--seed", default: 1), UInt64.max)
        for bad in ["0x10", "+1", "-1", " 1", "18446744073709551616", "1e3"] {
            let o = try options("--seed", bad)
            let message = usageMessage { () throws(WorkbenchError) in _ = try o.uint64("--seed", default: 1) }
            XCTAssertEqual(message, "test: option --seed: '\(bad)' is not an unsigned 64-bit decimal number", bad)
        }
    }

    func testRealsArePlainDecimalAndFinite() throws {
        XCTAssertEqual(try options("--x", "1e-3").real("--x", default: nil), 0.001)
        XCTAssertEqual(try options("--x", ".5").real("--x", default: nil), 0.5)
        for bad in ["+0.5", "0x1p3", " 0.5", "nan", "inf", "1e400", "", "1,5"] {
            let o = try options("--x", bad)
            let message = usageMessage { () throws(WorkbenchError) in _ = try o.real("--x", default: nil) }
            XCTAssertEqual(message, "test: option --x: '\(bad)' is not a finite number", bad)
        }
        let none = try Options(command: "test", arguments: [], declared: ["--x": .value])
        XCTAssertEqual(usageMessage { () throws(WorkbenchError) in _ = try none.real("--x", default: nil) },
                       "test: missing required option --x")
        XCTAssertEqual(try none.real("--x", default: 0.25), 0.25)
    }

    func testPerWeightValuesTakeTheSameSyntax() throws {
        XCTAssertEqual(try PerWeight.numbers("0.5", label: "--c-end").all, 0.5)
        XCTAssertEqual(try PerWeight.bounds("w.four=-5:5", label: "--bounds").value(for: "four"), -5...5)
        for bad in ["+0.5", " 0.5", "0x1", "w.four=+1", "w.four=1, w.three=2"] {
            XCTAssertThrowsError(try PerWeight.numbers(bad, label: "--c-end"), bad)
        }
        for bad in ["+0:5", "0:0x5", " 0:5", "w.four=0: 5"] {
            XCTAssertThrowsError(try PerWeight.bounds(bad, label: "--bounds"), bad)
        }
    }
}
