import Foundation
import TransactionSearch
import TransactionSearchFiles

@MainActor
func waitFor(_ what: String, _ condition: () -> Bool) async {
    for _ in 0..<200 where !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    precondition(condition(), "timed out waiting for: \(what)")
}

@MainActor
func demo() async throws {
    let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!, baseCurrency: .eur)
    // Values an app already holds: a Foundation Date, a typed currency, a decimal amount.
    let coffee = try store.add(TransactionDraft(
        date: TransactionDate(Date(timeIntervalSince1970: 1_773_480_600)),
        merchant: "Starbucks", category: "Food & Drink", card: "Visa 4242",
        amount: try DecimalAmount(parsing: "-4.10"), currency: .usd))
    precondition(coffee.amount.decimalAmount == (try? DecimalAmount(parsing: "-4.10")), "Money.decimalAmount")
    precondition(coffee.date.date == Date(timeIntervalSince1970: 1_773_480_600), "TransactionDate.date")

    // The search screen: an observable model that a SwiftUI view binds its search box to.
    let model = TransactionSearchModel(store: store)
    model.searchText = "star"
    await waitFor("first result") { model.result.total.count == 1 }

    // A new transaction arrives: the model's result follows without being asked.
    _ = try store.add(TransactionDraft(
        date: TransactionDate(Date(timeIntervalSince1970: 1_773_567_000)),
        merchant: "Starbucks Reserve", amount: try DecimalAmount(parsing: "-6.20"), currency: .usd))
    await waitFor("live update") { model.result.total.count == 2 }

    // A half-typed field term keeps the rest of the query and reports the problem.
    model.searchText = "star amount>"
    await waitFor("lenient parse") { model.result.total.count == 2 && !model.problems.isEmpty }

    // A bank's file arrives (TransactionSearchFiles): importing it twice adds it once.
    let file = "date,merchant,amount\n2026-03-16,Starbucks,-3.90\n"
    try store.importTransactions(from: file, format: .csv)
    try store.importTransactions(from: file, format: .csv)
    await waitFor("import") { model.result.total.count == 3 && store.count == 3 }
    print("ok: \(model.result.total.count) rows, \(model.problems.count) problem")
}

try await demo()
