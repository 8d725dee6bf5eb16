import Foundation
import Testing
@testable import TransactionSearch

/// A rule's edits worked out on two threads are the edits one thread works out, row for row
/// and in the same order.
@Suite struct RuleEditsTests {
    @Test(arguments: 0..<3)
    func twoThreadsWorkOutTheEditsOneDoes(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(9_300 + seedIndex))
        let store = try ActionsAgainstReferenceTests.randomStore(&world, rows: 1_500...2_000)
        let rules = [
            Rule(name: "tag", search: "-notes:zzzz", actions: [.addTag("spent"), .set(.category, "Out")]),
            Rule(name: "notes", search: "-notes:lunch", actions: [.set(.notes, "checked")]),
            Rule(name: "payee", search: "café OR uber", actions: [.set(.payee, "Someone"), .clear(.card)]),
        ]
        for rule in rules {
            let stored = try StoredRule(rule, existing: [])
            let (one, two) = store.lock.withReadLock {
                let rows = store.contents.matchingRows(of: stored.query, today: store.today, exactly: true)
                return (Self.edits(RuleEdits(rule: stored, rows: rows, contents: store.contents, parallelMinimum: .max)),
                        Self.edits(RuleEdits(rule: stored, rows: rows, contents: store.contents, parallelMinimum: 1)))
            }
            #expect(one.count > 100, "\(rule.name): the rule should change many rows")
            #expect(one == two, "\(rule.name)")
        }
    }

    /// Each edit's row, transaction before, and transaction after (or its error), in order.
    static func edits(_ edits: RuleEdits) -> [String] {
        var edits = edits
        var lines: [String] = []
        edits.forEach { edit in
            switch edit.after {
            case .success(let after): lines.append("\(edit.row) \(edit.before) -> \(after) \(edit.changes?.fields as Any)")
            case .failure(let error): lines.append("\(edit.row) \(edit.before) failed: \(error)")
            }
        }
        return lines
    }
}
