import CommandLineSupport
import Foundation
import TransactionSearchSupport

/// What `bench` was asked to do.
struct BenchOptions {
    var rows = 100_000
    var seed: UInt64 = 42
    var years = 4
    var merchants = 3000
    var input: String?
    var export: String?
    var json = false
    var quick = false
    /// Run even when built in debug (its figures are then marked as meaningless).
    var allowDebug = false
    /// Run only this part once, for an instruction counter (`ProfileRun`).
    var profile: String?
    /// The shape of generated data.
    var distribution = TransactionGenerator.Distribution.standard
    /// A file of queries to measure instead of the standard mix (`QueryFile`).
    var queries: String?
    /// Measure only the queries (one build, no store directory, imports, mutations or cache):
    /// a quick loop while working on the query engine.
    var queriesOnly = false
    /// Measure only the imports of each file format (time and memory beyond the store): a
    /// quick loop while working on the import path.
    var importsOnly = false
    /// Measure only the interactive search (one build, the plain scan for its check).
    var interactiveOnly = false

    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measures TransactionSearch against the plain scan apps use today, on the same data, in one run.",
        options: [
            .value("rows", "N", help: "Rows to generate (default 100000)."),
            .value("seed", "N", help: "Seed of the generated data (default 42)."),
            .value("years", "N", help: "Years of dates to generate (default 4)."),
            .value("merchants", "N", help: "Distinct merchants to generate (default 3000)."),
            .value("input", "FILE", help: "Measure a file instead of generated rows: our CSV or JSON, or any bank file fsearch imports (OFX, QIF, camt, MT940, a bank's CSV)."),
            .value("export", "FILE.csv", help: "Also write the rows measured as CSV, for other tools."),
            .flag("json", help: "Print one JSON document with every figure instead of the table."),
            .flag("quick", help: "Few repetitions: a smoke run that checks answers (CI)."),
            .flag("allow-debug", help: "Run a debug build anyway (figures meaningless)."),
            .value("profile", "PART", help: "Run only build, open or mix once, for valgrind --tool=callgrind."),
            .value("distribution", "NAME", help: "Generated data: \(TransactionGenerator.Distribution.allCases.map(\.rawValue).joined(separator: "|")) (default standard)."),
            .value("queries", "FILE", help: "Measure the queries of a JSON file instead of the standard mix (see QueryFile.swift)."),
            .flag("queries-only", help: "Measure only the queries: no store directory, imports, mutations or cache."),
            .flag("imports-only", help: "Measure only importing each file format (time, memory beyond the store)."),
            .flag("interactive-only", help: "Measure only the interactive search (fsearch -i): each key to its redrawn screen."),
        ],
        discussion: """
            Build it in release: swift run -c release bench --rows 100000
            A debug build rebuilds itself in release and runs that.
            Every timed query is checked against the plain scan; a mismatch exits with status 1.
            """)

    static func parse(_ words: [String]) throws(UsageError) -> BenchOptions? {
        let parsed = try ArgumentParser.parse(words, for: spec)
        if parsed.wantsHelp { return nil }
        var options = BenchOptions()
        func number<T: FixedWidthInteger>(_ name: String, _ current: T) throws(UsageError) -> T {
            guard let text = parsed.value(name) else { return current }
            guard let value = T(text), value > 0 else { throw UsageError("--\(name) needs a positive whole number, not '\(text)'") }
            return value
        }
        options.rows = try number("rows", options.rows)
        options.seed = try number("seed", options.seed)
        options.years = try number("years", options.years)
        options.merchants = try number("merchants", options.merchants)
        options.input = parsed.value("input")
        options.export = parsed.value("export")
        options.json = parsed.has("json")
        options.quick = parsed.has("quick")
        options.allowDebug = parsed.has("allow-debug")
        options.profile = parsed.value("profile")
        options.queries = parsed.value("queries")
        options.queriesOnly = parsed.has("queries-only")
        options.importsOnly = parsed.has("imports-only")
        options.interactiveOnly = parsed.has("interactive-only")
        if let name = parsed.value("distribution") {
            guard let distribution = TransactionGenerator.Distribution(rawValue: name) else {
                throw UsageError("--distribution takes \(TransactionGenerator.Distribution.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
            }
            options.distribution = distribution
        }
        if let part = options.profile, !ProfileRun.parts.contains(part) {
            throw UsageError("--profile takes \(ProfileRun.parts.joined(separator: ", ")), not '\(part)'")
        }
        return options
    }
}
