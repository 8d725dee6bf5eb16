import Foundation
import Synchronization
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every transaction of every file is in the store exactly once (docs/SPEC.md section 9): a
/// genuine transaction is never taken for one already there, a corrected one is corrected, and
/// what cannot be told apart is said.
@Suite struct ImportIdentityTests {
    /// An OFX statement of one account, its transactions `(FITID, YYYYMMDD, amount, name)`.
    static func ofx(bankID: String?, accountID: String, _ rows: [(String, String, String, String)]) -> [UInt8] {
        let bank = bankID.map { "<BANKID>\($0)" } ?? ""
        let transactions = rows.map { fitID, date, amount, name in
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(date)<TRNAMT>\(amount)<FITID>\(fitID)<NAME>\(name)</STMTTRN>"
        }.joined(separator: "\n")
        return Array("""
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM>\(bank)<ACCTID>\(accountID)</BANKACCTFROM><BANKTRANLIST>
            \(transactions)
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """.utf8)
    }

    @Test func twoAccountsEndingInTheSameFourDigitsKeepTheirOwnTransactions() throws {
        let store = TransactionStore()
        let first = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "11111234", [
            ("1", "20260301", "-10.00", "Bakery"), ("2", "20260302", "-20.00", "Cinema"),
        ]))
        let second = try store.importStatement(from: Self.ofx(bankID: "999", accountID: "22221234", [
            ("1", "20260303", "-30.00", "Garage"), ("2", "20260304", "-40.00", "Florist"),
        ]))
        #expect(first.addedIDs.count == 2 && second.addedIDs.count == 2, "\(second.summary)")
        #expect(store.count == 4)
        // Shown, both accounts are their last four digits; the keys hold no number in clear.
        #expect(Set(store.transactions().map(\.account)) == ["****1234"])
        #expect(store.transactions().allSatisfy { !($0.importKey ?? "").contains("1111") && !($0.importKey ?? "").contains("2222") })
        // Each file again: nothing new.
        let again = try store.importStatement(from: Self.ofx(bankID: "999", accountID: "22221234", [
            ("1", "20260303", "-30.00", "Garage"), ("2", "20260304", "-40.00", "Florist"),
        ]))
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == 2)
        // The same account number at another bank is another account.
        let other = try store.importStatement(from: Self.ofx(bankID: "555", accountID: "22221234", [("1", "20260303", "-30.00", "Garage")]))
        #expect(other.addedIDs.count == 1)
    }

    /// A camt entry whose only reference is the payer's (`EndToEndId`): a monthly rent under one
    /// reference, another shop's payment with the same reference.
    @Test func aPayersReferenceIsNeverTheBanksID() throws {
        func camt(_ entries: [(String, String, String)]) -> [UInt8] {
            let body = entries.map { date, amount, name in
                """
                <Ntry><Amt Ccy="EUR">\(amount)</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>\(date)</Dt></BookgDt>
                <NtryDtls><TxDtls><Refs><EndToEndId>RENT-APT-7</EndToEndId></Refs><RltdPties><Cdtr><Nm>\(name)</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
                """
            }.joined(separator: "\n")
            return Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
                <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
                \(body)
                </Stmt></BkToCstmrStmt></Document>
                """.utf8)
        }
        let store = TransactionStore()
        let march = try store.importStatement(from: camt([("2026-03-01", "800.00", "Hausverwaltung Berg")]))
        let april = try store.importStatement(from: camt([("2026-04-01", "800.00", "Hausverwaltung Berg"),
                                                          ("2026-04-02", "12.50", "Buchladen Eck")]))
        #expect(march.addedIDs.count == 1 && april.addedIDs.count == 2 && april.alreadyPresent == 0, "\(april.summary)")
        #expect(try store.importStatement(from: camt([("2026-04-01", "800.00", "Hausverwaltung Berg")])).alreadyPresent == 1)
    }

    @Test func theCardIsPartOfTheFingerprint() throws {
        let csv = """
            Date,Description,Amount,Card
            2026-03-14,Coffee House,-3.50,1111
            2026-03-14,Coffee House,-3.50,2222
            """
        let store = TransactionStore()
        let report = try store.importStatement(from: Array(csv.utf8), options: ImportOptions(format: .bankCSV))
        #expect(report.addedIDs.count == 2, "\(report.summary)")
        let again = try store.importStatement(from: Array(csv.utf8), options: ImportOptions(format: .bankCSV))
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == 2 && again.matchedWithoutAccount == 2)
    }

    @Test func aFileThatNamesNoAccountSaysWhatItMatchedByContentAlone() throws {
        let netflix = Array("""
            Date,Description,Amount
            2026-03-05,NETFLIX.COM,-12.99
            """.utf8)
        let store = TransactionStore()
        #expect(try store.importStatement(from: netflix, options: ImportOptions(format: .bankCSV)).addedIDs.count == 1)
        let second = try store.importStatement(from: netflix, options: ImportOptions(format: .bankCSV))
        #expect(second.addedIDs.isEmpty && second.alreadyPresent == 1 && second.matchedWithoutAccount == 1)
        #expect(second.notices.contains { $0.contains("--account NAME") }, "\(second.notices)")
        // Told which account each file is, the two stay apart.
        let apart = TransactionStore()
        _ = try apart.importStatement(from: netflix, options: ImportOptions(format: .bankCSV, account: "Visa"))
        let other = try apart.importStatement(from: netflix, options: ImportOptions(format: .bankCSV, account: "Amex"))
        #expect(other.addedIDs.count == 1 && other.matchedWithoutAccount == 0)
    }

    /// An MT940 statement that writes `NONREF` everywhere and gives a payment and its fee one
    /// bank reference: every line is imported, none refused.
    @Test func aBankIDRepeatedInOneFileIsNoIDAndNothingIsRefused() throws {
        let mt940 = Array("""
            :20:STARTUMS
            :25:10020030/1234567890
            :28C:1/1
            :60F:C260301EUR1000,00
            :61:2603020302D50,00NTRFNONREF
            :86:Miete Maerz
            :61:2603020302D50,00NTRFNONREF
            :86:Miete Maerz
            :61:2603030303D200,00NTRFNONREF//PAY-77
            :86:Auslandsueberweisung
            :61:2603030303D7,50NCHGNONREF//PAY-77
            :86:Gebuehr Auslandsueberweisung
            :62F:C260303EUR692,50
            -
            """.utf8)
        let store = TransactionStore()
        let report = try store.importStatement(from: mt940)
        #expect(report.addedIDs.count == 4 && report.sharedBankIDs == 2, "\(report.summary) \(report.warnings)")
        #expect(report.notices.contains { $0.contains("share their bank id") })
        let again = try store.importStatement(from: mt940)
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == 4)
    }

    @Test func aCorrectedAmountUnderTheSameBankIDCorrectsTheRowAndKeepsWhatThePersonSet() throws {
        let store = TransactionStore()
        let first = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "11111234", [("F1", "20260301", "-9.00", "Bakery")]))
        let id = try #require(first.addedIDs.first)
        var patch = TransactionPatch()
        patch.category = .set("Food")
        patch.notes = .set("with Anna")
        try store.update(id: id, patch)
        let events = Mutex<[StoreEvent.Change]>([])
        let subscription = store.observe { event in events.withLock { $0.append(event.change) } }
        defer { subscription.cancel() }
        let corrected = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "11111234", [("F1", "20260301", "-19.00", "Bakery")]))
        #expect(corrected.correctedIDs == [id] && corrected.addedIDs.isEmpty && corrected.alreadyPresent == 0)
        #expect(corrected.summary == "0 added, 0 already present, 1 corrected")
        let row = try #require(store.transaction(id: id))
        #expect(row.amount.minorUnits == -1900 && row.category == "Food" && row.notes == "with Anna")
        #expect(events.withLock { $0.count } == 1)
        if case .updated(let old, let new)? = events.withLock({ $0.first }) {
            #expect(old.amount.minorUnits == -900 && new.amount.minorUnits == -1900)
        } else {
            Issue.record("expected one update event")
        }
        store.checkInvariants()
        // The same file again: nothing to correct.
        let again = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "11111234", [("F1", "20260301", "-19.00", "Bakery")]))
        #expect(again.correctedIDs.isEmpty && again.alreadyPresent == 1)
    }

    @Test func ourOwnCSVCorrectsARowByItsID() throws {
        let store = TransactionStore()
        try store.importTransactions(from: "id,date,merchant,amount\nmine-1,2026-03-01,Bakery,-9.00\n", format: .csv)
        var patch = TransactionPatch()
        patch.category = .set("Food")
        try store.update(id: "mine-1", patch)
        let report = try store.importTransactions(from: "id,date,merchant,amount\nmine-1,2026-03-02,Bakery Schmidt,-9.50\n", format: .csv)
        #expect(report.correctedIDs == ["mine-1"])
        let row = try #require(store.transaction(id: "mine-1"))
        let day: TransactionDate = try .day(2026, 3, 2)
        #expect(row.amount.minorUnits == -950 && row.merchant == "Bakery Schmidt" && row.date == day && row.category == "Food")
    }

    @Test func aPendingRecordNeverUndoesAPostedRow() throws {
        let store = TransactionStore()
        try store.importTransactions(from: "date,merchant,amount,status,import_key\n2026-03-03,Hotel,-212.40,posted,K1\n", format: .csv)
        let older = try store.importTransactions(from: "date,merchant,amount,status,import_key\n2026-03-01,Hotel,-250.00,pending,K1\n", format: .csv)
        #expect(older.correctedIDs.isEmpty && older.alreadyPresent == 1)
        #expect(store.transactions().first?.amount.minorUnits == -21240)
    }

    /// The same statement as OFX and then as the bank's CSV: nothing is dropped, the likely
    /// duplicates are named.
    @Test func theSameStatementInTwoFormatsIsKeptAndItsLikelyDuplicatesNamed() throws {
        let store = TransactionStore()
        _ = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "0012346789", [
            ("F1", "20260301", "-4.20", "STARBUCKS 1234 SEATTLE"), ("F2", "20260302", "-60.00", "SHELL OIL 5566"),
        ]))
        let csv = """
            Date,Description,Amount,Account
            2026-03-01,STARBUCKS STORE 1234,-4.20,****6789
            2026-03-02,SHELL OIL 5566 HAMBURG,-60.00,****6789
            2026-03-02,FLORIST,-60.00,****6789
            """
        let report = try store.importStatement(from: Array(csv.utf8), options: ImportOptions(format: .bankCSV))
        #expect(report.addedIDs.count == 3 && store.count == 5)
        #expect(report.likelyDuplicates.map(\.location) == [.line(2), .line(3)], "\(report.likelyDuplicates)")
        #expect(report.summary.contains("2 likely duplicates kept"))
        #expect(report.likelyDuplicates.allSatisfy { !$0.addedID.isEmpty && !$0.existingID.isEmpty })
        let preview = try store.previewImport(of: Array(csv.utf8), options: ImportOptions(format: .bankCSV))
        #expect(preview.report.likelyDuplicates.isEmpty && preview.report.alreadyPresent == 3)
    }

    /// A store written before 0.4 keyed a bank id with the masked account: importing the same
    /// file finds its rows (and gives them today's keys); another account with the same last
    /// four digits and the same FITID but another transaction is added.
    @Test func aStoreWithKeysOfTheEarlierSchemeKeepsWorking() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "old-1", date: try .day(2026, 3, 1), merchant: "Bakery", account: "****1234", amount: -10,
                                       importKey: "bank:****1234:1"))
        let fingerprint = ImportKeys.legacyFingerprint(
            of: TransactionDraft(date: try .day(2026, 3, 2), merchant: "Cinema", amount: -20), currency: .eur)
        try store.add(TransactionDraft(id: "old-2", date: try .day(2026, 3, 2), merchant: "Cinema", amount: -20,
                                       importKey: ImportKeys.legacyFingerprintKey(fingerprint, occurrence: 1)))
        let same = try store.importStatement(from: Self.ofx(bankID: "111", accountID: "11111234", [("1", "20260301", "-10.00", "Bakery")]))
        #expect(same.addedIDs.isEmpty && same.alreadyPresent == 1, "\(same.summary)")
        #expect(store.transaction(id: "old-1")?.importKey?.hasPrefix("bank2:") == true)
        let csv = try store.importStatement(from: Array("Date,Description,Amount\n2026-03-02,Cinema,-20.00\n".utf8),
                                            options: ImportOptions(format: .bankCSV))
        #expect(csv.addedIDs.isEmpty && csv.alreadyPresent == 1, "\(csv.summary)")
        let other = try store.importStatement(from: Self.ofx(bankID: "999", accountID: "22221234", [("1", "20260305", "-99.00", "Garage")]))
        #expect(other.addedIDs.count == 1)
        #expect(store.count == 3)
        store.checkInvariants()
    }
}
