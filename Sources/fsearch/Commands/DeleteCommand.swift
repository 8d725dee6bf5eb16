import CommandLineSupport
import Foundation
import TransactionSearch

enum DeleteCommand {
    static let spec = CommandSpec(
        name: "fsearch delete", abstract: "Delete a transaction from a store directory.",
        arguments: "ID", argumentsHelp: "The transaction's id.", acceptsArguments: true,
        options: [storeOption])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw FSearchError.usage("delete takes one ID", hint: spec.usage) }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: true)
        defer {
            BackgroundCompaction.close(durable, path: storePath)
        }
        do throws(DurableStoreError) {
            let removed = try durable.delete(id: arguments.arguments[0])
            Console.write("Deleted \(VisibleText.escaped(removed.id)) (\(VisibleText.escaped(removed.merchant)), \(removed.amount.description)).\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }
}
