import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// `bad-records.ofx` holds one bad transaction per problem between good ones: each gives its
/// issue (the line of the offending element, or of `<STMTTRN>` when something is missing; the
/// field; the reason with the text as typed), and the good ones still parse.
@Suite struct OFXIssueTests {
    static let cases: [(name: String, issue: ImportIssue)] = [
        ("impossible date", ImportIssue(.line(29), field: .date, .invalid(.unreadableDate("20260230", expected: "YYYYMMDD[HHMMSS[.XXX]][[offset:zone]] naming a real day")))),
        ("dollar sign amount", ImportIssue(.line(37), field: .amount, .invalid(.unreadableAmount("$120", expected: "a signed number such as -12.50, with no currency sign or thousands separator")))),
        ("empty amount", ImportIssue(.line(44), field: .amount, .invalid(.unreadableAmount("", expected: "a signed number such as -12.50, with no currency sign or thousands separator")))),
        ("no name, memo or type", ImportIssue(.line(48), field: .merchant, .invalid(.missing))),
        ("garbage date", ImportIssue(.line(55), field: .date, .invalid(.unreadableDate("March 4", expected: "YYYYMMDD[HHMMSS[.XXX]][[offset:zone]] naming a real day")))),
        ("no date", ImportIssue(.line(60), field: .date, .invalid(.missing))),
        ("thousands separator", ImportIssue(.line(69), field: .amount, .invalid(.unreadableAmount("1,234.56", expected: "a signed number such as -12.50, with no currency sign or thousands separator")))),
    ]

    private func parsed() throws -> ParsedStatement {
        try OFXReader.read(try StatementFixtures.bytes(ofx: "bad-records.ofx"), context: StatementFixtures.context)
    }

    @Test(arguments: cases.map(\.name))
    func badRecordGivesItsIssue(_ name: String) throws {
        let expected = try #require(Self.cases.first { $0.name == name }).issue
        let issues = try parsed().issues
        #expect(issues.contains(expected), "\(name): \(issues)")
    }

    @Test func onlyTheBadRecordsAreIssuesAndTheGoodOnesParse() throws {
        let result = try parsed()
        #expect(result.issues == Self.cases.map(\.issue))
        #expect(result.entries.map(\.merchant) == ["Good before", "Good after"])
    }

    @Test func issuesReadAsOneLineWithLineFieldAndReason() throws {
        #expect(Self.cases[1].issue.description
                == "line 37, amount: \"$120\" is not an amount (expected a signed number such as -12.50, with no currency sign or thousands separator)")
    }
}
