import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Bad QIF records become issues with their line, field and reason while the records around
/// them are still read; files that are not QIF at all throw.
@Suite struct QIFIssueTests {
    private func read(_ text: String, dateOrder: QIFDateOrder? = nil) throws -> ParsedStatement {
        try QIFReader.read(Array(text.utf8), context: StatementTestSupport.context, dateOrder: dateOrder)
    }

    @Test func badRecordsAreIssuesAndGoodOnesAroundThemAreRead() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("bad-records.qif"), context: StatementTestSupport.context)
        #expect(parsed.issues == [
            ImportIssue(.line(7), field: .amount, .invalid(.unreadableAmount("abc", expected: "a number such as -1,234.56"))),
            ImportIssue(.line(10), field: .date, .invalid(.unreadableDate("13/45/2026", expected: "a real day written like 03/14/26, 14/03/2026, 3/14'26 or 14.03.2026"))),
            ImportIssue(.line(21), field: .date, .invalid(.missing)),
            ImportIssue(.line(24), field: .amount, .invalid(.missing)),
        ])
        // A record with neither payee nor memo is named by the way its money went.
        #expect(parsed.entries.map(\.merchant) == ["Good One", "Memo As Payee", "Withdrawal", "Good Two"])
        #expect(parsed.warnings.filter { $0.contains("unknown QIF code") } == [
            "line 30: unknown QIF code \"Z\" ignored (here and on any later line)",
            "line 32: unknown QIF code \"Q\" ignored (here and on any later line)",
        ])
    }

    @Test func datesAgainstTheMajorityOrderAreIssues() throws {
        let parsed = try read("""
            !Type:Bank
            D25/03/2026
            T-1.00
            PA
            ^
            D26/03/2026
            T-2.00
            PB
            ^
            D03/27/2026
            T-3.00
            PC
            ^
            """)
        #expect(parsed.entries.map(\.date.description) == ["2026-03-25", "2026-03-26"])
        #expect(parsed.issues == [ImportIssue(.line(10), field: .date, .invalid(.unreadableDate("03/27/2026", expected: "a real day written like 03/14/26, 14/03/2026, 3/14'26 or 14.03.2026")))])
        #expect(parsed.warnings == ["dates disagree: 2 fit only day-first (the first on line 2), 1 only month-first (line 10); dates read day-first (DD/MM), the others are reported"])
    }

    @Test func anOrderTheCallerGivesWinsAndDatesThatDoNotFitItAreIssues() throws {
        let parsed = try read("!Type:Bank\nD25/03/2026\nT-1.00\nPA\n^\nD03/04/2026\nT-2.00\nPB\n^\n", dateOrder: .monthFirst)
        #expect(parsed.issues == [ImportIssue(.line(2), field: .date, .invalid(.unreadableDate("25/03/2026", expected: "a real day written like 03/14/26, 14/03/2026, 3/14'26 or 14.03.2026")))])
        #expect(parsed.entries.map(\.date.description) == ["2026-03-04"])
    }

    @Test func unclosedRecordsAreReadWithAWarning() throws {
        let parsed = try read("!Type:Bank\nD01/02/2026\nT-1.00\nPA\n!Type:CCard\nD01/03/2026\nT-2.00\nPB")
        #expect(parsed.entries.map(\.merchant) == ["A", "B"])
        #expect(parsed.warnings.contains("line 2: the record has no closing ^ before the header on line 5; read as ended there"))
        #expect(parsed.warnings.contains("line 6: the last record has no closing ^; read as ended at the end of the file"))
    }

    @Test func aBadSplitAmountIsAWarningNotAnIssue() throws {
        let parsed = try read("!Type:Bank\nD01/02/2026\nT-10.00\nPA\nSFood\n$-6.00\nSHome\n$abc\n^\n")
        #expect(parsed.issues.isEmpty)
        #expect(parsed.entries.first?.notes == "splits: Food -6.00; Home abc")
        #expect(parsed.entries.first?.category == "Food")
        #expect(parsed.warnings.contains("line 8: split amount \"abc\" is not a number; the split is kept in the notes as written"))
    }

    @Test func unknownHeaderSkipsItsLines() throws {
        let parsed = try read("!Type:Bank\nD01/02/2026\nT-1.00\nPA\n^\n!Type:Budget\nD01/03/2026\nT-2.00\nPB\n^\n!Something\nX\n^\n")
        #expect(parsed.entries.map(\.merchant) == ["A"])
        #expect(parsed.skipped.map(\.description) == [
            "line 6: lines 6-10: unknown section !Type:Budget, 1 record",
            "line 11: lines 11-13: lines after an unknown header !Something, 1 record",
        ])
        #expect(parsed.warnings.contains("line 11: \"!Something\" is not a QIF header known here; what follows up to the next header is ignored"))
    }

    @Test(arguments: [
        ("", ImportIssue.Reason.empty),
        ("  \n\r\n", .empty),
        ("date,merchant,amount\n2026-01-01,A,-1\n", .malformed("not a QIF file: no !Type: header and no record with a D (date) and a T (amount) line")),
    ])
    func filesThatAreNotQIFThrow(text: String, reason: ImportIssue.Reason) {
        #expect(throws: ImportIssue(.line(1), reason)) { try read(text) }
    }

    @Test func aFileWithOnlyACategoryListIsReadWithNoEntries() throws {
        let parsed = try read("!Type:Cat\nNFood\nE\n^\n")
        #expect(parsed.entries.isEmpty)
        #expect(parsed.skipped.count == 1)
    }
}
