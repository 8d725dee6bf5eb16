import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every QIF fixture reads into the entries written beside it, and each quirk's fixture also
/// gives the warnings, skipped parts, accounts and encoding it should.
@Suite struct QIFFixtureTests {
    @Test(arguments: StatementTestSupport.qifFixtures)
    func fixtureReadsIntoItsExpectedEntries(name: String) throws {
        let bytes = try StatementTestSupport.qif(name)
        #expect(QIFReader.looksLike(bytes), "\(name) should look like QIF")
        #expect(!MT940Reader.looksLike(bytes), "\(name) should not look like MT940")
        let parsed = try QIFReader.read(bytes, context: StatementTestSupport.context)
        #expect(parsed.format == .qif)
        try StatementExpectations.expect(parsed.entries, matchFixture: "statements/qif/" + name)
        if name != "bad-records.qif" {
            #expect(parsed.issues.isEmpty, "\(name): \(parsed.issues)")
        }
    }

    @Test func usBankHasNoWarningsAndReadsCRLF() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("us-bank.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        #expect(parsed.encoding == .utf8)
    }

    @Test func aSecondNumberOverTwelveSettlesMonthFirst() throws {
        // `2/29'04` is the only date that tells.
        let parsed = try QIFReader.read(try StatementTestSupport.qif("apostrophe-years.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test func ambiguousDatesAreReadMonthFirstWithAWarning() throws {
        let bytes = Array("!Type:Bank\nD03/04/2026\nT-1.00\nPA\n^\nD1/ 2'26\nT-2.00\nPB\n^\n".utf8)
        let parsed = try QIFReader.read(bytes, context: StatementTestSupport.context)
        #expect(parsed.entries.map(\.date.description) == ["2026-03-04", "2026-01-02"])
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.hasPrefix("dates read month-first (MM/DD)") == true, "\(parsed.warnings)")
        let dayFirst = try QIFReader.read(bytes, context: StatementTestSupport.context, dateOrder: .dayFirst)
        #expect(dayFirst.entries.map(\.date.description) == ["2026-04-03", "2026-02-01"])
        #expect(dayFirst.warnings.isEmpty)
    }

    @Test func dayOverTwelveSettlesDayFirstWithoutAWarning() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("day-first.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test func dottedDatesAndDecimalCommasAreSaid() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("european.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings.count == 2, "\(parsed.warnings)")
        #expect(parsed.warnings.contains { $0.hasPrefix("dates read day-first (DD.MM)") })
        #expect(parsed.warnings.contains { $0.hasPrefix("amounts read with a decimal comma") })
    }

    @Test func windows1252IsDecoded() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("windows-1252.qif"), context: StatementTestSupport.context)
        #expect(parsed.encoding == .windows1252)
        #expect(parsed.warnings == ["amounts read with a decimal comma (1.234,56), as the file writes them (line 3)"])
    }

    @Test func splitsThatDoNotAddUpAndMissingTotalsAreWarned() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("splits.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings == [
            "line 12: the splits add up to -90.00, not the total -100.00",
            "line 21: the record has no T amount; its total is the sum of its splits, -50.00",
        ])
    }

    @Test func openingBalanceIsSkipped() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("transfers.qif"), context: StatementTestSupport.context)
        #expect(parsed.accounts == ["Checking"])
        #expect(parsed.skipped == [SkippedPart(.line(6), "opening balance 1000.00 of account Checking: Quicken's starting balance, not a transaction")])
    }

    @Test func nonTransactionSectionsAreSkippedWithTheirLines() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("accounts.qif"), context: StatementTestSupport.context)
        #expect(parsed.accounts == ["Everyday Checking", "Gold Visa ****1111", "Brokerage"])
        #expect(parsed.skipped == [
            SkippedPart(.line(13), "lines 13-23: category list (!Type:Cat), 3 records"),
            SkippedPart(.line(24), "lines 24-27: class list (!Type:Class), 1 record"),
            SkippedPart(.line(28), "lines 28-33: memorized transactions (!Type:Memorized): templates, not transactions, 1 record"),
            SkippedPart(.line(68), "lines 68-80: investment account (!Type:Invst): buys, sells and dividends are not imported, 2 records"),
        ])
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        #expect(!parsed.entries.contains { $0.merchant == "Netflix" }, "a memorized transaction is not a transaction")
    }

    @Test func recordsWithoutHeaderAreReadAsBankWithAWarning() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("no-header.qif"), context: StatementTestSupport.context)
        #expect(parsed.warnings == ["line 1: records before any !Type: header are read as a bank account (!Type:Bank)"])
    }

    @Test func ambiguousThousandsAreReadAsGroupingWithAWarning() throws {
        let bytes = Array("!Type:Bank\nD01/02/2026\nT-1,234\nPA\n^\nD01/03/2026\nT-2,000\nPB\n^\n".utf8)
        let parsed = try QIFReader.read(bytes, context: StatementTestSupport.context)
        #expect(parsed.entries.map(\.amount.description) == ["-1234", "-2000"])
        #expect(parsed.warnings.contains { $0.hasPrefix("amounts read with a decimal point: no amount shows its decimal separator") })
    }
}
