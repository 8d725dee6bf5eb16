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
        // Shared by the tests and bench: the seeded data generator and the plain reference scan.
        .target(name: "TransactionSearchSupport", dependencies: ["TransactionSearch"]),
        .executableTarget(
            name: "fsearch",
            dependencies: ["TransactionSearch"]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["TransactionSearch", "TransactionSearchSupport"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "TransactionSearchTests",
            dependencies: ["TransactionSearch", "TransactionSearchSupport"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
