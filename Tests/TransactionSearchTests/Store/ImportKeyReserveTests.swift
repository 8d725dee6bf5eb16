import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// An import into an empty store reserves its import keys' index up front (count and bytes
/// from the stager's checks), as it does the ids: the index then holds exactly what one
/// reserved for those keys holds, not arrays grown by doubling whose earlier copies stay in
/// the heap during the build. Bank files give a key on every row.
@Suite struct ImportKeyReserveTests {
    @Test(arguments: [StatementFileWriter.Format.bankCSV, .ofx])
    func anImportIntoAnEmptyStoreReservesItsImportKeys(_ format: StatementFileWriter.Format) throws {
        let drafts = TransactionGenerator(rows: 3_000, seed: 0x4E5E, distribution: .longTail).generate()
        let bytes = StatementFileWriter.write(drafts, as: format, timeZone: .utc)
        let store = TransactionStore()
        let report = try store.importStatement(from: bytes, options: ImportOptions(format: format == .ofx ? .ofx : .bankCSV))
        #expect(report.addedIDs.count == drafts.count, "\(format)")
        try store.lock.withReadLock {
            let table = store.contents.table
            let rows = (0..<UInt32(table.rowLimit)).filter { table.importKeys.hasKey($0) }
            #expect(rows.count == drafts.count, "\(format): every row has an import key")
            let keys = rows.map { table.importKeys.key(of: $0) }
            let exact = KeyIndex<UInt16>()
            exact.reserve(count: keys.count, bytes: keys.reduce(0) { $0 + $1.utf8.count }, rowLimit: table.rowLimit)
            for (row, key) in zip(rows, keys) { exact.insert(key, row: row) }
            exact.shrinkToFit()
            // Capacities come from the allocator's usable sizes, which on Linux can differ by a
            // few bytes with the heap's history (a reused chunk): a small slack, far below the
            // half-empty arrays that growth by doubling leaves.
            let held = table.importKeys.memoryUse, reserved = exact.memoryUse
            #expect(held <= reserved + reserved / 50 + 256 && held >= reserved - reserved / 50 - 256,
                    "\(format): \(held) bytes, reserved \(reserved)")
            let first = try #require(keys.first)
            #expect(table.importKeys.row(of: first) == rows.first)
        }
    }
}
