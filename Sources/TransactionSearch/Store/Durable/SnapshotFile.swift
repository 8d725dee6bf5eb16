/// The snapshot: every transaction of the store, with its time zone and base currency, in a
/// binary, versioned, checksummed file.
///
/// Layout: magic `TSSNAP\r\n` (8 bytes), version (UInt32), generation (UInt64), time zone id,
/// base currency; then one string table per text field (merchant, category, subcategory, card,
/// account, notes: count, strings), the row count (UInt32) and the rows (id, date kind and
/// value, one table index per text field with 0 for none, amount in minor units, currency,
/// status); then the CRC-32C of everything before it. Each distinct string is stored and
/// decoded once; rows are binary (no text to parse, nothing to validate again).
struct SnapshotFile {
    static let magic: [UInt8] = Array("TSSNAP\r\n".utf8)
    static let version: UInt32 = 2

    var generation: UInt64
    var timeZoneIdentifier: String
    var baseCurrency: Currency
    /// The rows to write (`encoded`).
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
        // String tables: index 0 is "none"; strings are numbered in order of first use.
        let fields: [KeyPath<Transaction, String?>] = [\.merchantText, \.category, \.subcategory, \.card, \.account, \.notes]
        var tables = [[String]](repeating: [], count: fields.count)
        var indexes = [[String: UInt32]](repeating: [:], count: fields.count)
        var rowIndexes = [UInt32](repeating: 0, count: transactions.count * fields.count)
        for (row, transaction) in transactions.enumerated() {
            for (field, path) in fields.enumerated() {
                guard let text = transaction[keyPath: path] else { continue }
                let index: UInt32
                if let known = indexes[field][text] {
                    index = known
                } else {
                    tables[field].append(text)
                    index = UInt32(tables[field].count)
                    indexes[field][text] = index
                }
                rowIndexes[row * fields.count + field] = index
            }
        }
        for table in tables {
            writer.integer(UInt32(table.count))
            for text in table { writer.string(text) }
        }
        writer.integer(UInt32(transactions.count))
        for (row, transaction) in transactions.enumerated() {
            writer.string(transaction.id)
            writer.date(transaction.date)
            for field in 0..<fields.count { writer.integer(rowIndexes[row * fields.count + field]) }
            writer.integer(transaction.amount.minorUnits)
            writer.integer(transaction.amount.currency.packed)
            writer.integer(UInt8(transaction.status == .pending ? 1 : 0))
        }
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// Reads a snapshot, or throws naming the byte where it goes wrong.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreFileError) -> SnapshotFile {
        func corrupt(_ offset: Int, _ reason: String) -> StoreFileError {
            StoreFileError(.corrupt, file: path, offset: offset, reason: reason)
        }
        guard bytes.count >= magic.count + 4, Array(bytes[0..<magic.count]) == magic else {
            throw corrupt(0, "not a TransactionSearch snapshot (bad magic or too short)")
        }
        var header = BinaryReader(bytes, from: magic.count)
        let version = (try? header.integer(UInt32.self)) ?? 0
        guard version == SnapshotFile.version else {
            throw StoreFileError(.unknownVersion, file: path, offset: magic.count,
                                 reason: "format version \(version); this build reads version \(SnapshotFile.version)")
        }
        let bodyEnd = bytes.count - 4
        guard bodyEnd >= header.offset else { throw corrupt(bytes.count, "truncated") }
        var trailer = BinaryReader(bytes, from: bodyEnd)
        let stored = (try? trailer.integer(UInt32.self)) ?? 0
        let actual = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<bodyEnd])) }
        guard stored == actual else {
            throw corrupt(bodyEnd, "checksum mismatch: the file is truncated or damaged")
        }
        var reader = BinaryReader(bytes, from: header.offset, to: bodyEnd)
        do throws(BinaryReader.Malformed) {
            let generation = try reader.integer(UInt64.self)
            let zone = try reader.string()
            guard let base = Currency(packed: try reader.integer(UInt32.self)) else { throw .init(offset: reader.offset - 4, reason: "bad base currency") }
            var tables: [[String?]] = []
            for _ in 0..<SnapshotRows.textFieldCount {
                let count = Int(try reader.integer(UInt32.self))
                guard count <= bodyEnd else { throw .init(offset: reader.offset - 4, reason: "an impossible string count") }
                var table: [String?] = [nil]
                table.reserveCapacity(count + 1)
                for _ in 0..<count { table.append(try reader.string()) }
                tables.append(table)
            }
            let count = Int(try reader.integer(UInt32.self))
            guard count <= bodyEnd else { throw .init(offset: reader.offset - 4, reason: "an impossible row count") }
            var rows = SnapshotRows()
            rows.tables = tables
            rows.idBytes = bytes
            rows.reserve(count)
            for _ in 0..<count {
                let start = reader.offset
                let idLength = Int(try reader.integer(UInt32.self))
                guard (1...64).contains(idLength), reader.end - reader.offset >= idLength else {
                    throw .init(offset: start, reason: "an id of \(idLength) bytes")
                }
                rows.idStarts.append(UInt32(reader.offset))
                rows.idLengths.append(UInt8(idLength))
                reader.offset += idLength
                switch try reader.date() {
                case .instant(let milliseconds):
                    rows.isCalendarDay.append(false)
                    rows.dates.append(milliseconds)
                case .day(let day):
                    rows.isCalendarDay.append(true)
                    rows.dates.append(Int64(day.daysSince1970))
                }
                for table in tables {
                    let index = try reader.integer(UInt32.self)
                    guard Int(index) < table.count else { throw .init(offset: reader.offset - 4, reason: "a string index past its table") }
                    rows.indexes.append(index)
                }
                rows.amounts.append(try reader.integer(Int64.self))
                guard rows.amounts.last!.magnitude < Money.maximumMagnitude else { throw .init(offset: reader.offset - 8, reason: "an amount out of range") }
                guard let currency = Currency(packed: try reader.integer(UInt32.self)) else {
                    throw .init(offset: reader.offset - 4, reason: "an invalid currency code")
                }
                rows.currencies.append(currency)
                rows.isPending.append(try reader.integer(UInt8.self) == 1)
                guard rows.indexes[rows.indexes.count - SnapshotRows.textFieldCount] != 0 else { throw .init(offset: start, reason: "a row without a merchant") }
            }
            guard reader.isAtEnd else { throw .init(offset: reader.offset, reason: "bytes after the last row") }
            return SnapshotFile(generation: generation, timeZoneIdentifier: zone, baseCurrency: base, rows: rows)
        } catch {
            throw corrupt(error.offset, error.reason)
        }
    }
}

/// A snapshot's rows as decoded: one array per field, texts as indexes into one string table
/// per text field (merchant, category, subcategory, card, account, notes; index 0 is none).
struct SnapshotRows {
    /// Merchant, category, subcategory, card, account, notes.
    static let textFieldCount = 6

    var tables: [[String?]] = []
    /// The ids as UTF-8 in the snapshot's bytes (kept, not copied): where each starts, its length.
    var idBytes: [UInt8] = []
    var idStarts: [UInt32] = []
    var idLengths: [UInt8] = []
    var isCalendarDay: [Bool] = []
    /// Milliseconds since 1970, or days since 1970 for a calendar date.
    var dates: [Int64] = []
    /// `textFieldCount` per row.
    var indexes: [UInt32] = []
    var amounts: [Int64] = []
    var currencies: [Currency] = []
    var isPending: [Bool] = []

    var count: Int { idStarts.count }

    mutating func reserve(_ count: Int) {
        idStarts.reserveCapacity(count)
        idLengths.reserveCapacity(count)
        isCalendarDay.reserveCapacity(count)
        dates.reserveCapacity(count)
        indexes.reserveCapacity(count * SnapshotRows.textFieldCount)
        amounts.reserveCapacity(count)
        currencies.reserveCapacity(count)
        isPending.reserveCapacity(count)
    }
}

extension Transaction {
    /// The merchant as an optional, to sit in the snapshot's list of text fields.
    fileprivate var merchantText: String? { merchant }
}
