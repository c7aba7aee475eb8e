import Foundation
import XCTest

// Shared by the BenchTests files: finding the built `bench` executable and running
// it as a subprocess (to completion, or in the background to be interrupted).

/// A class of this test bundle, to find the bundle (and the products directory) from.
private final class BenchTestBundleMarker {}

struct BenchNotFound: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
        "the bench executable was not found (build it with `swift build`, or set BENCH_EXECUTABLE); looked at: "
            + searched.joined(separator: ", ")
    }
}

/// One finished run of `bench`.
struct BenchRun {
    let arguments: [String]
    let status: Int32
    let exited: Bool
    let stdout: String
    let stderr: String

    var stdoutLines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLastIfEmpty() }
    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLastIfEmpty() }
}

/// A `bench` process started in the background, with stdout and stderr going to files.
final class BenchProcess {
    let arguments: [String]
    let process = Process()
    private let done = DispatchSemaphore(value: 0)
    private let outURL: URL
    private let errURL: URL
    private let outHandle: FileHandle
    private let errHandle: FileHandle
    private var finished = false

    /// Starts `bench`; `input`, when given, is its standard input (as if piped from a file).
    init(path: String, arguments: [String], input: String? = nil) throws {
        self.arguments = arguments
        let tmp = FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        outURL = tmp.appendingPathComponent("bench-test-\(id).out")
        errURL = tmp.appendingPathComponent("bench-test-\(id).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        outHandle = try FileHandle(forWritingTo: outURL)
        errHandle = try FileHandle(forWritingTo: errURL)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let input {
            let inURL = tmp.appendingPathComponent("bench-test-\(id).in")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
            // The open handle keeps the text for bench; the name is not needed (and was left behind).
            try? FileManager.default.removeItem(at: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let done = self.done
        process.terminationHandler = { _ in done.signal() }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }

    /// Waits for the process to end (killing it after `timeout` seconds); `nil` on a timeout.
    func wait(timeout: TimeInterval) -> BenchRun? {
        var timedOut = false
        if !finished {
            if done.wait(timeout: .now() + timeout) == .timedOut {
                timedOut = true
                process.terminate()
                _ = done.wait(timeout: .now() + 5)
            }
            finished = true
            try? outHandle.close()
            try? errHandle.close()
        }
        let out = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let err = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        if timedOut { return nil }
        return BenchRun(arguments: arguments, status: process.terminationStatus,
                        exited: process.terminationReason == .exit, stdout: out, stderr: err)
    }
}

extension XCTestCase {
    /// A fresh path (not created) under the temporary directory, `name`, a UUID and
    /// `suffix`, removed with everything in it when the test ends.
    func scratchURL(_ name: String, suffix: String = "") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)\(UUID().uuidString)\(suffix)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// ``scratchURL(_:)``, created as an empty folder.
    func scratchFolder(_ name: String) throws -> URL {
        let url = scratchURL(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    typealias Run = BenchRun

    /// Where `bench` is looked for, most specific first.
    static func candidateDirectories() -> [URL] {
        var dirs: [URL] = []
        func add(_ url: URL) {
            let u = url.standardizedFileURL
            dirs.append(u)
            dirs.append(u.deletingLastPathComponent())
        }
        // The test bundle sits in the products directory next to the executables:
        // `X/debug/GameBenchPackageTests.xctest` (a file on Linux, a bundle on macOS).
        add(Bundle(for: BenchTestBundleMarker.self).bundleURL)
        add(Bundle.main.bundleURL)
        if let argument0 = CommandLine.arguments.first, !argument0.isEmpty {
            add(URL(fileURLWithPath: argument0).resolvingSymlinksInPath())
            add(URL(fileURLWithPath: argument0))
        }
        // Last resort: the default scratch path of the package this file belongs to.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        dirs.append(root.appendingPathComponent(".build/debug"))
        dirs.append(root.appendingPathComponent(".build/release"))
        return dirs
    }

    /// The `bench` executable: `$BENCH_EXECUTABLE` if set, else the one next to the tests.
    static var benchPath: Result<String, BenchNotFound> { benchExecutable }

    /// The path of `bench`, failing the test when it is not found.
    func benchExecutablePath(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        switch Self.benchPath {
        case .success(let p): return p
        case .failure(let error):
            XCTFail(error.description, file: file, line: line)
            throw error
        }
    }

    /// Runs `bench arguments`, waiting at most `timeout` seconds.
    func bench(_ arguments: [String], input: String? = nil, timeout: TimeInterval = 60,
               file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let process = try BenchProcess(path: try benchExecutablePath(file: file, line: line), arguments: arguments,
                                       input: input)
        guard let run = process.wait(timeout: timeout) else {
            XCTFail("bench \(arguments) did not finish within \(timeout) s", file: file, line: line)
            return BenchRun(arguments: arguments, status: -1, exited: false, stdout: "", stderr: "timed out")
        }
        return run
    }

    /// Starts `bench arguments` in the background.
    func startBench(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> BenchProcess {
        try BenchProcess(path: try benchExecutablePath(file: file, line: line), arguments: arguments)
    }

    /// Runs bench, expecting success (status 0, nothing on stderr).
    /// A run that succeeds: status 0 and nothing on stderr but `stderr` (a note).
    func benchOK(_ arguments: [String], timeout: TimeInterval = 60, stderr expected: String? = "",
                 file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let run = try bench(arguments, timeout: timeout, file: file, line: line)
        XCTAssertTrue(run.exited, "bench \(arguments) crashed", file: file, line: line)
        XCTAssertEqual(run.status, 0, "bench \(arguments) status; stderr: \(run.stderr)", file: file, line: line)
        if let expected { XCTAssertEqual(run.stderr, expected, "bench \(arguments) wrote to stderr", file: file, line: line) }
        return run
    }

    /// Bad input: status 2 (or `status`: 1 for a runtime failure), exactly one line on
    /// stderr containing every word given, nothing on stdout.
    func assertUsageError(_ arguments: [String], names words: [String], status: Int32 = 2,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try bench(arguments, file: file, line: line)
        XCTAssertTrue(run.exited, "bench \(arguments) crashed (signal \(run.status))", file: file, line: line)
        XCTAssertEqual(run.status, status, "bench \(arguments) status; stderr: \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stdout, "", "bench \(arguments) wrote to stdout", file: file, line: line)
        XCTAssertEqual(run.stderrLines.count, 1, "bench \(arguments): one line on stderr, got: \(run.stderr)",
                       file: file, line: line)
        XCTAssertTrue(run.stderr.hasSuffix("\n"), "bench \(arguments): stderr ends its line", file: file, line: line)
        for word in words {
            XCTAssertTrue(run.stderr.contains(word), "bench \(arguments): stderr should name \(word): \(run.stderr)",
                          file: file, line: line)
        }
    }
}

private let benchExecutable: Result<String, BenchNotFound> = {
    if let explicit = ProcessInfo.processInfo.environment["BENCH_EXECUTABLE"], !explicit.isEmpty {
        return FileManager.default.isExecutableFile(atPath: explicit)
            ? .success(explicit) : .failure(BenchNotFound(searched: [explicit]))
    }
    var searched: [String] = []
    for dir in XCTestCase.candidateDirectories() {
        for name in ["bench", "bench.exe"] {
            let path = dir.appendingPathComponent(name).path
            if searched.contains(path) { continue }
            searched.append(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: path) {
                return .success(path)
            }
        }
    }
    return .failure(BenchNotFound(searched: searched))
}()

extension Array where Element == Substring {
    /// Drops the empty piece that follows a final newline.
    func dropLastIfEmpty() -> [Substring] {
        if let last, last.isEmpty { return Array(dropLast()) }
        return self
    }
}
