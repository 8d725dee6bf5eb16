/// Finds the records an import adds that look like rows the store already holds: the same
/// account (as shown), local day, amount and currency, and a merchant naming the same merchant
/// (`MerchantSimilarity`). That is a statement imported twice in two formats (an OFX, then the
/// bank's CSV of the same rows), whose keys cannot agree: the rows are added all the same (a
/// genuine second coffee looks the same), and the report lists the pairs so a person can
/// check (docs/SPEC.md section 9).
///
/// One pass over the stored rows of the file's days (the date order's window), each looked up
/// by day, amount and currency among the added records; a record is read back only for a row
/// that agrees on those. Under the store's lock.
struct LikelyDuplicateFinder {
    let contents: StoreContents

    private struct Key: Hashable {
        var day: Int32
        var amount: Int64
        var currency: Currency
    }

    /// The added records of `plan` that look like stored rows (not the rows the plan changes),
    /// in record order.
    func find(_ records: StagedRecords, plan: ImportPlan) -> [ImportPlan.LikelyDuplicate] {
        var byKey: [Key: [Int]] = [:]
        var ordinals: [Int: Int] = [:]
        var firstDay = Int32.max, lastDay = Int32.min
        for index in 0..<records.count where plan.added[index] {
            ordinals[index] = ordinals.count
            let draft = records.draft(at: index)
            let currency = draft.currency ?? contents.baseCurrency
            guard let amount = try? draft.amount.minorUnits(in: currency) else { continue }
            let day = contents.calendar.place(draft.date).day
            byKey[Key(day: day, amount: amount, currency: currency), default: []].append(index)
            firstDay = min(firstDay, day)
            lastDay = max(lastDay, day)
        }
        guard !byKey.isEmpty else { return [] }
        let changed = Set(plan.replacements.map(\.row))
        let table = contents.table
        var similarity: MerchantSimilarity?
        var found: [ImportPlan.LikelyDuplicate] = []
        contents.walkRows(instantsIn: contents.clock.instantWindow(days: firstDay, lastDay), descending: false) { row in
            let key = Key(day: contents.day(ofRow: row), amount: table.amount[row], currency: contents.currencies[table.currency[row]])
            guard let indices = byKey[key], !changed.contains(row) else { return true }
            if similarity == nil { similarity = MerchantSimilarity(commonWords: PendingMatcher.commonWords(of: contents)) }
            let stored = contents.transaction(at: row)
            let storedWords = similarity!.significantWords(stored.merchant)
            for index in indices {
                let draft = records.draft(at: index)
                guard draft.account?.trimmingWhitespace() == stored.account,
                      MerchantSimilarity.isSimilar(similarity!.significantWords(draft.merchant), storedWords) else { continue }
                found.append(ImportPlan.LikelyDuplicate(record: index, addedOrdinal: ordinals[index] ?? 0,
                                                        location: records[index].location, existingID: stored.id))
            }
            return true
        }
        return found.sorted { $0.record != $1.record ? $0.record < $1.record : $0.existingID < $1.existingID }
    }
}
