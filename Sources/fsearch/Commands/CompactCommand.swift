import CommandLineSupport
import Foundation
import TransactionSearch

enum CompactCommand {
    static let spec = CommandSpec(name: "fsearch compact", abstract: "Fold a store's log into a new snapshot.",
                                  options: [storeOption,
                                            .flag("if-due", help: "Only when the log has passed the compaction threshold (what runs in the background after a change).")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        if arguments.has("if-due") {
            // Run detached after a command answered: a closed terminal does not stop it.
            signal(SIGHUP, SIG_IGN)
            signal(SIGINT, SIG_IGN)
        }
        let durable = try DataSource.open(store: storePath, writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        if arguments.has("if-due") {
            durable.compactIfDue()
            return 0
        }
        // Strings folded by another build (`fsearch check` tells) are folded and indexed again.
        let rebuildingText = durable.store.diagnostics.textIndexProblem() != nil
        do throws(DurableStoreError) { try durable.compact(rebuildingText: rebuildingText) } catch {
            throw FSearchError.change(error, path: storePath)
        }
        Console.write("Compacted: \(durable.store.count) transactions in the snapshot, the log is empty.\n")
        return 0
    }
}
