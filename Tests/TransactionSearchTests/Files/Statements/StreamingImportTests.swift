import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Imports of large generated files through the streaming path (records staged as the reader
/// hands them over, planned a bit per record, built one row at a time) give, row for row, what
/// the file's entries say; into an empty store (the stager's checks) and into a store with
/// rows (the planner reading records back) alike. A bad record anywhere changes nothing.
@Suite struct StreamingImportTests {
    /// Rows per generated file: past the bulk build's threshold of 64.
    static var rows: Int { 1500 * RandomScale.factor }

    static func drafts(seed: UInt64) -> [TransactionDraft] {
        TransactionGenerator(rows: rows, seed: seed).generate()
    }

    /// The rows a file's entries become, worked out without the import path: the reader's
    /// collected entries, keys as `ImportKeys` makes them (occurrences counted here), each
    /// validated, ids `tx_1`... in file order.
    static func expectedRows(of bytes: [UInt8], format: StatementFormat) throws -> [Transaction] {
        let context = StatementContext(clock: ZoneClock(timeZone: .utc), defaultCurrency: nil)
        let entries: [StatementEntry]
        switch format {
        case .ofx: entries = try OFXReader.read(bytes, context: context).entries
        case .camt: entries = try CamtReader.read(bytes, context: context).entries
        case .bankCSV: entries = try BankCSVReader.read(bytes, context: context).0.entries
        default: throw ImportError(issues: [])
        }
        let validator = TransactionValidator(baseCurrency: .eur)
        var occurrences: [ImportKeys.Fingerprint: Int] = [:]
        return try entries.enumerated().map { index, entry in
            var draft = TransactionDraft(
                date: entry.date, merchant: entry.merchant, category: entry.category, subcategory: entry.subcategory, card: entry.card,
                account: entry.account, amount: entry.amount, currency: entry.currency, status: entry.status, notes: entry.notes)
            let digest = AccountIdentity.digest(of: entry.accountIdentity ?? entry.account)
            if let bankID = ImportKeys.bankID(entry.bankID) {
                draft.importKey = ImportKeys.bankKey(accountDigest: digest, bankID: bankID)
            } else {
                let fingerprint = ImportKeys.fingerprint(of: draft, currency: draft.currency ?? .eur, accountDigest: digest,
                                                         reference: entry.payerReference)
                occurrences[fingerprint, default: 0] += 1
                draft.importKey = ImportKeys.fingerprintKey(fingerprint, occurrence: occurrences[fingerprint]!)
            }
            var transaction = try validator.validate(draft)
            transaction.id = "tx_\(index + 1)"
            return transaction
        }
    }

    static let formats: [StatementFileWriter.Format] = StatementFileWriter.Format.allCases

    private static func format(_ format: StatementFileWriter.Format) -> StatementFormat {
        switch format {
        case .ofx: .ofx
        case .camt: .camt
        case .bankCSV: .bankCSV
        }
    }

    @Test(arguments: formats)
    func aLargeFileImportsRowForRowIntoAnEmptyStore(_ writer: StatementFileWriter.Format) throws {
        let seed: UInt64 = 15
        let bytes = StatementFileWriter.write(Self.drafts(seed: seed), as: writer, timeZone: .utc)
        let expected = try Self.expectedRows(of: bytes, format: Self.format(writer))
        #expect(expected.count == Self.rows, "seed \(seed)")
        let store = TransactionStore()
        let report = try store.importStatement(from: bytes)
        #expect(report.addedIDs == expected.map(\.id), "seed \(seed)")
        #expect(report.alreadyPresent == 0 && report.skipped.isEmpty)
        for row in expected {
            #expect(store.transaction(id: row.id) == row, "seed \(seed), \(row.id)")
        }
        store.checkInvariants()
        // Again: every record is already there.
        let again = try store.importStatement(from: bytes)
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == expected.count)
    }

    /// A store with rows takes the planner's other path: identities read back per record.
    @Test(arguments: formats)
    func aLargeFileImportsRowForRowIntoAStoreWithRows(_ writer: StatementFileWriter.Format) throws {
        let seed: UInt64 = 16
        let drafts = Self.drafts(seed: seed)
        let bytes = StatementFileWriter.write(drafts, as: writer, timeZone: .utc)
        let expected = try Self.expectedRows(of: bytes, format: Self.format(writer))
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "mine", date: try .day(2020, 1, 1), merchant: "Kept", amount: -1))
        // The first tenth imported first: those are then already present.
        let firstTenth = StatementFileWriter.write(Array(drafts.prefix(drafts.count / 10)), as: writer, timeZone: .utc)
        let first = try store.importStatement(from: firstTenth)
        let report = try store.importStatement(from: bytes)
        #expect(report.alreadyPresent == first.addedIDs.count, "seed \(seed)")
        #expect(first.addedIDs.count + report.addedIDs.count == expected.count, "seed \(seed)")
        #expect(store.count == expected.count + 1)
        // The same rows as into an empty store, ids aside (they follow the two imports).
        let byKey = Dictionary(uniqueKeysWithValues: store.transactions().compactMap { row in row.importKey.map { ($0, row) } })
        for row in expected {
            var stored = try #require(byKey[row.importKey!], "seed \(seed), \(row.importKey!)")
            stored.id = row.id
            #expect(stored == row, "seed \(seed)")
        }
        store.checkInvariants()
    }

    @Test func ourOwnCSVImportsRowForRow() throws {
        let source = TransactionStore()
        try source.add(contentsOf: Self.drafts(seed: 17))
        let csv = Array(source.export(as: .csv).utf8)
        let store = TransactionStore()
        let report = try store.importStatement(from: csv)
        #expect(report.addedIDs.count == source.count)
        #expect(store.transactions() == source.transactions())
        store.checkInvariants()
    }

    /// Money in EUR with three decimals is refused by validation; a FITID given twice is no id
    /// of either record (both are keyed by their content, docs/SPEC.md section 9).
    private static func fileWithBadRecords(seed: UInt64) -> (bytes: [UInt8], rows: Int) {
        var drafts = Self.drafts(seed: seed)
        for index in [drafts.count / 2, drafts.count - 2] {
            drafts[index].currency = nil
            drafts[index].amount = DecimalAmount(significand: -1234, fractionDigits: 3)
        }
        let text = String(decoding: StatementFileWriter.write(drafts, as: .ofx, timeZone: .utc), as: UTF8.self)
        let last = "<FITID>F\(drafts.count - 1)<"
        return (Array(text.replacingOccurrences(of: last, with: "<FITID>F0<").utf8), drafts.count)
    }

    @Test func aBadRecordLateInALargeFileLeavesAnEmptyStoreUnchanged() throws {
        let (bytes, rows) = Self.fileWithBadRecords(seed: 18)
        let store = TransactionStore()
        let error = #expect(throws: ImportError.self) { try store.importStatement(from: bytes) }
        let issues = try #require(error).issues
        #expect(issues.count == 2)
        #expect(issues.map(\.location.order) == issues.map(\.location.order).sorted())
        #expect(issues.allSatisfy { $0.field == .amount })
        #expect(store.count == 0 && store.sequence == 0)
        store.checkInvariants()

        let skipping = try store.importStatement(from: bytes, options: ImportOptions(skippingInvalid: true))
        #expect(skipping.addedIDs.count == rows - 2 && skipping.skipped == issues && skipping.sharedBankIDs == 2)
        // Read again, the two records that share F0 are found again by their content.
        let again = try store.importStatement(from: bytes, options: ImportOptions(skippingInvalid: true))
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == rows - 2)
    }

    @Test func aBadRecordLateInALargeFileLeavesAStoreWithRowsUnchanged() throws {
        let (bytes, rows) = Self.fileWithBadRecords(seed: 19)
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "mine", date: try .day(2020, 1, 1), merchant: "Kept", amount: -1))
        let before = store.transactions()
        let error = #expect(throws: ImportError.self) { try store.importStatement(from: bytes) }
        let issues = try #require(error).issues
        #expect(issues.count == 2 && issues.allSatisfy { $0.field == .amount })
        #expect(store.transactions() == before && store.sequence == 1)

        let skipping = try store.importStatement(from: bytes, options: ImportOptions(skippingInvalid: true))
        #expect(skipping.addedIDs.count == rows - 2 && skipping.skipped == issues && skipping.sharedBankIDs == 2)
        store.checkInvariants()
    }

    @Test func eventsCarryEveryAddedRow() throws {
        let bytes = StatementFileWriter.write(Self.drafts(seed: 20), as: .camt, timeZone: .utc)
        let store = TransactionStore()
        let seen = Locked<[StoreEvent]>([])
        let subscription = store.observe { event in seen.withLock { $0.append(event) } }
        let report = try store.importStatement(from: bytes)
        let events = seen.withLock { $0 }
        #expect(events.map(\.sequence) == Array(1...UInt64(report.addedIDs.count)))
        for (event, id) in zip(events, report.addedIDs) {
            guard case .added(let row) = event.change else {
                Issue.record("not an addition: \(event)")
                continue
            }
            #expect(row.id == id && store.transaction(id: id) == row)
        }
        _ = subscription
    }

    @Test func aPreviewOfALargeFileAgreesWithItsImport() throws {
        let bytes = StatementFileWriter.write(Self.drafts(seed: 21), as: .ofx, timeZone: .utc)
        let store = TransactionStore()
        let preview = try store.previewImport(of: bytes, firstRows: 3)
        #expect(preview.records == Self.rows && preview.additions == Self.rows && preview.problems.isEmpty)
        let report = try store.importStatement(from: bytes)
        #expect(preview.report.alreadyPresent == report.alreadyPresent)
        for (row, id) in zip(preview.firstRows, report.addedIDs) {
            var transaction = row.transaction
            transaction.id = id
            #expect(row.outcome == .new && store.transaction(id: id) == transaction)
        }
    }

    /// What an import keeps of a file while it plans and builds: its staged records take less
    /// than the file (measured: OFX 51 B a record of a 107 B one, camt 92 of 426, most of it the
    /// element path; a bank CSV 54 of 39, its lines being short).
    @Test(arguments: formats)
    func stagedRecordsAreSmallerThanTheFile(_ writer: StatementFileWriter.Format) throws {
        let bytes = StatementFileWriter.write(Self.drafts(seed: 22), as: writer, timeZone: .utc)
        let read = try ImportReading.read(bytes, options: ImportOptions(), clock: ZoneClock(timeZone: .utc), baseCurrency: .eur)
        #expect(read.records.count == Self.rows)
        switch writer {
        case .ofx: #expect(read.records.usedBytes * 10 < bytes.count * 7)
        case .camt: #expect(read.records.usedBytes * 3 < bytes.count)
        case .bankCSV: #expect(read.records.usedBytes < bytes.count * 2)
        }
    }

    /// Entries read before their statement names its currency and account wait for it; those
    /// of a later statement follow them, in file order.
    @Test func ofxEntriesBeforeTheirStatementsCurrencyKeepTheirPlace() throws {
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-1.00<FITID>A1<NAME>First</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-2.00<FITID>A2<NAME>Second</STMTTRN>
            </BANKTRANLIST><CURDEF>USD<BANKACCTFROM><ACCTID>000111222333</BANKACCTFROM></STMTRS></STMTTRNRS>
            <STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>999888777666</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260303<TRNAMT>-3.00<FITID>B1<NAME>Third</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let store = TransactionStore()
        let report = try store.importStatement(from: Array(ofx.utf8))
        let rows = try report.addedIDs.map { try #require(store.transaction(id: $0)) }
        #expect(rows.map(\.merchant) == ["First", "Second", "Third"])
        #expect(rows.map(\.amount.currency.code) == ["USD", "USD", "EUR"])
        #expect(rows.map(\.account) == ["****2333", "****2333", "****7666"])
        let first = AccountIdentity.digest(of: "000111222333")!, second = AccountIdentity.digest(of: "999888777666")!
        #expect(rows.map(\.importKey) == ["bank2:\(first):A1", "bank2:\(first):A2", "bank2:\(second):B1"])
    }
}
