extension SnapshotFile {
    /// Reads a snapshot, or throws naming the byte where it goes wrong. Every number is
    /// checked against its table and every value against its range here, column by column,
    /// so that restoring can trust what it is given; what only the whole store can tell (an id
    /// or a string twice) is checked by `StoreContents.restore`.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreFileError) -> SnapshotFile {
        func corrupt(_ offset: Int, _ reason: String) -> StoreFileError {
            StoreFileError(.corrupt, file: path, offset: offset, reason: reason)
        }
        guard bytes.count >= magic.count + 4, Array(bytes[0..<magic.count]) == magic else {
            throw corrupt(0, "not a TransactionSearch snapshot (bad magic or too short)")
        }
        var header = BinaryReader(bytes, from: magic.count)
        let version = (try? header.integer(UInt32.self)) ?? 0
        guard (SnapshotFile.versionWithPairKeys...SnapshotFile.version).contains(version) else {
            throw StoreFileError(.unknownVersion, file: path, offset: magic.count,
                                 reason: "snapshot format version \(version); this build reads version \(SnapshotFile.version)"
                                     + (version < SnapshotFile.version ? " (export the store with the build that wrote it, then import)" : ""))
        }
        let bodyEnd = bytes.count - 4
        guard bodyEnd >= header.offset else { throw corrupt(bytes.count, "truncated") }
        var trailer = BinaryReader(bytes, from: bodyEnd)
        let stored = (try? trailer.integer(UInt32.self)) ?? 0
        // The checksum is computed beside the decoding (which trusts no byte, so reading a
        // damaged body is safe), and judged first: a damaged file is reported as such, not by
        // the first odd value in it. (In turn, the checksum was 9 % of opening a store.)
        nonisolated(unsafe) var actual: UInt32 = 0
        nonisolated(unsafe) var decoded: Result<SnapshotFile, StoreFileError>?
        BuildParallelism.run(rows: bytes.count / SnapshotFile.bytesPerRowForParallelism, [
            { actual = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<bodyEnd])) } },
            { decoded = Result { () throws(StoreFileError) in try decodeBody(bytes, version: version, from: header.offset, to: bodyEnd, path: path) } },
        ])
        guard stored == actual else {
            throw corrupt(bodyEnd, "checksum mismatch: the file is truncated or damaged")
        }
        return try decoded!.get()
    }

    /// Bytes of a snapshot counted as one row of a bulk build when deciding whether its
    /// checksum runs beside its decoding (`BuildParallelism.minimumRows`): about a row's share
    /// of a snapshot.
    static let bytesPerRowForParallelism = 64

    /// Reads the body of a snapshot of `version`, `start ..< end`, not yet known to be intact.
    private static func decodeBody(_ bytes: [UInt8], version: UInt32, from start: Int, to bodyEnd: Int,
                                   path: String) throws(StoreFileError) -> SnapshotFile {
        var reader = BinaryReader(bytes, from: start, to: bodyEnd)
        do throws(BinaryReader.Malformed) {
            let generation = try reader.integer(UInt64.self)
            let foldedGeneration = try reader.integer(UInt64.self)
            let foldedLength = try reader.integer(UInt64.self)
            let zone = try reader.string()
            guard let base = Currency(packed: try reader.integer(UInt32.self)) else { throw .init(offset: reader.offset - 4, reason: "bad base currency") }
            var rows = SnapshotRows()
            rows.version = version
            let hasPayees = version > SnapshotFile.versionWithoutPayees
            for field in TextField.allCases where field != .payee || hasPayees {
                rows.tables[field.rawValue] = try readTable(&reader)
                if field.isSearchable {
                    let trigrams = try readTrigrams(&reader, strings: rows.tables[field.rawValue].count)
                    // An index of version 4 keyed every byte pair: rebuilt from the strings on restore.
                    rows.tables[field.rawValue].trigrams = version == SnapshotFile.versionWithPairKeys ? nil : trigrams
                }
            }
            try readDescriptors(&reader, into: &rows)
            let currencyCount = Int(try reader.integer(UInt16.self))
            for _ in 0..<currencyCount {
                guard let currency = Currency(packed: try reader.integer(UInt32.self)) else {
                    throw .init(offset: reader.offset - 4, reason: "an invalid currency code")
                }
                rows.currencies.append(currency)
            }
            if hasPayees {
                let extra = Int(try reader.integer(UInt32.self))
                guard extra <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible sources count") }
                for _ in 0..<extra { rows.sourceEntries.append(try reader.sources()) }
            }
            try readRows(&reader, into: &rows)
            if hasPayees { rows.state = try StoreState.decode(&reader) }
            guard reader.isAtEnd else { throw .init(offset: reader.offset, reason: "bytes after the last row") }
            rows.idBytes = bytes
            let folded = foldedGeneration == 0 ? nil : FoldedLog(generation: foldedGeneration, length: foldedLength)
            return SnapshotFile(generation: generation, foldedLog: folded, timeZoneIdentifier: zone, baseCurrency: base, rows: rows)
        } catch {
            throw StoreFileError(.corrupt, file: path, offset: error.offset, reason: error.reason)
        }
    }

    private static func readTable(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> SnapshotRows.StringTable {
        let count = Int(try reader.integer(UInt32.self))
        guard count <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible string count") }
        var table = SnapshotRows.StringTable()
        table.utf8Ends.reserveCapacity(count)
        table.foldedEnds.reserveCapacity(count)
        for _ in 0..<count {
            let start = reader.offset
            let textLength = Int(try reader.integer(UInt32.self))
            let textStart = try reader.skip(textLength)
            guard textLength > 0 else { throw .init(offset: start, reason: "an empty string in a table") }
            let isUTF8 = reader.bytes.withUnsafeBufferPointer {
                UTF8Validation.isValid(UnsafeBufferPointer(rebasing: $0[textStart ..< textStart + textLength]))
            }
            guard isUTF8 else { throw .init(offset: textStart, reason: "a string in a table that is not UTF-8") }
            table.utf8.append(contentsOf: reader.bytes[textStart ..< textStart + textLength])
            table.utf8Ends.append(UInt32(table.utf8.count))
            let length = Int(try reader.integer(UInt32.self))
            let foldedStart = try reader.skip(length)
            table.folded.append(contentsOf: reader.bytes[foldedStart ..< foldedStart + length])
            table.foldedEnds.append(UInt32(table.folded.count))
        }
        return table
    }

    /// A trigram index as columns, checked: keys ascending, every list not empty, its string
    /// numbers ascending and in the table.
    private static func readTrigrams(_ reader: inout BinaryReader, strings: Int) throws(BinaryReader.Malformed) -> TrigramIndex {
        let count = Int(try reader.integer(UInt32.self))
        let keysStart = reader.offset
        let keys = try reader.column(count, of: UInt32.self)
        let endsStart = reader.offset
        let ends = try reader.column(count, of: UInt32.self)
        let codesStart = reader.offset
        let codes = try reader.column(Int(ends.last ?? 0), of: UInt32.self)
        var start = 0
        for index in 0..<count {
            guard index == 0 || keys[index - 1] < keys[index] else { throw .init(offset: keysStart + index * 4, reason: "trigram keys out of order") }
            let end = Int(ends[index])
            guard end > start, end <= codes.count else { throw .init(offset: endsStart + index * 4, reason: "an empty or misplaced trigram list") }
            for position in start..<end {
                let code = codes[position]
                guard code >= 1, code <= strings, position == start || codes[position - 1] < code else {
                    throw .init(offset: codesStart + position * 4, reason: "a trigram list out of order or past its table")
                }
            }
            start = end
        }
        return TrigramIndex(keys: keys, ends: ends, codes: codes)
    }

    private static func readDescriptors(_ reader: inout BinaryReader, into rows: inout SnapshotRows) throws(BinaryReader.Malformed) {
        let count = Int(try reader.integer(UInt32.self))
        let start = reader.offset
        rows.descriptorKeys = try reader.column(count * 3, of: UInt32.self)
        let limits = SnapshotRows.descriptorFields.map { rows.table($0).count }
        for (index, number) in rows.descriptorKeys.enumerated() {
            let part = index % 3
            // A descriptor always has a merchant; category and subcategory may be none.
            guard Int(number) <= limits[part], part != 0 || number != 0 else {
                throw .init(offset: start + index * 4, reason: "a descriptor names string \(number) past its table")
            }
        }
    }

    private static func readRows(_ reader: inout BinaryReader, into rows: inout SnapshotRows) throws(BinaryReader.Malformed) {
        let count = Int(try reader.integer(UInt32.self))
        guard count <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible row count") }
        var start = reader.offset
        rows.idLengths = try reader.column(count, of: UInt8.self)
        if let bad = rows.idLengths.firstIndex(where: { !(1...64).contains($0) }) {
            throw .init(offset: start + bad, reason: "an id of \(rows.idLengths[bad]) bytes")
        }
        let idLength = rows.idLengths.reduce(0) { $0 + Int($1) }
        rows.idRange = try reader.skip(idLength) ..< reader.offset
        rows.importKeyLengths = try reader.column(count, of: UInt16.self)
        let keyLength = rows.importKeyLengths.reduce(0) { $0 + Int($1) }
        rows.importKeyRange = try reader.skip(keyLength) ..< reader.offset

        start = reader.offset
        rows.flags = try reader.column(count, of: UInt8.self)
        let known = SnapshotRows.calendarDayFlag | SnapshotRows.pendingFlag
        if let bad = rows.flags.firstIndex(where: { $0 & ~known != 0 }) { throw .init(offset: start + bad, reason: "unknown row flags") }

        start = reader.offset
        rows.dates = try reader.column(count, of: Int64.self)
        for index in 0..<count {
            let date = rows.dates[index]
            let valid = rows.flags[index] & SnapshotRows.calendarDayFlag != 0
                ? TransactionValidator.validCalendarDays.contains(date)
                : TransactionValidator.validInstantDays.contains(date.floorDivided(by: 86_400_000))
            guard valid else { throw .init(offset: start + index * 8, reason: "a date out of range") }
        }

        rows.descriptors = try readNumbers(&reader, count, limit: rows.descriptorCount, allowsNone: false, "a descriptor")
        let hasPayees = rows.version > SnapshotFile.versionWithoutPayees
        for (position, field) in SnapshotRows.columnFields.enumerated() {
            guard field != .payee || hasPayees else {
                rows.columnNumbers[position] = [UInt32](repeating: 0, count: count)
                continue
            }
            rows.columnNumbers[position] = try readNumbers(&reader, count, limit: rows.table(field).count, allowsNone: true,
                                                           field.nameWithArticle)
        }

        start = reader.offset
        rows.amounts = try reader.column(count, of: Int64.self)
        if let bad = rows.amounts.firstIndex(where: { $0.magnitude >= Money.maximumMagnitude }) {
            throw .init(offset: start + bad * 8, reason: "an amount out of range")
        }
        start = reader.offset
        rows.currencyIndexes = try reader.column(count, of: UInt16.self)
        let currencies = rows.currencies.count
        if let bad = rows.currencyIndexes.firstIndex(where: { Int($0) >= currencies }) {
            throw .init(offset: start + bad * 2, reason: "a currency past its table")
        }
        guard hasPayees else {
            rows.sourceCodes = [UInt32](repeating: 1, count: count)  // every payee to be cleaned
            return
        }
        start = reader.offset
        rows.sourceCodes = try reader.column(count, of: UInt32.self)
        let entries = rows.sourceEntries.count
        if let bad = rows.sourceCodes.firstIndex(where: { Int($0) >= entries }) {
            throw .init(offset: start + bad * 4, reason: "a sources code past its table")
        }
    }

    /// A column of table numbers, each at most `limit` (and not 0 unless `allowsNone`).
    private static func readNumbers(_ reader: inout BinaryReader, _ count: Int, limit: Int, allowsNone: Bool,
                                    _ name: String) throws(BinaryReader.Malformed) -> [UInt32] {
        let start = reader.offset
        let numbers = try reader.column(count, of: UInt32.self)
        let lowest: UInt32 = allowsNone ? 0 : 1
        if let bad = numbers.firstIndex(where: { $0 < lowest || Int($0) > limit }) {
            throw .init(offset: start + bad * 4, reason: "\(name) number \(numbers[bad]) past its table")
        }
        return numbers
    }
}
