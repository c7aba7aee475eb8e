@testable import BenchCLI
import XCTest

/// The one list of commands (``BenchCommand/commands``) against what the built `bench`
/// does: every command in it is dispatched, and every listed one is in `bench --help`
/// and in the unknown-command message.
final class BenchCommandTableTests: XCTestCase {
    /// The commands `bench --help` lists (a tool without a summary is left out).
    var listed: [BenchSubcommand] { BenchCommand.commands.filter { $0.summary != nil } }

    func testTheTableNamesEachCommandOnce() {
        let names = BenchCommand.commands.flatMap { [$0.name] + $0.aliases }
        XCTAssertEqual(names.count, Set(names).count, "a name twice in the table: \(names)")
        for name in ["tournament", "merge", "serve", "cluster", "solve", "help"] {
            XCTAssertNotNil(BenchCommand.command(named: name), name)
        }
    }

    /// `bench NAME --dispatch-probe` reaches NAME's own parser: a usage error that NAME
    /// reports (its name first, after `bench: `), not the unknown-command message.
    func testEveryCommandInTheTableIsDispatched() throws {
        for command in BenchCommand.commands where command.name != "help" {
            let run = try bench([command.name, "--dispatch-probe"])
            XCTAssertTrue(run.exited, "bench \(command.name) crashed")
            XCTAssertEqual(run.status, 2, "bench \(command.name) --dispatch-probe: \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, "bench \(command.name): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("bench: " + command.name + ":"),
                          "bench \(command.name) should answer itself: \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("unknown command"), run.stderr)
        }
        // `help` runs too: with no topic it prints the help, with a command's name that command's.
        let help = try benchOK(["help"])
        XCTAssertTrue(help.stdout.hasPrefix("bench: the game-AI workbench"), help.stdout)
        XCTAssertEqual(try benchOK(["help", "cluster"]).stdout, try benchOK(["cluster", "--help"]).stdout)
    }

    func testHelpListsEveryCommandWithItsSummary() throws {
        let lines = try benchOK(["--help"]).stdoutLines.map(String.init)
        for command in listed {
            let line = "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary!
            XCTAssertTrue(lines.contains(line), "bench --help should hold '\(line)'")
            XCTAssertNotNil(command.help, "\(command.name) is listed, so it has a help")
        }
        for command in BenchCommand.commands where command.summary == nil {
            XCTAssertFalse(lines.contains { $0.hasPrefix("  " + command.name + " ") }, "\(command.name) is not in the help")
        }
    }

    func testTheUnknownCommandMessageListsEveryListedCommand() throws {
        let run = try bench(["frobnicate"])
        XCTAssertEqual(run.status, 2)
        let known = try XCTUnwrap(run.stderr.split(separator: "(commands: ").last).dropLast(2)  // without ")\n"
        XCTAssertEqual(known.components(separatedBy: ", "), listed.map(\.name), run.stderr)
        for name in ["serve", "merge", "cluster"] {
            XCTAssertTrue(known.components(separatedBy: ", ").contains(name), "the message should name \(name): \(run.stderr)")
        }
    }
}
