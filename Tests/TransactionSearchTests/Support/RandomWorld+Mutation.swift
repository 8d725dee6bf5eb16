import TransactionSearch

extension RandomWorld {
    /// Adds, updates or deletes rows at random, keeping `model` in step: a draw of 0...9 adds
    /// one row (0...3), updates one (4...6), deletes one (`deleting`), else adds a batch of
    /// `batchSize` rows. An update the patch makes invalid changes nothing.
    mutating func mutate(_ store: TransactionStore, _ model: inout [String: Transaction],
                         deleting: ClosedRange<Int> = 7...8, batchSize: ClosedRange<Int> = 1...5) throws {
        let ids = Array(model.keys).sorted()
        switch random.int(in: 0...9) {
        case 0...3:
            let added = try store.add(draft(id: nil))
            model[added.id] = added
        case 4...6 where !ids.isEmpty:
            let id = pick(ids)
            if let updated = try? store.update(id: id, patch()) { model[id] = updated }
        case deleting where !ids.isEmpty:
            let id = pick(ids)
            model[id] = nil
            _ = try store.delete(id: id)
        default:
            for id in try store.add(contentsOf: (0..<random.int(in: batchSize)).map { _ in draft(id: nil) }).addedIDs {
                model[id] = store.transaction(id: id)
            }
        }
    }
}
