import CommandLineSupport
import Foundation
import TransactionSearch

enum UpdateCommand {
    static let spec = CommandSpec(
        name: "fsearch update", abstract: "Change fields of a transaction; an empty value (--notes \"\") clears a field.",
        arguments: "ID", argumentsHelp: "The transaction's id.", acceptsArguments: true,
        options: [storeOption] + FieldOptions.options(for: .update))

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw FSearchError.usage("update takes one ID", hint: spec.usage) }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: true)
        defer {
            BackgroundCompaction.close(durable, path: storePath)
        }
        var patch = TransactionPatch()
        func change(_ name: String) -> FieldChange<String> {
            guard let value = arguments.value(name) else { return .keep }
            return value.isEmpty ? .clear : .set(value)
        }
        patch.id = change("id")
        for field in FieldOptions.textFields { field.setTextChange(change(field.rawValue), in: &patch) }
        if let currency = arguments.value("currency") { patch.currency = currency.isEmpty ? .clear : .set(try FieldOptions.currency(currency)) }
        if let date = arguments.value("date") {
            patch.date = date.isEmpty ? .clear : .set(try FieldOptions.date(date, zone: durable.store.timeZone))
        }
        if let amount = arguments.value("amount") { patch.amount = amount.isEmpty ? .clear : .set(try FieldOptions.amount(amount)) }
        if let status = arguments.value("status") { patch.status = status.isEmpty ? .clear : .set(try FieldOptions.status(status)) }
        guard !patch.isEmpty else { throw FSearchError.usage("update needs a field to change", hint: "e.g. --category Groceries or --notes \"\"") }
        do throws(DurableStoreError) {
            let updated = try durable.update(id: arguments.arguments[0], patch)
            Console.write("Updated \(updated.id).\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }
}
