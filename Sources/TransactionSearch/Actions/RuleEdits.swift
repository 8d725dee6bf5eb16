import Dispatch

/// What one rule makes of the rows it matches, worked out from the store as it is, before
/// any row changes (the store is only read, so the rows are shared out between two threads
/// when there are many): per row, nil when the rule changes nothing in it, else the row as
/// it is and as the rule leaves it (or why the change does not validate).
struct RuleEdits {
    struct Edit {
        let row: UInt32
        let before: Transaction
        let after: Result<Transaction, ValidationError>
        /// What differs between `before` and a valid `after` (worked out here, on two threads,
        /// not by `StoreContents.replace`).
        let changes: RecordChanges?
    }

    /// One per row, in the rows' order from last to first (`forEach` pops them).
    private var edits: [Edit?]

    /// Rows from which the edits are worked out on two threads: waking one costs tens of
    /// microseconds, more than a few hundred rows' edits (about a microsecond each).
    static let parallelMinimum = 512

    init(rule: StoredRule, rows: [UInt32], contents: StoreContents, parallelMinimum: Int = RuleEdits.parallelMinimum) {
        let count = rows.count
        let name = FieldSource.rule(rule.rule.name)
        edits = [Edit?](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each part initializes only its own elements and reads the store only.
            nonisolated(unsafe) let buffer = buffer
            nonisolated(unsafe) let work = { (range: Range<Int>) in
                var strings = RowStrings(contents.fieldTexts)
                for index in range {
                    let row = rows[index]
                    let before = contents.transaction(at: row, strings: &strings)
                    buffer.initializeElement(at: count - 1 - index, to: RuleEdits.edit(of: row, before, by: rule, as: name, validator: contents.validator))
                }
            }
            if count >= parallelMinimum && ScanParallelism.hasSecondCore {
                let half = count / 2
                DispatchQueue.concurrentPerform(iterations: 2) { part in work(part == 0 ? 0..<half : half..<count) }
            } else {
                work(0..<count)
            }
            initialized = count
        }
    }

    /// The edit of one row: nil when the rule leaves it as it is.
    private static func edit(of row: UInt32, _ before: Transaction, by rule: StoredRule, as name: FieldSource,
                             validator: TransactionValidator) -> Edit? {
        let patch = rule.patch(for: before)
        guard !patch.isEmpty else { return nil }
        do throws(ValidationError) {
            let after = try validator.validate(patch, on: before, by: name)
            return after == before ? nil
                : Edit(row: row, before: before, after: .success(after), changes: RecordChanges(from: before, to: after))
        } catch {
            return Edit(row: row, before: before, after: .failure(error), changes: nil)
        }
    }

    /// Calls `body` with each edit in the rows' order, each moved out (not copied: a copy
    /// retained every string of two transactions), the edits gone after.
    mutating func forEach(_ body: (consuming Edit) -> Void) {
        while let edit = edits.popLast() {
            if let edit { body(edit) }
        }
    }
}
