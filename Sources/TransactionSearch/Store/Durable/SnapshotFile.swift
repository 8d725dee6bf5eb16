/// The snapshot: every transaction of the store, with its time zone and base currency, in a
/// binary, versioned, checksummed file laid out the way the store holds it, so that loading
/// copies columns instead of parsing, validating or folding text.
///
/// Layout (little-endian): magic `TSSNAP\r\n` (8 bytes), version (UInt32), generation (UInt64),
/// time zone id, base currency; six string tables (merchant, category, subcategory, card,
/// account, notes), each a count and per string its UTF-8 and its folded bytes (both
/// length-prefixed), and for a searched field its trigram index (key count, keys ascending,
/// where each key's list ends, the lists' string numbers); the descriptors (count, then merchant, category, subcategory numbers);
/// the currencies (count as UInt16, packed codes); the row count (UInt32) and one column per
/// field: id lengths (UInt8) then the ids' bytes, flags (UInt8: calendar day, pending), dates
/// (Int64 milliseconds or days), descriptor, card, account and note numbers (UInt32, 0 for
/// none), amounts (Int64 minor units), currency positions (UInt16); then the CRC-32C of
/// everything before it. Rows are written in the store's date order.
///
/// The folded bytes and trigram keys follow `Folding` and `Trigram` of the build that wrote
/// them: a change to either must come with a new version number.
struct SnapshotFile {
    static let magic: [UInt8] = Array("TSSNAP\r\n".utf8)
    static let version: UInt32 = 3

    var generation: UInt64
    var timeZoneIdentifier: String
    var baseCurrency: Currency
    /// The rows to write (`encoded`), in the store's date order.
    var transactions: [Transaction] = []
    /// The rows read (`decode`), as columns.
    var rows = SnapshotRows()

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: SnapshotFile.magic)
        writer.integer(SnapshotFile.version)
        writer.integer(generation)
        writer.string(timeZoneIdentifier)
        writer.integer(baseCurrency.packed)

        let count = transactions.count
        var tables = [TableBuilder](repeating: TableBuilder(), count: SnapshotRows.TextField.allCases.count)
        var descriptorNumbers: [[UInt32]: UInt32] = [:]
        var descriptorKeys: [UInt32] = []
        var currencyNumbers: [UInt32: UInt16] = [:]
        var currencies: [UInt32] = []
        var rows = SnapshotRows()
        for transaction in transactions {
            let key = [tables[0].number(transaction.merchant), tables[1].number(transaction.category),
                       tables[2].number(transaction.subcategory)]
            let descriptor: UInt32
            if let known = descriptorNumbers[key] {
                descriptor = known
            } else {
                descriptorKeys.append(contentsOf: key)
                descriptor = UInt32(descriptorKeys.count / 3)
                descriptorNumbers[key] = descriptor
            }
            let packed = transaction.amount.currency.packed
            let currency: UInt16
            if let known = currencyNumbers[packed] {
                currency = known
            } else {
                currency = UInt16(currencies.count)
                currencies.append(packed)
                currencyNumbers[packed] = currency
            }
            rows.idLengths.append(UInt8(transaction.id.utf8.count))
            var flags: UInt8 = transaction.status == .pending ? SnapshotRows.pendingFlag : 0
            switch transaction.date {
            case .instant(let milliseconds):
                rows.dates.append(milliseconds)
            case .day(let day):
                rows.dates.append(Int64(day.daysSince1970))
                flags |= SnapshotRows.calendarDayFlag
            }
            rows.flags.append(flags)
            rows.descriptors.append(descriptor)
            rows.cards.append(tables[3].number(transaction.card))
            rows.accounts.append(tables[4].number(transaction.account))
            rows.notes.append(tables[5].number(transaction.notes))
            rows.amounts.append(transaction.amount.minorUnits)
            rows.currencyIndexes.append(currency)
        }
        for (table, field) in zip(tables, SnapshotRows.TextField.allCases) {
            writer.integer(UInt32(table.strings.count))
            var allFolded: [UInt8] = []
            var ends: [UInt32] = []
            for text in table.strings {
                writer.string(text)
                let start = allFolded.count
                Folding.appendFolded(text, to: &allFolded)
                writer.integer(UInt32(allFolded.count - start))
                writer.bytes.append(contentsOf: allFolded[start...])
                ends.append(UInt32(allFolded.count))
            }
            guard field.isSearchable else { continue }
            let codes = Array(1 ..< UInt32(table.strings.count + 1))
            let trigrams = TrigramIndex(codes: codes, folded: PackedTexts(packed: allFolded, ends: ends)).columns
            writer.integer(UInt32(trigrams.keys.count))
            writer.column(trigrams.keys)
            writer.column(trigrams.ends)
            writer.column(trigrams.codes)
        }
        writer.integer(UInt32(descriptorKeys.count / 3))
        writer.column(descriptorKeys)
        writer.integer(UInt16(currencies.count))
        writer.column(currencies)
        writer.integer(UInt32(count))
        writer.column(rows.idLengths)
        for transaction in transactions { writer.bytes.append(contentsOf: transaction.id.utf8) }
        writer.column(rows.flags)
        writer.column(rows.dates)
        writer.column(rows.descriptors)
        writer.column(rows.cards)
        writer.column(rows.accounts)
        writer.column(rows.notes)
        writer.column(rows.amounts)
        writer.column(rows.currencyIndexes)
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// Numbers the distinct strings of one text field from 1 in order of first use (0: none).
    private struct TableBuilder {
        var numbers: [String: UInt32] = [:]
        var strings: [String] = []

        mutating func number(_ text: String?) -> UInt32 {
            guard let text else { return 0 }
            if let known = numbers[text] { return known }
            strings.append(text)
            numbers[text] = UInt32(strings.count)
            return UInt32(strings.count)
        }
    }
}
