import Foundation
import Testing
@testable import TransactionSearch

/// Payees an older cleaner made are cleaned again; payees a file, a person or a rule gave stay.
@Suite struct RepairPayeesTests {
    @Test func onlyTheCleanersPayeesThatDifferAreCleanedAgain() throws {
        let store = TransactionStore()
        var cleanerSources = FieldSources()
        cleanerSources[.payee] = .cleaner
        // As an older cleaner left them: a payee of its own making, now cleaned differently.
        try store.add(TransactionDraft(id: "old", date: try .day(2026, 3, 1), merchant: "SQ *BLUE BOTTLE COFFEE 0123", amount: -4,
                                       payee: "Sq Blue Bottle", sources: cleanerSources))
        try store.add(TransactionDraft(id: "given", date: try .day(2026, 3, 1), merchant: "SQ *BLUE BOTTLE COFFEE 0123", amount: -4,
                                       payee: "My Coffee Place"))
        try store.add(TransactionDraft(id: "clean", date: try .day(2026, 3, 1), merchant: "STARBUCKS 1234", amount: -4))
        let dry = store.repairPayees(dryRun: true)
        #expect(dry.rows.map(\.before.id) == ["old"] && dry.rows.first?.after.payee == "Blue Bottle Coffee")
        #expect(store.transaction(id: "old")?.payee == "Sq Blue Bottle")
        let change = store.repairPayees()
        #expect(change.rows.count == 1 && store.transaction(id: "old")?.payee == "Blue Bottle Coffee")
        #expect(store.transaction(id: "old")?.sources[.payee] == .cleaner)
        #expect(store.transaction(id: "given")?.payee == "My Coffee Place")
        #expect(store.repairPayees().rows.isEmpty)
        #expect(try store.undo()?.kind == .repairPayees && store.transaction(id: "old")?.payee == "Sq Blue Bottle")
        #expect(store.verify().isEmpty)
    }
}
