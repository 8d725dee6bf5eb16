import TransactionSearch

/// The notes of a statement entry, built from parts joined with ` | ` (the memo, a check
/// number, a transfer, a class, the splits...), without an array per entry.
struct StatementNotes {
    private(set) var text: String?

    /// Adds a part after the others.
    mutating func append(_ part: String) {
        if let current = text {
            text = current + " | " + part
        } else {
            text = part
        }
    }
}
