import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch repair-payees`: after an update of fsearch whose payee cleaner cleans some
/// descriptors differently, cleans those rows' payees again (only payees the cleaner made:
/// a payee from a file, a person or a rule stays).
enum RepairPayeesCommand {
    static let spec = CommandSpec(
        name: "fsearch repair-payees", abstract: "Clean again the payees this version's cleaner cleans differently.",
        options: [storeOption, .flag("dry-run", help: "List each payee that would change and change nothing.")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        let dryRun = arguments.has("dry-run")
        let durable = try DataSource.open(store: storePath, writable: !dryRun)
        defer { BackgroundCompaction.close(durable, path: storePath) }
        do throws(DurableStoreError) {
            let change = try durable.repairPayees(dryRun: dryRun)
            Console.write(ChangeOptions.lines(of: change).map { $0 + "\n" }.joined())
            let rows = "\(change.count) payee\(change.count == 1 ? "" : "s")"
            Console.write(dryRun ? "\(rows) would change. Nothing changed; run it without --dry-run to change them.\n"
                                 : change.count == 0 ? "Every payee is as this version cleans it.\n" : "Cleaned \(rows) again. fsearch undo reverts it.\n")
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }
}
