import TransactionSearch

/// The CSV export of one bank or service, recognised by the names in its header (or, for the
/// few that write none, by the shape of its rows), with the conventions its rows follow that a
/// reader could not tell from the file alone: the date order when every date could be either,
/// whether card purchases are written positive, the currency, and which column is the payee.
/// `KnownExports.all` lists them; docs/bank-files.md says where each was learnt.
struct KnownExport: Sendable {
    /// How the export's amounts give their sign, beyond what the columns say.
    enum Sign: Hashable, Sendable {
        /// Negative is money out, as written (after debit/credit columns and indicators).
        case asWritten
        /// A card statement that writes purchases as positive amounts and payments as negative:
        /// every sign is flipped.
        case purchasesPositive
    }

    /// What a column named in the export is, when the vocabulary would read it otherwise.
    enum Column: Sendable {
        case role(ColumnRole)
        /// Left out, with why (`the account holder's own name`).
        case ignored(String)
    }

    /// The export's name as `inspect` shows it (`Chase credit card`).
    let name: String
    /// Header names the export always writes (as written; folded when matched). A header that
    /// holds them all (in any order, with more columns) is this export's.
    let required: [String]
    /// Column names for an export without a header, and what its rows look like.
    var headerless: Headerless?
    /// The order of numeric dates, used when the dates themselves do not tell.
    var dateOrder: BankCSVOptions.DateOrder?
    var sign = Sign.asWritten
    /// The currency of amounts when no column or amount names one.
    var currency: Currency?
    /// Columns whose meaning in this export differs from the vocabulary's (by header name).
    var columns: [(String, Column)] = []
    /// The payee by direction: the first non-empty of `outgoing` for money out, of `incoming`
    /// for money in (header names); the usual merchant columns when all are empty.
    var direction: (outgoing: [String], incoming: [String])?
    /// A row whose amount is zero carries a notice from the bank (new terms), not a transaction.
    var zeroAmountIsNotice = false

    /// The names of a headerless export's columns, and a test of its first data row.
    struct Headerless: Sendable {
        /// One name per column, as the bank's documentation calls them; read by the vocabulary
        /// as a header would be.
        var names: [String]
        /// The delimiter the export uses.
        var delimiter: UInt8
        /// Whether a row's fields (trimmed) look like the export's.
        var matches: @Sendable ([String]) -> Bool
    }

    /// The export's required names, folded as headers are (`HeaderName.key`).
    var requiredKeys: [String] { required.map { HeaderName($0).key } }
}

/// Recognising a known export from a header.
extension KnownExport {
    /// The export whose required names the header holds, the one that requires most when
    /// several match (Chase's card layout over a plain `Date,Description,Amount`), or nil.
    static func recognise(_ headers: [HeaderName]) -> KnownExport? {
        guard headers.count >= 2 else { return nil }
        let keys = Set(headers.flatMap { [$0.key, $0.fullKey, $0.keyKeepingPreposition].compactMap { $0 } })
        var best: KnownExport?
        for export in KnownExports.all where export.headerless == nil && export.required.count >= 3 {
            guard export.requiredKeys.allSatisfy(keys.contains) else { continue }
            if best == nil || export.required.count > best!.required.count { best = export }
        }
        return best
    }

    /// The headerless export whose rows look like `fields` (the first data row), or nil.
    static func recognise(headerlessRow fields: [String], delimiter: UInt8) -> KnownExport? {
        let trimmed = fields.map { $0.trimmingWhitespace() }
        return KnownExports.all.first { export in
            guard let shape = export.headerless, shape.delimiter == delimiter, shape.names.count == fields.count
                    || (shape.names.count == fields.count - 1 && trimmed.last == "") else { return false }
            return shape.matches(trimmed)
        }
    }

    /// What the export says of a column named `name`, or nil when it says nothing.
    func column(named name: HeaderName) -> Column? {
        columns.first { HeaderName($0.0).key == name.key }?.1
    }
}
