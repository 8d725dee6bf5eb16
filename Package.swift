// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TransactionSearch",
    // What the library uses: Synchronization (Mutex, Atomic), Int128 and Observation's
    // @Observable need these releases on Apple platforms; Linux needs Swift 6.1 or later.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TransactionSearch", targets: ["TransactionSearch"]),
        // Reading the files people have: bank statements (OFX, QIF, camt, MT940, a bank's CSV),
        // our own CSV and JSON, exchange rates. An app that only searches can leave it out.
        .library(name: "TransactionSearchFiles", targets: ["TransactionSearchFiles"]),
        .executable(name: "fsearch", targets: ["fsearch"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // No unsafe flags: an app depends on this package by version, which SwiftPM refuses for
        // a target with them. Tests run fast, asserts kept, with
        // `swift test -Xswiftc -O -Xswiftc -assert-config -Xswiftc Debug` (docs/testing.md).
        .target(name: "TransactionSearch"),
        // The readers, a module of their own so that the compiler keeps them apart from the
        // store: they hand records to the store's import pipeline and see nothing else of it.
        .target(name: "TransactionSearchFiles", dependencies: ["TransactionSearch"]),
        // Our own command-line argument parsing, shared by fsearch and bench.
        .target(name: "CommandLineSupport"),
        // Shared by the tests and bench: the seeded data generator and the plain reference scan.
        .target(name: "TransactionSearchSupport", dependencies: ["TransactionSearch"]),
        // fsearch's terminal side, a library so that bench can measure it: widths, fitting, the
        // table layout, styles, the rows of a result as lines, and the interactive search
        // (keys, raw mode, the screen and its frames).
        .target(name: "TerminalUI", dependencies: ["TransactionSearch"]),
        .executableTarget(
            name: "fsearch",
            dependencies: ["TransactionSearch", "TransactionSearchFiles", "TransactionSearchSupport", "CommandLineSupport", "TerminalUI"],
            resources: [.copy("Resources/sample.csv")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["TransactionSearch", "TransactionSearchFiles", "TransactionSearchSupport", "CommandLineSupport", "TerminalUI"],
            path: "Benchmarks/bench"
        ),
        // Compiled as an app sees the library: no @testable, Foundation and the library only.
        // Every Swift snippet of the README and docs/, and the Examples/ contract program, run here.
        .testTarget(name: "ClientTests", dependencies: ["TransactionSearch", "TransactionSearchFiles"]),
        .testTarget(
            name: "TransactionSearchTests",
            dependencies: ["TransactionSearch", "TransactionSearchFiles", "TransactionSearchSupport", "CommandLineSupport", "TerminalUI", "fsearch"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
