import Foundation

/// Every figure of a run: printed as a table, or as one JSON document with `--json`.
struct BenchReport: Encodable {
    struct Machine: Encodable {
        var cores: Int
        var memoryGiB: Double
        var operatingSystem: String
        var swift: String
        var configuration: String

        static var current: Machine {
            #if compiler(>=6.3)
            let swift = "6.3 or later"
            #elseif compiler(>=6.2)
            let swift = "6.2"
            #else
            let swift = "older than 6.2"
            #endif
            let info = ProcessInfo.processInfo
            return Machine(cores: info.activeProcessorCount, memoryGiB: Double(info.physicalMemory) / 1_073_741_824,
                           operatingSystem: info.operatingSystemVersionString, swift: swift,
                           configuration: ReleaseGuard.isDebugBuild ? "debug (figures meaningless)" : "release")
        }
    }

    struct DataInfo: Encodable {
        var source = ""
        var rows = 0
        var merchants = 0
        var descriptors = 0
        var days = 0
        var skippedInputRows = 0
        var exportedTo: String?
    }

    struct Build: Encodable {
        /// Building a store from the parsed rows, each build.
        var milliseconds: [Double] = []
        /// Reading the same rows from CSV into drafts.
        var csvParseMilliseconds = 0.0
        var median: Double { milliseconds.sorted()[milliseconds.count / 2] }
    }

    struct Memory: Encodable {
        struct Part: Encodable {
            var name: String
            var bytes: Int
        }

        /// Growth of the process's resident memory while the store was built.
        var residentBytes: Int?
        /// What the store's structures count.
        var structureBytes: Int
        var rows: Int
        var byStructure: [Part]

        var residentBytesPerRow: Double? { residentBytes.map { Double($0) / Double(max(rows, 1)) } }
        var structureBytesPerRow: Double { Double(structureBytes) / Double(max(rows, 1)) }
        /// The figure judged against the SPEC: the larger of the two. Resident growth depends on
        /// the heap's state (a build that refills pages an earlier, freed store left resident
        /// grows less than it holds: 151 B/row against 195 of structures on long-tail data);
        /// the structures' count leaves out the allocator's own overhead.
        var judgedBytesPerRow: Double { max(residentBytesPerRow ?? 0, structureBytesPerRow) }
    }

    struct QueryFigures: Encodable {
        var label: String
        var matches: Int
        var groups: Int
        var selectivityPercent: Double
        var plan: String
        var indexed: Percentiles
        var samples: [Double] = []
        var plainMilliseconds: Double
        var speedup: Double
        /// The answer's floor (`AnswerFloor`): reading only its rows and group headers.
        var floor: Percentiles?

        /// The median time per matching row, in nanoseconds (the whole time for no match).
        var nanosecondsPerRow: Double { indexed.p50 * 1000 / Double(max(matches, 1)) }
        /// How many times the floor the median answer takes.
        var timesFloor: Double? { floor.map { indexed.p50 / max($0.p50, 0.001) } }

        private enum CodingKeys: String, CodingKey {
            case label, matches, groups, selectivityPercent, plan, indexed, plainMilliseconds, speedup, floor
        }
    }

    /// Importing the same rows from one file format into an empty store.
    struct ImportFigures: Encodable {
        var format: String
        var fileBytes: Int
        var milliseconds: [Double]
        /// Resident memory at the import's peak beyond what the store holds after it, in a
        /// process that does nothing else (`ImportMemoryProbe`; the in-run figure if that fails).
        var extraBytes: Int?
        /// The same, measured inside the bench after its earlier parts (the allocator's history
        /// included).
        var inRunExtraBytes: Int?
        /// Whether `extraBytes` comes from a process of its own (false: the in-run figure).
        var measuredAlone = false
        /// What the store holds after the import (resident growth, in the run).
        var storeBytes: Int?
        var median: Double { milliseconds.sorted()[milliseconds.count / 2] }
    }

    struct PlainScanFigures: Encodable {
        var preparationMilliseconds = 0.0
    }

    /// A store directory of the same rows: the durable import, the snapshot, and reopening.
    struct Durable: Encodable {
        /// Adding every row through `DurableStore` (validated, logged, one fsync).
        var importMilliseconds = 0.0
        var snapshotMilliseconds = 0.0
        var snapshotBytes = 0
        /// Opening the store from its snapshot (read-only), each time.
        var openMilliseconds: [Double] = []
        var openMedian: Double { openMilliseconds.isEmpty ? 0 : openMilliseconds.sorted()[openMilliseconds.count / 2] }
        /// The same measures for the same number of rows whose descriptors are all distinct
        /// (a reference and a date in every one, as bank rows have): compaction writes every
        /// string, so this is its worst case.
        var distinct: Distinct?

        struct Distinct: Encodable {
            var rows = 0
            var compactionMilliseconds = 0.0
            var snapshotBytes = 0
            var openMilliseconds: [Double] = []
            /// The process's peak resident memory during the compaction beyond what it held
            /// before (the peak reset first).
            var compactionPeakGrowthBytes = 0
        }
    }

    struct Mutations: Encodable {
        var add: Percentiles
        var update: Percentiles
        var delete: Percentiles
        /// The cache's entries right after a refill (the mix's results), kept current by the
        /// changes that follow until the store drops it (`BenchRun.measureMutations`).
        var cacheEntries: Int
    }

    struct Cache: Encodable {
        var cached: Percentiles
        var uncached: Percentiles
        var hits: Int
        var misses: Int
        var invalidations: Int
    }

    /// The interactive search's keys, each timed from its bytes to the frame that shows its
    /// answer, in microseconds.
    struct Interactive: Encodable {
        /// Characters typed into the search box.
        var typing: [Double] = []
        /// Backspaces deleting them again.
        var deleting: [Double] = []
        /// Tab and Shift-Tab, changing the grouping.
        var grouping: [Double] = []
        /// Bytes written to the terminal for each key (only the lines that changed).
        var bytesWritten: [Int] = []
        /// Answers that were wrong (the run fails on any).
        var mismatches: [String] = []

        var all: Percentiles { Percentiles(typing + deleting + grouping) }

        private enum CodingKeys: String, CodingKey {
            case typingPercentiles = "typing", deletingPercentiles = "deleting", groupingPercentiles = "grouping", allPercentiles = "all",
                 medianBytesWritten
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Percentiles(typing), forKey: .typingPercentiles)
            try container.encode(Percentiles(deleting), forKey: .deletingPercentiles)
            try container.encode(Percentiles(grouping), forKey: .groupingPercentiles)
            try container.encode(all, forKey: .allPercentiles)
            try container.encode(medianBytesWritten, forKey: .medianBytesWritten)
        }

        var medianBytesWritten: Int { bytesWritten.isEmpty ? 0 : bytesWritten.sorted()[bytesWritten.count / 2] }
    }

    /// Recurring payments over every row, and a 24-month report by category (`InsightsRun`).
    struct Insights: Encodable {
        var recurringMilliseconds: [Double] = []
        var seriesFound = 0
        var reportMicroseconds: [Double] = []
        var reportCells = 0
        var reportFromBuckets = false
        var mismatches: [String] = []
    }

    /// A docs/SPEC.md section 5 figure beside its must and aim.
    struct SpecLine: Encodable {
        var measure: String
        var value: Double
        var unit: String
        var must: Double
        var aim: Double
        var higherIsBetter: Bool
        /// Set when the line's must and aim are for another size than this run's: the text
        /// names that size instead of a verdict (a fixed cost of an import is a large share of
        /// a small file).
        var judgedOnlyAt: String? = nil

        var meetsMust: Bool { higherIsBetter ? value > must : value < must }
        var meetsAim: Bool { higherIsBetter ? value > aim : value < aim }
    }

    var machine: Machine
    var command: String
    var data = DataInfo()
    var build = Build()
    var memory = Memory(residentBytes: nil, structureBytes: 0, rows: 0, byStructure: [])
    var plainScan = PlainScanFigures()
    var queries: [QueryFigures] = []
    var grouping: [QueryFigures] = []
    var typing: [QueryFigures] = []
    var imports: [ImportFigures] = []
    /// The OFX file imported into an empty store directory (its log record holds every added
    /// row, so the import keeps them in memory until it is written): for the record, no line.
    var durableImport: ImportFigures?
    var mutations: Mutations?
    var cache: Cache?
    var durable: Durable?
    /// The interactive search, key to frame (`InteractiveRun`).
    var interactive: Interactive?
    /// Bulk edits, the import with rules, payee cleaning (`ActionsRun`).
    var actions: Actions?
    /// Recurring payments and a report (`InsightsRun`).
    var insights: Insights?
    var mismatches: [String] = []

    init(machine: Machine, options: BenchOptions) {
        self.machine = machine
        command = (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
    }

    var queryMix: Percentiles { Percentiles(queries.flatMap(\.samples)) }

    /// docs/SPEC.md section 5 per query class, in microseconds: (must, aim) of a p99 at this
    /// size (1 ms and 0.2 ms at 100,000 rows; 10 ms and 2 ms at a million; in between, scaled).
    var queryLine: (must: Double, aim: Double) {
        data.rows >= 1_000_000 ? (10_000, 2_000) : (1_000, 200)
    }

    /// The table of every timed query, grouping and keystroke, and the plain scan's line.
    private func appendQueryTable(to out: inout [String]) {
        out.append(row(["query", "rows", "groups", "p50", "p95", "p99", "max", "plain ms", "speed-up", "misses", "ns/row", "floor", "xfloor"]))
        for (figure, isGrouping) in queries.map({ ($0, false) }) + grouping.map({ ($0, true) }) + typing.map({ ($0, false) }) {
            out.append(row([
                figure.label + String(format: " (%.2f%%)", figure.selectivityPercent), "\(figure.matches)", "\(figure.groups)",
                format(figure.indexed.p50), format(figure.indexed.p95), format(figure.indexed.p99), format(figure.indexed.max),
                String(format: "%.2f", figure.plainMilliseconds), String(format: "%.0fx", figure.speedup), verdict(figure, grouping: isGrouping),
                String(format: "%.0f", figure.nanosecondsPerRow), figure.floor.map { format($0.p50) } ?? "",
                figure.timesFloor.map { String(format: "%.1fx", $0) } ?? "",
            ]))
        }
        let mix = queryMix, groupingMix = self.groupingMix
        out.append(row(["query mix, all samples", "", "", format(mix.p50), format(mix.p95), format(mix.p99), format(mix.max), "", ""]))
        out.append(row(["grouping, all samples", "", "", format(groupingMix.p50), format(groupingMix.p95), format(groupingMix.p99),
                        format(groupingMix.max), "", ""]))
        if !typing.isEmpty {
            let keystrokes = Percentiles(typing.flatMap(\.samples))
            out.append(row(["typing, every keystroke", "", "", format(keystrokes.p50), format(keystrokes.p95), format(keystrokes.p99), format(keystrokes.max), "", ""]))
        }
        out.append("Plain scan: fields folded once in \(String(format: "%.0f", plainScan.preparationMilliseconds)) ms (not counted per query); median speed-up \(String(format: "%.0fx", medianSpeedup))")
        if let floorLine { out.append(floorLine) }
    }

    /// The floor line: how far the answers are from reading only their rows and group headers
    /// (`AnswerFloor`, p50 against p50), over the mix and over its selective queries (at most
    /// 1% of the rows).
    var floorLine: String? {
        let figures = queries.filter { $0.floor != nil }
        guard !figures.isEmpty else { return nil }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let all = figures.compactMap(\.timesFloor)
        var line = "Floor (reading only each answer's rows and group headers, one currency, no page): the mix at "
            + String(format: "%.1fx", median(all)) + " the floor (median), worst " + String(format: "%.1fx", all.max()!)
        let selective = figures.filter { $0.selectivityPercent <= 1 && $0.matches > 0 }.compactMap(\.timesFloor)
        if !selective.isEmpty {
            line += "; selective queries (at most 1% of rows) " + String(format: "%.1fx", median(selective)) + " (median), worst "
                + String(format: "%.1fx", selective.max()!) + " (issue 40 aims at 4x)"
        }
        return line
    }

    /// A mark beside a figure: nothing when it meets the aim, `(aim)` when it misses only the
    /// aim, `MUST` when it misses the must.
    func verdict(_ figure: QueryFigures, grouping: Bool = false) -> String {
        let (must, aim) = grouping && data.rows < 1_000_000 ? (200.0, 50.0) : queryLine
        if figure.indexed.p99 >= must { return "MUST" }
        return figure.indexed.p99 >= aim ? "(aim)" : ""
    }
    var groupingMix: Percentiles { Percentiles(grouping.flatMap(\.samples)) }
    var medianSpeedup: Double {
        let speedups = (queries + grouping).map(\.speedup).sorted()
        return speedups.isEmpty ? 0 : speedups[speedups.count / 2]
    }

    var specLines: [SpecLine] {
        var lines: [SpecLine] = []
        let measuredQueries = !queries.isEmpty || !grouping.isEmpty  // not with --imports-only
        if data.rows < 1_000_000 && measuredQueries {  // the 1 ms of docs/SPEC.md section 5 is for 100,000 rows; a million has its own line below
            lines.append(SpecLine(measure: "search + group + first page, p99 of the mix", value: queryMix.p99 / 1000, unit: "ms", must: 1, aim: 0.2, higherIsBetter: false))
        }
        if measuredQueries && data.rows < 1_000_000 {
            lines.append(SpecLine(measure: "grouping with no search, p99", value: groupingMix.p99 / 1000, unit: "ms", must: 0.2, aim: 0.05, higherIsBetter: false))
        }
        if measuredQueries && data.rows >= 1_000_000 {
            // docs/SPEC.md section 5 sets the 0.2 ms for 100,000 rows; at a million a grouping
            // is a query class, held to the million-row line (as each grouping's row is).
            lines.append(SpecLine(measure: "1,000,000 rows: grouping with no search, p99", value: groupingMix.p99 / 1000, unit: "ms",
                                  must: queryLine.must / 1000, aim: queryLine.aim / 1000, higherIsBetter: false))
        }
        if let mutations {
            lines.append(SpecLine(measure: "add, update, delete, worst p99", value: max(mutations.add.p99, mutations.update.p99, mutations.delete.p99),
                                  unit: "µs", must: 50, aim: 10, higherIsBetter: false))
        }
        if !build.milliseconds.isEmpty {
            lines.append(SpecLine(measure: "building the store from parsed rows (median)", value: build.median, unit: "ms",
                                  must: 150 * Double(data.rows) / 100_000, aim: 50 * Double(data.rows) / 100_000, higherIsBetter: false))
        }
        lines.append(SpecLine(measure: "memory of the loaded store (the larger count)", value: memory.judgedBytesPerRow,
                              unit: "B/row", must: 150, aim: 80, higherIsBetter: false))
        if measuredQueries {
            lines.append(SpecLine(measure: "speed-up over the plain scan, median", value: medianSpeedup, unit: "x", must: 100, aim: 1000, higherIsBetter: true))
        }
        if let durable {
            lines.append(SpecLine(measure: "opening a store directory (issue 7, median)", value: durable.openMedian, unit: "ms",
                                  must: 100 * Double(data.rows) / 100_000, aim: 50 * Double(data.rows) / 100_000, higherIsBetter: false))
        }
        if data.rows >= 1_000_000 && measuredQueries {
            lines.append(SpecLine(measure: "1,000,000 rows: search + group p99", value: queryMix.p99 / 1000, unit: "ms", must: 10, aim: 2, higherIsBetter: false))
        }
        let (must, aim) = queryLine
        if let worst = queries.max(by: { $0.indexed.p99 < $1.indexed.p99 }) {
            lines.append(SpecLine(measure: "worst query class p99 (\(worst.label.prefix(24)))", value: worst.indexed.p99 / 1000, unit: "ms",
                                  must: must / 1000, aim: aim / 1000, higherIsBetter: false))
        }
        if !typing.isEmpty {
            lines.append(SpecLine(measure: "typing, each keystroke, p99", value: Percentiles(typing.flatMap(\.samples)).p99 / 1000, unit: "ms",
                                  must: must / 1000, aim: aim / 1000, higherIsBetter: false))
        }
        if let interactive {
            lines.append(SpecLine(measure: "interactive search, key to redrawn screen, p99", value: interactive.all.p99 / 1000, unit: "ms",
                                  must: 16, aim: 5, higherIsBetter: false,
                                  judgedOnlyAt: data.rows < 1_000_000 ? "judged at 1,000,000 rows" : nil))
        }
        if let actions { lines += actionSpecLines(actions) }
        if let insights, !insights.recurringMilliseconds.isEmpty {
            let judged = data.rows < 1_000_000 ? "judged at 1,000,000 rows" : nil
            lines.append(SpecLine(measure: "recurring payments, every row", value: insights.recurringMilliseconds.min() ?? 0, unit: "ms",
                                  must: 500, aim: 100, higherIsBetter: false, judgedOnlyAt: judged))
            lines.append(SpecLine(measure: "report, 24 months by category, p99", value: Percentiles(insights.reportMicroseconds).p99 / 1000,
                                  unit: "ms", must: 10, aim: 2, higherIsBetter: false, judgedOnlyAt: judged))
        }
        if let csv = imports.first {
            for figure in imports.dropFirst() {
                let bankCSV = figure.format == "bank-csv"
                lines.append(SpecLine(measure: "importing \(figure.format) vs our CSV", value: figure.median / max(csv.median, 0.001), unit: "x",
                                      must: bankCSV ? 1.5 : 2, aim: 1.2, higherIsBetter: false))
            }
            // Issue 15: memory while importing a 100,000-transaction file at most twice the file
            // beyond the store. A smaller file is reported but not judged: about 1 MiB of the
            // peak does not grow with the rows (20,000 bank CSV rows are a 0.7 MiB file).
            for figure in imports {
                guard let extra = figure.extraBytes else { continue }
                lines.append(SpecLine(measure: "import memory beyond the store, \(figure.format)", value: Double(extra) / Double(max(figure.fileBytes, 1)),
                                      unit: "x", must: 2, aim: 2, higherIsBetter: false,
                                      judgedOnlyAt: data.rows < 100_000 ? "judged at 100,000 rows" : nil))
            }
        }
        return lines
    }

    // MARK: Text

    var table: String {
        var out: [String] = []
        out.append("TransactionSearch bench: \(command)")
        out.append("What: each query of the standard mix and each grouping is run uncached \(queries.first?.indexed.count ?? 0) times on the")
        out.append("store and timed; the plain scan (pre-folded fields, filter, Dictionary(grouping:), sort, page) runs on the")
        out.append("same rows; every answer is compared. Times in microseconds unless marked.")
        out.append("Machine: \(machine.cores) cores, \(String(format: "%.0f", machine.memoryGiB)) GiB, Swift \(machine.swift), \(machine.configuration) build")
        out.append("Data: \(data.rows) rows, \(data.source); \(data.merchants) merchants, \(data.descriptors) descriptors, \(data.days) days")
        if ReleaseGuard.isDebugBuild { out.append("!!! DEBUG BUILD: these figures are meaningless. Run: \(ReleaseGuard.releaseCommand)") }
        out.append("")
        out.append("Build: \(build.milliseconds.map { String(format: "%.1f", $0) }.joined(separator: ", ")) ms (median \(String(format: "%.1f", build.median)) ms);"
                   + " CSV of the same rows read in \(String(format: "%.1f", build.csvParseMilliseconds)) ms")
        let resident = memory.residentBytesPerRow.map { String(format: "%.1f", $0) } ?? "n/a"
        out.append("Memory: resident growth \(resident) B/row; structures \(String(format: "%.1f", memory.structureBytesPerRow)) B/row ("
                   + memory.byStructure.map { "\($0.name) \(String(format: "%.1f", Double($0.bytes) / Double(max(memory.rows, 1))))" }.joined(separator: ", ") + ")")
        if let durable {
            out.append("Store directory: durable import \(String(format: "%.1f", durable.importMilliseconds)) ms (one log record, one fsync);"
                       + " snapshot \(String(format: "%.1f", Double(durable.snapshotBytes) / 1_048_576)) MiB written in \(String(format: "%.1f", durable.snapshotMilliseconds)) ms;"
                       + " opened in \(durable.openMilliseconds.map { String(format: "%.1f", $0) }.joined(separator: ", ")) ms")
            if let distinct = durable.distinct {
                out.append("Store directory of \(distinct.rows) rows with distinct descriptors: compacted in \(String(format: "%.1f", distinct.compactionMilliseconds)) ms"
                           + " (snapshot \(String(format: "%.1f", Double(distinct.snapshotBytes) / 1_048_576)) MiB, peak memory grew \(String(format: "%.1f", Double(distinct.compactionPeakGrowthBytes) / 1_048_576)) MiB);"
                           + " opened in \(distinct.openMilliseconds.map { String(format: "%.1f", $0) }.joined(separator: ", ")) ms")
            }
        }
        out.append("")
        if !queries.isEmpty || !grouping.isEmpty {
            appendQueryTable(to: &out)
        }
        if let mutations {
            out.append("")
            out.append(row(["mutation (\(mutations.add.count) each; \(mutations.cacheEntries) cached, refilled per 100)", "", "", "p50", "p95", "p99", "max", "", ""]))
            for (name, figures) in [("add", mutations.add), ("update", mutations.update), ("delete", mutations.delete)] {
                out.append(row([name, "", "", format(figures.p50), format(figures.p95), format(figures.p99), format(figures.max), "", ""]))
            }
        }
        if let csv = imports.first {
            out.append("")
            out.append("Importing the same rows into an empty store (median of \(csv.milliseconds.count); memory: the peak beyond what the store then holds,")
            out.append("in a process that only imports the file, and in brackets in this one after its earlier parts):")
            for figure in imports {
                let ratio = figure.median / max(csv.median, 0.001)
                let extra = figure.extraBytes.map { String(format: "%.1f MiB (%.2fx the file)", Double($0) / 1_048_576, Double($0) / Double(max(figure.fileBytes, 1))) } ?? "n/a"
                let inRun = !figure.measuredAlone ? " (in this run: no process of its own)"
                    : figure.inRunExtraBytes.map { String(format: " [%.2fx]", Double($0) / Double(max(figure.fileBytes, 1))) } ?? ""
                out.append("  \(figure.format.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(format: "%6.1f", Double(figure.fileBytes) / 1_048_576)) MiB  "
                           + "\(String(format: "%7.1f", figure.median)) ms  \(String(format: "%.2fx", ratio))  beyond the store: \(extra)\(inRun)")
            }
            if let durable = durableImport {
                let extra = durable.extraBytes.map { String(format: "%.1f MiB (%.2fx the file)", Double($0) / 1_048_576, Double($0) / Double(max(durable.fileBytes, 1))) } ?? "n/a"
                out.append("  (\(durable.format) into an empty store directory: \(String(format: "%.1f", durable.median)) ms, beyond the store: \(extra);"
                           + " its log record holds the added rows, written from the store one at a time)")
            }
        }
        if let interactive {
            out.append("")
            out.append("Interactive search (fsearch -i at 100x30, colour): each key timed from its bytes to the frame that shows its answer;"
                       + " median \(interactive.medianBytesWritten) bytes written a key")
            out.append(row(["keys", "", "", "p50", "p95", "p99", "max", "", ""]))
            for (name, samples) in [("typing (\(interactive.typing.count))", interactive.typing), ("Backspace (\(interactive.deleting.count))", interactive.deleting),
                                    ("Tab, Shift-Tab (\(interactive.grouping.count))", interactive.grouping),
                                    ("every key", interactive.typing + interactive.deleting + interactive.grouping)] {
                let figures = Percentiles(samples)
                out.append(row([name, "", "", format(figures.p50), format(figures.p95), format(figures.p99), format(figures.max), "", ""]))
            }
        }
        if let actions { out += actionLines(actions) }
        if let insights, !insights.recurringMilliseconds.isEmpty {
            let report = Percentiles(insights.reportMicroseconds)
            out.append("")
            out.append("Insights: recurring payments over every row \(insights.recurringMilliseconds.map { format($0 * 1000) }.joined(separator: ", ")) µs,"
                       + " \(insights.seriesFound) series; report of 24 months by category (\(insights.reportCells) cells,"
                       + " \(insights.reportFromBuckets ? "from buckets" : "from rows")) p50 \(format(report.p50)) µs, p99 \(format(report.p99)) µs")
        }
        if let cache {
            out.append("")
            out.append("Cache: repeats answered from the cache p50 \(format(cache.cached.p50)) µs, p99 \(format(cache.cached.p99)) µs; computed p50 \(format(cache.uncached.p50)) µs;"
                       + " \(cache.hits) hits, \(cache.misses) misses, \(cache.invalidations) invalidations")
        }
        out.append("")
        out.append("docs/SPEC.md section 5:")
        for line in specLines {
            let verdict = line.judgedOnlyAt ?? (line.meetsAim ? "meets aim" : (line.meetsMust ? "meets must, misses aim" : "MISSES MUST"))
            out.append("  \(line.measure.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%10.3f", line.value)) \(line.unit.padding(toLength: 5, withPad: " ", startingAt: 0))"
                       + " (must \(line.higherIsBetter ? ">" : "<") \(format(line.must)), aim \(line.higherIsBetter ? ">" : "<") \(format(line.aim))): \(verdict)")
        }
        if mismatches.isEmpty {
            out.append("Answers: every timed answer equals the plain scan's.")
        } else {
            out.append("MISMATCHES:")
            out += mismatches.map { "  " + $0 }
        }
        return out.joined(separator: "\n")
    }

    private func row(_ cells: [String]) -> String {
        let widths = [52, 7, 6, 8, 8, 8, 8, 9, 9, 7, 7, 8, 7]
        return zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            if index == 0 { return cell.count >= width ? String(cell.prefix(width - 1)) + " " : cell.padding(toLength: width, withPad: " ", startingAt: 0) }
            return String(repeating: " ", count: max(0, width - cell.count)) + cell
        }.joined()
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value < 0.1 ? String(format: "%.2f", value) : String(format: "%.1f", value)
    }
}
