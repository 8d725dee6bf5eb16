import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// `bad-entries.xml` holds one bad entry per problem between good ones: each gives its issue
/// (the element path of the offending element, or of the entry when something is missing; the
/// line; the field; the reason), and the good ones still parse.
@Suite struct CamtIssueTests {
    private static let statement = "Document/BkToCstmrStmt/Stmt[1]"

    static let cases: [(name: String, issue: ImportIssue)] = [
        ("impossible date", ImportIssue(.element(path: statement + "/Ntry[2]/BookgDt/Dt", line: 28), field: .date,
                                        .invalid(.unreadableDate("2026-02-30", expected: "an ISO 8601 date YYYY-MM-DD or date-time naming a real day")))),
        ("letter in amount", ImportIssue(.element(path: statement + "/Ntry[3]/Amt", line: 32), field: .amount,
                                         .invalid(.unreadableAmount("12,5O", expected: "a number such as 12.50")))),
        ("unknown credit/debit indicator", ImportIssue(.element(path: statement + "/Ntry[4]/CdtDbtInd", line: 40), field: .amount,
                                                       .malformed("CdtDbtInd is \"DEBIT\", expected CRDT or DBIT"))),
        ("unknown status", ImportIssue(.element(path: statement + "/Ntry[5]/Sts", line: 48), field: .status,
                                       .invalid(.invalidStatus("DONE")))),
        ("no merchant at all", ImportIssue(.element(path: statement + "/Ntry[6]", line: 52), field: .merchant, .invalid(.missing))),
        ("currency code of four letters", ImportIssue(.element(path: statement + "/Ntry[7]/Amt", line: 59), field: .currency,
                                                      .invalid(.invalidCurrency("EURO")))),
        ("no date", ImportIssue(.element(path: statement + "/Ntry[8]", line: 65), field: .date, .invalid(.missing))),
    ]

    private func parsed() throws -> ParsedStatement {
        try CamtReader.read(try StatementFixtures.bytes(camt: "bad-entries.xml"), context: StatementFixtures.context)
    }

    @Test(arguments: cases.map(\.name))
    func badEntryGivesItsIssue(_ name: String) throws {
        let expected = try #require(Self.cases.first { $0.name == name }).issue
        let issues = try parsed().issues
        #expect(issues.contains(expected), "\(name): \(issues)")
    }

    @Test func onlyTheBadEntriesAreIssuesAndTheGoodOnesParse() throws {
        let result = try parsed()
        #expect(result.issues == Self.cases.map(\.issue))
        #expect(result.entries.map(\.merchant) == ["Good before", "Good after"])
    }

    @Test func issuesNameTheElementPathAndLine() {
        #expect(Self.cases[0].issue.description.hasPrefix("line 28 (Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/BookgDt/Dt), date: "))
    }
}
