/// The snapshot: every transaction of the store, with its time zone and base currency, in a
/// binary, versioned, checksummed file laid out the way the store holds it, so that loading
/// copies columns instead of parsing, validating or folding text.
///
/// Layout (little-endian): magic `TSSNAP\r\n` (8 bytes), version (UInt32), generation
/// (UInt64), the log it folded in (its generation, 0 for none, and the bytes of it folded, both
/// UInt64), time zone id, base currency; a string table per `TextField`, in its order
/// (merchant, category, subcategory, card, account, notes), each a count and per string its
/// UTF-8 and its folded bytes (both length-prefixed), and for a searched field its trigram
/// index (key count, keys ascending, where each key's list ends, the lists' string numbers);
/// the descriptors (count, then merchant, category, subcategory numbers); the currencies
/// (count as UInt16, packed codes); who set the rows' fields (`FieldSources`: a count, then
/// each entry from code 2 on, as `BinaryWriter.sources` writes it; code 0 is every field set by
/// the input, 1 a payee the cleaner made); the row count (UInt32) and one column per field: id
/// lengths (UInt8) then the ids' bytes, import key lengths (UInt16, 0 for none) then their
/// bytes, flags (UInt8: calendar day, pending), dates (Int64 milliseconds or days), descriptor
/// numbers, then the numbers of each text field with a column of its own, in
/// `SnapshotRows.columnFields` order: card, account, note, payee (UInt32, 0 for none), amounts
/// (Int64 minor units), currency positions (UInt16), source codes (UInt32); the rules and the
/// undo history (`StoreState`); then the CRC-32C of everything before it. Rows are written in the store's date order.
///
/// The tables and number columns follow `TextField`, and each row of the log follows
/// `TransactionField`: a field added to either changes the layout, so it comes with a new
/// version number here and in `EventLog` (`FieldDescriptionTests` fails until it does).
///
/// The folded bytes and trigram keys follow `Folding` and `Trigram` of the build that wrote
/// them: a change to either must come with a new version number.
struct SnapshotFile {
    static let magic: [UInt8] = Array("TSSNAP\r\n".utf8)
    static let version: UInt32 = 6
    /// Version 4, still read: version 5's layout, but its trigram indexes keyed every byte pair
    /// of a text (`Trigram`), so they are rebuilt from the strings on opening.
    static let versionWithPairKeys: UInt32 = 4
    /// Versions 4 and 5 have no payee table or column and no sources (stores written before
    /// 0.4): opening one cleans every payee from its merchant (`DurableStore`).
    static let versionWithoutPayees: UInt32 = 5

    /// The log a compaction folded into this snapshot: its generation and how many of its bytes
    /// (header included). A log of that generation found beside this snapshot holds those
    /// bytes, and after them changes made when the new log could not replace it.
    struct FoldedLog: Equatable {
        var generation: UInt64
        var length: UInt64
    }

    var generation: UInt64
    var foldedLog: FoldedLog? = nil
    var timeZoneIdentifier: String
    var baseCurrency: Currency
    /// The rows to write (`encoded`), in the store's date order.
    var transactions: [Transaction] = []
    /// The rows read (`decode`), as columns.
    var rows = SnapshotRows()
    /// The rules and the undo history to write (`encoded`); `rows.state` holds those read.
    var state = StoreState()

    /// The file's bytes. `layoutVersion` writes an earlier version's layout (tests of reading
    /// stores that earlier builds wrote): before 6, no payee table or column and no sources.
    func encoded(layoutVersion: UInt32 = SnapshotFile.version) -> [UInt8] {
        let hasPayees = layoutVersion > SnapshotFile.versionWithoutPayees
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: SnapshotFile.magic)
        writer.integer(layoutVersion)
        writer.integer(generation)
        writer.integer(foldedLog?.generation ?? 0)
        writer.integer(foldedLog?.length ?? 0)
        writer.string(timeZoneIdentifier)
        writer.integer(baseCurrency.packed)

        // Strings, descriptors and currencies are numbered in order of first use; strings and
        // descriptors from 1 (0 is "none"), currencies from 0.
        var strings = [Numbering<String>](repeating: Numbering(first: 1), count: TextField.allCases.count)
        var descriptors = Numbering<[UInt32]>(first: 1)
        var currencies = Numbering<UInt32>(first: 0)
        var sources = Numbering<FieldSources>(first: 0)
        _ = sources.number(FieldSources())
        _ = sources.number(SourcesPool.cleanedPayee)
        func number(_ text: String?, _ field: TextField) -> UInt32 {
            text.map { UInt32(strings[field.rawValue].number($0)) } ?? 0
        }
        var rows = SnapshotRows()
        for transaction in transactions {
            let key = SnapshotRows.descriptorFields.map { number($0.value(in: transaction), $0) }
            var flags: UInt8 = transaction.status == .pending ? SnapshotRows.pendingFlag : 0
            switch transaction.date {
            case .instant(let milliseconds):
                rows.dates.append(milliseconds)
            case .day(let day):
                rows.dates.append(Int64(day.daysSince1970))
                flags |= SnapshotRows.calendarDayFlag
            }
            rows.idLengths.append(UInt8(transaction.id.utf8.count))
            rows.importKeyLengths.append(UInt16(transaction.importKey?.utf8.count ?? 0))
            rows.flags.append(flags)
            rows.descriptors.append(UInt32(descriptors.number(key)))
            for (position, field) in SnapshotRows.columnFields.enumerated() {
                rows.columnNumbers[position].append(number(field.value(in: transaction), field))
            }
            rows.amounts.append(Int64(clamping: transaction.amount.minorUnits))
            rows.currencyIndexes.append(UInt16(currencies.number(transaction.amount.currency.packed)))
            rows.sourceCodes.append(UInt32(sources.number(transaction.sources)))
        }
        for field in TextField.allCases where field != .payee || hasPayees {
            SnapshotFile.write(strings[field.rawValue].values, indexed: field.isSearchable, to: &writer)
        }
        writer.integer(UInt32(descriptors.values.count))
        writer.column(descriptors.values.flatMap { $0 })
        writer.integer(UInt16(currencies.values.count))
        writer.column(currencies.values)
        if hasPayees {
            writer.integer(UInt32(sources.values.count - 2))
            for entry in sources.values.dropFirst(2) { writer.sources(entry) }
        }
        writer.integer(UInt32(transactions.count))
        writer.column(rows.idLengths)
        for transaction in transactions { writer.bytes.append(contentsOf: transaction.id.utf8) }
        writer.column(rows.importKeyLengths)
        for transaction in transactions { writer.bytes.append(contentsOf: (transaction.importKey ?? "").utf8) }
        writer.column(rows.flags)
        writer.column(rows.dates)
        writer.column(rows.descriptors)
        for (position, numbers) in rows.columnNumbers.enumerated() where SnapshotRows.columnFields[position] != .payee || hasPayees {
            writer.column(numbers)
        }
        writer.column(rows.amounts)
        writer.column(rows.currencyIndexes)
        if hasPayees {
            writer.column(rows.sourceCodes)
            state.encode(into: &writer)
        }
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// One text field's table: count, then each string and its folded bytes; for a searched
    /// field, its trigram index as columns after them.
    private static func write(_ strings: [String], indexed: Bool, to writer: inout BinaryWriter) {
        writer.integer(UInt32(strings.count))
        var allFolded: [UInt8] = []
        var ends: [UInt32] = []
        for text in strings {
            writer.string(text)
            let start = allFolded.count
            Folding.appendFolded(text, to: &allFolded)
            writer.integer(UInt32(allFolded.count - start))
            writer.bytes.append(contentsOf: allFolded[start...])
            ends.append(UInt32(allFolded.count))
        }
        guard indexed else { return }
        let codes = Array(1 ..< UInt32(strings.count + 1))
        let trigrams = TrigramIndex(codes: codes, folded: PackedTexts(packed: allFolded, ends: ends)).columns
        writer.integer(UInt32(trigrams.keys.count))
        writer.column(trigrams.keys)
        writer.column(trigrams.ends)
        writer.column(trigrams.codes)
    }
}

/// Numbers distinct values in order of first use, counting from `first`.
private struct Numbering<Value: Hashable> {
    let first: Int
    private(set) var values: [Value] = []
    private var numbers: [Value: Int] = [:]

    init(first: Int) {
        self.first = first
    }

    mutating func number(_ value: Value) -> Int {
        if let known = numbers[value] { return known }
        let number = first + values.count
        values.append(value)
        numbers[value] = number
        return number
    }
}
