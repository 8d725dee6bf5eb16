import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles
@testable import fsearch

/// Files the reader cannot read alone: the error lists the headers, the closest columns and the
/// exact options that read the file, and those options do. Also: bad rows, options, ambiguity.
@Suite struct BankCSVErrorTests {
    static let context = BankCSVFixtureTests.context

    private func read(_ text: String, _ options: BankCSVOptions = BankCSVOptions()) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        try BankCSVReader.read(Array(text.utf8), options: options, context: Self.context)
    }

    private func error(_ text: String, _ options: BankCSVOptions = BankCSVOptions()) -> BankCSVError? {
        do {
            _ = try read(text, options)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileWithNoDateColumnNamesTheHeadersAndTheMapThatReadsIt() throws {
        let bytes = try TestFiles.fixture("statements/bank-csv/no-date-column.csv")
        #expect(!BankCSVReader.looksLike(bytes))
        var caught: BankCSVError?
        do { _ = try BankCSVReader.read(bytes, context: Self.context) } catch { caught = error }
        let error = try #require(caught)
        #expect(error.reason == .missingColumns([.date]))
        #expect(error.headerLine == 1)
        #expect(error.headers == ["Tag", "Empfänger", "Betrag"])
        #expect(error.missing.map(\.role) == [.date])
        #expect(error.missing[0].candidates.first?.header == "Tag")
        #expect(error.missing[0].candidates.first?.why == "values look like dates (\"03.04.2023\")")
        #expect(error.suggestionVerified)
        #expect(error.suggestedOptions?.commandLineArguments == ["--map", "date=Tag", "--date-order", "dmy", "--decimal-comma"])
        #expect(error.description == """
            no date column found
            headers on line 1: 1 "Tag", 2 "Empfänger", 3 "Betrag"
            date: closest "Tag" (column 1): values look like dates ("03.04.2023")
            these options import it: date: Tag; date order dmy; decimal comma
            """)
        // fsearch writes the same options as its flags, so that the line is a command.
        #expect(error.description(writingOptions: \.commandLine).hasSuffix("""
            these options import it: --map date=Tag --date-order dmy --decimal-comma
            """))
        // The options it names read the file, and so does the column's position.
        for reference in [ColumnRef.header("Tag"), .header("TAG"), .position(0)] {
            let (statement, layout) = try BankCSVReader.read(bytes, options: BankCSVOptions(columns: [.date: reference]), context: Self.context)
            #expect(statement.issues.isEmpty)
            #expect(statement.entries.map(\.date.description) == ["2023-04-03", "2023-04-17"])
            #expect(statement.entries.map(\.amount.description) == ["-23.45", "2000.00"])
            #expect(statement.entries.map(\.merchant) == ["REWE", "Arbeitgeber GmbH"])
            #expect(layout.columns.contains(BankCSVLayout.Column(index: 0, header: "Tag", role: .date)))
        }
    }

    @Test func closestNamesAreSuggestedByEditDistanceAndByCells() throws {
        let error = try #require(self.error("Datum;Text;Betrg\n03.04.2023;REWE;-23,45\n04.04.2023;Aldi;-3,10\n"))
        #expect(error.reason == .missingColumns([.amount]))
        let best = try #require(error.missing.first?.candidates.first)
        #expect(best.header == "Betrg")
        #expect(best.why == "values look like amounts (\"-23,45\"), name close to \"betrag\"")
        #expect(error.suggestedOptions?.columns == [.amount: .header("Betrg")])
        #expect(error.suggestionVerified)
    }

    @Test func aFileWithoutAHeaderIsReadFromItsCells() throws {
        let text = "03.04.2023;REWE Markt;-23,45\n17.04.2023;Arbeitgeber;2.000,00\n"
        let (statement, layout) = try read(text)
        #expect(layout.headerLine == nil)
        #expect(layout.columnsInferred)
        #expect(layout.columns.map(\.role) == [.date, .description, .amount])
        #expect(BankCSVOptions.mapText(layout.options.columns) == "date=#1,description=#2,amount=#3")
        #expect(statement.entries.map(\.merchant) == ["REWE Markt", "Arbeitgeber"])
        #expect(statement.entries.map(\.amount.description) == ["-23.45", "2000.00"])
        #expect(statement.entries.map(\.location) == [.line(1), .line(2)])
        // The map it offers reads the file the same way.
        let (again, _) = try read(text, layout.options)
        #expect(again.entries == statement.entries)
    }

    @Test func fileLevelProblemsAreErrors() {
        #expect(error("")?.reason == .empty)
        #expect(error(" \n\r\n")?.reason == .empty)
        #expect(error("Date,Description,Amount\n2023-04-01,\"open,1\n")?.reason == .unterminatedQuote(line: 2))
        #expect(error("Date,Description,Amount\n2023-04-01,A,1\n", BankCSVOptions(columns: [.date: .header("Datum")]))?.reason
            == .unknownColumn(role: .date, .header("Datum")))
        #expect(error("Date,Description,Amount\n2023-04-01,A,1\n", BankCSVOptions(columns: [.notes: .position(7)]))?.reason
            == .unknownColumn(role: .notes, .position(7)))
        #expect(error("a,b\n", BankCSVOptions(delimiter: "ab"))?.reason
            == .invalidOption("the delimiter must be one ASCII character other than a quote or a line end, not \"ab\""))
        #expect(error("a,b\n", BankCSVOptions(skipLines: -1)) != nil)
        #expect(error("Date,Description,Amount\n2023-04-01,A,1\n", BankCSVOptions(columns: [.date: .position(0), .notes: .header("date")]))?.reason
            == .invalidOption("the options give column 1 two roles, date and notes"))
    }

    @Test func badRowsInsideTheDataAreIssuesAndTrailingRowsAreFooter() throws {
        let text = """
            Date,Description,Amount,Status
            2023-04-01,A,-1.00,Posted
            2023-04-31,B,-2.00,Posted
            garbage line here
            2023-04-03,C,abc,Posted
            2023-04-04,D,-4.00,Maybe
            2023-04-05,,,Posted
            2023-04-06,E,-6.00,Pending
            Total,,-7.00,
            Downloaded on 2023-04-07
            """
        let (statement, layout) = try read(text)
        // A line of text alone is a notice, skipped; an unknown status is posted, with a warning.
        #expect(statement.entries.map(\.location) == [.line(2), .line(6), .line(8)])
        #expect(statement.entries.map(\.status) == [.posted, .posted, .pending])
        #expect(statement.issues.map(\.location) == [.line(3), .line(5), .line(7)])
        #expect(statement.issues.map(\.field) == [.date, .amount, .amount])
        #expect(statement.issues[0].description == "line 3, date: \"2023-04-31\" is not a date like the column's (YYYY-MM-DD)")
        #expect(statement.issues[1].description == "line 5, amount: \"abc\" is not an amount with a decimal point (like -1,234.56)")
        #expect(statement.skipped.map(\.description).contains("line 4: a notice line: garbage line here"))
        #expect(statement.warnings.contains("status words not known, read as posted: \"Maybe\" (1 rows)"))
        #expect(layout.footerLines.map(\.line) == [9, 10])
    }

    @Test func aFileWithNoTransactionsIsReadAsEmpty() throws {
        let (headerOnly, _) = try read("Date,Description,Amount\n")
        #expect(headerOnly.entries.isEmpty && headerOnly.issues.isEmpty)
        let (totalOnly, layout) = try read("Date,Description,Amount\nTotal,,0.00\n")
        #expect(totalOnly.entries.isEmpty && totalOnly.issues.isEmpty)
        #expect(layout.footerLines.map(\.line) == [2])
        // A date the reader cannot read is an issue, never a footer.
        let (unreadable, _) = try read("Date,Description,Amount\n17 avril,A,1.00\n")
        #expect(unreadable.issues.map(\.description)
            == ["line 2, date: \"17 avril\" is not a date this reader knows (like 2023-04-17, 17.04.2023, 04/17/2023, 17 Apr 2023)"])
    }

    @Test func debitAndCreditAreSignedOnceAndBothAtOnceIsAnIssue() throws {
        let text = "Date;Text;Debit;Credit\n2023-04-01;A;12,50;\n2023-04-02;B;-3,00;\n2023-04-03;C;;7,00\n2023-04-04;D;1,00;2,00\n2023-04-05;E;0,00;4,00\n"
        let (statement, _) = try read(text)
        #expect(statement.entries.map(\.amount.description) == ["-12.50", "-3.00", "7.00", "4.00"])
        #expect(statement.issues.map(\.location) == [.line(5)])
        #expect(statement.issues.first?.description == "line 5, amount: both the debit (1.00) and the credit (2.00) have an amount")
    }

    @Test func theOptionsOverrideWhatWasDetected() throws {
        let ambiguous = try TestFiles.fixture("statements/bank-csv/ambiguous-dmy.csv")
        let (monthFirst, layout) = try BankCSVReader.read(ambiguous, options: BankCSVOptions(dateOrder: .monthDayYear), context: Self.context)
        #expect(monthFirst.entries.map(\.date.description) == ["2023-03-04", "2023-05-04", "2023-11-04"])
        #expect(layout.dateOrderReason == "given")

        let tab = try TestFiles.fixture("statements/bank-csv/tab-export.csv")
        let (flipped, flippedLayout) = try BankCSVReader.read(tab, options: BankCSVOptions(sign: .flipped), context: Self.context)
        #expect(flipped.entries.map(\.amount.description) == ["31.07", "-1200.00", "17.99"])
        #expect(flippedLayout.sign == .flipped)

        let (named, namedLayout) = try BankCSVReader.read(tab, options: BankCSVOptions(encoding: .latin1, account: "DE89 3704 0044 0532 0130 00"),
                                                         context: Self.context)
        #expect(named.entries.allSatisfy { $0.account == "****3000" })
        #expect(namedLayout.notes.contains("the file reads as UTF-8, so the given encoding ISO-8859-1 was not used"))

        let card = try TestFiles.fixture("statements/bank-csv/card-us.csv")
        let (asWritten, _) = try BankCSVReader.read(card, options: BankCSVOptions(sign: .asWritten), context: Self.context)
        #expect(asWritten.entries.first?.amount.description == "5.75")

        let text = "Bookings\nWhen;What;How much\n2023-04-01;Rent;-500\n"
        let options = BankCSVOptions(columns: [.date: .header("When"), .merchant: .header("What"), .amount: .header("How much")],
                                     delimiter: ";", skipLines: 1)
        let (mapped, mappedLayout) = try read(text, options)
        #expect(mapped.entries.map(\.amount.description) == ["-500"])
        #expect(mappedLayout.preambleLines == [1])
        #expect(mappedLayout.delimiterReason == "given")
    }

    @Test func everyAmountLike1234IsReadWithAThousandsSeparatorAndSaysSo() throws {
        let text = "Date,Description,Amount\n2023-04-01,A,\"1,234\"\n2023-04-02,B,\"-2,500\"\n"
        let (statement, layout) = try read(text)
        #expect(statement.entries.map(\.amount.description) == ["1234", "-2500"])
        #expect(layout.decimalSeparator == .point)
        #expect(layout.decimalSeparatorReason.hasPrefix("ambiguous: every value is like 1,234 (line 2): the comma read as a thousands separator"))
        #expect(layout.notes.contains { $0.hasPrefix("ambiguous: every value is like 1,234") })
        let (comma, _) = try read(text, BankCSVOptions(decimalSeparator: .comma))
        #expect(comma.entries.map(\.amount.description) == ["1.234", "-2.500"])
        // Another column proves the separator: the ambiguous one follows it.
        let proven = "Date;Text;Debit;Credit\n2023-04-01;A;1.234;\n2023-04-02;B;;2,50\n"
        let (provenStatement, provenLayout) = try read(proven)
        #expect(provenStatement.entries.map(\.amount.description) == ["-1234", "2.50"])
        #expect(provenLayout.decimalSeparator == .comma)
    }

    @Test func aMixedDateColumnTakesTheMajorityAndSaysSo() throws {
        let text = "Date,Description,Amount\n17/04/2023,A,1.00\n18/04/2023,B,2.00\n04/19/2023,C,3.00\n"
        let (statement, layout) = try read(text)
        #expect(statement.entries.count == 2)
        #expect(statement.issues.map(\.location) == [.line(4)])
        #expect(layout.dateOrder == .dayMonthYear)
        #expect(layout.notes.contains { $0.hasPrefix("mixed: 2 values are day-first") })
    }

    @Test func aReferenceThatRepeatsIsNoID() throws {
        let text = "Date;Payee;Amount;Kundenreferenz\n2023-04-01;A;-1,00;NOTPROVIDED\n2023-04-02;B;-2,00;X1\n2023-04-03;C;-3,00;X1\n"
        let (statement, layout) = try read(text)
        #expect(statement.entries.map(\.bankID) == [nil, nil, nil])
        #expect(statement.entries.map(\.notes) == [nil, "Kundenreferenz: X1", "Kundenreferenz: X1"])
        #expect(layout.notes.contains("\"Kundenreferenz\" repeats values (\"X1\"): kept in the notes, not used as the bank's id"))
    }

    @Test func aDelimiterDeclarationAndARepeatedHeaderAreSkipped() throws {
        let text = "sep=;\nDatum;Empfänger;Betrag\n01.04.2023;A;-1,00\nDatum;Empfänger;Betrag\n02.04.2023;B;-2,00\n"
        let (statement, layout) = try read(text)
        #expect(layout.delimiterReason == "declared on line 1 (sep=)")
        #expect(layout.headerLine == 2)
        #expect(statement.entries.map(\.location) == [.line(3), .line(5)])
        #expect(statement.skipped.map(\.description) == ["line 1: the delimiter declaration (sep=)", "line 4: the header again"])
    }

    @Test func aRowWhoseDateCellSaysPendingTakesItsValueDate() throws {
        let text = "Buchungstag;Wertstellung (Valuta);Vorgang;Buchungstext;Umsatz in EUR\noffen;19.04.2023;Lastschrift;Netflix;-12,99\n18.04.2023;18.04.2023;Kartenverfügung;REWE;-23,45\n"
        let (statement, _) = try read(text)
        #expect(statement.issues.isEmpty)
        #expect(statement.entries.map(\.date.description) == ["2023-04-19", "2023-04-18"])
        #expect(statement.entries.map(\.status) == [.pending, .posted])
        #expect(statement.entries.map(\.transactionType) == ["Lastschrift", "Kartenverfügung"])
    }

    @Test func theMapSyntaxRoundTripsAndOptionsAreAJSONProfile() throws {
        let columns: [ColumnRole: ColumnRef] = [.date: .header("Buchungstag"), .merchant: .header("Auftraggeber/Empfänger"),
                                                .amount: .position(5), .notes: .header("Zweck, Text"), .card: .header("#1")]
        let text = BankCSVOptions.mapText(columns)
        #expect(text == "date=Buchungstag,merchant=Auftraggeber/Empfänger,amount=#6,card=\"#1\",notes=\"Zweck, Text\"")
        #expect(try BankCSVOptions.parseMap(text) == columns)
        #expect(try BankCSVOptions.parseMap(" Date = Datum , valueDate=Wert ") == [.date: .header("Datum"), .valueDate: .header("Wert")])
        #expect(throws: BankCSVOptionError.self) { try BankCSVOptions.parseMap("when=Datum") }
        #expect(throws: BankCSVOptionError.self) { try BankCSVOptions.parseMap("date") }
        #expect(throws: BankCSVOptionError.self) { try BankCSVOptions.parseMap("date=a,date=b") }
        let options = BankCSVOptions(columns: columns, dateOrder: .dayMonthYear, decimalSeparator: .comma, delimiter: "\t",
                                     encoding: .windows1252, skipLines: 3, sign: .flipped, defaultCurrency: .eur, account: "Giro")
        #expect(options.commandLine == "--map 'date=Buchungstag,merchant=Auftraggeber/Empfänger,amount=#6,card=\"#1\",notes=\"Zweck, Text\"' --date-order dmy --decimal-comma --delimiter tab --encoding Windows-1252 --skip-lines 3 --sign flipped --currency EUR --account Giro")
        #expect(options.description == "date: Buchungstag, merchant: Auftraggeber/Empfänger, amount: column 6, card: #1, notes: Zweck, Text; date order dmy; decimal comma; delimiter tab; encoding Windows-1252; skip 3 lines; sign flipped; currency EUR; account Giro")
        #expect(BankCSVOptions().description == "no options")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(BankCSVOptions(columns: [.date: .header("Datum"), .amount: .position(2)], defaultCurrency: .chf)), as: UTF8.self)
        #expect(json == "{\"columns\":{\"amount\":{\"position\":2},\"date\":{\"header\":\"Datum\"}},\"defaultCurrency\":\"CHF\"}")
        #expect(try JSONDecoder().decode(BankCSVOptions.self, from: Data(json.utf8)) == BankCSVOptions(columns: [.date: .header("Datum"), .amount: .position(2)], defaultCurrency: .chf))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BankCSVOptions.self, from: Data("{\"defaultCurrency\":\"EURO\"}".utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(BankCSVOptions.self, from: Data("{\"columns\":{\"when\":{\"header\":\"Datum\"}}}".utf8))
        }
    }
}

extension Currency {
    fileprivate static let chf = Currency("CHF")!
}
