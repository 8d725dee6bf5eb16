import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The four-byte amount column, with its overflow for amounts that do not fit, against a plain
/// array; and a store of narrow and wide amounts whose sums, filters, sorts and snapshot equal
/// the plain scan's while rows move in and out of the overflow.
@Suite struct AmountColumnTests {
    /// Amounts at and around the edges of 32 bits, and far beyond.
    private static func amount(_ random: inout SeededRandom) -> Int64 {
        switch random.int(in: 0...5) {
        case 0, 1: Int64(random.int(in: -99_999...99_999))
        case 2: Int64(Int32.max) + Int64(random.int(in: -2...2))
        case 3: Int64(Int32.min) + Int64(random.int(in: -2...2))
        case 4: Int64(random.int(in: 1...999)) * 1_000_000_000_000 * (random.chance(0.5) ? 1 : -1)
        default: Int64(random.int(in: -3...3))
        }
    }

    @Test func readsBackWhatWasWrittenAgainstAnArray() {
        // Each amount that does not fit 32 bits, or is the escape, goes to the overflow.
        NarrowColumnCheck.readsBackWhatWasWritten(AmountColumn(), seed: 0xA40, value: { Self.amount(&$0) },
                                                  isWide: { $0 <= Int64(AmountColumn.escape) || $0 > Int64(Int32.max) })
    }

    /// Totals, groups by day and merchant, facets, amount terms and the amount order.
    private func checkAgainstPlainScan(_ store: TransactionStore) throws {
        store.checkInvariants()
        #expect(store.verify().isEmpty)
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        let texts = ["", "amount>21474836", "amount<21474836.47", "amount:21474836.47", "amount:21474836.48", "amount:21474836",
                     "shop", "amount~21474836", "-merchant:shop amount>0", "amount:10000000000..20000000000"]
        for text in texts {
            for grouping in [Grouping.none, .day, .merchant, .month] {
                var query = try Query(parsing: text, grouping: grouping, sort: .amountDescending, limit: 1_000)
                query.facets = [FacetRequest(.merchant, limit: 10), FacetRequest(.month, limit: 10)]
                let result = store.search(query), expected = reference.search(query)
                #expect(result.groups == expected.groups, "\(text) by \(grouping)")
                #expect(result.facets == expected.facets, "\(text) by \(grouping)")
                #expect(result.total == expected.total, "\(text) by \(grouping)")
                #expect(result.rows.map(\.transaction.id) == expected.rows.map(\.transaction.id), "\(text) by \(grouping)")
            }
        }
    }

    @Test func aStoreOfWideAmountsMatchesThePlainScanThroughEdits() throws {
        var random = SeededRandom(seed: 0xA41)
        let merchants = ["Shop North", "Shop South", "Salary Inc", "Café Zoë"]
        let store = TransactionStore(timeZone: .utc)
        try store.add(contentsOf: (0..<300).map { index in
            TransactionDraft.sample("a\(index)", "2026-0\(1 + index % 3)-1\(index % 10)", merchant: random.pick(merchants),
                                    amount: DecimalAmount(significand: Self.amount(&random), fractionDigits: 2))
        })
        #expect(store.lock.withReadLock { store.contents.table.amount.overflowCount } > 0)
        let wide = store.search(try Query(parsing: "amount>21474836.47")).total.count
        #expect(wide > 0 && wide < 300)
        try checkAgainstPlainScan(store)
        for step in 0..<200 {
            let id = "a\(random.int(in: 0...299))"
            switch random.int(in: 0...3) {
            case 0:
                _ = try? store.delete(id: id)
            case 1:
                _ = try? store.add(TransactionDraft.sample("b\(step)", "2026-02-0\(1 + step % 9)", merchant: random.pick(merchants),
                                                           amount: DecimalAmount(significand: Self.amount(&random), fractionDigits: 2)))
            default:
                var patch = TransactionPatch()
                patch.amount = .set(DecimalAmount(significand: Self.amount(&random), fractionDigits: 2))
                _ = try? store.update(id: id, patch)
            }
            if step % 50 == 0 { try checkAgainstPlainScan(store) }
        }
        try checkAgainstPlainScan(store)
        // Through a snapshot, as a store directory opens.
        let bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil) }
        let restored = TransactionStore(timeZone: .utc)
        #expect(restored.restore(try SnapshotFile.decode(bytes, path: "snapshot.bin").rows) == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstPlainScan(restored)
    }
}
