/// A field of a transaction, as named in errors, CSV headers and JSON keys.
public enum TransactionField: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case id, date, merchant, category, subcategory, card, account, amount, currency, status, notes

    public var description: String { rawValue }
}
