extension SnapshotFile {
    /// The snapshot of a store, written straight from its structures (the caller holds the
    /// store's lock): every pool's strings with their folded bytes and its trigram index as the
    /// store keeps them, the descriptors, the currencies, and the rows in date order read from
    /// the columns. Nothing is folded, hashed or indexed again, and no `Transaction` is made:
    /// linear in the store's size, and the memory it takes beyond the store is the snapshot's
    /// bytes and a number per string, descriptor and row. (Writing from transactions folded
    /// and indexed every string again and held every row as a value besides the bytes.)
    ///
    /// Strings and descriptors are numbered in code order from 1, so the trigram lists (codes
    /// ascending) stay ascending once renumbered. The layout is `encoded()`'s; see the type.
    static func encoded(from contents: StoreContents, generation: UInt64, foldedLog: FoldedLog?) -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: SnapshotFile.magic)
        writer.integer(SnapshotFile.version)
        writer.integer(generation)
        writer.integer(foldedLog?.generation ?? 0)
        writer.integer(foldedLog?.length ?? 0)
        writer.string(contents.clock.timeZone.identifier)
        writer.integer(contents.baseCurrency.packed)

        // Each field's live strings, numbered in code order. (Merchants and payees share one
        // pool: each field writes the strings it uses, and the trigram lists of those.)
        var numbers = TextFieldValues<[UInt32]>(repeating: [])
        for field in TextField.allCases {
            let index = contents.text[field]
            let pool = index.pool
            var renumbered = [UInt32](repeating: 0, count: pool.codeLimit)
            var count: UInt32 = 0
            for code in 1..<UInt32(max(pool.codeLimit, 1)) where index.isLive(code) {
                count += 1
                renumbered[Int(code)] = count
            }
            writer.integer(count)
            for code in 1..<UInt32(max(pool.codeLimit, 1)) where renumbered[Int(code)] != 0 {
                pool.withUTF8(code) { utf8 in
                    writer.integer(UInt32(utf8.count))
                    writer.bytes.append(contentsOf: utf8)
                }
                pool.folded.withBytes(code) { folded in
                    writer.integer(UInt32(folded.count))
                    writer.bytes.append(contentsOf: folded)
                }
            }
            if field.isSearchable {
                let trigrams = SnapshotFile.trigramColumns(index.trigrams.columns, renumbered: renumbered)
                writer.integer(UInt32(trigrams.keys.count))
                writer.column(trigrams.keys)
                writer.column(trigrams.ends)
                writer.column(trigrams.codes)
            }
            numbers[field] = renumbered
        }

        // The file's descriptors are (merchant, category, subcategory), the store's have the
        // payee too (`SnapshotRows.descriptorFields`): those that differ by their payee only
        // are one in the file, numbered in the order of their first code; the payee goes in
        // its column.
        let descriptors = contents.text.descriptors
        var descriptorNumbers = [UInt32](repeating: 0, count: descriptors.codeLimit)
        var descriptorKeys: [UInt32] = []
        var fileNumbers: [DescriptorIndex.Key: UInt32] = [:]
        for code in 1..<UInt32(max(descriptors.codeLimit, 1)) where descriptors.rowCount(code) > 0 {
            var key = descriptors.key(code)
            key.payee = 0
            if let number = fileNumbers[key] {
                descriptorNumbers[Int(code)] = number
                continue
            }
            let number = UInt32(descriptorKeys.count / 3 + 1)
            fileNumbers[key] = number
            descriptorNumbers[Int(code)] = number
            descriptorKeys += [numbers.merchant[Int(key.merchant)], numbers.category[Int(key.category)],
                               numbers.subcategory[Int(key.subcategory)]]
        }
        writer.integer(UInt32(descriptorKeys.count / 3))
        writer.column(descriptorKeys)
        let currencies = contents.currencies.currencies
        writer.integer(UInt16(currencies.count))
        writer.column(currencies.map(\.packed))
        // Who set the fields: the entries rows use, from code 2 on, renumbered in code order.
        let pool = contents.sources
        var sourceNumbers = [UInt32](repeating: 0, count: pool.codeLimit)
        sourceNumbers[1] = 1
        var sourceEntries: [FieldSources] = []
        for code in 2..<max(pool.codeLimit, 2) where pool.references[code] > 0 {
            sourceNumbers[code] = UInt32(sourceEntries.count + 2)
            sourceEntries.append(pool.value(UInt32(code)))
        }
        writer.integer(UInt32(sourceEntries.count))
        for entry in sourceEntries { writer.sources(entry) }

        // The rows, in date order, a column at a time.
        let table = contents.table
        var rows: [UInt32] = []
        rows.reserveCapacity(table.liveCount)
        contents.orders.byDate.walk(from: contents.orders.byDate.startPosition) { row in
            rows.append(row)
            return true
        }
        writer.integer(UInt32(rows.count))
        writer.column(rows.map { UInt8(table.ids.key(of: $0).utf8.count) })
        for row in rows { writer.bytes.append(contentsOf: table.ids.key(of: row).utf8) }
        writer.column(rows.map { table.importKeys.hasKey($0) ? UInt16(table.importKeys.key(of: $0).utf8.count) : 0 })
        for row in rows where table.importKeys.hasKey(row) { writer.bytes.append(contentsOf: table.importKeys.key(of: row).utf8) }
        writer.column(rows.map { row -> UInt8 in
            let flags = RowFlags(rawValue: table.flags[row])
            return (flags.contains(.pending) ? SnapshotRows.pendingFlag : 0) | (flags.contains(.calendarDay) ? SnapshotRows.calendarDayFlag : 0)
        })
        writer.column(rows.map { row -> Int64 in
            RowFlags(rawValue: table.flags[row]).contains(.calendarDay) ? Int64(contents.day(ofRow: row)) : table.instant(row)
        })
        writer.column(rows.map { descriptorNumbers[Int(table.descriptor[$0])] })
        let payeeOf = descriptors.payeeOf
        for field in SnapshotRows.columnFields {
            let renumbered = numbers[field]
            if field.keepsPostings {
                writer.column(rows.map { renumbered[Int(table.code(of: field, row: $0))] })
            } else {
                precondition(field == .payee, "SnapshotFile: \(field) has no column in the store")
                writer.column(rows.map { renumbered[Int(payeeOf[table.descriptor[$0]])] })
            }
        }
        writer.column(rows.map { table.amount[$0] })
        writer.column(rows.map { table.currency[$0] })
        writer.column(rows.map { sourceNumbers[Int(table.sources[$0])] })
        contents.state.encode(into: &writer)
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// A trigram index's columns with each code renumbered, the codes numbered 0 (strings of
    /// another field in a shared pool) left out, and the keys left with no code with them.
    static func trigramColumns(_ columns: (keys: [UInt32], ends: [UInt32], codes: [UInt32]),
                               renumbered: [UInt32]) -> (keys: [UInt32], ends: [UInt32], codes: [UInt32]) {
        var result: (keys: [UInt32], ends: [UInt32], codes: [UInt32]) = ([], [], [])
        result.codes.reserveCapacity(columns.codes.count)
        var start = 0
        for (key, end) in zip(columns.keys, columns.ends) {
            let before = result.codes.count
            for code in columns.codes[start ..< Int(end)] where renumbered[Int(code)] != 0 { result.codes.append(renumbered[Int(code)]) }
            start = Int(end)
            guard result.codes.count > before else { continue }
            result.keys.append(key)
            result.ends.append(UInt32(result.codes.count))
        }
        return result
    }
}
