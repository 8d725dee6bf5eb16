import CommandLineSupport
import Foundation
import TransactionSearch

enum CompactCommand {
    static let spec = CommandSpec(name: "fsearch compact", abstract: "Fold a store's log into a new snapshot.",
                                  options: [.value("store", "DIR", help: "The store directory.")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        do throws(DurableStoreError) { try durable.compact() } catch { throw FSearchError.change(error, path: storePath) }
        Console.write("Compacted: \(durable.store.count) transactions in the snapshot, the log is empty.\n")
        return 0
    }
}
