/// How the rows of a result are ordered (docs/SPEC.md section 3). Ties: newer first, then id ascending;
/// for `dateAscending`, equal instants by id. Amounts sort by magnitude, across currencies as
/// plain numbers.
public enum ResultOrder: String, Hashable, Sendable, CaseIterable, Codable {
    case dateDescending = "date-desc"
    case dateAscending = "date-asc"
    case amountDescending = "amount-desc"
    case amountAscending = "amount-asc"

    var isByDate: Bool { self == .dateDescending || self == .dateAscending }
    var isDescending: Bool { self == .dateDescending || self == .amountDescending }
}
