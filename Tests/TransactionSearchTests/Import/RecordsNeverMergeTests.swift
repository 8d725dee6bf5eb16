import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A record of a file never merges two transactions, and a value never silently loses part of
/// itself (docs/SPEC.md section 9).
@Suite struct RecordsNeverMergeTests {
    static let context = StatementContext(clock: ZoneClock(timeZone: .utc), defaultCurrency: .eur)

    /// A QIF record whose `^` is missing: the next record's lines follow. Read as two records,
    /// with a warning naming both lines; the bakery is not lost.
    @Test func aQIFRecordMissingItsCaretIsReadAsTwo() throws {
        let qif = Array("""
            !Type:Bank
            D03/01/2026
            T-12.00
            PGrocer
            ^
            D03/02/2026
            T-5.10
            PBakery
            D03/03/2026
            T-7.00
            PCinema
            ^
            """.utf8)
        let parsed = try QIFReader.read(qif, context: Self.context)
        #expect(parsed.entries.map(\.merchant) == ["Grocer", "Bakery", "Cinema"])
        #expect(parsed.entries.map(\.amount.description) == ["-12.00", "-5.10", "-7.00"])
        #expect(parsed.warnings.contains { $0.contains("line 9") && $0.contains("line 6") && $0.contains("no closing ^") }, "\(parsed.warnings)")
        let store = TransactionStore()
        #expect(try store.importStatement(from: qif).addedIDs.count == 3)
    }

    /// Two amounts in a row, no second date: both halves are incomplete (no payee in the first,
    /// no date in the second): issues, never a pick of one amount.
    @Test func aQIFRecordWithTwoAmountsIsNeverASilentPick() throws {
        let qif = Array("""
            !Type:Bank
            D03/02/2026
            T-5.10
            T-7.00
            PBakery
            ^
            """.utf8)
        let parsed = try QIFReader.read(qif, context: Self.context)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.issues.map(\.description) == ["line 2, merchant: is required", "line 4, date: is required"], "\(parsed.issues)")
        #expect(parsed.warnings.contains { $0.contains("line 4") && $0.contains("line 3") })
        #expect(throws: ImportError.self) { try TransactionStore().importStatement(from: qif) }
    }

    @Test(arguments: ["T1,2,3", "T1,23.00", "T12,3456.00", "T1.2.3", "T1'2'3"])
    func aQIFAmountWithMisplacedSeparatorsIsAnError(_ line: String) throws {
        let qif = Array("!Type:Bank\nD03/02/2026\n\(line)\nPShop\n^\n".utf8)
        let parsed = try QIFReader.read(qif, context: Self.context)
        #expect(parsed.entries.isEmpty && parsed.issues.first?.field == .amount, "\(line): \(parsed.entries.map(\.amount))")
    }

    @Test(arguments: [("T1,234.56", "1234.56"), ("T-1,234,567.89", "-1234567.89"), ("T123", "123"), ("T1'234.50", "1234.50"),
                      ("T12.34", "12.34"), ("T$1,000", "1000")])
    func wellGroupedQIFAmountsStillRead(_ line: String, _ expected: String) throws {
        let qif = Array("!Type:Bank\nD03/02/2026\n\(line)\nPShop\n^\n".utf8)
        let parsed = try QIFReader.read(qif, context: Self.context)
        #expect(parsed.entries.map(\.amount.description) == [expected], "\(line): \(parsed.issues)")
    }

    /// An OFX `STMTTRN` holding two transactions' values (its closing tag lost in SGML).
    @Test(arguments: ["TRNAMT", "DTPOSTED", "FITID", "NAME"])
    func anOFXTransactionWithTwoSetsOfValuesIsAnError(_ tag: String) throws {
        var second = "<DTPOSTED>20260302<TRNAMT>-5.10<FITID>F2<NAME>Bakery"
        // Only the one tag repeats.
        second = ["TRNAMT": "<TRNAMT>-5.10", "DTPOSTED": "<DTPOSTED>20260302", "FITID": "<FITID>F2", "NAME": "<NAME>Bakery"][tag]!
        let ofx = Array("""
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>12345678</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-12.00<FITID>F1<NAME>Grocer
            \(second)
            </STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """.utf8)
        let parsed = try OFXReader.read(ofx, context: Self.context)
        #expect(parsed.entries.isEmpty, "\(tag)")
        let issue = try #require(parsed.issues.first)
        #expect(issue.description.contains("two \(tag)") && issue.description.contains("lines 5 and 6"), "\(issue)")
    }

    @Test func aCamtEntryWithTwoAmountsIsAnError() throws {
        let camt = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
            <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Ntry><Amt Ccy="EUR">49.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt>
            <Amt Ccy="EUR">5000.00</Amt><AddtlNtryInf>Shop</AddtlNtryInf></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """.utf8)
        let parsed = try CamtReader.read(camt, context: Self.context)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.issues.first?.description.contains("two Amt (lines 4 and 5)") == true, "\(parsed.issues)")
        #expect(throws: ImportError.self) { try TransactionStore().importStatement(from: camt) }
    }

    /// One `Ntry` with many details: each detail is placed in its group by the one before
    /// (linear; counting the group again for each detail took 10 s at 100,000 details). The
    /// places are checked here; the time by `bench`.
    @Test func aCamtEntryWithManyDetailsNumbersThemInOrder() throws {
        let count = 3000
        var details = ""
        for index in 1...count {
            details += "<TxDtls><Amt Ccy=\"EUR\">1.00</Amt><RltdPties><Cdtr><Nm>Payee \(index)</Nm></Cdtr></RltdPties></TxDtls>\n"
        }
        let camt = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
            <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Ntry><Amt Ccy="EUR">\(count).00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt>
            <AcctSvcrRef>BATCH</AcctSvcrRef><NtryDtls>
            \(details)</NtryDtls><NtryDtls><TxDtls><Amt Ccy="EUR">0.00</Amt><RltdPties><Cdtr><Nm>Second group</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """.utf8)
        let parsed = try CamtReader.read(camt, context: Self.context)
        #expect(parsed.entries.count == count + 1)
        #expect(parsed.entries.last?.location.description.hasSuffix("NtryDtls[2]/TxDtls[1])") == true)
        #expect(parsed.entries[count - 1].location.description.hasSuffix("NtryDtls[1]/TxDtls[\(count)])"))
        #expect(parsed.entries.map(\.bankID) == (1...count).map { "BATCH/\($0)" } + ["BATCH/\(count + 1)"])
    }
}
