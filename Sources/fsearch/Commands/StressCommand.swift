import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchSupport

/// `fsearch stress`: applies a seeded sequence of changes to a store directory, printing
/// `ack N` after each one returns (so after its fsync). The crash test kills it at random
/// moments and checks that every acknowledged change survived.
enum StressCommand {
    static let spec = CommandSpec(
        name: "fsearch stress", abstract: "Testing aid: apply seeded random changes to a store, acknowledging each on stdout.",
        options: [
            .value("store", "DIR", help: "The store directory."),
            .value("seed", "N", help: "The seed of the changes."),
            .value("count", "N", help: "How many changes (default 1000)."),
            .value("compact-every", "N", help: "Compact after every N changes (default never)."),
        ])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        let durable = try DataSource.open(store: storePath, writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        let seed = UInt64(arguments.value("seed") ?? "1") ?? 1
        let count = Int(arguments.value("count") ?? "1000") ?? 1000
        let compactEvery = Int(arguments.value("compact-every") ?? "0") ?? 0
        var script = MutationScript(seed: seed)
        for index in 1...max(count, 1) {
            let step = script.next(ids: durable.store.transactions().map(\.id).sorted())
            do {
                try MutationScript.apply(step, to: durable)
            } catch {
                throw FSearchError.failed("step \(index): \(error)")
            }
            if compactEvery > 0 && index % compactEvery == 0 {
                do throws(DurableStoreError) { try durable.compact() } catch { throw FSearchError.change(error, path: storePath) }
            }
            Console.write("ack \(index)\n")  // unbuffered: one write per acknowledgement
        }
        return 0
    }
}
