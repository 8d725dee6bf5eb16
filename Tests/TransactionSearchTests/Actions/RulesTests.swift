import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Rules: checked when added, run in order on every add and import and on demand, never over a
/// person's hand edit, each change naming the rule.
@Suite struct RulesTests {
    static func store(_ merchants: [String]) throws -> TransactionStore {
        let store = TransactionStore()
        for (index, merchant) in merchants.enumerated() {
            try store.add(TransactionDraft(id: "t\(index)", date: try .day(2026, 3, 1 + index % 28), merchant: merchant, amount: -10))
        }
        return store
    }

    @Test func aRuleRunsOverStoredRowsAndNamesItselfAsTheSource() throws {
        let store = try Self.store(["LIDL DIENSTL 1234", "Lidl Berlin", "ALDI SUED", "Starbucks"])
        try store.addRule(Rule(name: "Groceries", search: "merchant:lidl", actions: [.set(.category, "Groceries")]))
        let change = store.applyRules()
        #expect(Set(change.rows.map(\.before.id)) == ["t0", "t1"])
        #expect(change.rows.allSatisfy { $0.fields == [.category] })
        #expect(store.transaction(id: "t0")?.category == "Groceries")
        #expect(store.transaction(id: "t0")?.sources[.category] == .rule("Groceries"))
        #expect(store.transaction(id: "t2")?.category == nil)
        // Twice: nothing more to do.
        #expect(store.applyRules().rows.isEmpty)
        #expect(store.verify().isEmpty)
    }

    @Test func aDryRunSaysWhatWouldChangeAndChangesNothing() throws {
        let store = try Self.store(["LIDL", "ALDI"])
        try store.addRule(Rule(name: "Groceries", search: "lidl", actions: [.set(.category, "Groceries"), .addTag("food")]))
        let before = store.transactions()
        let sequence = store.sequence
        let change = store.applyRules(dryRun: true)
        #expect(change.isDryRun && change.rows.count == 1)
        #expect(change.rows.first?.after.category == "Groceries" && change.rows.first?.after.notes == "#food")
        #expect(store.transactions() == before && store.sequence == sequence)
        #expect(store.history().count == 2 && store.verify().isEmpty)
    }

    @Test func aLaterRuleSeesWhatAnEarlierOneSet() throws {
        let store = try Self.store(["LIDL MARKT", "REWE MARKT", "SHELL"])
        try store.addRule(Rule(name: "Supermarkets", search: "merchant:markt", actions: [.set(.category, "Groceries")]))
        try store.addRule(Rule(name: "Food tag", search: "category:groceries", actions: [.addTag("food")]))
        store.applyRules()
        #expect(store.transaction(id: "t0")?.notes == "#food" && store.transaction(id: "t1")?.notes == "#food")
        #expect(store.transaction(id: "t2")?.notes == nil)
        // The order decides: the tag rule placed first sees no groceries yet on new rows.
        try store.removeRule(named: "food tag")
        try store.addRule(Rule(name: "Food tag", search: "category:groceries", actions: [.addTag("food")]), before: "Supermarkets")
        #expect(store.rules.map(\.name) == ["Food tag", "Supermarkets"])
        let added = try store.add(TransactionDraft(date: try .day(2026, 4, 1), merchant: "LIDL MARKT", amount: -3))
        #expect(added.category == "Groceries" && added.notes == nil)
    }

    @Test func aHandEditIsNeverOverwritten() throws {
        let store = try Self.store(["LIDL", "LIDL"])
        try store.update(id: "t0", { var patch = TransactionPatch(); patch.category = .set("Household"); return patch }())
        try store.addRule(Rule(name: "Groceries", search: "lidl", actions: [.set(.category, "Groceries"), .set(.subcategory, "Supermarket"),
                                                                          .set(.notes, "weekly")]))
        store.applyRules()
        let kept = try #require(store.transaction(id: "t0"))
        #expect(kept.category == "Household" && kept.subcategory == nil, "the category and its subcategory go together")
        #expect(kept.notes == "weekly" && kept.sources[.notes] == .rule("Groceries"))
        #expect(store.transaction(id: "t1")?.subcategory == "Supermarket")
        // A person setting the value the rule set owns it from then on.
        try store.update(id: "t1", { var patch = TransactionPatch(); patch.notes = .set("weekly"); return patch }())
        #expect(store.transaction(id: "t1")?.sources[.notes] == .hand)
    }

    @Test func rulesRunOnAddAndImportBeforeAnyoneSeesTheRows() throws {
        let store = TransactionStore()
        try store.addRule(Rule(name: "Coffee", search: "payee:starbucks", actions: [.set(.category, "Coffee"), .set(.payee, "Starbucks Coffee")]))
        let events = EventRecorder(store)
        let added = try store.add(TransactionDraft(date: try .day(2026, 3, 1), merchant: "STARBUCKS STORE 0042", amount: -4))
        #expect(added.category == "Coffee" && added.payee == "Starbucks Coffee" && added.sources[.payee] == .rule("Coffee"))
        let report = try store.importTransactions(from: "date,merchant,amount\n2026-03-02,STARBUCKS 1234 SEATTLE WA,-5.00\n2026-03-02,LIDL,-9.00\n",
                                                  format: .csv)
        #expect(report.changedByRules == 1 && report.summary.contains("1 changed by rules"), "\(report.summary)")
        #expect(events.changes().allSatisfy { if case .added(let row) = $0 { row.merchant == "LIDL" || row.category == "Coffee" } else { false } })
        #expect(store.verify().isEmpty)
    }

    @Test func aBadRuleIsRefusedAndNamesWhatIsWrong() throws {
        let store = TransactionStore()
        let bad: [(Rule, (RuleError.Reason) -> Bool)] = [
            (Rule(name: " ", search: "lidl", actions: [.set(.category, "X")]), { $0 == .badName }),
            (Rule(name: "A", search: "  ", actions: [.set(.category, "X")]), { $0 == .emptySearch }),
            (Rule(name: "A", search: "lidl", actions: []), { $0 == .noActions }),
            (Rule(name: "A", search: "lidl", actions: [.set(.amount, "3")]), { if case .badAction = $0 { true } else { false } }),
            (Rule(name: "A", search: "lidl", actions: [.set(.status, "done")]), { if case .badAction = $0 { true } else { false } }),
            (Rule(name: "A", search: "lidl", actions: [.set(.subcategory, "Coffee")]), { if case .badAction = $0 { true } else { false } }),
            (Rule(name: "A", search: "lidl", actions: [.addTag("two words")]), { if case .badAction = $0 { true } else { false } }),
        ]
        for (rule, expected) in bad {
            #expect(throws: RuleError.self) { try store.addRule(rule) }
            do { try store.addRule(rule) } catch { #expect(expected(error.reason), "\(rule): \(error)") }
        }
        do {
            try store.addRule(Rule(name: "A", search: "lidl amount>abc", actions: [.set(.category, "X")]))
            Issue.record("a bad search was taken")
        } catch {
            guard case .badSearch(let syntax) = error.reason else { Issue.record("\(error)"); return }
            #expect(syntax.position == 13 && syntax.term == "amount>abc", "\(syntax)")
        }
        try store.addRule(Rule(name: "Groceries", search: "lidl", actions: [.set(.category, "Groceries")]))
        #expect(throws: RuleError(rule: "GROCERIES", .duplicateName)) {
            try store.addRule(Rule(name: "GROCERIES", search: "aldi", actions: [.set(.category, "Groceries")]))
        }
        #expect(throws: RuleError(rule: "X", .unknownRule("Nope"))) {
            try store.addRule(Rule(name: "X", search: "aldi", actions: [.set(.category, "Y")]), before: "Nope")
        }
        #expect(store.rules.map(\.name) == ["Groceries"])
    }

    @Test func aRuleMatchesExactlyWhereASearchForgivesTypos() throws {
        let store = try Self.store(["Starbucks"])
        #expect(store.search(Query(text: "starbuks")).total.count == 1)
        let rule = Rule(name: "Typo", search: "starbuks", actions: [.set(.category, "Coffee")])
        #expect(try store.matchCount(of: rule) == 0)
        // Inside a group too.
        #expect(store.search(try Query(parsing: "(starbuks OR zzz)")).total.count == 1)
        #expect(try store.matchCount(of: Rule(name: "Group", search: "(starbuks OR zzz)", actions: [.set(.category, "Coffee")])) == 0)
        try store.addRule(rule)
        #expect(store.applyRules().rows.isEmpty)
    }

    @Test func aTagIsAddedOnceAndKeepsTheNotes() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try .day(2026, 3, 1), merchant: "Uber", amount: -8, notes: "airport"))
        try store.add(TransactionDraft(id: "b", date: try .day(2026, 3, 1), merchant: "Uber", amount: -8, notes: "home #WORK"))
        try store.addRule(Rule(name: "Work", search: "uber", actions: [.addTag("#work")]))
        store.applyRules()
        #expect(store.transaction(id: "a")?.notes == "airport #work")
        #expect(store.transaction(id: "b")?.notes == "home #WORK")
        #expect(RuleAction(text: "tag=#work") == .addTag("#work") && RuleAction(text: "notes=") == .clear(.notes))
        #expect(RuleAction(text: "Category=Food=Drink") == .set(.category, "Food=Drink") && RuleAction(text: "amount=3") == nil)
    }
}

/// Collects a store's events.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [StoreEvent] = []
    private var subscription: StoreObservation?

    init(_ store: TransactionStore) {
        subscription = store.observe { [weak self] event in
            guard let self else { return }
            self.lock.lock()
            self.events.append(event)
            self.lock.unlock()
        }
    }

    func changes() -> [StoreEvent.Change] {
        lock.lock()
        defer { lock.unlock() }
        return events.map(\.change)
    }
}
