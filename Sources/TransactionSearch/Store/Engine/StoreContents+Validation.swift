/// Validating many drafts at once, against each other and the store's ids (the rules of one
/// transaction are `TransactionValidator`'s).
extension StoreContents {
    /// Normalizes a batch: the valid transactions (ids still empty where generated), the
    /// failures with their positions, and the explicit ids of the batch. A repeated id fails
    /// on its second use.
    func validate(batch drafts: [TransactionDraft]) -> (accepted: [Transaction], failures: [BatchFailure], ids: StringSet) {
        var accepted: [Transaction] = []
        accepted.reserveCapacity(drafts.count)
        var failures: [BatchFailure] = []
        var batchIDs = StringSet(capacity: drafts.count)
        var batchKeys = StringSet()
        let storeHasRows = table.ids.count > 0  // an import into an empty store looks no id up
        for index in drafts.indices {
            do throws(ValidationError) {
                let transaction = try validator.validate(drafts[index])
                if !transaction.id.isEmpty {
                    if (storeHasRows && table.ids.row(of: transaction.id) != nil) || !batchIDs.insert(transaction.id) {
                        throw ValidationError(.id, .duplicateID(transaction.id))
                    }
                }
                if let key = transaction.importKey {
                    if (storeHasRows && table.importKeys.row(of: key) != nil) || !batchKeys.insert(key) {
                        throw ValidationError(.importKey, .duplicateImportKey(key))
                    }
                }
                accepted.append(transaction)
            } catch {
                failures.append(BatchFailure(index: index, error: error))
            }
        }
        return (accepted, failures, batchIDs)
    }
}
