import Foundation
import Testing
import TransactionSearch
import TransactionSearchFiles

/// Every Swift snippet of the README and of the pages of `docs/`, compiled and run as an app
/// would: this target imports only Foundation and the TransactionSearch library (no
/// `@testable`). The code between a `README snippet` marker and its end is what a document
/// shows; `ReadmeSyncTests` fails when the two differ.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReadmeSnippetTests {
    @Test func libraryUsage() throws {
        // README snippet: library usage
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!, baseCurrency: .eur)
        let coffee = try store.add(TransactionDraft(
            date: try TransactionDate(parsing: "2026-03-14T09:30:00Z", in: store.timeZone),
            merchant: "Starbucks", category: "Food & Drink", subcategory: "Coffee",
            card: "Visa 4242", account: "Main", amount: try DecimalAmount(parsing: "-4.10")))
        print(coffee.id, coffee.amount)  // tx_1 -4.10 EUR

        var patch = TransactionPatch()
        patch.category = .set("Coffee & Tea")
        patch.subcategory = .clear
        try store.update(id: coffee.id, patch)

        try store.importTransactions(from: "date,merchant,amount\n2026-03-15,Lidl,-23.99\n", format: .csv)
        print(store.count)  // 2

        let result = store.search(try Query(parsing: "star -uber amount<10", grouping: .day))
        print(result.total.count, result.groups[0].title, result.rows[0].matches)  // 1 14/03/26 [Range(0..<4)]
        // README snippet end
        #expect(coffee.id == "tx_1" && coffee.amount.description == "-4.10 EUR")
        #expect(store.transaction(id: "tx_1")?.category == "Coffee & Tea")
        #expect(store.count == 2)
        #expect(result.total.count == 1 && result.groups[0].title == "14/03/26" && result.rows[0].matches == [0..<4])
    }

    @Test func searchScreen() async throws {
        // README snippet: search screen
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!, baseCurrency: .eur)
        try store.add(TransactionDraft(date: TransactionDate(Date(timeIntervalSince1970: 1_773_480_600)),
                                       merchant: "Starbucks", amount: try DecimalAmount(parsing: "-4.10"), currency: .usd))

        let model = TransactionSearchModel(store: store, query: Query(grouping: .day))
        model.searchText = "star amount>"  // what the person has typed so far
        // The search runs off the main actor; the model changes when it ends (Observation).
        while model.isSearching { try await Task.sleep(for: .milliseconds(5)) }
        print(model.result.total.count, model.problems)  // 1 [at character 13 ('amount>'): expected a value after 'amount>']
        for section in model.sections {  // group headers with their totals
            print(section.group.title, section.group.count, section.group.sums, section.positions)  // 14/03/26 1 [-4.10 USD] 0..<1
        }
        let first = model.row(at: 0)  // rows past the first page load on demand (`loadRows(in:)`)
        print(first?.transaction.merchant ?? "loading")  // Starbucks
        // README snippet end
        #expect(model.result.total.count == 1 && model.problems.map(\.term) == ["amount>"])
        #expect(model.sections.map(\.positions) == [0..<1] && first?.transaction.merchant == "Starbucks")
        #expect(model.sections.first?.group.title == "14/03/26")
    }

    @Test func valuesFromFoundation() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!)
        // README snippet: values
        let price = try DecimalAmount(parsing: "-4.10")  // exact; `-4.10` as a Double is not
        let same = DecimalAmount(exactly: Decimal(string: "-4.1")!)  // from Foundation's Decimal
        print(price == same, price, price.decimal)  // true -4.10 -4.1

        let day = try CalendarDay(year: 2026, month: 3, day: 14)  // 2026-02-30 throws
        let march = QueryFilters(from: try CalendarDay(parsing: "2026-03-01"), to: try CalendarDay(parsing: "2026-03-31"))
        print(day.start(in: store.timeZone), march.to!)  // 2026-03-13 23:00:00 +0000 2026-03-31

        let paid = TransactionDate(Date(timeIntervalSince1970: 1_773_480_600))  // an instant, to the millisecond
        print(paid, paid.date!, paid.calendarDay(in: store.timeZone))  // 2026-03-14T09:30:00Z 2026-03-14 09:30:00 +0000 2026-03-14
        print(try TransactionDate.day(2026, 3, 14).date(in: store.timeZone))  // 2026-03-13 23:00:00 +0000: only in a zone
        let franc = try Currency(parsing: "CHF")  // or .chf; Currency("CH") is nil
        print(franc == .chf, Money(minorUnits: -410, currency: .usd).decimal)  // true -4.1
        // README snippet end
        #expect(price == same && price.description == "-4.10")
        #expect(day.start(in: store.timeZone) == Date(timeIntervalSince1970: 1_773_442_800))
        #expect(paid.date == Date(timeIntervalSince1970: 1_773_480_600) && paid.description == "2026-03-14T09:30:00Z")
        #expect(march.from?.description == "2026-03-01")
    }

    @Test func highlightingMatches() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(date: try .day(2026, 3, 14), merchant: "Café de Flore", amount: -4))
        let row = try #require(store.search(Query(text: "cafe flo")).rows.first)
        // README snippet: highlighting
        /// The merchant with the matched words given `highlight` (in SwiftUI, for example,
        /// `AttributeContainer().font(.body.bold())`).
        func highlightedMerchant(of row: ResultRow, with highlight: AttributeContainer) -> AttributedString {
            var merchant = AttributedString(row.transaction.merchant)
            for match in row.matchRanges {
                if let range = Range(match, in: merchant) { merchant[range].mergeAttributes(highlight) }
            }
            return merchant
        }
        print(row.matchRanges.map { row.transaction.merchant[$0] })  // ["Café", "Flo"]
        // README snippet end
        var highlight = AttributeContainer()
        highlight.languageIdentifier = "fr"
        let merchant = highlightedMerchant(of: row, with: highlight)
        let highlighted = merchant.runs.filter { $0.languageIdentifier == "fr" }.map { String(merchant[$0.range].characters) }
        #expect(highlighted == ["Café", "Flo"])
    }

    @Test func facets() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!, baseCurrency: .eur)
        for (merchant, category, card, amount) in [("Coffee Lab", "Food & Drink", "Visa 4242", "-4.10"), ("Coffee Lab", "Food & Drink", "Visa 4242", "-4.10"),
                                                   ("Coffee Beans", "Groceries", "Visa 4242", "-12.00"), ("Coffee Lab", "Food & Drink", "Amex 1005", "-3.00")] {
            try store.add(TransactionDraft(date: try .day(2026, 3, 14), merchant: merchant, category: category, card: card,
                                           amount: try DecimalAmount(parsing: amount)))
        }
        // README snippet: facets
        let query = try Query(parsing: "coffee card:4242",
                              facets: [FacetRequest(.category), FacetRequest(.card, limit: 5, isDisjunctive: true)])
        for facet in store.search(query).facets {
            for value in facet.values { print(facet.field, value.title, value.count, value.sums) }  // category Food & Drink 2 [-8.20 EUR]
            if let other = facet.other { print("Other", other.count) }
        }
        // README snippet end
        let facets = store.search(query).facets
        #expect(facets.map(\.field) == [.category, .card])
        #expect(facets[0].values.map(\.title) == ["Food & Drink", "Groceries"] && facets[0].values[0].sums.map(\.description) == ["-8.20 EUR"])
        #expect(facets[1].values.map(\.count) == [3, 1])  // disjunctive: the Amex row counts too
    }

    @Test func storeDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // README snippet: store directory
        let durable = try DurableStore(directory: directory, configuration: StoreConfiguration(timeZone: .utc, baseCurrency: .eur))
        try durable.add(TransactionDraft(date: try .day(2026, 3, 14), merchant: "Café Noir", amount: try DecimalAmount(parsing: "-4.10")))
        print(durable.store.count)  // 1: logged and fsync'ed before `add` returned
        durable.close()

        let reader = try DurableStore(directory: directory, mode: .readOnly)  // another process may write
        print(reader.store.search(Query(text: "cafe")).total.count)  // 1
        // README snippet end
        #expect(reader.store.count == 1)
    }

    @Test func insights() throws {
        // README snippet: insights
        let store = TransactionStore(baseCurrency: .eur)
        for month in 1...6 {
            try store.add(TransactionDraft(date: .day(try CalendarDay(year: 2026, month: month, day: 3)),
                                           merchant: "NETFLIX.COM", amount: try DecimalAmount(parsing: "-15.49")))
        }
        let series = store.recurringSeries(today: try CalendarDay(year: 2026, month: 6, day: 20))
        print(series[0].payee, series[0].cadence, series[0].amount, series[0].next)  // Netflix monthly -15.49 EUR 2026-07-03
        let report = store.report(ReportRequest(period: .month, dimension: .category, kind: .expense))
        print(report.cells.count, report.isFromBuckets)  // 6 true
        let summary = store.summary()
        print(summary.months[0].spending)  // -15.49 EUR
        // README snippet end
        #expect(series.count == 1 && series[0].cadence == .monthly && series[0].amount.description == "-15.49 EUR")
        #expect(series[0].next.description == "2026-07-03" && series[0].payee == "Netflix")
        #expect(report.cells.count == 6 && report.isFromBuckets)
        #expect(summary.months[0].spending.description == "-15.49 EUR")
    }
}
