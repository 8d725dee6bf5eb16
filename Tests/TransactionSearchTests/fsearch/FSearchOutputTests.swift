import Foundation
import Testing
import TransactionSearch

/// fsearch writes JSON and CSV row by row as it reads them from the store; what it writes must
/// be exactly what encoding the whole result at once gives: SPEC section 6's JSON as
/// `JSONEncoder` writes it (pretty, keys sorted), and the interchange CSV.
@Suite struct FSearchOutputTests {
    static let special = "date,merchant,category,card,amount,currency,notes\n"
        + "2026-03-14T09:30:00Z,\"Caf\u{E9} \"\"Noir\"\" / \\\\ \u{1B}[2J\u{7}\",Food & Drink,Visa 4242,-4.10,EUR,\"two\nlines\ttab \u{2028}\u{FEFF}\"\n"
        + "2026-03-15,Пятёрочка 🍰,,,-1200,JPY,\n"
        + "2026-03-15,Lidl,Groceries,,12.5,USD,\n"
        + "2025-12-31T23:59:59.999Z,Lidl,Groceries,Card 12,-0.01,GBP,\n"

    /// The result as JSONEncoder writes it, with the elapsed time blanked (it differs per run).
    static func encoded(_ result: QueryResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return blankElapsed(String(decoding: try encoder.encode(result), as: UTF8.self) + "\n")
    }

    static func blankElapsed(_ text: String) -> String {
        text.replacingOccurrences(of: #""elapsedMicroseconds" : [0-9]+"#, with: #""elapsedMicroseconds" : 0"#, options: .regularExpression)
    }

    static let cases: [(arguments: [String], query: Query, rates: ExchangeRates?)] = [
        (["star", "--group", "day", "--limit", "7"], Query(text: "star", grouping: .day, limit: 7), nil),
        (["--limit", "100000000"], Query(limit: 100_000_000), nil),
        (["a", "--group", "month", "--offset", "40", "--limit", "120"], Query(text: "a", grouping: .month, limit: 120, offset: 40), nil),
        (["zzqx"], Query(text: "zzqx"), nil),
        (["--group", "category", "--limit", "0"], Query(grouping: .category, limit: 0), nil),
        (["--group", "card", "--sort", "amount-asc"], Query(grouping: .card, sort: .amountAscending), ExchangeRates(base: .eur, rates: [Currency("USD")!: 92, .jpy: 1])),
    ]

    @Test(arguments: cases.indices)
    func streamedJSONEqualsTheEncodedResult(index: Int) throws {
        let (arguments, query, rates) = FSearchOutputTests.cases[index]
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var extra: [String] = []
        let store = try FSearchTests.sampleStore()
        if let rates {
            let file = directory.appendingPathComponent("rates.json")
            let table = rates.rates.map { "\"\($0.key.code)\": \"\($0.value)\"" }.joined(separator: ", ")
            try Data("{\"base\": \"\(rates.base.code)\", \"rates\": {\(table)}}".utf8).write(to: file)
            extra = ["--rates", file.path]
            store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: rates.rates)  // the sample store's base is the rates' base, EUR
        }
        let output = try FSearchRunner.run(arguments + extra + ["--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FSearchOutputTests.blankElapsed(output.stdout) == (try FSearchOutputTests.encoded(store.search(query))), "\(arguments)")
    }

    @Test func specialCharactersAreWrittenAsTheEncoderWritesThem() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("special.csv")
        try Data(FSearchOutputTests.special.utf8).write(to: file)
        let store = TransactionStore()
        try store.importTransactions(from: FSearchOutputTests.special, format: .csv)
        for (arguments, query) in [([String](), Query()), (["caf", "--group", "merchant"], Query(text: "caf", grouping: .merchant)),
                                   (["--group", "day"], Query(grouping: .day))] {
            let json = try FSearchRunner.run(arguments + ["--file", file.path, "--format", "json"])
            #expect(FSearchOutputTests.blankElapsed(json.stdout) == (try FSearchOutputTests.encoded(store.search(query))), "\(arguments)")
            var all = query
            all.limit = Int.max
            let csv = try FSearchRunner.run(arguments + ["--file", file.path, "--format", "csv"])
            #expect(csv.stdout == TransactionStore.render(store.search(all).rows.map(\.transaction), as: .csv), "\(arguments)")
        }
    }

    @Test func everyRowOfALargeResultIsWrittenOnce() throws {
        let output = try FSearchRunner.run(["--format", "csv", "--sort", "amount-desc"])
        let expected = try FSearchTests.sampleStore().search(Query(sort: .amountDescending, limit: Int.max))
        #expect(output.stdout == TransactionStore.render(expected.rows.map(\.transaction), as: .csv))
    }
}
