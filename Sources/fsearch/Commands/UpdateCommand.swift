import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch update ID --FIELD VALUE...` changes one transaction; `fsearch update --where QUERY
/// --set FIELD=VALUE...` changes every row the search finds, in one step (`--dry-run` lists
/// the changes and makes none). Either is one step `fsearch undo` reverts.
enum UpdateCommand {
    static let spec = CommandSpec(
        name: "fsearch update", abstract: "Change fields of a transaction, or of every row a search finds; an empty value clears a field.",
        arguments: "[ID]", argumentsHelp: "The transaction's id (or --where QUERY for every row a search finds).", acceptsArguments: true,
        options: [storeOption, ChangeOptions.whereOption, ChangeOptions.setOption,
                  .flag("dry-run", help: "With --where: list each row's change and change nothing.")]
            + FieldOptions.options(for: .update),
        discussion: """
            EXAMPLES:
              fsearch update tx_12 --category Groceries
              fsearch update --where 'merchant:lidl' --set category=Groceries --dry-run
              fsearch update --where 'uber date:2026-03' --set notes= --set account=Work
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let bulk = arguments.value("where") != nil
        guard bulk ? arguments.arguments.isEmpty : arguments.arguments.count == 1 else {
            throw FSearchError.usage(bulk ? "update --where takes no ID" : "update takes one ID, or --where QUERY", hint: spec.usage)
        }
        if !bulk && (arguments.has("dry-run") || !arguments.allValues("set").isEmpty) {
            throw FSearchError.usage("--set and --dry-run go with --where QUERY", hint: "one row: fsearch update ID --category Groceries")
        }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: !arguments.has("dry-run"))
        defer {
            BackgroundCompaction.close(durable, path: storePath)
        }
        var patch = try fieldPatch(arguments, zone: durable.store.timeZone)
        if bulk {
            patch = try ChangeOptions.patch(try ChangeOptions.actions(arguments, allowingTags: false), into: patch)
        }
        guard !patch.isEmpty else { throw FSearchError.usage("update needs a field to change", hint: "e.g. --set category=Groceries or --notes \"\"") }
        if bulk { return try runBulk(arguments, patch: patch, durable: durable, storePath: storePath) }
        do throws(DurableStoreError) {
            let updated = try durable.update(id: arguments.arguments[0], patch)
            Console.write("Updated \(updated.id).\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }

    /// A bulk edit, or its dry run.
    private static func runBulk(_ arguments: ParsedArguments, patch: TransactionPatch, durable: DurableStore,
                                storePath: String) throws(FSearchError) -> Int32 {
        let query = try ChangeOptions.query(arguments)
        let dryRun = arguments.has("dry-run")
        let change: BulkChange
        do throws(DurableStoreError) { change = try durable.update(matching: query, patch, dryRun: dryRun) } catch {
            throw FSearchError.change(error, path: storePath)
        }
        let already = change.unchanged > 0 ? " (\(change.unchanged) already as asked)" : ""
        if dryRun {
            let lines = ChangeOptions.lines(of: change)
            Console.write(lines.map { $0 + "\n" }.joined()
                          + "\(change.count) row\(change.count == 1 ? "" : "s") would change\(already). Nothing changed; run it without --dry-run to change them.\n")
        } else {
            Console.write("Changed \(change.count) row\(change.count == 1 ? "" : "s")\(already)."
                          + (change.count > 0 ? " fsearch undo reverts it.\n" : "\n"))
        }
        return 0
    }

    /// The patch of the field options (`--category X`, `--notes ""`).
    private static func fieldPatch(_ arguments: ParsedArguments, zone: TimeZone) throws(FSearchError) -> TransactionPatch {
        var patch = TransactionPatch()
        func change(_ name: String) -> FieldChange<String> {
            guard let value = arguments.value(name) else { return .keep }
            return value.isEmpty ? .clear : .set(value)
        }
        patch.id = change("id")
        for field in FieldOptions.textFields { field.setTextChange(change(field.rawValue), in: &patch) }
        if let currency = arguments.value("currency") { patch.currency = currency.isEmpty ? .clear : .set(try FieldOptions.currency(currency)) }
        if let date = arguments.value("date") {
            patch.date = date.isEmpty ? .clear : .set(try FieldOptions.date(date, zone: zone))
        }
        if let amount = arguments.value("amount") { patch.amount = amount.isEmpty ? .clear : .set(try FieldOptions.amount(amount)) }
        if let status = arguments.value("status") { patch.status = status.isEmpty ? .clear : .set(try FieldOptions.status(status)) }
        return patch
    }
}
