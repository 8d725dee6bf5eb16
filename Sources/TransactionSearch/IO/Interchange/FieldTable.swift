/// A value per transaction field, in an array indexed by the field: readers look a field up
/// for every field of every row, where a dictionary would hash the key each time (a third of
/// reading a CSV file went there).
struct FieldTable<Value> {
    private var values = [Value?](repeating: nil, count: TransactionField.allCases.count)

    subscript(field: TransactionField) -> Value? {
        get { values[field.position] }
        set { values[field.position] = newValue }
    }
}

extension TransactionField {
    /// The case's position in `allCases`.
    var position: Int {
        switch self {
        case .id: 0
        case .date: 1
        case .merchant: 2
        case .category: 3
        case .subcategory: 4
        case .card: 5
        case .account: 6
        case .amount: 7
        case .currency: 8
        case .status: 9
        case .notes: 10
        }
    }
}
