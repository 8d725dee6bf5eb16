import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Merchants and payees share one pool and trigram index (`FieldStrings`), each field
/// counting its own uses: a string may be a merchant only, a payee only, or both, and move
/// between these as rows change. Checked against the rows themselves after every change, and
/// through a snapshot.
@Suite struct SharedStringsTests {
    private static let names = ["Café Nero", "CAFE NERO", "Rewe", "rewe", "Shell", "Zoë's Bakery", "Uber", "Uber Trip"]

    private func draft(_ id: String, _ random: inout SeededRandom) -> TransactionDraft {
        var draft = TransactionDraft.sample(id, merchant: random.pick(Self.names))
        draft.payee = random.chance(0.3) ? draft.merchant : random.pick(Self.names)
        return draft
    }

    /// Every count the two fields answer equals the rows' own: live strings per field and in
    /// the pool, and the rows a term of each scope finds.
    private func checkAgainstRows(_ store: TransactionStore) throws {
        store.checkInvariants()
        let rows = store.transactions(in: .dateAscending)
        // By bytes: strings equal as `String`s in other Unicode spellings are distinct here.
        let merchants = Set(rows.map { Array($0.merchant.utf8) }), payees = Set(rows.map { Array($0.payee.utf8) }.filter { !$0.isEmpty })
        store.lock.withReadLock {
            let text = store.contents.text
            #expect(text[.merchant].liveCount == merchants.count)
            #expect(text[.payee].liveCount == payees.count)
            #expect(text[.merchant].pool.liveCount == merchants.union(payees).count)
            for name in Self.names {
                #expect((text[.merchant].code(of: name) != nil) == merchants.contains(Array(name.utf8)), "merchant \(name)")
                #expect((text[.payee].code(of: name) != nil) == payees.contains(Array(name.utf8)), "payee \(name)")
            }
        }
        for term in ["cafe", "rewe", "zoe", "trip", "ne", "s"] {
            let folded = Folding.fold(term)
            let byMerchant = rows.filter { Folding.fold($0.merchant).contains(folded) }.count
            let byPayee = rows.filter { Folding.fold($0.payee).contains(folded) }.count
            #expect(store.search(try Query(parsing: "merchant:\(term)", limit: 0)).total.count == byMerchant, "merchant:\(term)")
            #expect(store.search(try Query(parsing: "payee:\(term)", limit: 0)).total.count == byPayee, "payee:\(term)")
        }
    }

    @Test func merchantsAndPayeesShareStringsThroughEveryChange() throws {
        var random = SeededRandom(seed: 17)
        let store = TransactionStore()
        try store.add(contentsOf: (0..<40).map { draft("b\($0)", &random) })
        try checkAgainstRows(store)
        for step in 0..<300 {
            let ids = store.transactions(in: .dateAscending).map(\.id)
            switch random.int(in: 0...3) {
            case 0: try store.add(draft("s\(step)", &random))
            case 1 where ids.count > 1: try store.delete(id: random.pick(ids))
            case 2:
                var patch = TransactionPatch()
                patch.payee = .set(random.pick(Self.names))
                try store.update(id: random.pick(ids), patch)
            default:
                var patch = TransactionPatch()
                patch.merchant = .set(random.pick(Self.names))
                try store.update(id: random.pick(ids), patch)
            }
            if step % 25 == 0 { try checkAgainstRows(store) }
        }
        try checkAgainstRows(store)
    }

    @Test func aPayeeTermFindsNoMerchantOnlyString() throws {
        let store = TransactionStore()
        var first = TransactionDraft.sample("a", merchant: "Kwik-E-Mart")
        first.payee = "Apu"
        try store.add(first)
        try checkAgainstRows(store)
        // "kwik" is in the shared pool, but no payee has it: nothing to find, and the term is
        // known to match nothing before any row is read.
        let query = try Query(parsing: "payee:kwik")
        let compiled = store.lock.withReadLock { QueryCompiler(contents: store.contents).compile(query) }
        #expect(compiled.matchesNothing)
        #expect(store.search(query).total.count == 0)
        #expect(store.search(try Query(parsing: "merchant:apu")).total.count == 0)
        #expect(store.search(try Query(parsing: "apu")).total.count == 1)
        #expect(store.search(try Query(parsing: "kwik")).total.count == 1)
    }

    /// A payee that equals its merchant as a `String` but is spelled in other Unicode is its
    /// own string, kept byte for byte, by one add and by a bulk build alike.
    @Test func aPayeeInAnotherUnicodeSpellingKeepsItsBytes() throws {
        let decomposed = "Cafe\u{301} Noir", precomposed = "Caf\u{E9} Noir"
        for bulk in [false, true] {
            let store = TransactionStore()
            var drafts = [TransactionDraft.sample("a", merchant: precomposed), TransactionDraft.sample("b", merchant: precomposed)]
            drafts[0].payee = decomposed
            drafts[1].payee = precomposed
            if bulk { try store.add(contentsOf: drafts) } else { for draft in drafts { try store.add(draft) } }
            #expect(store.transaction(id: "a")!.payee.utf8.elementsEqual(decomposed.utf8), "bulk: \(bulk)")
            #expect(store.transaction(id: "b")!.payee.utf8.elementsEqual(precomposed.utf8), "bulk: \(bulk)")
            try checkAgainstRows(store)
            #expect(store.lock.withReadLock { store.contents.text[.payee].liveCount } == 2)
        }
    }

    @Test func aSnapshotRestoresTheSharedStrings() throws {
        var random = SeededRandom(seed: 5)
        let store = TransactionStore()
        try store.add(contentsOf: (0..<120).map { draft("r\($0)", &random) })
        for step in 0..<60 {
            var patch = TransactionPatch()
            patch.payee = .set(random.pick(Self.names) + " \(step % 3)")
            try store.update(id: "r\(random.int(in: 0...119))", patch)
        }
        let bytes = store.lock.withReadLock {
            SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil)
        }
        let restored = TransactionStore()
        #expect(restored.restore(try SnapshotFile.decode(bytes, path: "snapshot.bin").rows) == nil)
        #expect(restored.textIndexProblem() == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstRows(restored)
        // Written from the transactions, as an older store wrote it: the payees' table numbers
        // differ from the merchants', and are renumbered into the shared pool.
        let rewritten = SnapshotFile(generation: 1, timeZoneIdentifier: "UTC", baseCurrency: store.baseCurrency,
                                     transactions: store.transactions(in: .dateAscending)).encoded()
        let other = TransactionStore()
        #expect(other.restore(try SnapshotFile.decode(rewritten, path: "s").rows) == nil)
        #expect(other.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstRows(other)
    }
}
