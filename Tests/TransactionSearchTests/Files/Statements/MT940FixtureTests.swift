import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every MT940/MT942 fixture reads into the entries written beside it, with the accounts,
/// skipped parts and warnings each quirk should give.
@Suite struct MT940FixtureTests {
    @Test(arguments: StatementTestSupport.mt940Fixtures)
    func fixtureReadsIntoItsExpectedEntries(name: String) throws {
        let bytes = try StatementTestSupport.mt940(name)
        #expect(MT940Reader.looksLike(bytes), "\(name) should look like MT940")
        #expect(!QIFReader.looksLike(bytes), "\(name) should not look like QIF")
        let parsed = try MT940Reader.read(bytes, context: StatementTestSupport.context)
        #expect(parsed.format == .mt940)
        try StatementExpectations.expect(parsed.entries, matchFixture: "statements/mt940/" + name)
        if name != "bad-lines.sta" {
            #expect(parsed.issues.isEmpty, "\(name): \(parsed.issues)")
            #expect(parsed.warnings.isEmpty, "\(name): \(parsed.warnings)")
        }
    }

    @Test func germanFileIsWindows1252() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("german-structured.sta"), context: StatementTestSupport.context)
        #expect(parsed.encoding == .windows1252)
        #expect(parsed.accounts == ["****3000"])
    }

    @Test func severalStatementsKeepTheirAccountsAndSkipStatementInformation() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("several-statements.sta"), context: StatementTestSupport.context)
        #expect(parsed.accounts == ["****7890", "****4931"])
        #expect(parsed.skipped == [SkippedPart(.line(16), "line 16: information for the whole statement (:86: not after a :61: line)")])
    }

    @Test func balancesThatDisagreeWithTheLinesAreWarned() throws {
        let text = ":20:X\n:25:DE44500105175407324931\n:60F:C260101EUR100,00\n:61:260102D10,00NMSCNONREF\n:86:Shop\n:62F:C260102EUR80,00\n-\n"
        let parsed = try MT940Reader.read(Array(text.utf8), context: StatementTestSupport.context)
        #expect(parsed.entries.count == 1)
        #expect(parsed.warnings == ["line 6: the opening balance 100.00 and the lines (-10.00) make 90.00, but the closing balance is 80.00"])
    }
}
