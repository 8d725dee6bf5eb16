/// Validating many drafts at once, against each other and the store's ids (the rules of one
/// transaction are `TransactionValidator`'s).
extension StoreContents {
    /// Normalizes a batch: the valid transactions (ids still empty where generated), the
    /// failures with their positions (ascending), and the explicit ids of the batch. A repeated
    /// id or import key fails on its second use.
    ///
    /// Each draft is normalized on its own first (for a large batch, the two halves on two
    /// cores: `BuildParallelism`), then the ids and keys are checked in input order.
    func validate(batch drafts: [TransactionDraft]) -> (accepted: [Transaction], failures: [BatchFailure], ids: StringSet) {
        var (normalized, invalid) = StoreContents.normalize(drafts, with: validator)
        var failures = invalid  // ascending
        // Ids and keys, in input order, against the store and the batch.
        var batch = RowTable.BatchKeys(capacity: drafts.count)
        let storeHasRows = table.ids.count > 0  // an import into an empty store looks no id up
        var repeated: [Int] = []  // positions in `normalized`
        var nextFailure = 0
        for position in normalized.indices {
            // The keys alone: copying a transaction retains all its strings.
            guard let error = table.duplicateKey(ofID: normalized[position].id, importKey: normalized[position].importKey,
                                                 storeHasRows: storeHasRows, batch: &batch) else { continue }
            // The draft's index: its position plus the invalid drafts before it.
            while nextFailure < invalid.count && invalid[nextFailure].index <= position + nextFailure { nextFailure += 1 }
            repeated.append(position)
            failures.append(BatchFailure(index: position + nextFailure, error: error))
        }
        if !repeated.isEmpty {
            failures.sort { $0.index < $1.index }
            var keep = [Bool](repeating: true, count: normalized.count)
            for position in repeated { keep[position] = false }
            normalized = normalized.indices.filter { keep[$0] }.map { normalized[$0] }
        }
        return (normalized, failures, batch.ids)
    }

    /// Every draft validated on its own, in order: the valid ones and the failures (ascending).
    /// A large batch is done in two halves side by side, each writing its own stretch of one
    /// buffer (the second half's stretch is then moved down after the first's): no transaction
    /// is copied.
    private static func normalize(_ drafts: [TransactionDraft], with validator: TransactionValidator) -> ([Transaction], [BatchFailure]) {
        let middle = drafts.count / 2
        let ranges = [0..<middle, middle..<drafts.count]
        var failures: [[BatchFailure]] = [[], []]
        var accepted: [Int] = [0, 0]
        // The drafts read in place: `drafts[index]` in the parts' closure copied each draft, a
        // retain and release of each of its strings (perf: 5 % of a long-tail build's samples).
        let normalized = drafts.withUnsafeBufferPointer { drafts in
            [Transaction](unsafeUninitializedCapacity: drafts.count) { buffer, initialized in
                // Each part reads the drafts and writes only its own stretch of the buffer and
                // its own slots below.
                nonisolated(unsafe) let (drafts, buffer) = (drafts, buffer)
                failures.withUnsafeMutableBufferPointer { failures in
                    accepted.withUnsafeMutableBufferPointer { accepted in
                        nonisolated(unsafe) let (failures, accepted) = (failures, accepted)
                        BuildParallelism.run(rows: drafts.count, (0..<2).map { part in
                            {
                                var count = 0
                                var invalid: [BatchFailure] = []
                                var payees = PayeeMemo()
                                for index in ranges[part] {
                                    do throws(ValidationError) {
                                        let transaction = try validator.validate(at: drafts.baseAddress! + index) { payees.payee(of: $0) }
                                        (buffer.baseAddress! + ranges[part].lowerBound + count).initialize(to: transaction)
                                        count += 1
                                    } catch {
                                        invalid.append(BatchFailure(index: index, error: error))
                                    }
                                }
                                accepted[part] = count
                                failures[part] = invalid
                            }
                        })
                    }
                }
                if middle > accepted[0] && accepted[1] > 0 {
                    (buffer.baseAddress! + accepted[0]).moveInitialize(from: buffer.baseAddress! + middle, count: accepted[1])
                }
                initialized = accepted[0] + accepted[1]
            }
        }
        return (normalized, failures[0] + failures[1])
    }
}
