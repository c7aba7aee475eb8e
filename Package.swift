// swift-tools-version: 6.0
import PackageDescription

// MARK: - Code generation for the hot paths
//
// Move generation lives on popcount and trailing-zero counts. Without these flags
// `nonzeroBitCount` lowers to a bit-twiddling sequence (~1.6x slower perft), so on
// x86-64 we ask for POPCNT and BMI1 (TZCNT, BLSR), which every x86-64 CPU since
// 2013 has. Cross-module optimisation lets `bench` and `Search` inline the engines.
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
        .target(name: "Boards", swiftSettings: hotPathFlags),
        .target(name: "Search", dependencies: ["Boards"], swiftSettings: hotPathFlags),

        // MARK: - The bench executable
        .executableTarget(name: "Bench", dependencies: ["Boards", "Search"], swiftSettings: hotPathFlags),

        // MARK: - Tests
        .testTarget(name: "BoardsTests", dependencies: ["Boards"], swiftSettings: hotPathFlags),
        .testTarget(name: "SearchTests", dependencies: ["Boards", "Search"], swiftSettings: hotPathFlags),
        .testTarget(name: "BenchTests", dependencies: ["Bench", "Boards", "Search"], swiftSettings: hotPathFlags),
    ]
)
