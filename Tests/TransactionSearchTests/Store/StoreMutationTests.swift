import Foundation
import Synchronization
import Testing
@testable import TransactionSearch

@Suite struct StoreMutationTests {
    @Test func addReturnsTheStoredTransactionWithAGeneratedID() throws {
        let store = TransactionStore()
        let added = try store.add(TransactionDraft(
            date: try! .day(2026, 3, 14), merchant: "  Starbucks ", category: "", subcategory: nil, card: " ",
            amount: DecimalAmount(significand: -41, fractionDigits: 1), notes: "   "))
        #expect(added.id == "tx_1")
        #expect(added.merchant == "Starbucks")
        #expect(added.category == nil && added.card == nil && added.notes == nil)
        #expect(added.amount == Money(minorUnits: -410, currency: .eur))  // base currency, 2 digits
        #expect(added.status == .posted)
        #expect(store.transaction(id: "tx_1") == added)
        #expect(store.count == 1)
        store.checkInvariants()
    }

    /// An update looks up only the fields it changes, by their bytes: a text that differs only
    /// in its Unicode spelling (equal as `String`s) is a change and is stored as given, a
    /// field set to what it holds changes nothing, and the strings' uses stay counted
    /// (`checkInvariants` counts them from the rows).
    @Test func anUpdateStoresTheBytesGivenAndKeepsUnchangedFields() throws {
        let store = TransactionStore()
        let decomposed = "Cafe\u{301} Noir", precomposed = "Caf\u{E9} Noir"
        #expect(decomposed == precomposed && !decomposed.utf8.elementsEqual(precomposed.utf8))
        try store.add(.sample("a", merchant: decomposed))
        try store.add(.sample("b", merchant: decomposed))
        var patch = TransactionPatch()
        patch.merchant = .set(precomposed)
        let updated = try store.update(id: "a", patch)
        #expect(updated.merchant.utf8.elementsEqual(precomposed.utf8))
        #expect(store.transaction(id: "a")!.merchant.utf8.elementsEqual(precomposed.utf8))
        #expect(store.transaction(id: "b")!.merchant.utf8.elementsEqual(decomposed.utf8))
        store.checkInvariants()
        var same = TransactionPatch()
        same.merchant = .set(precomposed)
        same.amount = .set(DecimalAmount(significand: -5, fractionDigits: 0))
        let before = store.transaction(id: "a")!
        let after = try store.update(id: "a", same)
        #expect(after.merchant == before.merchant && after.category == before.category && after.date == before.date)
        #expect(after.amount == Money(minorUnits: -500, currency: .eur))
        store.checkInvariants()
        try store.delete(id: "a")
        store.checkInvariants()
    }

    @Test func generatedIDsSkipIDsAlreadyTaken() throws {
        let store = TransactionStore()
        try store.add(.sample("tx_1"))
        try store.add(.sample("tx_2", merchant: "Lidl"))
        #expect(try store.add(.sample()).id == "tx_3")
    }

    @Test func duplicateIDIsAnErrorAndChangesNothing() throws {
        let store = TransactionStore()
        try store.add(.sample("a"))
        let before = StoreFingerprint(store)
        #expect(throws: ValidationError(.id, .duplicateID("a"))) { try store.add(.sample("a", merchant: "Other")) }
        #expect(StoreFingerprint(store) == before)
    }

    @Test(arguments: [
        (TransactionDraft.sample(merchant: "   "), ValidationError(.merchant, .blank)),
        (TransactionDraft.sample(merchant: String(repeating: "x", count: 257)), ValidationError(.merchant, .tooLong(limit: 256, unit: "characters"))),
        (TransactionDraft.sample(String(repeating: "i", count: 65)), ValidationError(.id, .tooLong(limit: 64, unit: "bytes"))),
        (TransactionDraft.sample(""), ValidationError(.id, .missing)),
        (TransactionDraft.sample(amount: DecimalAmount(significand: 12345, fractionDigits: 3)),
         ValidationError(.amount, .tooManyFractionDigits(amount: "12.345", currency: "EUR", allowed: 2))),
        (TransactionDraft(date: try! .day(2026, 1, 1), merchant: "X", subcategory: "Coffee", amount: 1),
         ValidationError(.subcategory, .subcategoryWithoutCategory)),
    ])
    func invalidDraftsThrowTheFieldAndReasonAndChangeNothing(draft: TransactionDraft, expected: ValidationError) throws {
        let store = TransactionStore()
        try store.add(.sample("keep"))
        let before = StoreFingerprint(store)
        #expect(throws: expected) { try store.add(draft) }
        #expect(StoreFingerprint(store) == before)
    }

    @Test func merchantLengthCountsCharactersNotBytes() throws {
        let store = TransactionStore()
        let name = String(repeating: "é", count: 256)  // 512 bytes, 256 characters
        #expect(try store.add(.sample(merchant: name)).merchant == name)
    }

    @Test func updateAppliesAPartialChangeAndCanClearFields() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try! .day(2026, 3, 14), merchant: "Starbucks", category: "Food",
                                       subcategory: "Coffee", card: "Visa 4242", account: "Main",
                                       amount: DecimalAmount(significand: -410, fractionDigits: 2), notes: "latte"))
        var patch = TransactionPatch()
        patch.merchant = .set("Starbucks Reserve")
        patch.notes = .clear
        patch.card = .set("")
        patch.status = .set(.pending)
        let updated = try store.update(id: "a", patch)
        #expect(updated.merchant == "Starbucks Reserve")
        #expect(updated.notes == nil && updated.card == nil)
        #expect(updated.status == .pending)
        #expect(updated.category == "Food" && updated.subcategory == "Coffee")
        #expect(store.transaction(id: "a") == updated)
        store.checkInvariants()

        var clearCategory = TransactionPatch()
        clearCategory.category = .clear
        let cleared = try store.update(id: "a", clearCategory)
        #expect(cleared.category == nil && cleared.subcategory == nil)
        store.checkInvariants()
    }

    @Test func changingOnlyTheCurrencyKeepsTheDecimalValue() throws {
        let store = TransactionStore()
        try store.add(.sample("a", amount: DecimalAmount(significand: -1200, fractionDigits: 2)))
        var patch = TransactionPatch()
        patch.currency = .set(.jpy)
        #expect(try store.update(id: "a", patch).amount == Money(minorUnits: -12, currency: .jpy))
        try store.add(.sample("b", amount: DecimalAmount(significand: -1250, fractionDigits: 2)))
        #expect(throws: ValidationError(.amount, .tooManyFractionDigits(amount: "-12.50", currency: "JPY", allowed: 0))) {
            try store.update(id: "b", patch)
        }
    }

    @Test func invalidUpdatesThrowAndChangeNothing() throws {
        let store = TransactionStore()
        try store.add(.sample("a"))
        try store.add(.sample("b", merchant: "Lidl"))
        let before = StoreFingerprint(store)
        var patches: [(TransactionPatch, ValidationError)] = []
        var patch = TransactionPatch()
        patch.merchant = .clear
        patches.append((patch, ValidationError(.merchant, .cannotClear)))
        patch = TransactionPatch()
        patch.id = .set("b")
        patches.append((patch, ValidationError(.id, .duplicateID("b"))))
        patch = TransactionPatch()
        patch.subcategory = .set("Coffee")
        patch.category = .clear
        patches.append((patch, ValidationError(.subcategory, .subcategoryWithoutCategory)))
        patch = TransactionPatch()
        patch.merchant = .set("New name")  // valid field, but with a bad amount in the same patch
        patch.amount = .set(DecimalAmount(significand: 1, fractionDigits: 3))
        patches.append((patch, ValidationError(.amount, .tooManyFractionDigits(amount: "0.001", currency: "EUR", allowed: 2))))
        for (patch, expected) in patches {
            #expect(throws: expected) { try store.update(id: "a", patch) }
            #expect(StoreFingerprint(store) == before)
        }
        #expect(throws: ValidationError(.id, .unknownID("zzz"))) { try store.update(id: "zzz", TransactionPatch()) }
        #expect(StoreFingerprint(store) == before)
    }

    @Test func updateCanRenameTheID() throws {
        let store = TransactionStore()
        try store.add(.sample("a"))
        var patch = TransactionPatch()
        patch.id = .set("renamed")
        #expect(try store.update(id: "a", patch).id == "renamed")
        #expect(store.transaction(id: "a") == nil)
        #expect(store.transaction(id: "renamed") != nil)
        store.checkInvariants()
    }

    @Test func deleteReturnsWhatItRemovedAndUnknownIDsThrow() throws {
        let store = TransactionStore()
        let added = try store.add(.sample("a"))
        #expect(try store.delete(id: "a") == added)
        #expect(store.count == 0)
        #expect(throws: ValidationError(.id, .unknownID("a"))) { try store.delete(id: "a") }
        store.checkInvariants()
    }

    @Test func deletedRowsAreReusedSoColumnsStayBounded() throws {
        let store = TransactionStore()
        for index in 0..<100 { try store.add(.sample("r\(index)")) }
        for round in 0..<20 {
            for index in 0..<50 { try store.delete(id: round == 0 ? "r\(index)" : "n\(round - 1)-\(index)") }
            for index in 0..<50 { try store.add(.sample("n\(round)-\(index)", merchant: "M\(round)")) }
        }
        #expect(store.count == 100)
        #expect(store.lock.withReadLock { store.contents.table.rowLimit } == 100)
        #expect(store.lock.withReadLock { store.contents.text[.merchant].liveCount } == 2)  // Starbucks, M19
        store.checkInvariants()
    }

    @Test func everyMutationIsAnEventInSequenceOrder() throws {
        let store = TransactionStore()
        let received = Mutex<[StoreEvent]>([])
        let subscription = store.observe { event in received.withLock { $0.append(event) } }
        let a = try store.add(.sample("a"))
        var patch = TransactionPatch()
        patch.merchant = .set("Lidl")
        let updated = try store.update(id: "a", patch)
        try store.add(contentsOf: [.sample("b"), .sample("c")])
        let deleted = try store.delete(id: "b")
        _ = try? store.delete(id: "nope")
        let events = received.withLock { $0 }
        #expect(events.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(events[0].change == .added(a))
        #expect(events[1].change == .updated(old: a, new: updated))
        #expect(events[4].change == .deleted(deleted))
        #expect(store.sequence == 5)
        subscription.cancel()
        try store.add(.sample("d"))
        #expect(received.withLock { $0.count } == 5)
    }

    @Test func aHandlerMayMutateTheStoreWithoutDeadlockOrReordering() throws {
        let store = TransactionStore()
        let sequences = Mutex<[UInt64]>([])
        let subscription = store.observe { event in
            sequences.withLock { $0.append(event.sequence) }
            if case .added(let transaction) = event.change, transaction.id == "a" {
                _ = try? store.add(.sample("from-handler"))
            }
        }
        try store.add(.sample("a"))
        try store.add(.sample("b"))
        #expect(sequences.withLock { $0 } == [1, 2, 3])
        #expect(store.transaction(id: "from-handler") != nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func batchAddIsAllOrNothing() throws {
        let store = TransactionStore()
        try store.add(.sample("existing"))
        let before = StoreFingerprint(store)
        let drafts: [TransactionDraft] = [
            .sample("x1"), .sample("existing"), .sample("x2", merchant: " "), .sample("x1"), .sample(),
        ]
        do throws(BatchError) {
            try store.add(contentsOf: drafts)
            Issue.record("expected a BatchError")
        } catch {
            #expect(error.failures.map(\.index) == [1, 2, 3])
            #expect(error.failures.map(\.error.field) == [.id, .merchant, .id])
        }
        #expect(StoreFingerprint(store) == before)

        let result = try store.add(contentsOf: drafts, skippingInvalid: true)
        #expect(result.addedIDs == ["x1", "tx_1"])
        #expect(result.skipped.map(\.index) == [1, 2, 3])
        #expect(store.count == 3)
        store.checkInvariants()
    }

    @Test func iterationIsInDateOrder() throws {
        let store = TransactionStore()
        try store.add(.sample("b", "2026-03-14T10:00:00Z"))
        try store.add(.sample("a", "2026-03-14T10:00:00Z"))
        try store.add(.sample("c", "2026-03-13"))
        try store.add(.sample("d", "2026-03-15T00:00:00Z"))
        #expect(store.transactions(in: .dateAscending).map(\.id) == ["c", "a", "b", "d"])
        #expect(store.transactions(in: .dateDescending).map(\.id) == ["d", "a", "b", "c"])
    }
}

/// Every text field of a draft is validated by its own kind (too long is an error naming the
/// field, blank is none, spaces trimmed) and kept, one at a time and in a bulk build alike.
@Suite struct TextFieldValidationTests {
    static var textFields: [(field: TransactionField, limit: Int)] {
        TransactionField.allCases.compactMap { field in
            guard case .text(let limit, _) = field.kind else { return nil }
            return (field, limit)
        }
    }

    @Test func everyTextFieldIsCheckedTrimmedAndKept() throws {
        #expect(Self.textFields.map(\.field) == [.merchant, .category, .subcategory, .card, .account, .notes, .payee, .importKey])
        for (field, limit) in Self.textFields {
            var long = TransactionDraft(date: try .day(2026, 1, 1), merchant: "Shop", category: "Food", amount: 1)
            field.setTextValue(String(repeating: "y", count: limit + 1), in: &long)
            #expect(throws: ValidationError(field, .tooLong(limit: limit, unit: "characters"))) { try TransactionStore().add(long) }
        }
        // Each field given with spaces around it comes back trimmed, in one add and in a batch
        // large enough to be built in bulk on two threads.
        var drafts: [TransactionDraft] = []
        for index in 0..<20_100 {
            var draft = TransactionDraft(id: "t\(index)", date: try .day(2026, 1, 1), merchant: "Shop", category: "Food", amount: 1)
            for (field, _) in Self.textFields { field.setTextValue("  \(field.rawValue) \(index) ", in: &draft) }
            drafts.append(draft)
        }
        let single = TransactionStore()
        try single.add(drafts[3])
        let bulk = TransactionStore()
        _ = try bulk.add(contentsOf: drafts)
        for store in [single, bulk] {
            let transaction = try #require(store.transaction(id: "t3"))
            #expect(transaction.merchant == "merchant 3" && transaction.category == "category 3" && transaction.subcategory == "subcategory 3")
            #expect(transaction.card == "card 3" && transaction.account == "account 3" && transaction.notes == "notes 3")
            #expect(transaction.payee == "payee 3" && transaction.importKey == "import_key 3")
        }
        #expect(bulk.transaction(id: "t20099")?.notes == "notes 20099")
    }
}
