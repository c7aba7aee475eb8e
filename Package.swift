// swift-tools-version: 6.0
import PackageDescription

// MARK: - Code generation for the hot paths
//
// Move generation lives on popcount and trailing- and leading-zero counts. Without
// POPCNT `nonzeroBitCount` lowers to a bit-twiddling sequence (~1.6x slower perft);
// without LZCNT `leadingZeroBitCount` is BSR plus a zero test and a subtraction (the
// tigers' southward and westward rays; -mlzcnt alone took perft from 0.69x to 0.85x
// the C speed, results/c-parity.md). LZCNT costs no machine we would otherwise run on:
// every x86-64 CPU with BMI1 has it (Intel since Haswell, where both arrived; AMD since
// K10).
// BMI2 (shlx) was measured too and was no faster, so it is not assumed. Those are
// unsafe flags, which a package used by version tag may not carry in the targets a
// dependent builds, so only the `bench` executable and the tests carry them; the
// engines' and searchers' hot code is `@inlinable` (or generic), so it is compiled,
// with the flags, in the module that calls it.
//
// `GAMEBENCH_CPU=native swift build ...` builds them for this machine's processor
// instead, with every instruction it has (AVX2, AVX-512: clang's `-march=native`, which
// also sets Swift's code generation, as `-mpopcnt` does). Bagh-Chal perft is then ~1.3x
// as fast on an AVX-512 Xeon (the compiler counts bits in vector registers), and the
// C it is compared with is built the same way (results/c-parity.md). Such a binary may
// stop with an illegal instruction on an older processor (a cluster's other nodes), so
// it is not the default.
#if arch(x86_64)
let cpuFlags: [SwiftSetting] = [
    Context.environment["GAMEBENCH_CPU"] == "native"
        ? .unsafeFlags(["-Xcc", "-march=native"])
        : .unsafeFlags(["-Xcc", "-mpopcnt", "-Xcc", "-mbmi", "-Xcc", "-mlzcnt"]),
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
#else
let cpuFlags: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
#endif

let package = Package(
    name: "GameBench",
    products: [
        .library(name: "Boards", targets: ["Boards"]),
        .library(name: "Search", targets: ["Search"]),
        .library(name: "Workbench", targets: ["Workbench"]),
        .executable(name: "bench", targets: ["BenchCLI"]),
        // The C interface (include/gamebench.h) as a shared library, for Python and C.
        .library(name: "GameBenchC", type: .dynamic, targets: ["GameBenchC"]),
    ],
    targets: [
        // MARK: - Libraries (what a dependent package builds: no unsafe flags)
        .target(name: "Boards"),
        .target(name: "Search", dependencies: ["Boards"]),
        .target(name: "Workbench", dependencies: ["Boards", "Search"], path: "Sources/Bench/Workbench"),
        .target(name: "GameBenchC", dependencies: ["Boards", "Search", "Workbench"]),

        // MARK: - The bench executable
        .executableTarget(name: "BenchCLI", dependencies: ["Boards", "Search", "Workbench"],
                          path: "Sources/Bench/CLI", swiftSettings: cpuFlags),

        // MARK: - Tests
        .testTarget(name: "BoardsTests", dependencies: ["Boards"], swiftSettings: cpuFlags),
        .testTarget(name: "SearchTests", dependencies: ["Boards", "Search"], swiftSettings: cpuFlags),
        // Agents/: sh scripts speaking the agent protocol, run by the tests (not sources).
        .testTarget(name: "WorkbenchTests", dependencies: ["Boards", "Search", "Workbench"], exclude: ["Agents"],
                    swiftSettings: cpuFlags),
        .testTarget(name: "BenchTests", dependencies: ["BenchCLI", "Workbench"], swiftSettings: cpuFlags),
    ]
)
