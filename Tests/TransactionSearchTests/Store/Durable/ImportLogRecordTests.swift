import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A store directory's import is logged as one `.importBatch` record written from the store's
/// rows one at a time (`LogEntry.encodeImportBatch`, `EventLog.record(writingPayload:)`): the
/// bytes are those of the entry encoded whole (header: payload length, payload checksum,
/// header checksum; then the payload), so logs stay as before.
@Suite struct ImportLogRecordTests {
    /// A record as the log format defines it, built the plain way: the reference twin.
    private static func reference(_ entry: LogEntry) -> [UInt8] {
        let payload = entry.encoded()
        var writer = BinaryWriter()
        writer.integer(UInt32(payload.count))
        writer.integer(CRC32C.checksum(payload))
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes + payload
    }

    @Test func aRecordIsItsHeaderThenItsPayload() throws {
        let drafts = TransactionGenerator(rows: 40, seed: 0x1_06).generate()
        let store = TransactionStore()
        try store.add(contentsOf: drafts)
        let all = store.transactions(in: .dateAscending)
        let entries: [LogEntry] = [
            .add(Array(all.prefix(3))), .add([]), .update(id: all[4].id, all[5]), .delete(id: all[6].id),
            .importBatch(replaced: [LogEntry.Replacement(id: all[7].id, transaction: all[8])], added: Array(all.suffix(20))),
            .importBatch(replaced: [], added: []),
        ]
        for entry in entries { #expect(EventLog.record(entry) == Self.reference(entry)) }
    }

    @Test(arguments: [StatementFileWriter.Format.ofx, .bankCSV])
    func anImportIsLoggedAsTheEntryOfTheRowsItAdded(_ format: StatementFileWriter.Format) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-import-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = TransactionGenerator(rows: 400, seed: 0x1_07, distribution: .longTail).generate()
        let options = ImportOptions(format: format == .ofx ? .ofx : .bankCSV)
        var reports: [ImportReport] = []
        var added: [[Transaction]] = []
        do {
            let durable = try DurableStore(directory: directory, compactionThreshold: Int.max)
            // Into the empty store (a bulk build), then the whole file into a store with rows:
            // its first 300 rows are there already (same import keys), the last 100 added.
            for (part, addedCount) in [(drafts.prefix(300), 300), (drafts[...], 100)] {
                let report = try durable.importStatement(from: StatementFileWriter.write(Array(part), as: format, timeZone: .utc), options: options)
                #expect(report.addedIDs.count == addedCount, "\(format)")
                reports.append(report)
                added.append(report.addedIDs.compactMap { durable.store.transaction(id: $0) })
            }
            durable.close()
        }
        let log = try [UInt8](Data(contentsOf: directory.appendingPathComponent(StoreDirectory.logFileName)))
        let contents = try EventLog.read(log, path: "log.bin")
        let expected = added.map { LogEntry.importBatch(replaced: [], added: $0) }
        let entriesMatch = contents.entries.map(\.entry) == expected
        #expect(entriesMatch, "\(format): the log's entries")
        let bytesMatch = Array(log[EventLog.headerSize...]) == expected.flatMap(Self.reference)
        #expect(bytesMatch, "\(format): the log's bytes")
        let reopened = try DurableStore(directory: directory, mode: .readOnly)
        #expect(reopened.store.count == drafts.count)
    }
}
