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
}
