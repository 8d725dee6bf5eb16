import Foundation
import Testing
@testable import TransactionSearch

/// Quirks of real statement files that are read, not refused (docs/SPEC.md section 9): each
/// has a hand-written fixture under `Fixtures/statements/` (checked against its
/// `.expected.tsv` by the format's fixture test); these tests say why, and what an import and
/// `inspect` make of them.
@Suite struct RealFileQuirksTests {
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: MT940

    @Test func mt940AmountsWithoutACommaFundsCodesAndSpacedTypes() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("quirks.sta"), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        // `C500` is 500; `DF2402,00S   X` is a debit (F the funds code) of type `S`.
        #expect(parsed.entries.prefix(2).map(\.amount.description) == ["500.00", "-2402.00"])
        #expect(parsed.entries[1].transactionType == "S" && parsed.entries[1].bankID == "B7741")
        // The balances add up with both read right: no warning.
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test func mt940MerchantFromSupplementaryDetailsNonStandardFieldsOrTheType() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("quirks.sta"), context: StatementTestSupport.context)
        #expect(parsed.entries.map(\.merchant) == [
            "Refund without a decimal comma", "Rent March",
            "BAKERY CORNER 0303",  // no :86:, the :61: line's own details
            "Charges",  // an empty :86: and no details: the type NCHG
            "Stadtwerke Musterstadt",  // :NS: 15 the name, 01-02 the purpose
            "Miscellaneous",  // nothing at all: the type NMSC
        ])
        #expect(parsed.entries[4].notes == "Abschlag Strom Maerz 2026")
    }

    @Test(arguments: [("NTRF", "Transfer"), ("FCHK", "Cheque"), ("S", "S"), ("NXYZ", "NXYZ"), ("", "Transaction")])
    func mt940TypeCodesInWords(code: String, words: String) {
        #expect(MT940StatementLine.typeWords(code) == words)
    }

    // MARK: QIF

    @Test func qifRecordsWithoutAPayeeAreNamedByWhatTheyHave() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("no-payee.qif"), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        #expect(parsed.entries.map(\.merchant) == [
            "School trip money", "Utilities:Water", "Transfer: Savings", "Check 1042", "ATM", "Deposit", "Corner Cafe",
        ])
    }

    // MARK: OFX

    @Test func anOFXStatementWithNoTransactionsIsZeroRowsAndANote() throws {
        let parsed = try OFXReader.read(try StatementFixtures.bytes(ofx: "no-transactions.ofx"), context: StatementFixtures.context)
        #expect(parsed.entries.isEmpty && parsed.issues.isEmpty)
        #expect(parsed.warnings == ["line 17: the statement (STMTRS) lists no transactions"])
        let report = try TransactionStore().importStatement(from: try StatementFixtures.bytes(ofx: "no-transactions.ofx"))
        #expect(report.addedIDs.isEmpty)
    }

    @Test func anOFXResponseWithoutAStatementIsANoteNotAnError() throws {
        let text = "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1></OFX>"
        let parsed = try OFXReader.read(Array(text.utf8), context: StatementFixtures.context)
        #expect(parsed.entries.isEmpty && parsed.issues.isEmpty)
        #expect(parsed.warnings.contains("the file holds no statement (STMTRS, CCSTMTRS or INVSTMTRS): no transactions"))
    }

    // MARK: camt

    @Test func camtDatesWithAZoneAreCalendarDays() {
        for (text, day) in [("2017-04-01+02:00", "2017-04-01"), ("2017-04-02Z", "2017-04-02"), ("2017-04-03-05:00", "2017-04-03")] {
            let parsed = Array(text.utf8).withUnsafeBufferPointer { CamtText.isoDate($0) }
            if case .day(let read)? = parsed { #expect(read.description == day) } else { Issue.record("\(text): \(String(describing: parsed))") }
        }
        for bad in ["2017-04-01+2", "2017-04-01+02:00x", "2017-04-01Zz", "2017-04-01+15:00"] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { CamtText.isoDate($0) } == nil, "\(bad)")
        }
    }

    /// An entry without a counterparty whose remittance text passes the merchant's 256
    /// characters: cut with `…`, the whole text first in the notes; never a refusal.
    @Test func aLongCamtRemittanceTextIsCutAndKeptWholeInTheNotes() throws {
        let bytes = try StatementFixtures.bytes(camt: "zone-dates.xml")
        let whole = try #require(try CamtReader.read(bytes, context: StatementFixtures.context).entries.last?.merchant)
        #expect(whole.count > TransactionField.nameLimit)
        let store = TransactionStore()
        let report = try store.importStatement(from: bytes)
        #expect(report.addedIDs.count == 3)
        let stored = try #require(store.transactions().first { $0.amount.decimalText == "-1250.00" })
        #expect(stored.merchant.count == TransactionField.nameLimit && stored.merchant.hasSuffix("…"))
        #expect(whole.hasPrefix(String(stored.merchant.dropLast()).trimmingWhitespace()))
        #expect(stored.notes == whole)
    }

    @Test func notesPastTheirLimitAreCut() {
        let (merchant, notes) = ImportStager.fitted(merchant: "Shop", notes: String(repeating: "n", count: TransactionField.notesLimit + 10))
        #expect(merchant == "Shop")
        #expect(notes?.count == TransactionField.notesLimit && notes?.hasSuffix("…") == true)
        #expect(ImportStager.fitted(merchant: "Shop", notes: "short") == ("Shop", "short"))
    }
}
