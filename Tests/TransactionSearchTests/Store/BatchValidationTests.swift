import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A large batch (validated in two halves side by side) fails exactly the drafts a plain,
/// one-by-one reading fails, at the same indexes, in order; the rest are added as given.
@Suite struct BatchValidationTests {
    /// The plain reading: each draft validated, then its id and key checked against the store
    /// and the drafts before it.
    static func expectedFailures(_ drafts: [TransactionDraft], store: TransactionStore) -> [BatchFailure] {
        let validator = TransactionValidator(baseCurrency: store.baseCurrency)
        var ids = Set<String>(), keys = Set<String>()
        var failures: [BatchFailure] = []
        for (index, draft) in drafts.enumerated() {
            do throws(ValidationError) {
                let transaction = try validator.validate(draft)
                if !transaction.id.isEmpty && (store.transaction(id: transaction.id) != nil || !ids.insert(transaction.id).inserted) {
                    throw ValidationError(.id, .duplicateID(transaction.id))
                }
                if let key = transaction.importKey, (store.lock.withReadLock { store.contents.table.importKeys.row(of: key) } != nil) || !keys.insert(key).inserted {
                    throw ValidationError(.importKey, .duplicateImportKey(key))
                }
            } catch {
                failures.append(BatchFailure(index: index, error: error))
            }
        }
        return failures
    }

    @Test(arguments: [false, true])
    func aLargeBatchFailsWhatAPlainReadingFails(storeHasRows: Bool) throws {
        let seed: UInt64 = storeHasRows ? 0xBA7C : 0xBA7D
        var random = SeededRandom(seed: seed)
        let store = TransactionStore()
        if storeHasRows {
            var existing = TransactionDraft.sample("t5")
            existing.importKey = "bank:kept"
            try store.add(existing)
        }
        var drafts = TransactionGenerator(rows: 24_000, seed: seed).generate()
        for index in drafts.indices {
            switch random.int(in: 0...400) {
            case 0: drafts[index].merchant = "  "  // blank
            case 1: drafts[index].id = drafts[random.int(in: 0...(drafts.count - 1))].id  // a repeated id
            case 2: drafts[index].id = nil  // generated
            case 3: drafts[index].importKey = "bank:\(random.int(in: 0...20))"  // keys that repeat
            case 4: drafts[index].importKey = "bank:kept"
            case 5: drafts[index].subcategory = "Sub"; drafts[index].category = nil
            default: break
            }
        }
        let expected = BatchValidationTests.expectedFailures(drafts, store: store)
        #expect(expected.count > 100, "seed \(seed): too few failures to test")
        #expect(store.validationFailures(of: drafts) == expected, "seed \(seed)")
        let result = try store.add(contentsOf: drafts, skippingInvalid: true)
        #expect(result.skipped == expected, "seed \(seed)")
        let failed = Set(expected.map(\.index))
        let added = drafts.indices.filter { !failed.contains($0) }
        #expect(result.addedIDs.count == added.count)
        for (place, index) in added.enumerated() where drafts[index].id != nil {
            #expect(result.addedIDs[place] == drafts[index].id, "seed \(seed), draft \(index)")
        }
        store.checkInvariants()
    }
}
