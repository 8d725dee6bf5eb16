import Foundation
import Testing
@testable import TransactionSearch
import TransactionSearchSupport

/// The snapshot format on its own: a store restored from it equals the one written, in any row
/// order; every value the decoder checks is refused with its offset; every structural problem
/// only the whole store can see is refused by the restore.
@Suite struct SnapshotFileTests {
    static let zone = "America/New_York"

    /// A store of random transactions (every field kind, Unicode, calendar days and instants).
    static func randomStore(seed: UInt64, rows: Int = 300) throws -> TransactionStore {
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: zone)!))
        try store.add(contentsOf: (0..<rows).map { _ in world.draft(id: nil) })
        return store
    }

    static func restored(_ transactions: [Transaction]) -> (store: TransactionStore, failure: String?) {
        let file = SnapshotFile(generation: 1, timeZoneIdentifier: zone, baseCurrency: .eur, transactions: transactions)
        let decoded = try! SnapshotFile.decode(file.encoded(), path: "snapshot.bin")
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: zone)!))
        return (store, store.restore(decoded.rows))
    }

    @Test(arguments: [false, true])
    func aRestoredStoreAnswersLikeTheOriginal(shuffled: Bool) throws {
        let original = try SnapshotFileTests.randomStore(seed: 21)
        var rows = original.transactions(in: .dateAscending)
        if shuffled {
            // Not in date order: the restore must sort rather than trust the file's order.
            var random = SeededRandom(seed: 5)
            rows.shuffle(using: &random)
        }
        let (store, failure) = SnapshotFileTests.restored(rows)
        #expect(failure == nil)
        store.checkInvariants()
        #expect(store.transactions(in: .dateAscending) == original.transactions(in: .dateAscending))
        #expect(store.transactions(in: .amountAscending) == original.transactions(in: .amountAscending))
        var world = RandomWorld(seed: 22)
        for _ in 0..<60 {
            let query = world.query()
            var answer = store.search(query)
            answer.elapsedMicroseconds = 0
            var expected = original.search(query)
            expected.elapsedMicroseconds = 0
            #expect(answer == expected, "\(query)")
        }
        // The restored store keeps changing like any other.
        try store.add(TransactionDraft(id: "new", date: try! .day(2026, 3, 14), merchant: "Brand New Merchant", amount: -100))
        try store.delete(id: rows[0].id)
        store.checkInvariants()
    }

    /// A snapshot of the previous version (4: its trigram indexes keyed every byte pair) is
    /// read, its indexes dropped and rebuilt from the strings on restore; two-byte terms (the
    /// keys that changed) answer as in the store that wrote it.
    @Test func aVersionFourSnapshotIsReadWithItsIndexesRebuilt() throws {
        // Payees came after version 4: its rows have their merchant's cleaned name.
        var world = RandomWorld(seed: 23)
        let original = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
        try original.add(contentsOf: (0..<200).map { _ in
            var draft = world.draft(id: nil)
            draft.payee = nil
            return draft
        })
        let file = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur,
                                transactions: original.transactions(in: .dateAscending))
        let decoded = try SnapshotFile.decode(file.encoded(layoutVersion: SnapshotFile.versionWithPairKeys), path: "s").rows
        for field in TextField.allCases where field.isSearchable {
            #expect(decoded.tables[field.rawValue].trigrams == nil, "\(field)")
        }
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
        #expect(store.restore(decoded) == nil)
        store.checkInvariants()
        for term in ["a", "e", "ar", "er", "o ", "é", "12"] {
            var query = Query(text: term)
            query.grouping = .category
            var answer = store.search(query), expected = original.search(query)
            answer.elapsedMicroseconds = 0
            expected.elapsedMicroseconds = 0
            #expect(answer == expected, "\(term)")
        }
    }

    /// A snapshot large enough that its checksum runs beside its decoding: read whole, it
    /// decodes; damaged anywhere (a bit flipped in the body, a byte in the checksum, cut
    /// short), it is reported as damaged, whatever the decoding made of the bytes meanwhile.
    @Test func aLargeDamagedSnapshotIsReportedAsDamaged() throws {
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
        try store.add(contentsOf: TransactionGenerator(rows: 25_000, seed: 31).generate())
        let rows = store.transactions(in: .dateAscending)
        let bytes = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows).encoded()
        #expect(bytes.count / SnapshotFile.bytesPerRowForParallelism >= BuildParallelism.minimumRows, "\(bytes.count) bytes")
        #expect(try SnapshotFile.decode(bytes, path: "s").rows.flags.count == rows.count)
        var random = SeededRandom(seed: 33)
        for _ in 0..<12 {
            var damaged = bytes
            let offset = random.int(in: 20...(bytes.count - 1))
            damaged[offset] ^= UInt8(1 << random.int(in: 0...7))
            #expect(throws: StoreFileError(.corrupt, file: "s", offset: bytes.count - 4, reason: "checksum mismatch: the file is truncated or damaged"),
                    "offset \(offset)") { try SnapshotFile.decode(damaged, path: "s") }
        }
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        #expect(throws: StoreFileError(.corrupt, file: "s", offset: cut.count - 4, reason: "checksum mismatch: the file is truncated or damaged")) {
            try SnapshotFile.decode(cut, path: "s")
        }
    }

    @Test func anEmptyStoreRoundTrips() {
        let (store, failure) = SnapshotFileTests.restored([])
        #expect(failure == nil)
        #expect(store.count == 0)
        store.checkInvariants()
    }

    @Test func foldedTextsAndTrigramsFromAnotherBuildAreFoundByTheCheck() throws {
        let rows = try SnapshotFileTests.randomStore(seed: 25, rows: 60).transactions(in: .dateAscending)
        let file = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows)
        let decoded = try SnapshotFile.decode(file.encoded(), path: "s").rows
        func problem(_ change: (inout SnapshotRows) -> Void) -> String? {
            var rows = decoded
            change(&rows)
            let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
            #expect(store.restore(rows) == nil)
            return store.textIndexProblem()
        }
        #expect(problem { _ in } == nil)
        let folded = problem { $0.tables[0].folded[0] ^= 0x01 }
        #expect(folded?.hasPrefix("merchant: the folded text of") == true, "\(folded ?? "nil")")
        let trigrams = problem { rows in
            let columns = rows.tables[5].trigrams!.columns
            // The first key's list left out: the others' ends move back by its length.
            rows.tables[5].trigrams = TrigramIndex(keys: Array(columns.keys.dropFirst()), ends: columns.ends.dropFirst().map { $0 - columns.ends[0] },
                                                   codes: Array(columns.codes[Int(columns.ends[0])...]))
        }
        #expect(trigrams == "notes: the trigram index differs from its strings")
    }

    // MARK: Values the decoder checks

    /// Rewrites the checksum after a change, so that the decoder's own checks are reached.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let crc = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[0 ..< bytes.count - 4])) }
        withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(bytes.count - 4 ..< bytes.count, with: $0) }
        return bytes
    }

    /// Each case: which column from the end (its element size), the value written into its
    /// first row, and the reason expected.
    static let columnDamage: [(name: String, bytesBefore: Int, size: Int, value: UInt64, reason: String)] = [
        ("sources", 0, 4, 0xFFFF_FFFF, "a sources code past its table"),
        ("currency", 4, 2, 0xFFFF, "a currency past its table"),
        ("amount", 6, 8, UInt64(bitPattern: Int64.max), "an amount out of range"),
        ("payee", 14, 4, 0xFFFF_FFFF, "a payee number 4294967295 past its table"),
        ("note", 18, 4, 0xFFFF_FFFF, "a note number 4294967295 past its table"),
        ("account", 22, 4, 0xFFFF_FFFF, "an account number 4294967295 past its table"),
        ("card", 26, 4, 0xFFFF_FFFF, "a card number 4294967295 past its table"),
        ("descriptor", 30, 4, 0, "a descriptor number 0 past its table"),
        ("date", 34, 8, UInt64(bitPattern: Int64.max), "a date out of range"),
        ("flags", 42, 1, 0x80, "unknown row flags"),
    ]

    @Test(arguments: columnDamage.indices)
    func aBadValueInAColumnIsNamedWithItsOffset(_ index: Int) throws {
        let damage = SnapshotFileTests.columnDamage[index]
        let rows = try SnapshotFileTests.randomStore(seed: 23, rows: 40).transactions(in: .dateAscending)
        var bytes = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows).encoded()
        // Columns after the ids: flags 1, dates 8, five numbers 4 each, amounts 8, currencies 2,
        // sources 4 bytes a row.
        let offset = bytes.count - 4 - rows.count * (damage.bytesBefore + damage.size)
        for byte in 0..<damage.size { bytes[offset + byte] = UInt8(truncatingIfNeeded: damage.value >> (8 * UInt64(byte))) }
        #expect(throws: StoreFileError(.corrupt, file: "s", offset: offset, reason: damage.reason), "\(damage.name)") {
            try SnapshotFile.decode(SnapshotFileTests.resealed(bytes), path: "s")
        }
    }

    /// A table's string is bytes the pool keeps as they are, so bytes that are not UTF-8 are
    /// refused where the string starts (not repaired into another string).
    @Test func aTableStringThatIsNotUTF8IsRefusedWithItsOffset() throws {
        let rows = try SnapshotFileTests.randomStore(seed: 29, rows: 20).transactions(in: .dateAscending)
        var bytes = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows).encoded()
        // Magic 8, version 4, generation 8, folded log 16, the zone (length 4), base currency 4,
        // the merchant count 4 and the first merchant's length 4: the first row's merchant.
        let offset = 8 + 4 + 8 + 16 + 4 + SnapshotFileTests.zone.utf8.count + 4 + 4 + 4
        let merchant = Array(rows[0].merchant.utf8)
        #expect(Array(bytes[offset ..< offset + merchant.count]) == merchant)
        bytes[offset] = 0xFF
        #expect(throws: StoreFileError(.corrupt, file: "s", offset: offset, reason: "a string in a table that is not UTF-8")) {
            try SnapshotFile.decode(SnapshotFileTests.resealed(bytes), path: "s")
        }
    }

    /// Any byte changed, checksum resealed so that the decoder's own checks are what stands
    /// between the bytes and the store: decoding throws, or restoring refuses, or the store
    /// loads and answers queries. Never a trap. `TS_RANDOM_SCALE` runs more.
    @Test func changedBytesWithAValidChecksumNeverCrash() throws {
        let rows = try SnapshotFileTests.randomStore(seed: 26, rows: 50).transactions(in: .dateAscending)
        let original = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows).encoded()
        var random = SeededRandom(seed: 27)
        var world = RandomWorld(seed: 28)
        let queries = (0..<5).map { _ in world.query() }
        var outcomes = (refusedByDecoder: 0, refusedByRestore: 0, loaded: 0)
        for _ in 0..<(400 * RandomScale.factor) {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                // Past the version (8 + 4 bytes), before the checksum.
                bytes[Int.random(in: 12 ..< bytes.count - 4, using: &random)] = UInt8.random(in: 0 ... .max, using: &random)
            }
            guard let decoded = try? SnapshotFile.decode(SnapshotFileTests.resealed(bytes), path: "s") else {
                outcomes.refusedByDecoder += 1
                continue
            }
            let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
            guard store.restore(decoded.rows) == nil else {
                outcomes.refusedByRestore += 1
                continue
            }
            outcomes.loaded += 1
            for query in queries { _ = store.search(query) }
            _ = store.transactions(in: .amountDescending)
        }
        // Both main outcomes happen, so the test exercises each path (a change the restore
        // refuses is rare at random: `repeatedOrUnusedStringsAndDescriptorsAreRefused` makes them).
        #expect(outcomes.refusedByDecoder > 0, "\(outcomes)")
        #expect(outcomes.loaded > 0, "\(outcomes)")
    }

    // MARK: Problems only the whole store can see

    /// (An id twice: `DurableStoreTests.aSnapshotWithARepeatedIdIsRefusedNotLoaded`.)
    @Test func repeatedOrUnusedStringsAndDescriptorsAreRefused() throws {
        let rows = try SnapshotFileTests.randomStore(seed: 24, rows: 80).transactions(in: .dateAscending)
        let file = SnapshotFile(generation: 1, timeZoneIdentifier: SnapshotFileTests.zone, baseCurrency: .eur, transactions: rows)
        let decoded = try SnapshotFile.decode(file.encoded(), path: "s").rows
        #expect(decoded.table(.merchant).count >= 2 && decoded.descriptorCount >= 2)
        func failure(_ change: (inout SnapshotRows) -> Void) -> String? {
            var rows = decoded
            change(&rows)
            let store = TransactionStore(configuration: StoreConfiguration(timeZone: TimeZone(identifier: SnapshotFileTests.zone)!))
            return store.restore(rows)
        }
        #expect(failure { _ in } == nil)
        #expect(failure { $0.tables[0].replaceStrings { strings in strings[1] = strings[0] } }
            == "a string appears twice or is used by no row in the merchant table")
        #expect(failure { $0.tables[0].replaceStrings { strings in strings.append("Nobody's") } } != nil)
        #expect(failure { $0.descriptorKeys.append(contentsOf: [1, 0, 0]) } == "a descriptor no row uses")
    }
}

private extension SnapshotRows.StringTable {
    /// Rewrites the table's strings (their bytes and ends; folded bytes kept as they are).
    mutating func replaceStrings(_ change: (inout [String]) -> Void) {
        var strings = (0..<count).map { string(at: $0) }
        change(&strings)
        utf8 = []
        utf8Ends = []
        for string in strings {
            utf8.append(contentsOf: string.utf8)
            utf8Ends.append(UInt32(utf8.count))
        }
    }
}
