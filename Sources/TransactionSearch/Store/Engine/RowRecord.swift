/// One row as the columns hold it: integers only, strings as pool codes (0 for none).
/// Index updates work on records, so an event costs no string work.
struct RowRecord: Hashable, Sendable {
    /// Milliseconds since 1970; for a calendar date, its midnight in the store's zone.
    var instant: Int64
    /// Code of the local day in the store's day pool.
    var dayCode: UInt32
    /// Code of the local month in the store's month pool.
    var monthCode: UInt32
    /// Minor units, signed.
    var amount: Int64
    var currency: UInt16
    var merchant: UInt32
    var category: UInt32
    var subcategory: UInt32
    /// The (merchant, category, subcategory) combination (see `DescriptorIndex`).
    var descriptor: UInt32
    var card: UInt32
    var account: UInt32
    var note: UInt32
    var flags: RowFlags

    /// A record of no row (every code 0, no flags), to fill a buffer before it is written.
    static let empty = RowRecord(instant: 0, dayCode: 0, monthCode: 0, amount: 0, currency: 0, merchant: 0, category: 0,
                                 subcategory: 0, descriptor: 0, card: 0, account: 0, note: 0, flags: [])
}

/// Bits of a row's status byte.
struct RowFlags: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let live = RowFlags(rawValue: 1)
    static let pending = RowFlags(rawValue: 2)
    /// The date is a calendar date with no time.
    static let calendarDay = RowFlags(rawValue: 4)
}
