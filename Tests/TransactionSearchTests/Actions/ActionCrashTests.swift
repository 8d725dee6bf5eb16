import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `fsearch update --where` over 100,000 rows and `fsearch rules apply`, killed with SIGKILL at
/// a random moment: reopened, the store holds all of the step or none of it.
@Suite(.enabled(if: FSearchRunner.isBuilt), .serialized) struct ActionCrashTests {
    static let rows = 100_000

    /// Runs fsearch with `arguments` and kills it after `delay` microseconds (unless it ended).
    static func runKilled(_ arguments: [String], after delay: UInt32) throws {
        let process = Process()
        process.executableURL = FSearchRunner.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FSEARCH_COMPACTION_THRESHOLD"] = String(1 << 40)  // no compaction in the background
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    @Test func aKilledBulkEditOrRulesApplyLeavesAllOfItOrNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-action-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let durable = try DurableStore(directory: directory)
        try durable.add(contentsOf: TransactionGenerator(rows: Self.rows, seed: 5).generate())
        try durable.compact()
        durable.close()
        var random = SeededRandom(seed: 77)
        var outcomes: [Bool] = []
        for round in 0..<6 {
            let isRules = round % 2 == 1
            let value = "round \(round)"
            let arguments = isRules
                ? ["rules", "apply", "--store", directory.path]
                : ["update", "--where", "", "--set", "notes=\(value)", "--store", directory.path]
            if isRules {
                let store = try DurableStore(directory: directory)
                try store.addRule(Rule(name: "R\(round)", search: "-\"no such text\"", actions: [.set(.notes, value)]))
                store.close()
            }
            // From before the child has opened the store to after it may have finished.
            try Self.runKilled(arguments, after: UInt32(random.int(in: 0...3_000_000)))
            let reopened = try DurableStore(directory: directory)
            let notes = reopened.store.transactions().map(\.notes)
            let changed = notes.filter { $0 == value }.count
            #expect(reopened.store.count == Self.rows)
            #expect(changed == 0 || changed == Self.rows, "round \(round): \(changed) of \(Self.rows) rows changed")
            #expect(reopened.store.verify().isEmpty)
            outcomes.append(changed == Self.rows)
            reopened.close()
        }
        // Whatever the timing, each outcome is whole; say which were seen.
        print("ActionCrashTests: steps applied whole in rounds \(outcomes.enumerated().filter(\.element).map(\.offset)), none in the others")
    }
}
