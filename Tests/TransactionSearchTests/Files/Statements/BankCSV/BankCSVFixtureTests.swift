import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Reads every bank CSV fixture (one per layout family, written by hand) without options and
/// compares the entries with `<fixture>.expected.tsv` and the detected layout with what the
/// file is known to be.
@Suite struct BankCSVFixtureTests {
    /// What a fixture's layout must be.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var delimiter: String
        var encoding: TextEncoding
        var lineEnds: String
        var headerLine: Int
        var dateOrder: BankCSVOptions.DateOrder?
        /// A piece of the date order's reason.
        var dateReason: String
        var decimal: DecimalSeparator?
        var sign: SignConvention = .asWritten
        var preamble: [Int] = []
        var footer: [Int] = []
        var headerCurrency: String?
        var roles: [ColumnRole: String] = [:]

        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "sparkasse-de", delimiter: ";", encoding: .windows1252, lineEnds: "CRLF", headerLine: 5,
             dateOrder: .dayMonthYear, dateReason: "a value over 12 in position 1 (14.04.2023, line 7)", decimal: .comma,
             preamble: [1, 2, 3, 4], footer: [12],
             roles: [.date: "Buchungstag", .valueDate: "Valutadatum", .description: "Buchungstext", .notes: "Verwendungszweck",
                     .merchant: "Beguenstigter/Zahlungspflichtiger", .amount: "Betrag", .currency: "Waehrung"]),
        Case(name: "ing-nl", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: nil,
             dateReason: "year first", decimal: .comma, headerCurrency: "EUR",
             roles: [.indicator: "Af Bij", .amount: "Bedrag (EUR)", .merchant: "Naam / Omschrijving", .type: "Mutatiesoort"]),
        Case(name: "banque-fr", delimiter: ";", encoding: .utf8WithBOM, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "a value over 12 in position 1 (17/04/2023, line 4)", decimal: .comma,
             roles: [.date: "Date d'opération", .valueDate: "Date de valeur", .debit: "Débit", .credit: "Crédit"]),
        Case(name: "banco-es", delimiter: ";", encoding: .windows1252, lineEnds: "LF", headerLine: 3, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .comma, preamble: [1, 2],
             roles: [.date: "F. Operación", .merchant: "Beneficiario", .amount: "Importe", .balance: "Saldo"]),
        Case(name: "banca-it", delimiter: ";", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .comma,
             roles: [.date: "Data contabile", .credit: "Accrediti", .debit: "Addebiti", .currency: "Valuta"]),
        Case(name: "banco-pt", delimiter: ";", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .comma, roles: [.date: "Data Lançamento", .amount: "Valor"]),
        Case(name: "bank-uk", delimiter: ",", encoding: .utf8, lineEnds: "CRLF", headerLine: 5, dateOrder: nil,
             dateReason: "month names", decimal: .point, preamble: [1, 2, 3, 4],
             roles: [.debit: "Money out", .credit: "Money in", .balance: "Balance"]),
        Case(name: "card-us", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .monthDayYear,
             dateReason: "a value over 12 in position 2 (04/17/2023, line 2)", decimal: .point,
             roles: [.date: "Transaction Date", .valueDate: "Post Date", .type: "Type"]),
        Case(name: "brokerage-us", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 2, dateOrder: .monthDayYear,
             dateReason: "over 12 in position 2", decimal: .point, preamble: [1], footer: [7], roles: [.amount: "Amount"]),
        Case(name: "postfinance-ch", delimiter: ";", encoding: .windows1252, lineEnds: "CR", headerLine: 6, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .point, preamble: [1, 2, 3, 4, 5], footer: [11, 12],
             headerCurrency: "CHF", roles: [.credit: "Gutschrift in CHF", .debit: "Lastschrift in CHF", .valueDate: "Valuta"]),
        Case(name: "tab-export", delimiter: "\t", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: nil,
             dateReason: "year first", decimal: .point, roles: [.merchant: "Payee", .notes: "Purpose"]),
        Case(name: "pipe-export", delimiter: "|", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .monthDayYear,
             dateReason: "a value over 12 in position 2 (4/17/23, line 3)", decimal: .point, roles: [.card: "Card Number"]),
        Case(name: "aggregator", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: nil,
             dateReason: "year first", decimal: .point,
             roles: [.status: "Status", .reference: "Transaction ID", .pendingReference: "Pending Transaction ID"]),
        Case(name: "time-zone", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .comma,
             roles: [.time: "Time", .timeZone: "TimeZone", .amount: "Gross", .status: "Status"]),
        Case(name: "ambiguous-dmy", delimiter: ";", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "ambiguous: day-first (the header is in French)", decimal: .comma),
        Case(name: "ambiguous-mdy", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .monthDayYear,
             dateReason: "ambiguous: month-first (US header \"Posted Date\")", decimal: .point),
        Case(name: "volksbank-de", delimiter: ";", encoding: .windows1252, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "over 12 in position 1", decimal: .comma, roles: [.indicator: "", .amount: "Umsatz"]),
        Case(name: "mint-like", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .monthDayYear,
             dateReason: "over 12 in position 2", decimal: .point,
             roles: [.indicator: "Transaction Type", .notes: "Original Description", .account: "Account Name"]),
        Case(name: "status-de", delimiter: ";", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .dayMonthYear,
             dateReason: "a value over 12 in position 1 (18.04.2023, line 2)", decimal: .comma,
             roles: [.status: "Buchungsstatus", .merchant: "Empfänger", .notes: "Verwendungszweck", .currency: "Währung"]),
        Case(name: "withdrawal-deposit", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: nil,
             dateReason: "year first", decimal: .point,
             roles: [.debit: "Withdrawal", .credit: "Deposit", .balance: "Balance", .status: "Status", .description: "Description"]),
        Case(name: "usd-column", delimiter: ",", encoding: .utf8, lineEnds: "LF", headerLine: 1, dateOrder: .monthDayYear,
             dateReason: "ambiguous: month-first (USD in the currency column)", decimal: .point,
             roles: [.date: "Date", .description: "Description", .amount: "Amount", .currency: "Currency"]),
    ]

    static let context = StatementContext(clock: ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!), defaultCurrency: nil)

    @Test(arguments: cases)
    func readsTheFixtureWithoutOptions(_ expected: Case) throws {
        let path = "statements/bank-csv/\(expected.name).csv"
        let bytes = try TestFiles.fixture(path)
        #expect(BankCSVReader.looksLike(bytes))
        let (statement, layout) = try BankCSVReader.read(bytes, context: Self.context)
        #expect(statement.issues.isEmpty, "\(statement.issues)")
        try StatementExpectations.expect(statement.entries, matchFixture: path)
        #expect(statement.format == .bankCSV)
        #expect(statement.encoding == expected.encoding)
        #expect(layout.delimiter == expected.delimiter)
        #expect(layout.encoding == expected.encoding)
        #expect(layout.lineEnds == expected.lineEnds)
        #expect(layout.headerLine == expected.headerLine)
        #expect(layout.dateOrder == expected.dateOrder)
        #expect(layout.dateOrderReason.contains(expected.dateReason), "\(layout.dateOrderReason)")
        #expect(layout.decimalSeparator == expected.decimal)
        #expect(layout.sign == expected.sign)
        #expect(layout.preambleLines == expected.preamble)
        #expect(layout.footerLines.map(\.line) == expected.footer)
        #expect(layout.headerCurrency == expected.headerCurrency)
        #expect(layout.rowCount == statement.entries.count)
        for (role, header) in expected.roles {
            #expect(layout.columns.contains { $0.role == role && $0.header == header }, "\(role) should be \(quoted(header)): \(layout.columns)")
        }
        // Skipped parts: every preamble and footer line is listed, with its line.
        let skippedLines = Set(statement.skipped.map(\.location.order))
        #expect(Set(expected.preamble).isSubset(of: skippedLines))
        #expect(Set(expected.footer).isSubset(of: skippedLines))
        // Accounts are never full numbers.
        for entry in statement.entries {
            if let account = entry.account { #expect(account.filter(\.isNumber).count <= 4, "\(account)") }
        }
    }

    @Test func theLayoutsProfileReadsTheFileTheSameWay() throws {
        for expected in Self.cases {
            let bytes = try TestFiles.fixture("statements/bank-csv/\(expected.name).csv")
            let (first, layout) = try BankCSVReader.read(bytes, context: Self.context)
            let profile = try JSONDecoder().decode(BankCSVOptions.self, from: JSONEncoder().encode(layout.options))
            #expect(profile == layout.options, "\(expected.name)")
            let (second, _) = try BankCSVReader.read(bytes, options: profile, context: Self.context)
            #expect(second.entries == first.entries, "\(expected.name)")
        }
    }

    @Test func theSparkasseLayoutExplainsItself() throws {
        let (statement, layout) = try BankCSVReader.read(try TestFiles.fixture("statements/bank-csv/sparkasse-de.csv"), context: Self.context)
        #expect(layout.delimiterReason.hasPrefix("detected: the header on line 5"))
        #expect(layout.dateStyle == "DD.MM.YYYY")
        #expect(layout.decimalSeparatorReason == "a comma not followed by exactly three digits (-4,80, line 6)")
        #expect(layout.footerLines == [BankCSVLayout.Line(line: 12, text: "Kontostand am 30.04.2023;;;;;8.123,45;EUR")])
        #expect(statement.accounts == ["****3000"])
        #expect(statement.skipped.map(\.description) == [
            "line 1: before the header: Umsatzanzeige;Girokonto",
            "line 2: before the header: Kontonummer:;****3000",
            "line 3: before the header: Zeitraum:;01.04.2023 - 30.04.2023",
            "line 4: a blank line before the header",
            "line 12: after the last transaction: Kontostand am 30.04.2023;;;;;8.123,45;EUR",
        ])
        #expect(layout.notes.contains("the account ****3000 is the one named on line 2"))
    }

    @Test func explainsColumnsReadByTheirCells() throws {
        let (_, italian) = try BankCSVReader.read(try TestFiles.fixture("statements/bank-csv/banca-it.csv"), context: Self.context)
        #expect(italian.notes.contains { $0.contains("\"Valuta\" holds currency codes") })
        let (_, swiss) = try BankCSVReader.read(try TestFiles.fixture("statements/bank-csv/postfinance-ch.csv"), context: Self.context)
        #expect(swiss.columns.contains { $0.header == "Valuta" && $0.role == .valueDate })
        let (_, card) = try BankCSVReader.read(try TestFiles.fixture("statements/bank-csv/card-us.csv"), context: Self.context)
        #expect(card.knownExport == "Chase credit card")
        #expect(card.signReason == "no amount in \"Amount\" carries a sign: \"Type\" says each row's way (a purchase is money out, a payment or refund money in)")
        let (_, paypal) = try BankCSVReader.read(try TestFiles.fixture("statements/bank-csv/time-zone.csv"), context: Self.context)
        #expect(paypal.ignoredColumns.map(\.header) == ["Fee", "Net"])
    }
}
