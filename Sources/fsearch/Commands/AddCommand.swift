import CommandLineSupport
import Foundation
import TransactionSearch

enum AddCommand {
    static let spec = CommandSpec(
        name: "fsearch add", abstract: "Add one transaction to a store directory; prints its id.",
        options: [storeOption] + FieldOptions.options(for: .add)
            + [.value("base", "CODE", help: "Base currency of a new store (default: the transaction's currency, else the locale's).")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        for required in FieldOptions.fields where required.isRequired && arguments.value(required.rawValue) == nil {
            throw FSearchError.usage("add needs --\(required)", hint: "fsearch add --store DIR --date 2026-03-14 --merchant Lidl --amount -12.50")
        }
        // A new store is created only for a transaction that is valid.
        let durable: DurableStore
        if !DataSource.storeExists(storePath) {
            // Its base is --base, else the transaction's currency, else the locale's (NewStoreBase).
            var configuration = StoreConfiguration()
            if let base = arguments.value("base") {
                guard let currency = Currency(base) else { throw FSearchError.usage("--base '\(base)' is not a currency code") }
                configuration.baseCurrency = currency
            } else if let code = arguments.value("currency") {
                configuration.baseCurrency = try FieldOptions.currency(code)
                Console.error("fsearch: note: new store \(storePath): base currency \(code.uppercased()), from --currency (--base chooses another)")
            } else if let (currency, setting) = NewStoreBase.locale() {
                configuration.baseCurrency = currency
                Console.error("fsearch: note: new store \(storePath): base currency \(currency.code), from \(NewStoreBase.Source.locale(setting).words) (--base chooses another)")
            } else {
                throw NewStoreBase.undecided(file: nil)
            }
            let trial = TransactionStore(configuration: configuration)
            let first = try draft(arguments, zone: trial.timeZone)
            do throws(ValidationError) { try trial.add(first) } catch { throw FSearchError.badData(error.description) }
            durable = try DataSource.open(store: storePath, writable: true, creating: true, configuration: configuration)
        } else {
            durable = try DataSource.open(store: storePath, writable: true)
            if let base = arguments.value("base"), Currency(base) != durable.store.baseCurrency {
                BackgroundCompaction.close(durable, path: storePath)
                throw FSearchError.usage("--base \(base) differs from the store's base currency \(durable.store.baseCurrency.code)",
                                         hint: "--base applies to a new store only")
            }
        }
        defer {
            BackgroundCompaction.close(durable, path: storePath)
        }
        let transaction = try draft(arguments, zone: durable.store.timeZone)
        do throws(DurableStoreError) {
            Console.write(try durable.add(transaction).id + "\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }

    /// The draft the options give (date, merchant and amount present: `run` checked them); each
    /// text field is set by its name (`FieldOptions.textFields`).
    static func draft(_ arguments: ParsedArguments, zone: TimeZone) throws(FSearchError) -> TransactionDraft {
        var draft = TransactionDraft(
            id: arguments.value("id"), date: try FieldOptions.date(arguments.value("date")!, zone: zone),
            merchant: "", amount: try FieldOptions.amount(arguments.value("amount")!),
            currency: try arguments.value("currency").map(FieldOptions.currency), status: try arguments.value("status").map(FieldOptions.status) ?? .posted)
        for field in FieldOptions.textFields {
            if let value = arguments.value(field.rawValue) { field.setTextValue(value, in: &draft) }
        }
        return draft
    }
}
