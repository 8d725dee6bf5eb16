import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch undo`: reverts the newest step of a store (an add, an update, a delete, an import,
/// a bulk edit, a run of the rules); again, the one before. `fsearch history` lists them.
enum UndoCommand {
    static let spec = CommandSpec(
        name: "fsearch undo", abstract: "Revert the newest change of a store (again: the one before).",
        options: [storeOption])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: true)
        defer { BackgroundCompaction.close(durable, path: storePath) }
        do throws(DurableStoreError) {
            guard let step = try durable.undo() else {
                Console.write("Nothing to undo.\n")
                return 1
            }
            Console.write("Undid \(step).\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }
}

/// `fsearch history`: the steps `fsearch undo` can revert, newest first.
enum HistoryCommand {
    static let spec = CommandSpec(
        name: "fsearch history", abstract: "List the changes fsearch undo can revert, newest first.",
        options: [storeOption])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: false)
        defer { durable.close() }
        let steps = durable.store.history()
        guard !steps.isEmpty else {
            Console.write("No changes to undo.\n")
            return 0
        }
        Console.write(steps.enumerated().map { "\($0.offset + 1). \($0.element)\n" }.joined())
        return 0
    }
}
