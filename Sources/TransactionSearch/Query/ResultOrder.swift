/// How the rows of a result are ordered (docs/SPEC.md section 3). Ties: newer first, then id ascending;
/// for `dateAscending`, equal instants by id. Amounts sort by magnitude, across currencies as
/// plain numbers.
public enum ResultOrder: String, Hashable, Sendable, CaseIterable, Codable {
    /// Newest first (the default).
    case dateDescending = "date-desc"
    /// Oldest first.
    case dateAscending = "date-asc"
    /// Largest magnitude first.
    case amountDescending = "amount-desc"
    /// Smallest magnitude first.
    case amountAscending = "amount-asc"

    var isByDate: Bool { self == .dateDescending || self == .dateAscending }
    var isDescending: Bool { self == .dateDescending || self == .amountDescending }
}
