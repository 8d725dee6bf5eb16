/// Whether a transaction has settled. `posted` when an input gives none.
public enum TransactionStatus: String, Hashable, Sendable, CaseIterable, Codable {
    /// Authorized but not settled: its amount may still change.
    case pending
    /// Settled.
    case posted

    /// Parses `pending` or `posted` in any case, ignoring surrounding white space.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let status = TransactionStatus(rawValue: trimmed) else { return nil }
        self = status
    }
}
