import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The value readers shared by the statement readers: amounts with `.` or `,`, camt's ISO
/// dates read from bytes (which must agree with `ParsedDate.parse`, the rule for CSV and JSON),
/// and entry paths.
@Suite struct StatementValueTests {
    private func amount(_ text: String, allowsSign: Bool = true) -> String? {
        Array(text.utf8).withByteView { StatementAmount.parse($0, allowsSign: allowsSign) }?.description
    }

    @Test func amountsTakeADotOrACommaAndNothingElse() {
        #expect(amount("-12.50") == "-12.50")
        #expect(amount("+12,5") == "12.5")
        #expect(amount("0007.10") == "7.10")
        #expect(amount(".5") == "0.5")
        #expect(amount("12.") == "12")
        #expect(amount("999999999999999999") == "999999999999999999")
        for bad in ["", "-", ".", "$120", "1,234.56", "1 234", "12-", "--1", "1e3", "1000000000000000000", "0.0000000000000000001"] {
            #expect(amount(bad) == nil, "\(bad)")
        }
        #expect(amount("-1.00", allowsSign: false) == nil)
    }

    @Test func exactSumsAcrossFractionDigits() {
        let sum = StatementAmount.sum([DecimalAmount(significand: -1505, fractionDigits: 2), DecimalAmount(significand: 5, fractionDigits: 0)])
        #expect(sum?.description == "-10.05")
        #expect(StatementAmount.equal(DecimalAmount(significand: 125, fractionDigits: 1), DecimalAmount(significand: 1250, fractionDigits: 2)))
        #expect(StatementAmount.sum([DecimalAmount(significand: .max, fractionDigits: 0), 1]) == nil)
    }

    private func isoDate(_ text: String) -> ParsedDate? {
        Array(text.utf8).withByteView(CamtText.isoDate)
    }

    /// Each value gives what `ParsedDate.parse` gives.
    @Test(arguments: [
        "2026-03-14", "2026-02-29", "2024-02-29", "2026-03-14T09:30", "2026-03-14T09:30:15", "2026-03-14t09:30:15.5",
        "2026-03-14 09:30:15,123456789", "2026-03-14T09:30:15.1234567890", "2026-03-14T09:30:15Z", "2026-03-14T09:30:15z",
        "2026-03-14T09:30:15+01:00", "2026-03-14T09:30:15-0530", "2026-03-14T09:30:15+01", "2026-03-14T09:30:15+19:00",
        "2026-03-14T24:00:00", "2026-03-14T09:60", "2026-03-14T09:30:60", "2026-03-14T09:30:15.", "2026-03-14T09:30:15+1",
        "2026-13-01", "2026-3-14", "20260314", "2026-03-14T", "2026-03-14T09:30:15Zx", "", "0000-01-01", "9999-12-31T23:59:59.999-18:00",
    ])
    func camtDatesReadLikeParsedDate(_ text: String) {
        #expect(isoDate(text) == ParsedDate.parse(text), "\(text)")
    }

    @Test func camtDatesReadLikeParsedDateOnRandomText() {
        var random = SeededRandom(seed: 2026)
        let pieces = ["2026", "-", "03", "-", "14", "T", " ", "09", ":", "30", ":", "15", ".", ",", "123", "Z", "+", "01", "x", "9"]
        for _ in 0..<(2_000 * RandomScale.factor) {
            let text = (0..<random.int(in: 1...12)).map { _ in random.pick(pieces) }.joined()
            #expect(isoDate(text) == ParsedDate.parse(text), "seed 2026: \(text)")
        }
    }

    @Test func entryPathsAreBuiltInOneGo() {
        #expect(CamtDocumentReader.indexedPath("Document/BkToCstmrStmt/Stmt[1]/Ntry[", 1) == "Document/BkToCstmrStmt/Stmt[1]/Ntry[1]")
        #expect(CamtDocumentReader.indexedPath("Ä/Ntry[", 1_234_567) == "Ä/Ntry[1234567]")
        #expect(CamtDocumentReader.indexedPath("", 10) == "10]")
    }
}
