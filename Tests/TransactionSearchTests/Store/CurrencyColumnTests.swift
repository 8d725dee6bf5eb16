import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The one-byte currency column, with its overflow for indexes that do not fit, against a
/// plain array; and a store of more currencies than one byte numbers, whose totals, groups
/// and amount filters equal the plain scan's as rows change currency.
@Suite struct CurrencyColumnTests {
    @Test func readsBackWhatWasWrittenAgainstAnArray() {
        NarrowColumnCheck.readsBackWhatWasWritten(CurrencyColumn(), seed: 0xCC1, value: { random in
            switch random.int(in: 0...3) {
            case 0, 1: UInt16(random.int(in: 0...5))
            case 2: UInt16(Int(CurrencyColumn.escape) + random.int(in: -2...2))
            default: UInt16(random.int(in: 0...20_000))
            }
        }, isWide: { $0 >= UInt16(CurrencyColumn.escape) })
    }

    /// Three-letter codes, `count` of them (`AAA`, `AAB`, ...).
    private static func codes(_ count: Int) -> [String] {
        let letters: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (0..<count).map { (number: Int) -> String in
            let first: Character = letters[number / 676 % 26], second: Character = letters[number / 26 % 26]
            return String([first, second, letters[number % 26]])
        }
    }

    private func checkAgainstPlainScan(_ store: TransactionStore) throws {
        store.checkInvariants()
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        for text in ["", "shop", "amount>3", "-merchant:shop"] {
            for grouping in [Grouping.none, .day, .merchant] {
                var query = try Query(parsing: text, grouping: grouping, limit: 1_000)
                query.facets = [FacetRequest(.merchant, limit: 5)]
                if text == "amount>3" { query.filters.minimumAmount = DecimalAmount(significand: -900, fractionDigits: 2) }
                let result = store.search(query), expected = reference.search(query)
                #expect(result.groups == expected.groups, "\(text) by \(grouping)")
                #expect(result.facets == expected.facets, "\(text) by \(grouping)")
                #expect(result.total == expected.total, "\(text) by \(grouping)")
            }
        }
    }

    @Test func aStoreOfMoreCurrenciesThanOneByteNumbersMatchesThePlainScan() throws {
        var random = SeededRandom(seed: 0xCC2)
        let codes = Self.codes(300)
        let store = TransactionStore(timeZone: .utc)
        try store.add(contentsOf: (0..<600).map { index in
            TransactionDraft.sample("m\(index)", "2026-03-1\(index % 10)", merchant: random.pick(["Shop", "Café", "Rewe"]),
                                    amount: DecimalAmount(significand: -Int64(random.int(in: 1...999)), fractionDigits: 2),
                                    currency: codes[index % codes.count])
        })
        #expect(store.lock.withReadLock { store.contents.table.currency.overflowCount } > 0)
        try checkAgainstPlainScan(store)
        for _ in 0..<100 {
            var patch = TransactionPatch()
            patch.currency = .set(Currency(random.pick(codes))!)
            _ = try store.update(id: "m\(random.int(in: 0...599))", patch)
        }
        try checkAgainstPlainScan(store)
        let bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil) }
        let restored = TransactionStore(timeZone: .utc)
        #expect(restored.restore(try SnapshotFile.decode(bytes, path: "snapshot.bin").rows) == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstPlainScan(restored)
    }
}
