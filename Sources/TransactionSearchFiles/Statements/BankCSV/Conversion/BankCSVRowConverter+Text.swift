import TransactionSearch

/// A row's merchant, notes and bank id.
///
/// - Merchant: a known export's payee by direction (DKB, Venmo, Wise: the payee of money out,
///   the payer of money in); else the payee columns; else the descriptions; else the type
///   (PayPal's currency conversions and holds name no payee: `General Currency Conversion`);
///   else the first notes column. A row with none of them is an issue.
/// - Notes: the descriptions when a payee was the merchant, the notes columns, the other dates
///   as `Label: value`, Schwab's `as of` text, and the reference when it is no id.
/// - A continuation line (`,,more text` below a row) adds its text to the row above: to the
///   merchant when the merchant came from a description, else to the notes.
extension BankCSVRowConverter {
    /// Where a row's merchant came from.
    enum MerchantSource { case direction, payees, descriptions, type, firstNotes }

    /// The merchant, the notes and the bank id of a row.
    mutating func texts(_ view: DelimitedTable.View, _ record: Int, _ location: ImportIssue.Location, amount: DecimalAmount,
                        asOf: ByteView?) throws(ImportIssue) -> (String, String?, String?) {
        text.removeAll(keepingCapacity: true)
        var source = MerchantSource.direction
        let byDirection = amount.significand < 0 ? plan.outgoingMerchants : plan.incomingMerchants
        if appendCells(view, record, byDirection, separator: [], limit: 1) == 0 {
            source = .payees
            if appendCells(view, record, plan.merchants, separator: BankCSVRowConverter.merchantSeparator) == 0 {
                source = .descriptions
                if appendCells(view, record, plan.descriptions, separator: BankCSVRowConverter.merchantSeparator) == 0 {
                    source = .type
                    if appendCells(view, record, plan.type.map { [$0] } ?? [], separator: []) == 0 {
                        source = .firstNotes
                        if appendCells(view, record, plan.notes, separator: [], limit: 1) == 0 {
                            throw ImportIssue(location, field: .merchant, .invalid(.missing))
                        }
                    }
                }
            }
        }
        let merchant = String(decoding: text, as: UTF8.self)
        lastMerchantSource = source

        text.removeAll(keepingCapacity: true)
        let separator = BankCSVRowConverter.notesSeparator
        if source == .payees || source == .direction { appendCells(view, record, plan.descriptions, separator: separator) }
        appendCells(view, record, plan.notes, separator: separator, skippingFirstFound: source == .firstNotes)
        for (column, label) in plan.secondaryDates {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { continue }
            if !text.isEmpty { text += separator }
            text += label.utf8
            text += BankCSVRowConverter.labelSeparator
            text += bytes
        }
        if let asOf {
            if !text.isEmpty { text += separator }
            text += asOf
        }
        var bankID: String?
        if let column = plan.reference {
            let bytes = BankCSVRowConverter.unguarded(ByteText.trimmed(view.field(record, column)))
            if !bytes.isEmpty && !BankCSVRowConverter.isPlaceholder(bytes) {
                if plan.referenceIsID {
                    bankID = String(decoding: bytes, as: UTF8.self)
                } else {
                    if !text.isEmpty { text += separator }
                    text += plan.referenceLabel.utf8
                    text += BankCSVRowConverter.labelSeparator
                    text += bytes
                }
            }
        }
        let notes = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        return (merchant, notes, bankID)
    }

    /// Adds a continuation line's text to the entry of the row above it.
    func appendContinuation(to entry: inout StatementEntry, _ view: DelimitedTable.View, record: Int) {
        var parts: [String] = []
        for column in 0..<view.fieldCount(of: record) {
            if let cell = BankCSVRowConverter.cellText(view.field(record, column)) { parts.append(cell) }
        }
        guard !parts.isEmpty else { return }
        let addition = parts.joined(separator: " ")
        if lastMerchantSource == .descriptions || lastMerchantSource == .type || lastMerchantSource == .firstNotes {
            entry.merchant += " " + addition
        } else {
            entry.notes = entry.notes.map { $0 + " " + addition } ?? addition
        }
    }

    /// Appends the non-empty cells of some columns (trimmed, spreadsheet guards taken off) to
    /// `text`, `separator` between them and after what `text` already holds; at most `limit`
    /// cells, the first one found left out when `skippingFirstFound`. How many were appended.
    @discardableResult
    mutating func appendCells(_ view: DelimitedTable.View, _ record: Int, _ columns: [Int], separator: [UInt8],
                              limit: Int = .max, skippingFirstFound: Bool = false) -> Int {
        var appended = 0
        var skip = skippingFirstFound
        for column in columns where appended < limit {
            let bytes = BankCSVRowConverter.unguarded(ByteText.trimmed(view.field(record, column)))
            guard !bytes.isEmpty else { continue }
            if skip {
                skip = false
                continue
            }
            if !text.isEmpty { text += separator }
            text += bytes
            appended += 1
        }
        return appended
    }

    static let merchantSeparator = Array(" · ".utf8)
    static let notesSeparator = Array("; ".utf8)
    static let labelSeparator = Array(": ".utf8)
}
