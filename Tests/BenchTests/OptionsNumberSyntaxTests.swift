@testable import BenchCLI
import Workbench
import XCTest

/// Options read numbers in the one syntax of docs/formats.md ("Numbers"): plain
/// decimal; a `+`, `0x`, blanks, `_` or a non-finite real are usage errors naming
/// the option and the text, never read as something else.
final class OptionsNumberSyntaxTests: XCTestCase {
    /// `--NAME VALUE` parsed against `option` (the value is checked as it is parsed).
    func options(_ option: CommandOption, _ value: String?) throws(WorkbenchError) -> Options {
        try Options(command: "test", arguments: value.map { [option.flag, $0] } ?? [], options: [option])
    }

    func usageMessage(_ body: () throws(WorkbenchError) -> Void) -> String? {
        do { try body(); return nil } catch { return error.kind == .usage ? error.message : "runtime: \(error.message)" }
    }

    func testWholeNumbersArePlainDecimal() throws {
        let n = CommandOption.int("n", in: -1000...1000, help: "")
        XCTAssertEqual(try options(n, "300").int("--n"), 300)
        XCTAssertEqual(try options(n, "-5").int("--n"), -5)
        for bad in ["+5", "0x10", " 5", "5 ", "1_000", "5.0", "", "-", "\u{0663}"] {
            let message = usageMessage { () throws(WorkbenchError) in _ = try options(n, bad).int("--n") }
            XCTAssertEqual(message, "test: option --n: '\(bad)' is not a whole number (plain decimal digits)", bad)
        }
        XCTAssertEqual(usageMessage { () throws(WorkbenchError) in _ = try options(n, "1001") }, "test: option --n: 1001 is out of range -1000...1000")
    }

    func testSeedsAreDecimalOnly() throws {
        let seed = CommandOption.seed(help: "")
        XCTAssertEqual(try options(seed, "18446744073709551615").uint64("--seed"), UInt64.max)
        XCTAssertEqual(try options(seed, nil).uint64("--seed"), 1)
        for bad in ["0x10", "+1", "-1", " 1", "18446744073709551616", "1e3"] {
            let message = usageMessage { () throws(WorkbenchError) in _ = try options(seed, bad).uint64("--seed") }
            XCTAssertEqual(message, "test: option --seed: '\(bad)' is not an unsigned 64-bit decimal number", bad)
        }
    }

    func testRealsArePlainDecimalAndFinite() throws {
        let x = CommandOption.real("x", "X", in: -1e9...1e9, help: "")
        XCTAssertEqual(try options(x, "1e-3").real("--x"), 0.001)
        XCTAssertEqual(try options(x, ".5").real("--x"), 0.5)
        for bad in ["+0.5", "0x1p3", " 0.5", "nan", "inf", "1e400", "", "1,5"] {
            let message = usageMessage { () throws(WorkbenchError) in _ = try options(x, bad).real("--x") }
            XCTAssertEqual(message, "test: option --x: '\(bad)' is not a finite number", bad)
        }
        XCTAssertEqual(usageMessage { () throws(WorkbenchError) in _ = try options(x, nil).real("--x") }, "test: missing required option --x")
        XCTAssertEqual(try options(.real("x", "X", in: 0...1, default: 0.25, help: ""), nil).real("--x"), 0.25)
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
