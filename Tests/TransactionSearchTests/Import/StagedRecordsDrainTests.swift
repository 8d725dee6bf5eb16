import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// An import's staging is freed chunk by chunk as the store's build passes it
/// (`StagedRecordsDrain`), except when records must be read back late (a generated id checked
/// against the ids the file gives); the rows stored are the same either way.
@Suite struct StagedRecordsDrainTests {
    /// Records of about 300 bytes: 1 MiB chunks fill after about 3,500 of them.
    private static func staged(_ count: Int) -> StagedRecords {
        var records = StagedRecords()
        for index in 0..<count {
            let draft = TransactionDraft(date: .day(CalendarDay(daysSince1970: 19_000 + Int32(index % 900))), merchant: "Shop \(index % 50)",
                                         amount: DecimalAmount(significand: -Int64(index + 1), fractionDigits: 2),
                                         notes: String(repeating: "n", count: 280))
            records.append(ImportRecord(location: .line(index + 2), draft: draft),
                           key: .fingerprint(ImportKeys.Fingerprint(high: UInt64(index), low: 7), occurrence: 1))
        }
        return records
    }

    @Test func passedChunksAreFreedAndTheRestStaysReadable() {
        let count = 12_000
        let drain = StagedRecordsDrain(Self.staged(count), releasesChunks: true)
        let full = drain.records.memoryUse
        let lastChunk = drain.records.chunk(of: count - 1)
        #expect(lastChunk >= 3)
        let middle = (0..<count).first { drain.records.chunk(of: $0) == 2 }!
        drain.pass(to: middle)
        #expect(drain.records.memoryUse <= full - 2 * StagedRecords.chunkSize)
        // What is not passed reads as staged.
        for index in middle..<count where index % 97 == 0 {
            #expect(drain.records[index].location == .line(index + 2))
        }
        drain.pass(to: count - 1)
        #expect(drain.records[count - 1].location == .line(count + 1))
        drain.finish()
        #expect(drain.records.memoryUse == 0 && drain.records.count == 0)
    }

    @Test func aDrainThatMayNotFreeKeepsEveryRecord() {
        let count = 8000
        let drain = StagedRecordsDrain(Self.staged(count), releasesChunks: false)
        let full = drain.records.memoryUse
        drain.pass(to: count - 1)
        drain.finish()
        #expect(drain.records.memoryUse == full)
        #expect(drain.records[0].location == .line(2))
    }

    /// Our own CSV where some rows give ids (`tx_…`, as the store generates them) and most do
    /// not, large enough for several chunks: the generated ids avoid the given ones (the one
    /// case where the staging is kept whole until the build ends, since the given ids are read
    /// back from it), and every row is stored.
    @Test func generatedIDsAvoidGivenOnesInALargeImport() throws {
        let seed: UInt64 = 31
        var random = SeededRandom(seed: seed)
        var csv = "id,date,merchant,amount,notes\n"
        var given: [String] = []
        let rows = 15_000
        for row in 0..<rows {
            let id = random.chance(0.1) ? "tx_\(random.int(in: 1...rows))" : ""
            if !id.isEmpty {
                guard !given.contains(id) else { continue }
                given.append(id)
            }
            csv += "\(id),2024-0\(row % 9 + 1)-1\(row % 9),Shop \(row % 300),-\(row % 500).25,\(String(repeating: "note ", count: 30))\n"
        }
        let store = TransactionStore()
        let report = try store.importTransactions(from: csv, format: .csv)
        #expect(report.skipped.isEmpty, "seed \(seed)")
        #expect(Set(report.addedIDs).count == report.addedIDs.count, "seed \(seed)")
        for id in given { #expect(store.transaction(id: id) != nil, "seed \(seed), \(id)") }
        #expect(store.count == report.addedIDs.count)
        store.checkInvariants()
    }
}
