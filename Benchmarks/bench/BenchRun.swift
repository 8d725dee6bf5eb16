import Foundation
import TransactionSearch
import TransactionSearchFiles
import TransactionSearchSupport

/// One benchmark run: data, build, memory, the query mix beside the plain scan, grouping,
/// mutations and the cache. Every timed query's answer is checked against the plain scan.
///
/// Runs outside `@MainActor` (top-level code is main-actor isolated, which made a sort 12x
/// slower here, docs/measurements.md).
struct BenchRun {
    let options: BenchOptions

    /// Repetitions: enough for a p99 in a full run, a handful in a quick one.
    private var queryRepetitions: Int { options.quick ? 10 : (options.rows >= 500_000 ? 40 : 120) }
    private var plainRepetitions: Int { options.quick ? 1 : (options.rows >= 500_000 ? 2 : 3) }
    private var mutationCount: Int { options.quick ? 100 : 2000 }
    private var builds: Int { options.quick || options.queriesOnly || options.importsOnly || options.interactiveOnly ? 1 : 3 }
    /// Rounds of the import figures (each format imported once a round): their medians are
    /// judged as ratios against a line, so they get more samples than the builds.
    private var importRounds: Int { options.quick ? 1 : 5 }

    func run() async throws -> BenchReport {
        var report = BenchReport(machine: .current, options: options)
        let drafts = try loadDrafts(into: &report)
        report.data.rows = drafts.count

        // Build timings: fresh stores from the same drafts, each dropped before the next.
        var buildTimes: [Double] = []
        for _ in 0..<builds {
            let other = TransactionStore()
            buildTimes.append(try microseconds { try other.add(contentsOf: drafts) })
        }
        report.build.milliseconds = buildTimes.map { $0 / 1000 }
        // Memory: the process's resident growth over one more build (the store measured from
        // here on), the heap trimmed before and after so that freed temporaries do not count.
        // (Trimming between timed builds would make each one fault its pages in again.)
        let residentBefore = ResidentMemory.bytesAfterTrimming()
        var store = TransactionStore()
        try store.add(contentsOf: drafts)
        let residentAfter = ResidentMemory.bytesAfterTrimming()
        let statistics = store.statistics
        report.memory = BenchReport.Memory(
            residentBytes: residentBefore.flatMap { before in residentAfter.map { $0 - before } },
            structureBytes: statistics.totalBytes, rows: store.count,
            byStructure: statistics.bytesByStructure.map { .init(name: $0.name, bytes: $0.bytes) })
        report.data.merchants = statistics.merchants
        report.data.descriptors = statistics.descriptors
        report.data.days = statistics.days

        if let export = options.export {
            guard FileManager.default.createFile(atPath: export, contents: Data(store.export(as: .csv).utf8)) else {
                throw BenchFailure("cannot write \(export)")
            }
            report.data.exportedTo = export
        }

        if options.importsOnly {
            report.imports = try measureImports(drafts, csv: Array(store.export(as: .csv).utf8))
            report.durableImport = try measureDurableImport(drafts)
            return report
        }
        if options.interactiveOnly {
            let scan = PlainScan(transactions: store.transactions(in: .dateAscending), timeZone: store.timeZone)
            await measureInteractive(store, scan: scan, into: &report)
            return report
        }
        if !options.queriesOnly {
            report.durable = try measureDurable(drafts)
            report.imports = try measureImports(drafts, csv: Array(store.export(as: .csv).utf8))
        }

        // Reading the same rows as CSV, for the import figure.
        let csv = Array(store.export(as: .csv).utf8)
        report.build.csvParseMilliseconds = try microseconds { _ = try ParsedTransactions(from: csv, format: .csv) } / 1000

        // The plain scan, folded once up front as an app would keep it.
        var scan: PlainScan!
        report.plainScan.preparationMilliseconds = microseconds {
            scan = PlainScan(transactions: store.transactions(in: .dateAscending), timeZone: store.timeZone)
        } / 1000

        let mix = try options.queries.map { try QueryFile.read($0) } ?? QueryMix.standard(for: store)
        report.queries = measure(mix, store: store, scan: scan, report: &report)
        report.grouping = measure(QueryMix.grouping, store: store, scan: scan, report: &report)
        report.typing = measure(QueryMix.typing, store: store, scan: scan, report: &report)
        let insights = InsightsRun(store: store, quick: options.quick).measure()
        report.insights = insights
        report.mismatches += insights.mismatches
        if !options.queriesOnly {
            await measureInteractive(store, scan: scan, into: &report)
            report.mutations = try measureMutations(&store)
            report.cache = measureCache(store, QueryMix.standard(for: store))
            let actions = try ActionsRun(store: store, drafts: drafts, scan: scan, quick: options.quick).measure()
            report.actions = actions
            report.mismatches += actions.mismatches
        }
        return report
    }

    /// The interactive search's keys (`InteractiveRun`); its wrong answers are the run's.
    private func measureInteractive(_ store: TransactionStore, scan: PlainScan, into report: inout BenchReport) async {
        let interactive = await InteractiveRun(store: store, scan: scan, rounds: options.quick ? 1 : 3).measure()
        report.interactive = interactive
        report.mismatches += interactive.mismatches
    }

    /// Writes the rows to a store directory, snapshots it, and times opening it.
    private func measureDurable(_ drafts: [TransactionDraft]) throws -> BenchReport.Durable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-store-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var figures = BenchReport.Durable()
        do {
            let durable = try DurableStore(directory: directory, compactionThreshold: Int.max)
            figures.importMilliseconds = try microseconds { try durable.add(contentsOf: drafts) } / 1000
            figures.snapshotMilliseconds = try microseconds { try durable.compact() } / 1000
            durable.close()
        }
        let snapshot = directory.appendingPathComponent(DurableStore.snapshotFileName).path
        figures.snapshotBytes = (try FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) ?? 0
        for _ in 0..<builds {
            figures.openMilliseconds.append(try microseconds {
                let opened = try DurableStore(directory: directory, mode: .readOnly)
                guard opened.store.count == drafts.count else { throw BenchFailure("the reopened store has \(opened.store.count) rows") }
            } / 1000)
        }
        figures.distinct = try measureDistinctCompaction(drafts)
        return figures
    }

    /// Compacts and reopens a store of the same rows with every descriptor made distinct (a
    /// reference and a date, as bank rows carry): the worst case of compaction, which writes
    /// every string.
    private func measureDistinctCompaction(_ drafts: [TransactionDraft]) throws -> BenchReport.Durable.Distinct {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-distinct-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var figures = BenchReport.Durable.Distinct(rows: drafts.count)
        do {
            let durable = try DurableStore(directory: directory, compactionThreshold: Int.max)
            try durable.add(contentsOf: drafts.enumerated().map { index, draft in
                var distinct = draft
                distinct.merchant = String((draft.merchant + " REF" + String(index, radix: 36, uppercase: true)
                                            + " " + draft.date.description.prefix(10)).prefix(256))
                return distinct
            })
            ResidentMemory.resetPeak()
            let peakBefore = ResidentMemory.bytes() ?? 0
            figures.compactionMilliseconds = try microseconds { try durable.compact() } / 1000
            figures.compactionPeakGrowthBytes = max(0, (ResidentMemory.peakBytes() ?? 0) - peakBefore)
            durable.close()
        }
        let snapshot = directory.appendingPathComponent(DurableStore.snapshotFileName).path
        figures.snapshotBytes = (try FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) ?? 0
        for _ in 0..<builds {
            figures.openMilliseconds.append(try microseconds {
                let opened = try DurableStore(directory: directory, mode: .readOnly)
                guard opened.store.count == drafts.count else { throw BenchFailure("the reopened store has \(opened.store.count) rows") }
            } / 1000)
        }
        return figures
    }

    /// Imports the same rows from each bank file format into empty stores, beside our own CSV:
    /// time (median) and the memory an import takes beyond the store it builds.
    private func measureImports(_ drafts: [TransactionDraft], csv: [UInt8]) throws -> [BenchReport.ImportFigures] {
        let files: [(String, StatementFormat, [UInt8])] = [("our CSV", .csv, csv)] + StatementFileWriter.Format.allCases.map { format in
            (format.rawValue, format == .ofx ? .ofx : (format == .camt ? .camt : .bankCSV), StatementFileWriter.write(drafts, as: format, timeZone: .utc))
        }
        // Times: the formats in turn, round after round, so that a slow spell of the host
        // falls on every format alike (the figures judged are ratios to our CSV).
        var times = [[Double]](repeating: [], count: files.count)
        for _ in 0..<importRounds {
            for (index, (name, format, bytes)) in files.enumerated() {
                let store = TransactionStore()
                var imported = 0
                times[index].append(try microseconds {
                    imported = try store.importStatement(from: bytes, options: ImportOptions(format: format)).addedIDs.count
                } / 1000)
                guard imported == drafts.count else { throw BenchFailure("\(name): imported \(imported) of \(drafts.count) rows") }
            }
        }
        var figures: [BenchReport.ImportFigures] = []
        for (index, (name, format, bytes)) in files.enumerated() {
            // Memory: the peak while importing, beyond the resident size before and the store after.
            let memory = try ResidentMemory.measure {
                let store = TransactionStore()
                _ = try store.importStatement(from: bytes, options: ImportOptions(format: format))
                return store
            }
            var figure = BenchReport.ImportFigures(format: name, fileBytes: bytes.count, milliseconds: times[index])
            (figure.inRunExtraBytes, figure.storeBytes) = (memory.peakBeyondBytes, memory.heldBytes)
            // The judged figure: the same import in a process of its own (`ImportMemoryProbe`),
            // else the in-run one.
            let probed = ImportMemoryProbe.extraBytes(importing: bytes, format: format)
            figure.extraBytes = probed ?? figure.inRunExtraBytes
            figure.measuredAlone = probed != nil
            figures.append(figure)
        }
        return figures
    }

    /// The OFX file of the rows imported into an empty store directory: time, and the memory
    /// beyond the store (the log record of the import holds every added row).
    private func measureDurableImport(_ drafts: [TransactionDraft]) throws -> BenchReport.ImportFigures {
        let bytes = StatementFileWriter.write(drafts, as: .ofx, timeZone: .utc)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-import-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var imported = 0, milliseconds = 0.0
        let memory = try ResidentMemory.measure {
            let durable = try DurableStore(directory: directory, compactionThreshold: Int.max)
            milliseconds = try microseconds { imported = try durable.importStatement(from: bytes).addedIDs.count } / 1000
            return durable
        }
        memory.result.close()
        guard imported == drafts.count else { throw BenchFailure("ofx into a store directory: imported \(imported) of \(drafts.count) rows") }
        var figure = BenchReport.ImportFigures(format: "ofx", fileBytes: bytes.count, milliseconds: [milliseconds])
        (figure.extraBytes, figure.storeBytes) = (memory.peakBeyondBytes, memory.heldBytes)
        return figure
    }

    /// The rows to measure: generated, or read from `--input` (for `--profile` too).
    func loadDrafts() throws -> [TransactionDraft] {
        var report = BenchReport(machine: .current, options: options)
        return try loadDrafts(into: &report)
    }

    private func loadDrafts(into report: inout BenchReport) throws -> [TransactionDraft] {
        guard let input = options.input else {
            report.data.source = "generated: \(options.distribution.rawValue) (seed \(options.seed), \(options.years) years, \(options.merchants) merchants)"
            return TransactionGenerator(rows: options.rows, seed: options.seed, years: options.years, merchants: options.merchants,
                                        distribution: options.distribution).generate()
        }
        guard let data = FileManager.default.contents(atPath: input) else { throw BenchFailure("cannot read \(input)") }
        let bytes = Array(data)
        report.data.source = input
        if let detected = StatementFormat.detect(bytes), detected != .csv && detected != .json {
            // A bank's file: read through the import path into a scratch store, bad records skipped.
            let scratch = TransactionStore()
            let imported = try scratch.importStatement(from: bytes, options: ImportOptions(skippingInvalid: true))
            report.data.source = "\(input) (\(detected.rawValue))"
            if !imported.skipped.isEmpty {
                report.data.skippedInputRows = imported.skipped.count
                FileHandle.standardError.write(Data("bench: \(imported.skipped.count) records of \(input) skipped, first: \(imported.skipped[0])\n".utf8))
            }
            return scratch.transactions().map(\.draft)
        }
        let format = InterchangeFormat(pathExtension: input) ?? .csv
        let parsed = try ParsedTransactions(from: bytes, format: format)
        if !parsed.issues.isEmpty {
            report.data.skippedInputRows = parsed.issues.count
            FileHandle.standardError.write(Data("bench: \(parsed.issues.count) rows of \(input) skipped, first: \(parsed.issues[0])\n".utf8))
        }
        return parsed.drafts
    }

    /// Times each query uncached, times the plain scan on it, and checks they agree.
    private func measure(_ queries: [BenchQuery], store: TransactionStore, scan: PlainScan,
                         report: inout BenchReport) -> [BenchReport.QueryFigures] {
        queries.map { item in
            let query = item.query
            let first = store.diagnostics.searchWithoutCache(query)
            var plainResult: QueryResult?
            var plainTimes: [Double] = []
            for _ in 0..<plainRepetitions {
                plainTimes.append(microseconds { plainResult = scan.search(query) })
            }
            if first != plainResult! {
                report.mismatches.append("\(item.label): indexed and plain answers differ (count \(first.total.count) vs \(plainResult!.total.count))")
            }
            var samples: [Double] = []
            var last = first
            for _ in 0..<queryRepetitions {
                samples.append(microseconds { last = store.diagnostics.searchWithoutCache(query) })
            }
            if last != first { report.mismatches.append("\(item.label): repeated answers differ") }
            // The floor: the same rows read and tallied alone, as many times.
            let floor = store.diagnostics.answerFloor(query)
            if floor.matches != first.total.count {
                report.mismatches.append("\(item.label): the floor reads \(floor.matches) rows, the answer has \(first.total.count)")
            }
            var floorSamples: [Double] = []
            var checksum = 0
            for _ in 0..<queryRepetitions { floorSamples.append(microseconds { checksum &+= floor.run() }) }
            if checksum == .min { print("") }  // keeps the floor's work
            let indexed = Percentiles(samples)
            let plain = Percentiles(plainTimes)
            return BenchReport.QueryFigures(
                label: item.label, matches: first.total.count, groups: first.groups.count,
                selectivityPercent: Double(first.total.count) * 100 / Double(max(store.count, 1)),
                plan: store.diagnostics.explainPlan(query), indexed: indexed, samples: samples,
                plainMilliseconds: plain.p50 / 1000, speedup: plain.p50 / max(indexed.p50, 0.001), floor: Percentiles(floorSamples))
        }
    }

    /// Adds, updates and deletes one at a time with every index, bucket and cache kept
    /// current; the cache is refilled with the query mix's results before every 100th change
    /// of each kind (past `ResultCache.pendingLimit` row versions with no search between, the
    /// store drops it: the changes after that keep no cache current until the next refill).
    private func measureMutations(_ store: inout TransactionStore) throws -> BenchReport.Mutations {
        let samples = try mutationSamples(&store)
        return BenchReport.Mutations(add: Percentiles(samples.adds), update: Percentiles(samples.updates),
                                     delete: Percentiles(samples.deletes), cacheEntries: samples.cachedAfterRefill)
    }

    /// The times of `measureMutations`, in the order made (the cache refilled before every
    /// 100th of each kind): `bench --profile mutation-times` reads them by position. Also the
    /// cache's entries right after a refill.
    func mutationSamples(_ store: inout TransactionStore) throws
        -> (adds: [Double], updates: [Double], deletes: [Double], cachedAfterRefill: Int) {
        var random = SeededRandom(seed: options.seed &+ 99)
        let mix = QueryMix.standard(for: store) + QueryMix.grouping
        var cachedAfterRefill = 0
        func warmCache() {
            for item in mix { _ = store.search(item.query) }
            cachedAfterRefill = store.diagnostics.cacheStatistics.entries
        }
        let newRows = TransactionGenerator(rows: mutationCount, seed: options.seed &+ 1, years: options.years,
                                           merchants: options.merchants).generate()
        let existing = store.transactions(in: .dateAscending).map(\.id)
        let categories = ["Groceries", "Recategorised", "Food & Drink", "Travel", "Transport"]
        var adds: [Double] = [], updates: [Double] = [], deletes: [Double] = []
        var addedIDs: [String] = []
        for (index, row) in newRows.enumerated() {
            if index % 100 == 0 { warmCache() }
            var draft = row
            draft.id = "bench-\(index)"
            try adds.append(microseconds { addedIDs.append(try store.add(draft).id) })
        }
        for index in 0..<mutationCount {
            if index % 100 == 0 { warmCache() }
            var patch = TransactionPatch()
            switch index % 4 {
            case 0: patch.category = .set(random.pick(categories))
            case 1: patch.merchant = .set("Renamed \(random.int(in: 0...50))")
            case 2: patch.amount = .set(DecimalAmount(significand: -Int64(random.int(in: 1...999)), fractionDigits: 0))  // whole units suit every currency
            default: patch.notes = .set("note \(index)")
            }
            let id = random.pick(existing)
            try updates.append(microseconds { try store.update(id: id, patch) })
        }
        for (index, id) in addedIDs.enumerated() {
            if index % 100 == 0 { warmCache() }
            try deletes.append(microseconds { try store.delete(id: id) })
        }
        store.diagnostics.checkInvariants()
        return (adds, updates, deletes, cachedAfterRefill)
    }

    /// The same queries answered from the cache, beside computing them.
    private func measureCache(_ store: TransactionStore, _ queries: [BenchQuery]) -> BenchReport.Cache {
        var cached: [Double] = [], uncached: [Double] = []
        for item in queries {
            _ = store.search(item.query)
            for _ in 0..<queryRepetitions {
                cached.append(microseconds { _ = store.search(item.query) })
                uncached.append(microseconds { _ = store.diagnostics.searchWithoutCache(item.query) })
            }
        }
        let statistics = store.diagnostics.cacheStatistics
        return BenchReport.Cache(cached: Percentiles(cached), uncached: Percentiles(uncached), hits: statistics.hits,
                                 misses: statistics.misses, invalidations: statistics.invalidations)
    }
}

/// A run that cannot go on: its reason, for one line on stderr.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
