import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A row's card and account as the code of their pair (`CardAccountColumn`): against plain
/// arrays as rows are written and freed (pairs made, freed and their codes reused), and a
/// store whose card and account terms, filters, groups and facets equal the plain scan's while
/// rows move between pairs.
@Suite struct CardAccountColumnTests {
    @Test func readsBackWhatWasWrittenAgainstArrays() {
        var random = SeededRandom(seed: 0xCA1)
        let column = CardAccountColumn()
        var cards: [UInt32] = [], accounts: [UInt32] = [], live: [Bool] = []
        var highestPairLimit = 0
        for step in 0..<20_000 {
            let row: Int
            if cards.isEmpty || random.chance(0.2) {
                row = cards.count
                (cards, accounts, live) = (cards + [0], accounts + [0], live + [false])
                column.reserve(cards.count)
            } else {
                row = random.int(in: 0...cards.count - 1)
            }
            if live[row] && random.chance(0.3) {
                column.clear(UInt32(row))
                live[row] = false
            } else {
                // Few cards and accounts most of the time; a burst of many mid-way, freed again.
                let spread = step > 8_000 && step < 10_000 ? 400 : 4
                let (card, account) = (UInt32(random.int(in: 0...spread)), UInt32(random.int(in: 0...3)))
                column.set(UInt32(row), card: card, account: account, wasLive: live[row])
                (cards[row], accounts[row], live[row]) = (card, account, true)
            }
            highestPairLimit = max(highestPairLimit, column.codeLimit)
        }
        let liveRows = (0..<UInt32(cards.count)).filter { live[Int($0)] }
        for row in liveRows {
            #expect(column.card(of: row) == cards[Int(row)], "row \(row)")
            #expect(column.account(of: row) == accounts[Int(row)], "row \(row)")
        }
        column.checkInvariants(liveRows: liveRows)
        // Pair 0 always, and one pair for each distinct (card, account) of a live row.
        let distinct = Set(liveRows.map { [cards[Int($0)], accounts[Int($0)]] }).union([[0, 0]])
        #expect(column.pairCount == distinct.count)
        // The burst's pairs were freed and their codes reused: no new code past its peak.
        #expect(column.codeLimit == highestPairLimit && column.codeLimit < 400 * 4)
        // The pairs of a set of cards or accounts are the pairs in use holding one of them.
        let someCards = CodeSet([1, 3] as [UInt32]), someAccounts = CodeSet([2] as [UInt32])
        let pairs = column.pairs(cards: someCards, accounts: someAccounts)
        for row in liveRows {
            let expected = someCards.contains(cards[Int(row)]) || someAccounts.contains(accounts[Int(row)])
            #expect(pairs.contains(column.pairs[row]) == expected, "row \(row)")
        }
    }

    private static let cards: [String?] = [nil, "Visa 4242", "Amex 3782 822463 10005", "visa 4242", "Debit 0005"]
    private static let accounts: [String?] = [nil, "Main", "Joint", "Travel ✈"]

    /// Card and account terms, filters, groups and facets against the plain scan.
    private func checkAgainstPlainScan(_ store: TransactionStore) throws {
        store.checkInvariants()
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        let texts = ["", "card:4242", "account:joint", "card:4242 OR account:main", "-card:amex", "account:travel OR shop",
                     "card:nothing", "-(account:main OR card:0005)"]
        for text in texts {
            for grouping in [Grouping.card, .account, .none] {
                for filter in 0..<3 {
                    var query = try Query(parsing: text, grouping: grouping, limit: 500)
                    if filter == 1 { query.filters.cards = ["Visa 4242", nil] }
                    if filter == 2 { query.filters.accounts = ["Joint"] }
                    query.facets = [FacetRequest(.card, limit: 10), FacetRequest(.account, limit: 10)]
                    let result = store.search(query), expected = reference.search(query)
                    let label = "\(text) by \(grouping), filter \(filter)"
                    #expect(result.groups == expected.groups, "\(label)")
                    #expect(result.facets == expected.facets, "\(label)")
                    #expect(result.total == expected.total, "\(label)")
                    #expect(result.rows.map(\.transaction.id) == expected.rows.map(\.transaction.id), "\(label)")
                }
            }
        }
    }

    @Test func aStoreMatchesThePlainScanAsRowsMoveBetweenPairs() throws {
        var random = SeededRandom(seed: 0xCA2)
        let store = TransactionStore(timeZone: .utc)
        try store.add(contentsOf: (0..<120).map { index in
            var draft = TransactionDraft.sample("c\(index)", "2026-03-1\(index % 10)", merchant: random.pick(["Shop", "Café Zoë", "Rewe"]),
                                                card: random.pick(Self.cards))
            draft.account = random.pick(Self.accounts)
            return draft
        })
        try checkAgainstPlainScan(store)
        for step in 0..<150 {
            let id = "c\(random.int(in: 0...119))"
            var patch = TransactionPatch()
            switch random.int(in: 0...3) {
            case 0: patch.card = random.pick(Self.cards).map { .set($0) } ?? .clear
            case 1: patch.account = random.pick(Self.accounts).map { .set($0) } ?? .clear
            case 2:
                // A card or account new to the store: a new pair, freed again when its row moves on.
                patch.card = .set("Card \(step)")
                patch.account = random.chance(0.5) ? .set("Account \(step % 7)") : .clear
            default:
                _ = try? store.delete(id: id)
                var draft = TransactionDraft.sample(id, merchant: "Shop", card: random.pick(Self.cards))
                draft.account = random.pick(Self.accounts)
                try store.add(draft)
                continue
            }
            _ = try? store.update(id: id, patch)
            if step % 50 == 0 { try checkAgainstPlainScan(store) }
        }
        try checkAgainstPlainScan(store)
        let pairs = store.lock.withReadLock { store.contents.table.cardAccount.pairCount }
        let distinct = Set(store.transactions().map { [$0.card ?? "", $0.account ?? ""] }).union([["", ""]]).count
        #expect(pairs == distinct)
        // Through a snapshot, as a store directory opens.
        let bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil) }
        let restored = TransactionStore(timeZone: .utc)
        #expect(restored.restore(try SnapshotFile.decode(bytes, path: "snapshot.bin").rows) == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstPlainScan(restored)
    }
}
