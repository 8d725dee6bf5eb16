// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TransactionSearch",
    products: [
        .library(name: "TransactionSearch", targets: ["TransactionSearch"]),
        .executable(name: "fsearch", targets: ["fsearch"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        .target(
            name: "TransactionSearch",
            swiftSettings: [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]
        ),
        // Our own command-line argument parsing, shared by fsearch and bench.
        .target(name: "CommandLineSupport"),
        // Shared by the tests and bench: the seeded data generator and the plain reference scan.
        .target(name: "TransactionSearchSupport", dependencies: ["TransactionSearch"]),
        .executableTarget(
            name: "fsearch",
            dependencies: ["TransactionSearch", "TransactionSearchSupport", "CommandLineSupport"],
            resources: [.copy("Resources/sample.csv")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["TransactionSearch", "TransactionSearchSupport", "CommandLineSupport"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "TransactionSearchTests",
            dependencies: ["TransactionSearch", "TransactionSearchSupport", "CommandLineSupport", "fsearch"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
