import TransactionSearch

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
