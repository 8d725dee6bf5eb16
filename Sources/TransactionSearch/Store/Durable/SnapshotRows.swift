/// A snapshot's contents as decoded, in the store's own encoding: per text field a table of
/// strings with their folded bytes, the (merchant, category, subcategory) descriptors, the
/// currencies, and one array per row field holding table numbers (1-based, 0 for none).
/// `StoreContents.restore` turns it into a store without parsing, validating or folding text.
struct SnapshotRows {
    /// The distinct strings of one text field, numbered from 1 in table order.
    struct StringTable {
        /// Every string's UTF-8 bytes (valid UTF-8, checked by the decoder), one after another;
        /// string `i` ends at `utf8Ends[i]`. Kept as bytes: the pool stores bytes, not `String`s.
        var utf8: [UInt8] = []
        var utf8Ends: [UInt32] = []
        /// Every string's folded bytes, one after another; string `i` ends at `foldedEnds[i]`.
        var folded: [UInt8] = []
        var foldedEnds: [UInt32] = []
        /// The trigram index of a searched field's strings.
        var trigrams: TrigramIndex?

        var count: Int { utf8Ends.count }

        /// String `index` (from 0), made from its bytes; for tests and messages.
        func string(at index: Int) -> String {
            let start = index == 0 ? 0 : Int(utf8Ends[index - 1])
            return String(decoding: utf8[start ..< Int(utf8Ends[index])], as: UTF8.self)
        }
    }

    /// Bits of `flags`.
    static let calendarDayFlag: UInt8 = 1
    static let pendingFlag: UInt8 = 2

    var tables = [StringTable](repeating: StringTable(), count: TextField.allCases.count)
    /// Merchant, category and subcategory numbers of each descriptor, three per descriptor;
    /// a row's `descriptors` entry numbers them from 1.
    var descriptorKeys: [UInt32] = []
    var currencies: [Currency] = []

    /// The snapshot's bytes (kept, not copied) and where in them the ids lie, as UTF-8 one
    /// after another in row order; `idLengths` says where each ends.
    var idBytes: [UInt8] = []
    var idRange: Range<Int> = 0..<0
    var idLengths: [UInt8] = []
    /// The import keys' bytes (in `idBytes`, after the ids) and lengths (0: none).
    var importKeyRange: Range<Int> = 0..<0
    var importKeyLengths: [UInt16] = []
    /// `calendarDayFlag`, `pendingFlag`.
    var flags: [UInt8] = []
    /// Milliseconds since 1970, or days since 1970 for a calendar date.
    var dates: [Int64] = []
    var descriptors: [UInt32] = []
    /// Per field of `columnFields` (card, account, notes, payee): each row's table number
    /// (`numbers(of:)`).
    var columnNumbers: [[UInt32]] = SnapshotRows.columnFields.map { _ in [] }
    var amounts: [Int64] = []
    /// Positions in `currencies`.
    var currencyIndexes: [UInt16] = []
    /// Who set each row's fields: entries by code (0 the input, 1 a cleaned payee), and each
    /// row's code.
    var sourceEntries: [FieldSources] = [FieldSources(), SourcesPool.cleanedPayee]
    var sourceCodes: [UInt32] = []
    /// The rules and the undo history (none before version 6).
    var state = StoreState()
    /// The format version read (a version without payees has no payee table, column or
    /// sources: `SnapshotFile.versionWithoutPayees`).
    var version = SnapshotFile.version

    var count: Int { idLengths.count }
    var descriptorCount: Int { descriptorKeys.count / 3 }

    /// A text field's table (`tables` is in `TextField` order; a searched field's table
    /// carries its trigram index).
    func table(_ field: TextField) -> StringTable { tables[field.rawValue] }

    /// The table numbers of a field that rows carry directly (`columnFields`); the descriptor
    /// numbers for merchant, category and subcategory, which come through them.
    func numbers(of field: TextField) -> [UInt32] {
        SnapshotRows.columnFields.firstIndex(of: field).map { columnNumbers[$0] } ?? descriptors
    }

    /// The fields a snapshot's descriptors name, in the order of their numbers. The file's
    /// layout, kept whatever the store's own descriptors hold (they hold the payee too since
    /// 0.6.9; the file keeps a column of payees, and restoring makes the store's descriptors
    /// from both).
    static let descriptorFields: [TextField] = [.merchant, .category, .subcategory]

    /// The fields a snapshot writes a column of table numbers for, one number a row, in this
    /// order (the file's layout).
    static let columnFields: [TextField] = [.card, .account, .notes, .payee]
}
