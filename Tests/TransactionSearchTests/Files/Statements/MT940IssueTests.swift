import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Bad MT940 statement lines become issues at the `:61:` line with their field and reason,
/// their `:86:` is dropped with them, and the lines around them are still read; files that
/// are not MT940 throw.
@Suite struct MT940IssueTests {
    private func read(_ text: String) throws -> ParsedStatement {
        try MT940Reader.read(Array(text.utf8), context: StatementTestSupport.context)
    }

    @Test func badLinesAreIssuesAndGoodOnesAroundThemAreRead() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("bad-lines.sta"), context: StatementTestSupport.context)
        #expect(parsed.issues == [
            ImportIssue(.line(7), field: .amount, .invalid(.unreadableAmount("1O,00", expected: "a number with a decimal comma such as 100,50"))),
            ImportIssue(.line(9), field: .date, .invalid(.unreadableDate("2613450702", expected: "YYMMDD naming a real day"))),
            ImportIssue(.line(11), field: .amount, .malformed("expected the debit/credit mark C, D, RC or RD after the date")),
        ])
        // An empty `:86:` is no error: the type code names the line.
        #expect(parsed.entries.map(\.merchant) == ["Good before", "Miscellaneous", "Good after"])
        #expect(parsed.warnings.isEmpty, "a statement with bad lines is not checked against its balances: \(parsed.warnings)")
    }

    @Test(arguments: [
        (":61:260229D1,00NMSC", ImportIssue(.line(4), field: .date, .invalid(.unreadableDate("260229", expected: "YYMMDD naming a real day")))),
        (":61:2603011345D1,00NMSC", ImportIssue(.line(4), field: .date, .invalid(.unreadableDate("2603011345", expected: "YYMMDD naming a real day")))),
        (":61:26030D1,00NMSC", ImportIssue(.line(4), field: .date, .invalid(.unreadableDate("26030", expected: "YYMMDD naming a real day")))),
        (":61:260301D1,00,0NMSC", ImportIssue(.line(4), field: .amount, .invalid(.unreadableAmount("1,00,0", expected: "a number with a decimal comma such as 100,50")))),
        (":61:260301D1,0ANMSC", ImportIssue(.line(4), field: .amount, .invalid(.unreadableAmount("1,0A", expected: "a number with a decimal comma such as 100,50")))),
        (":61:260301DNMSC", ImportIssue(.line(4), field: .amount, .invalid(.unreadableAmount("", expected: "a number with a decimal comma such as 100,50")))),
        (":61:260301D1234567890123456,NMSC", ImportIssue(.line(4), field: .amount, .invalid(.unreadableAmount("1234567890123456,", expected: "a number with a decimal comma such as 100,50")))),
        (":61:260301", ImportIssue(.line(4), field: .amount, .malformed("expected the debit/credit mark C, D, RC or RD after the date"))),
    ])
    func badStatementLines(line: String, issue: ImportIssue) throws {
        let parsed = try read(":20:X\n:25:123456789\n:60F:C260101EUR0,\n\(line)\n:86:Shop\n:61:260302C2,00NMSC\n:86:Good\n")
        #expect(parsed.issues == [issue])
        #expect(parsed.entries.map(\.merchant) == ["Good"])
    }

    @Test(arguments: [
        ("", ImportIssue.Reason.empty),
        ("\r\n\n", .empty),
        ("hello\nworld\n", .malformed("not an MT940 file: no :20:, :25: or :61: field")),
    ])
    func filesThatAreNotMT940Throw(text: String, reason: ImportIssue.Reason) {
        #expect(throws: ImportIssue(.line(1), reason)) { try read(text) }
    }

    @Test func unknownFieldsAndStrayTextAreWarnedOnce() throws {
        let parsed = try read("header junk\n:20:X\n:25:1234\n:99X:what\n:61:260301D1,00NMSC\n:86:Shop\n:99X:again\n")
        #expect(parsed.entries.count == 1)
        #expect(parsed.warnings == [
            "line 1: text outside any field ignored (here and on any later line)",
            "line 4: field :99X: is not known here; ignored (here and in later messages)",
        ])
    }

    @Test func mt942CurrencyCanComeFromTheSumsAfterTheLines() throws {
        let parsed = try read(":20:X\n:25:1234\n:13D:2606121030+0200\n:61:260612D4,1NMSC\n:86:Cafe\n:90D:1JPY4\n")
        #expect(parsed.entries.map(\.currency) == [.jpy])
        #expect(parsed.entries.map(\.status) == [.pending])
        #expect(parsed.entries.map(\.amount.description) == ["-4.1"])
    }

    @Test func anEnvelopeOnOneLineWithTheFirstField() throws {
        let parsed = try read("{1:F01X}{2:O940X}{4::20:X\n:25:1234\n:60F:C260101EUR0,\n:61:260301C1,NMSC\n:86:A\n-}{1:F01X}{2:I942X}{4:\n:20:Y\n:25:1234\n:61:260302C2,NMSC\n:86:B\n-}")
        #expect(parsed.entries.map(\.merchant) == ["A", "B"])
        #expect(parsed.entries.map(\.status) == [.posted, .pending])
        #expect(parsed.entries.map(\.location) == [.line(4), .line(9)])
    }
}
