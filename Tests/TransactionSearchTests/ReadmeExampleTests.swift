import Foundation
import Testing
import TransactionSearch

/// The README's library example, compiled and run here; the test also checks that the README
/// still shows exactly this code, so the two cannot drift apart.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleRuns() throws {
        // README example begins
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
        print(result.total.count, result.groups[0].title, result.rows[0].matches)  // 1 14/03/26 [0..<4]
        // README example ends
        #expect(coffee.id == "tx_1")
        #expect(store.transaction(id: "tx_1")?.category == "Coffee & Tea")
        #expect(store.count == 2)
        #expect(result.total.count == 1 && result.groups[0].title == "14/03/26" && result.rows[0].matches == [0..<4])
    }

    @Test func readmeShowsThisExample() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README example begins\n"))
        let end = try #require(source.range(of: "        // README example ends"))
        let example = source[begin.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
            .joined(separator: "\n")
        #expect(readme.contains(example), "README.md must show the example of ReadmeExampleTests.swift")
    }
}
