import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Random stores, random mutation sequences and random queries: every answer of the store must
/// equal the plain reference scan's, and every structure must stay exact.
@Suite struct SearchAgainstReferenceTests {
    /// 40 stores x 30 mutation steps x 9 queries = 10,800 compared queries by default.
    @Test(arguments: 0..<40)
    func everyAnswerEqualsThePlainScan(seedIndex: Int) throws {
        let seed = UInt64(1000 + seedIndex)
        var world = RandomWorld(seed: seed)
        let zone = TimeZone(identifier: world.pick(RandomWorld.zones))!
        let store = TransactionStore(timeZone: zone, baseCurrency: world.pick([.eur, .usd]))
        if seedIndex % 2 == 1 {  // every scan of two or more candidates split over two threads
            store.lock.withWriteLock { store.contents.parallelScanMinimum = 2 }
        }
        if world.random.chance(0.3) {
            store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 92, fractionDigits: 2), .jpy: DecimalAmount(significand: 61, fractionDigits: 4),
                                    .eur: DecimalAmount(significand: 108, fractionDigits: 2)])
        }
        var model: [String: Transaction] = [:]
        try store.add(contentsOf: (0..<world.random.int(in: 0...40)).map { world.draft(id: $0 % 3 == 0 ? nil : "r\($0)") })
            .addedIDs.forEach { model[$0] = store.transaction(id: $0) }
        var compared = 0
        for step in 0..<(30 * RandomScale.factor) {
            try mutate(store, &model, &world)
            #expect(Set(store.transactions().map(\.id)) == Set(model.keys), "seed \(seed) step \(step)")
            let reference = PlainScan(transactions: Array(model.values), timeZone: zone)
            let rates = store.lock.withReadLock { store.contents.exchangeRates }
            for _ in 0..<9 {
                let query = world.query()
                let expected = reference.search(query, rates: rates)
                let actual = store.search(query)
                compared += 1
                if actual != expected {
                    Issue.record("seed \(seed) step \(step): \(query)\n\(SearchAgainstReferenceTests.difference(actual, expected))")
                    return
                }
            }
            if step % 10 == 9 { store.checkInvariants() }
        }
        store.checkInvariants()
        #expect(compared == 270 * RandomScale.factor)
    }

    private func mutate(_ store: TransactionStore, _ model: inout [String: Transaction], _ world: inout RandomWorld) throws {
        let ids = Array(model.keys).sorted()
        switch world.random.int(in: 0...9) {
        case 0...3:
            let id: String? = world.random.chance(0.5) ? nil : "n\(world.random.int(in: 0...500))"
            if let id, model[id] != nil {
                #expect(throws: ValidationError.self) { try store.add(world.draft(id: id)) }
            } else {
                let added = try store.add(world.draft(id: id))
                model[added.id] = added
            }
        case 4...6 where !ids.isEmpty:
            let id = world.pick(ids)
            let patch = world.patch()
            do {
                let updated = try store.update(id: id, patch)
                model[id] = updated
            } catch {
                // A patch may be invalid (a subcategory left without its category): nothing changed.
                #expect(store.transaction(id: id) == model[id])
            }
        case 7...8 where !ids.isEmpty:
            let id = world.pick(ids)
            #expect(try store.delete(id: id) == model[id])
            model[id] = nil
        default:
            let drafts = (0..<world.random.int(in: 1...5)).map { _ in world.draft(id: nil) }
            for id in try store.add(contentsOf: drafts).addedIDs { model[id] = store.transaction(id: id) }
        }
    }

    static func difference(_ actual: QueryResult, _ expected: QueryResult) -> String {
        var lines: [String] = []
        if actual.total != expected.total { lines.append("total \(actual.total) != \(expected.total)") }
        if actual.groups != expected.groups {
            lines.append("groups \(actual.groups.map { "\($0.key) \($0.count) \($0.sums)" }) != \(expected.groups.map { "\($0.key) \($0.count) \($0.sums)" })")
        }
        if actual.rows.map(\.transaction.id) != expected.rows.map(\.transaction.id) {
            lines.append("rows \(actual.rows.map(\.transaction.id)) != \(expected.rows.map(\.transaction.id))")
        } else if actual.rows != expected.rows {
            for (a, e) in zip(actual.rows, expected.rows) where a != e { lines.append("row \(a) != \(e)") }
        }
        return lines.joined(separator: "\n")
    }
}
