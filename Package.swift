// swift-tools-version: 6.0
import PackageDescription

// MARK: - Code generation for the hot paths
//
// Move generation lives on popcount and trailing-zero counts. Without these flags
// `nonzeroBitCount` lowers to a bit-twiddling sequence (~1.6x slower perft), so on
// x86-64 we ask for POPCNT and BMI1 (TZCNT, BLSR), which every x86-64 CPU since
// 2013 has. Cross-module optimisation lets `bench` inline the libraries.
//
// Only the executable and the tests carry these (unsafe) flags: a package used by
// version tag may not have unsafe flags in the library targets a dependent builds.
// The libraries' hot code is `@inlinable` (or generic), so the module that calls
// it compiles it with that module's flags.
#if arch(x86_64)
let hotPathFlags: [SwiftSetting] = [
    .unsafeFlags(["-Xcc", "-mpopcnt", "-Xcc", "-mbmi"]),
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
#else
let hotPathFlags: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
#endif

let package = Package(
    name: "GameBench",
    products: [
        .library(name: "Boards", targets: ["Boards"]),
        .library(name: "Search", targets: ["Search"]),
        .executable(name: "bench", targets: ["Bench"]),
    ],
    targets: [
        // MARK: - Libraries
        .target(name: "Boards"),
        .target(name: "Search", dependencies: ["Boards"]),

        // MARK: - The bench executable
        .executableTarget(name: "Bench", dependencies: ["Boards", "Search"], swiftSettings: hotPathFlags),

        // MARK: - Tests
        .testTarget(name: "BoardsTests", dependencies: ["Boards"], swiftSettings: hotPathFlags),
        .testTarget(name: "SearchTests", dependencies: ["Boards", "Search"], swiftSettings: hotPathFlags),
        .testTarget(name: "BenchTests", dependencies: ["Bench", "Boards", "Search"], swiftSettings: hotPathFlags),
    ]
)
