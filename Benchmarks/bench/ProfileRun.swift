import Foundation
import TransactionSearch
import TransactionSearchFiles
import TransactionSearchSupport

/// `bench --profile PART`: runs one part once, for an instruction counter, with everything it
/// needs prepared before. Under valgrind, count only the part:
///
///     valgrind --tool=callgrind --toggle-collect='*profiled*' .build/release/bench --profile build
///
/// - `build`: `add(contentsOf:)` of the generated drafts into an empty store, three times,
///   each timed;
/// - `open`: opening a store directory of those rows (written beforehand), five times, each timed;
/// - `mix`: every query of the standard mix, the groupings and the typing sequence once,
///   uncached; `mix-loop` the same 30 times (for `perf record`);
/// - `import`: our CSV of the rows imported into an empty store through the import path;
///   `import-bank-csv` the same rows as a bank's CSV export;
/// - `each`: every query of the mix, the groupings and the typing sequence 40 times, printing
///   the fastest and the median time and the plan of each (no plain scan, no answer check: a
///   quick loop while working on one query class; the minimum is what the host's noise
///   cannot inflate);
/// - `mutations`: the bench's updates with the mix cached (refilled every 100), counting only
///   the first update after each refill (the tail: every cached query checked on cold caches);
/// - `first-adds`: the bench's adds with the mix cached (refilled every 100), counting only
///   the first add after each refill but the very first (`profiledAdd`: the adds' tail, on
///   caches the mix left; the first add after a build grows every column, a one-off);
/// - `mutation-times`: the bench's mutation measurement alone, five rounds, each printing the
///   percentiles per kind and the median and worst time by position after a cache refill
///   (0: the first change after it), so the tail can be told apart from the rest;
/// - `cold-mutations`: adds, updates (category, merchant, amount, notes in turn) and deletes,
///   each after 48 MiB of other memory has been written (the caches as a burst of queries at a
///   million rows leaves them), no result cached; prints each kind's median, for `perf record`
///   (`profiledColdMutation` marks the timed part);
/// - `recurring`: recurring payments over every row, three times, each timed;
/// - `reports`: a report of every row by month for each dimension, by week by category and by
///   payee and by year by payee, each the fastest of five, saying whether it came from buckets;
/// - `import-rules`: a bank CSV import of 100,000 rows without and with 50 rules, three
///   times each, and the ratio of the fastest;
/// - `note-updates`: 200 updates that each write a new note (the bench's every fourth update),
///   no cache, each counted.
enum ProfileRun {
    static let parts = ["build", "open", "mix", "mix-loop", "import", "each", "mutations", "first-adds", "mutation-times", "note-updates", "import-bank-csv", "cold-mutations", "bulk-edits", "import-rules", "recurring", "reports"]

    static func run(_ part: String, options: BenchOptions) throws {
        let drafts = try BenchRun(options: options).loadDrafts()
        switch part {
        case "build":
            // Three builds, each timed (the first pays the process's one-time setup: the payee
            // tables, type metadata, fresh pages).
            for round in 1...3 {
                let store = TransactionStore()
                let start = ContinuousClock.now
                try profiledBuild(store, drafts)
                let elapsed = ContinuousClock.now - start
                print("profiled build \(round): \(store.count) rows in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
                guard round == 3, store.count > 0 else { continue }
                // Where the bytes go, per row, largest first: what a memory change is aimed at.
                let statistics = store.statistics
                print("memory: \(String(format: "%.1f", Double(statistics.totalBytes) / Double(store.count))) B/row")
                for (name, bytes) in statistics.bytesByStructure.sorted(by: { $0.bytes > $1.bytes }) {
                    print("  \(name): \(String(format: "%.1f", Double(bytes) / Double(store.count))) B/row")
                }
            }
        case "open":
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-profile-\(getpid())")
            try? FileManager.default.removeItem(at: directory)
            defer { try? FileManager.default.removeItem(at: directory) }
            let durable = try DurableStore(directory: directory, compactionThreshold: Int.max)
            try durable.add(contentsOf: drafts)
            try durable.compact()
            durable.close()
            // Five opens, each timed (the bench's figure is the median of three).
            for round in 1...5 {
                let start = ContinuousClock.now
                let rows = try profiledOpen(directory)
                let elapsed = ContinuousClock.now - start
                print("profiled open \(round): \(rows) rows in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
            }
        case "import":
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let csv = Array(store.export(as: .csv).utf8)
            print("profiled import: \(try profiledImport(csv)) rows")
        case "bulk-edits":
            // Ten bulk edits of about 10,000 rows (ActionsRun's), for perf record.
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let scan = PlainScan(transactions: [], timeZone: store.timeZone)
            let figures = try ActionsRun(store: store, drafts: drafts, scan: scan, quick: false).measureBulkEditsOnly()
            print("profiled bulk edits: \(figures.bulkEditRows) rows, p50 \(figures.bulkEdit.p50) ms")
        case "import-rules":
            let file = StatementFileWriter.write(Array(drafts.prefix(100_000)), as: .bankCSV, timeZone: .utc)
            // Alternately without and with the rules, each timed; the ratio of the fastest.
            let rules = ActionsRun.rules(for: Array(drafts.prefix(100_000)))
            var fastest = (without: Duration.seconds(1_000), with: Duration.seconds(1_000))
            for round in 0..<6 {
                let store = TransactionStore()
                if round % 2 == 1 { try store.setRules(rules) }
                let start = ContinuousClock.now
                let changed = try store.importStatement(from: file, options: ImportOptions(format: .bankCSV)).changedByRules
                let time = ContinuousClock.now - start
                if round % 2 == 1 { fastest.with = min(fastest.with, time) } else { fastest.without = min(fastest.without, time) }
                print("profiled import \(round % 2 == 1 ? "with" : "without") rules: \(changed) changed in \(time)")
            }
            print("import with rules / without: \(String(format: "%.2f", fastest.with / fastest.without))x")
        case "recurring":
            // Recurring payments over every row, three times, each timed.
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            for _ in 0..<3 {
                let start = ContinuousClock.now
                let found = store.recurringSeries().count
                print("profiled recurring: \(found) series in \(ContinuousClock.now - start)")
            }
        case "reports":
            // A report of every row by month for each dimension, and by week by category and by
            // payee: the fastest of five, and whether it came from buckets.
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let requests: [(String, ReportRequest)] = [("month, no dimension", ReportRequest(period: .month, dimension: nil))]
                + ReportDimension.allCases.map { ("month by \($0)", ReportRequest(period: .month, dimension: $0)) }
                + [("week by category", ReportRequest(period: .week, dimension: .category)),
                   ("week by payee", ReportRequest(period: .week, dimension: .payee)),
                   ("year by payee", ReportRequest(period: .year, dimension: .payee))]
            for (name, request) in requests {
                var fastest = Duration.seconds(1_000)
                var report = store.report(request)
                for _ in 0..<5 {
                    let start = ContinuousClock.now
                    report = store.report(request)
                    fastest = min(fastest, ContinuousClock.now - start)
                }
                print("profiled report \(name): \(report.cells.count) cells in \(fastest), from buckets: \(report.isFromBuckets)")
            }
        case "import-bank-csv":
            let file = StatementFileWriter.write(drafts, as: .bankCSV, timeZone: .utc)
            print("profiled import: \(try profiledImport(file, as: .bankCSV)) rows")
        case "mutations":
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let mix = (QueryMix.standard(for: store) + QueryMix.grouping).map(\.query)
            let ids = store.transactions(in: .dateAscending).map(\.id)
            var random = SeededRandom(seed: options.seed &+ 99)
            for index in 0..<2000 {
                var patch = TransactionPatch()
                patch.category = .set(["Groceries", "Recategorised", "Travel"][index % 3])
                let id = random.pick(ids)
                if index % 100 == 0 {
                    for query in mix { _ = store.search(query) }
                    try profiledMutation(store, id, patch)
                } else {
                    try store.update(id: id, patch)
                }
            }
            print("profiled mutations: \(store.diagnostics.cacheStatistics.entries) cached")
        case "first-adds":
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let mix = (QueryMix.standard(for: store) + QueryMix.grouping).map(\.query)
            let newRows = TransactionGenerator(rows: 2000, seed: options.seed &+ 1, years: options.years,
                                               merchants: options.merchants).generate()
            var times: [Double] = []
            for (index, row) in newRows.enumerated() {
                var draft = row
                draft.id = "bench-\(index)"
                // The first add after the build grows every column (a one-off); not counted.
                if index % 100 == 0 && index > 0 {
                    for query in mix { _ = store.search(query) }
                    times.append(try microseconds { try profiledAdd(store, draft) })
                } else {
                    try store.add(draft)
                }
            }
            let figures = Percentiles(times)
            print("profiled first adds: \(store.count) rows; first add after a refill p50 \(String(format: "%.1f", figures.p50)) µs, max \(String(format: "%.1f", figures.max)) µs")
        case "note-updates":
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let ids = store.transactions(in: .dateAscending).map(\.id)
            var random = SeededRandom(seed: options.seed &+ 99)
            for index in 0..<200 {
                var patch = TransactionPatch()
                patch.notes = .set("note \(index)")
                try profiledMutation(store, random.pick(ids), patch)
            }
            print("profiled note updates: \(store.count) rows")
        case "cold-mutations":
            try coldMutations(drafts, options: options)
        case "mutation-times":
            let run = BenchRun(options: options)
            for round in 1...5 {
                var store = TransactionStore()
                try store.add(contentsOf: drafts)
                let samples = try run.mutationSamples(&store)
                print("round \(round)")
                for (kind, times) in [("add", samples.adds), ("update", samples.updates), ("delete", samples.deletes)] {
                    let all = Percentiles(times)
                    let byPosition = [0, 1, 2, 3, 10, 50].map { position in
                        let at = Percentiles(stride(from: position, to: times.count, by: 100).map { times[$0] })
                        return "@\(position) \(String(format: "%.1f/%.1f", at.p50, at.max))"
                    }
                    print("  \(kind.padding(toLength: 7, withPad: " ", startingAt: 0)) p50 \(String(format: "%6.1f", all.p50))  p95 \(String(format: "%6.1f", all.p95))  p99 \(String(format: "%6.1f", all.p99))  max \(String(format: "%7.1f", all.max))   median/max by position: \(byPosition.joined(separator: "  "))")
                }
                // Updates by what they change (the bench's updates take turns: category,
                // merchant, amount, notes).
                let byChange = ["category", "merchant", "amount", "notes"].enumerated().map { change, name in
                    let at = Percentiles(stride(from: change, to: samples.updates.count, by: 4).map { samples.updates[$0] })
                    return "\(name) p50 \(String(format: "%.1f", at.p50)) p99 \(String(format: "%.1f", at.p99)) max \(String(format: "%.1f", at.max))"
                }
                print("  updates by change: \(byChange.joined(separator: "; "))")
            }
        case "each":
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let mix = try options.queries.map { try QueryFile.read($0) } ?? QueryMix.standard(for: store)
            for query in mix + (options.queries == nil ? QueryMix.grouping + QueryMix.typing : []) {
                var times: [Double] = []
                for _ in 0..<40 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = store.diagnostics.searchWithoutCache(query.query)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
                }
                times.sort()
                let label = query.label.padding(toLength: 52, withPad: " ", startingAt: 0)
                print("\(label) min \(String(format: "%8.1f", times[0])) µs  median \(String(format: "%8.1f", times[20])) µs  \(store.diagnostics.explainPlan(query.query))")
            }
        default:
            let store = TransactionStore()
            try store.add(contentsOf: drafts)
            let queries = try options.queries.map { try QueryFile.read($0).map(\.query) }
                ?? (QueryMix.standard(for: store) + QueryMix.grouping + QueryMix.typing).map(\.query)
            let rounds = part == "mix-loop" ? 30 : 1
            print("profiled mix: \((0..<rounds).reduce(0) { total, _ in total + profiledMix(store, queries) }) matches")
        }
    }

    @inline(never)
    static func profiledAdd(_ store: TransactionStore, _ draft: TransactionDraft) throws {
        try store.add(draft)
    }

    @inline(never)
    static func profiledMutation(_ store: TransactionStore, _ id: String, _ patch: TransactionPatch) throws {
        try store.update(id: id, patch)
    }

    /// See `cold-mutations` above.
    private static func coldMutations(_ drafts: [TransactionDraft], options: BenchOptions) throws {
        let store = TransactionStore()
        try store.add(contentsOf: drafts)
        let ids = store.transactions(in: .dateAscending).map(\.id)
        let newRows = TransactionGenerator(rows: 600, seed: options.seed &+ 1, years: options.years,
                                           merchants: options.merchants).generate()
        var random = SeededRandom(seed: options.seed &+ 99)
        let flush = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 48 << 20)
        flush.initialize(repeating: 0)
        defer { flush.deallocate() }
        func evict() { for index in stride(from: 0, to: flush.count, by: 64) { flush[index] &+= 1 } }
        var times: [String: [Double]] = [:]
        func timed(_ kind: String, _ body: () throws -> Void) rethrows {
            evict()
            let start = DispatchTime.now().uptimeNanoseconds
            try profiledColdMutation(body)
            times[kind, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        for round in 0..<5 {
            var added: [String] = []
            for (index, row) in newRows.enumerated() {
                var draft = row
                draft.id = "cold-\(round)-\(index)"
                try timed("add") { added.append(try store.add(draft).id) }
                var patch = TransactionPatch()
                let kind: String
                switch index % 4 {
                case 0: patch.category = .set(["Groceries", "Recategorised", "Travel"][index % 3]); kind = "category"
                case 1: patch.merchant = .set("Renamed \(random.int(in: 0...50))"); kind = "merchant"
                case 2: patch.amount = .set(DecimalAmount(significand: -Int64(random.int(in: 1...999)), fractionDigits: 0)); kind = "amount"
                default: patch.notes = .set("note \(round)-\(index)"); kind = "notes"
                }
                let id = random.pick(ids)
                try timed(kind) { try store.update(id: id, patch) }
            }
            for id in added { try timed("delete") { try store.delete(id: id) } }
        }
        for kind in ["add", "category", "merchant", "amount", "notes", "delete"] {
            let figures = Percentiles(times[kind] ?? [])
            print("\(kind.padding(toLength: 9, withPad: " ", startingAt: 0)) p50 \(String(format: "%6.1f", figures.p50)) µs  p95 \(String(format: "%6.1f", figures.p95)) µs  max \(String(format: "%8.1f", figures.max)) µs")
        }
    }

    @inline(never)
    static func profiledColdMutation(_ body: () throws -> Void) rethrows {
        try body()
    }

    @inline(never)
    static func profiledBuild(_ store: TransactionStore, _ drafts: [TransactionDraft]) throws {
        try store.add(contentsOf: drafts)
    }

    @inline(never)
    static func profiledOpen(_ directory: URL) throws -> Int {
        try DurableStore(directory: directory, mode: .readOnly).store.count
    }

    @inline(never)
    static func profiledImport(_ bytes: [UInt8], as format: StatementFormat = .csv) throws -> Int {
        try TransactionStore().importStatement(from: bytes, options: ImportOptions(format: format)).addedIDs.count
    }

    @inline(never)
    static func profiledMix(_ store: TransactionStore, _ queries: [Query]) -> Int {
        queries.reduce(0) { $0 + store.diagnostics.searchWithoutCache($1).total.count }
    }
}
