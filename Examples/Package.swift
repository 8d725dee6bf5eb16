// swift-tools-version: 6.1
import PackageDescription

// An app's search screen reduced to its calls (`Sources/SearchScreen/main.swift`), built
// against a released version of TransactionSearch the way an app adds it. CI (`.ci/run`)
// points TRANSACTION_SEARCH_URL at a bare clone of the checkout tagged with the version of
// `TransactionSearchRelease.version`; without it, the repository around this folder (which
// then needs that tag).
let transactionSearchURL = Context.environment["TRANSACTION_SEARCH_URL"] ?? "file://" + Context.packageDirectory + "/.."

// Package.swift
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(url: transactionSearchURL, from: "0.6.12"),
    ],
    targets: [
        .executableTarget(name: "SearchScreen", dependencies: [
            .product(name: "TransactionSearch", package: "TransactionSearch"),
            // Only to read bank files, CSV or JSON: importStatement, importTransactions.
            .product(name: "TransactionSearchFiles", package: "TransactionSearch"),
        ]),
    ]
)
