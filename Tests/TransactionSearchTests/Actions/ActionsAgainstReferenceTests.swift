import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Random stores, random searches: a bulk edit changes exactly the rows the plain scan finds;
/// rules change exactly what applying them one by one to the plain scan's rows does, and so
/// does a second run (only what one rule's edit made another match); an undo gives back the
/// store before, row for row and index for index.
@Suite struct ActionsAgainstReferenceTests {
    static func randomStore(_ world: inout RandomWorld, rows: ClosedRange<Int> = 0...60) throws -> TransactionStore {
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!, baseCurrency: .eur)
        try store.add(contentsOf: (0..<world.random.int(in: rows)).map { world.draft(id: $0 % 2 == 0 ? nil : "r\($0)") })
        for _ in 0..<world.random.int(in: 0...5) {
            let ids = store.transactions().map(\.id).sorted()
            guard !ids.isEmpty else { break }
            _ = try? store.update(id: world.pick(ids), world.patch())
        }
        return store
    }

    /// A patch of the fields a bulk edit sets.
    static func bulkPatch(_ world: inout RandomWorld) -> TransactionPatch {
        var patch = TransactionPatch()
        for _ in 0..<world.random.int(in: 1...2) {
            switch world.random.int(in: 0...6) {
            case 0:
                if let category = world.pick(RandomWorld.categories) {
                    patch.category = .set(category)
                    if world.random.chance(0.5) { patch.subcategory = world.pick(RandomWorld.subcategories).map { .set($0) } ?? .clear }
                } else {
                    patch.category = .clear
                }
            case 1: patch.notes = world.pick(RandomWorld.notes).map { .set($0) } ?? .clear
            case 2: patch.payee = world.random.chance(0.7) ? .set(world.pick(["Lidl", "Café", "Ülker", "Uber"])) : .clear
            case 3: patch.account = world.pick(RandomWorld.accounts).map { .set($0) } ?? .clear
            case 4: patch.card = world.pick(RandomWorld.cards).map { .set($0) } ?? .clear
            case 5: patch.status = .set(world.pick(TransactionStatus.allCases))
            default: patch.merchant = .set(world.pick(RandomWorld.merchants))
            }
        }
        return patch
    }

    @Test(arguments: 0..<30)
    func aBulkEditChangesExactlyTheRowsTheSearchFinds(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(7_000 + seedIndex))
        let store = try Self.randomStore(&world)
        for step in 0..<(6 * RandomScale.factor) {
            let before = store.transactions(in: .dateAscending)
            let query = world.query()
            let patch = Self.bulkPatch(&world)
            let expected = PlainScan(transactions: before, timeZone: store.timeZone).matchingTransactions(query, today: store.today, exactly: false)
            let change: BulkChange
            do {
                change = try store.update(matching: query, patch)
            } catch {
                // Refused whole: nothing changed, and the refused rows are rows it matched.
                #expect(store.transactions(in: .dateAscending) == before, "step \(step)")
                #expect(Set(error.failures.map(\.id)).isSubset(of: Set(expected.map(\.id))))
                continue
            }
            let changedIDs = change.rows.map(\.before.id)
            #expect(change.rows.count + change.unchanged == expected.count, "step \(step): \(query)")
            #expect(Set(changedIDs).isSubset(of: Set(expected.map(\.id))), "step \(step)")
            for row in change.rows {
                #expect(store.transaction(id: row.after.id) == row.after)
                if case .set(let category) = patch.category { #expect(row.after.category == category) }
                if case .set(let notes) = patch.notes { #expect(row.after.notes == notes.trimmingCharacters(in: .whitespaces)) }
                if case .set(let payee) = patch.payee { #expect(row.after.payee == payee && row.after.sources[.payee] == .hand) }
            }
            // Rows it did not match are as they were.
            let untouched = Set(before.map(\.id)).subtracting(changedIDs)
            #expect(store.transactions(in: .dateAscending).filter { untouched.contains($0.id) } == before.filter { untouched.contains($0.id) })
            #expect(store.verify().isEmpty, "step \(step)")
            if !change.rows.isEmpty && world.random.chance(0.5) {
                #expect(try store.undo()?.kind == .bulkEdit)
                #expect(store.transactions(in: .dateAscending) == before, "step \(step): the undo")
                #expect(store.verify().isEmpty)
                let probe = world.query()
                #expect(store.search(probe) == PlainScan(transactions: before, timeZone: store.timeZone).search(probe, today: store.today))
            }
        }
    }

    /// Random rules over random stores, against the rules applied by hand to the plain scan's
    /// rows, one rule after another.
    @Test(arguments: 0..<30)
    func rulesChangeWhatApplyingThemOneByOneDoes(seedIndex: Int) throws {
        try Self.checkRules(seed: UInt64(8_000 + seedIndex), rows: 0...60)
    }

    /// Enough rows that a rule's edits are worked out on two threads (`RuleEdits`).
    @Test(arguments: 0..<3)
    func rulesOverManyRowsChangeWhatApplyingThemOneByOneDoes(seedIndex: Int) throws {
        let matched = try Self.checkRules(seed: UInt64(8_100 + seedIndex), rows: 6_000...7_000)
        #expect(matched >= RuleEdits.parallelMinimum, "seed \(seedIndex): no rule matches enough rows to take two threads")
    }

    /// Random rules over a random store of `rows` rows against the plain scan's model.
    /// Returns the most rows one rule matched.
    @discardableResult
    static func checkRules(seed: UInt64, rows: ClosedRange<Int>) throws -> Int {
        var world = RandomWorld(seed: seed)
        let store = try Self.randomStore(&world, rows: rows)
        var rules: [Rule] = []
        for index in 0..<world.random.int(in: 1...4) {
            let search = world.pick(["merchant:\(world.word())", "\(world.word())", "category:\(world.pick(["food", "groc", "café"]))",
                                     "amount>12", "-notes:lunch \(world.word())", "status:pending", "payee:uber"])
            var actions: [RuleAction] = []
            for _ in 0..<world.random.int(in: 1...2) {
                actions.append(world.pick([.set(.category, "Groceries"), .set(.category, "Transport"), .addTag("work"), .set(.notes, "checked"),
                                           .set(.account, "Main"), .set(.payee, "Someone"), .clear(.card), .set(.status, "posted")]))
            }
            guard let query = try? Query(parsing: search) else { continue }
            _ = query
            let rule = Rule(name: "rule \(index)", search: search, actions: actions)
            do { try store.addRule(rule); rules.append(rule) } catch {}
        }
        // The reference: each rule in turn over the rows the plain scan finds in the model.
        var mostMatched = 0
        func referencePass(_ model: [String: Transaction]) throws -> [String: Transaction] {
            var model = model
            for rule in store.rules {
                let reference = PlainScan(transactions: Array(model.values), timeZone: store.timeZone)
                let matches = reference.matchingTransactions(try rule.query(), today: store.today, exactly: true)
                mostMatched = max(mostMatched, matches.count)
                for row in matches {
                    model[row.id] = Self.apply(rule, to: row)
                }
            }
            return model
        }
        let original = Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.id, $0) })
        let model = try referencePass(original)
        let change = store.applyRules()
        #expect(Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.id, $0) }) == model, "seed \(seed): \(store.rules)")
        #expect(Set(change.rows.map(\.before.id)) == Set(model.keys.filter { model[$0] != original[$0] }))
        #expect(change.skipped.isEmpty)
        // A second run changes only what a rule's edit made another rule match (rules run in
        // order, once each).
        let again = try referencePass(model)
        let second = store.applyRules()
        #expect(Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.id, $0) }) == again, "seed \(seed), second run: \(store.rules)")
        #expect(Set(second.rows.map(\.before.id)) == Set(again.keys.filter { again[$0] != model[$0] }))
        #expect(store.verify().isEmpty)
        if !second.rows.isEmpty {
            #expect(try store.undo()?.kind == .rulesApply)
            #expect(Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.id, $0) }) == model)
        }
        if !change.rows.isEmpty {
            #expect(try store.undo()?.kind == .rulesApply)
            #expect(Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.id, $0) }) == original)
        }
        return mostMatched
    }

    /// A rule's actions on one transaction, written plainly: hand-set fields (the category and
    /// subcategory as one) left alone, each changed field marked as the rule's.
    static func apply(_ rule: Rule, to transaction: Transaction) -> Transaction {
        var row = transaction
        let categoryIsHands = row.sources[.category] == .hand || row.sources[.subcategory] == .hand
        func set(_ field: TransactionField, _ value: String?, _ apply: (inout Transaction) -> Void) {
            guard field == .category ? !categoryIsHands : row.sources[field] != .hand else { return }
            let old = field.text(in: row)
            apply(&row)
            if field.text(in: row) != old { row.sources[field] = .rule(rule.name) }
        }
        for action in rule.actions {
            switch action {
            case .set(.category, let value): set(.category, value) { $0.category = value }
            case .set(.notes, let value): set(.notes, value) { $0.notes = value }
            case .set(.account, let value): set(.account, value) { $0.account = value }
            case .set(.payee, let value): set(.payee, value) { $0.payee = value }
            case .set(.status, let value): set(.status, value) { $0.status = TransactionStatus(rawValue: value)! }
            case .clear(.card): set(.card, nil) { $0.card = nil }
            case .addTag(let name):
                guard row.sources[.notes] != .hand else { continue }
                let tag = name.hasPrefix("#") ? name : "#" + name
                let words = (row.notes ?? "").split(separator: " ").map { $0.lowercased() }
                guard !words.contains(tag.lowercased()) else { continue }
                set(.notes, nil) { $0.notes = $0.notes.map { $0 + " " + tag } ?? tag }
            default: Issue.record("no reference for \(action)")
            }
        }
        return row
    }
}
