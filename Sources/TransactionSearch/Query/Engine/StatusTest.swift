/// Which status a row must have: the status part of a filter or a condition, as one byte the
/// row loop compares.
enum StatusTest: UInt8 {
    case any, posted, pending

    /// `.pending` for true, `.posted` for false, `.any` for nil.
    init(pending: Bool?) {
        switch pending {
        case nil: self = .any
        case true?: self = .pending
        case false?: self = .posted
        }
    }

    /// Whether a row with these flags has the status (`.any` accepts every row).
    @inline(__always)
    func accepts(flags: UInt8) -> Bool {
        switch self {
        case .any: true
        case .pending: flags & RowFlags.pending.rawValue != 0
        case .posted: flags & RowFlags.pending.rawValue == 0
        }
    }
}
