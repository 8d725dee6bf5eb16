/// Which sign a row's amount must have: the kind filter as one byte the row loop compares.
enum KindTest: UInt8 {
    case any, expense, income

    init(_ kind: TransactionKind?) {
        switch kind {
        case nil: self = .any
        case .expense?: self = .expense
        case .income?: self = .income
        }
    }

    /// Whether an amount has the kind: an expense is below zero, income above it.
    @inline(__always)
    func accepts(amount: Int64) -> Bool {
        switch self {
        case .any: true
        case .expense: amount < 0
        case .income: amount > 0
        }
    }
}
