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
    /// The pool code of each text field (0 for none); merchant, category, subcategory and
    /// payee are also held through `descriptor`.
    var codes: TextFieldValues<UInt32>
    /// The (merchant, category, subcategory, payee) combination (see `DescriptorIndex`).
    var descriptor: UInt32
    var flags: RowFlags
    /// Who set each field (a `SourcesPool` code; 0: the input).
    var sources: UInt32 = 0

    /// A record of no row (every code 0, no flags), to fill a buffer before it is written.
    static let empty = RowRecord(instant: 0, dayCode: 0, monthCode: 0, amount: 0, currency: 0,
                                 codes: TextFieldValues(repeating: 0), descriptor: 0, flags: [])

    /// The merchant's code (the buckets and descriptors name it).
    var merchant: UInt32 { codes.merchant }
    /// The category's code.
    var category: UInt32 { codes.category }
    /// The subcategory's code.
    var subcategory: UInt32 { codes.subcategory }
    /// The card's code.
    var card: UInt32 { codes.card }
    /// The account's code.
    var account: UInt32 { codes.account }
    /// The payee's code.
    var payee: UInt32 { codes.payee }

    /// The descriptor's key of these codes.
    var descriptorKey: DescriptorIndex.Key {
        DescriptorIndex.Key(merchant: codes.merchant, category: codes.category, subcategory: codes.subcategory, payee: codes.payee)
    }
}

/// Bits of a row's status byte.
struct RowFlags: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let live = RowFlags(rawValue: 1)
    static let pending = RowFlags(rawValue: 2)
    /// The date is a calendar date with no time.
    static let calendarDay = RowFlags(rawValue: 4)
}
