import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A note used by one row, replaced by a note no row has, keeps its code
/// (`FieldIndex.replaceLastUse`): the trigram index moves only the keys the two texts do not
/// share. Through random note edits (new texts, texts other rows hold, cleared, set from
/// none, Unicode) the store checks itself (its trigram index equal to one built afresh) and
/// answers note searches as the plain scan does.
@Suite struct NoteReplacementTests {
    static let words = ["lunch", "Lunch", "team", "#work", "café", "CAFÉ", "straße", "ラーメン", "a", "zz", "split", "déjà", "x1"]

    static func note(_ random: inout SeededRandom) -> String? {
        guard !random.chance(0.15) else { return nil }
        return (0...random.int(in: 0...3)).map { _ in random.pick(words) }.joined(separator: " ")
    }

    @Test func aNoteOnlyOneRowHeldKeepsItsCode() throws {
        let store = TransactionStore(timeZone: .utc)
        var drafts = (0..<3).map { TransactionDraft.sample("n\($0)") }
        drafts[0].notes = "lunch with bob"
        drafts[1].notes = "shared"
        drafts[2].notes = "shared"
        try store.add(contentsOf: drafts)
        func code(_ id: String) -> UInt32 {
            store.lock.withReadLock { store.contents.table.code(of: .notes, row: store.contents.table.ids.row(of: id)!) }
        }
        let before = code("n0")
        var patch = TransactionPatch()
        patch.notes = .set("lunch with bob #team")
        try store.update(id: "n0", patch)
        #expect(code("n0") == before)
        // A note other rows hold, or one that another row already has, takes the usual way.
        let shared = code("n1")
        patch.notes = .set("other")
        try store.update(id: "n1", patch)
        #expect(code("n1") != shared && code("n2") == shared)
        patch.notes = .set("shared")
        try store.update(id: "n0", patch)
        #expect(code("n0") == shared)
        store.checkInvariants()
        #expect(store.diagnostics.textIndexProblem() == nil)
        #expect(store.search(try Query(parsing: "notes:team")).total.count == 0)
        #expect(store.search(try Query(parsing: "notes:shared")).total.count == 2)
    }

    /// A replace told that the note changed when the row already holds the new text (a
    /// stale `was`) counts the note's uses as before: one retained, one given back.
    @Test func aReplaceFromAStaleVersionKeepsTheUseCounts() throws {
        let store = TransactionStore(timeZone: .utc)
        var draft = TransactionDraft.sample("s0")
        draft.notes = "lunch with bob"
        try store.add(draft)
        let current = try #require(store.transaction(id: "s0"))
        var stale = current
        stale.notes = "something else"
        store.lock.withWriteLock {
            let row = store.contents.table.ids.row(of: "s0")!
            store.contents.replace(row: row, with: current, was: stale, changes: RecordChanges(from: stale, to: current))
            #expect(store.contents.text[.notes].useCount(store.contents.table.code(of: .notes, row: row)) == 1)
        }
        store.checkInvariants()
        #expect(store.search(try Query(parsing: "notes:bob")).total.count == 1)
    }

    @Test(arguments: 0..<3)
    func randomNoteEditsMatchThePlainScan(seedIndex: Int) throws {
        var random = SeededRandom(seed: UInt64(0x0E7E + seedIndex))
        let store = TransactionStore(timeZone: .utc)
        try store.add(contentsOf: (0..<120).map { index in
            var draft = TransactionDraft.sample("r\(index)", "2026-03-1\(index % 10)")
            draft.notes = Self.note(&random).map { $0 + " \(index)" }
            return draft
        })
        for step in 0..<300 {
            var patch = TransactionPatch()
            // Often a text no row has (the row's own note with a word added), sometimes one
            // another row holds, sometimes none.
            let id = "r\(random.int(in: 0...119))"
            let current = store.transaction(id: id)?.notes
            switch random.int(in: 0...3) {
            case 0, 1: patch.notes = .set((current ?? "") + " " + random.pick(Self.words) + "\(step)")
            case 2: patch.notes = Self.note(&random).map { .set($0) } ?? .clear
            default: patch.notes = .set(store.transaction(id: "r\(random.int(in: 0...119))")?.notes ?? "none")
            }
            try store.update(id: id, patch)
            if step % 50 == 49 {
                store.checkInvariants()
                #expect(store.diagnostics.textIndexProblem() == nil)
                let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
                for word in Self.words + ["\(step)", "lu", "é", "ラー"] {
                    let query = try Query(parsing: "notes:\(word)", grouping: .none, sort: .dateDescending, limit: 200)
                    let result = store.search(query), expected = reference.search(query)
                    #expect(result.total == expected.total, "seed \(seedIndex) step \(step): \(word)")
                    #expect(result.rows.map(\.transaction.id) == expected.rows.map(\.transaction.id), "\(word)")
                }
            }
        }
    }
}
