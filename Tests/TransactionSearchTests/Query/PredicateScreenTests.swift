import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The cache's screen (`PredicateScreen`, over `ByteSignature`s) decides nothing on its own:
/// a mutation's invalidation decisions with it must equal those of the full predicate alone.
@Suite struct PredicateScreenTests {
    /// Random rows, random queries and typed-with-typos words, before and after random
    /// patches: wherever the full predicate matches a row version, the screen admits it (so
    /// `matches`, which the cache and live queries use, equals `matchesUnscreened`). The
    /// screen must also turn some rows away, or it would be proving nothing.
    @Test(arguments: 0..<8)
    func theScreenAdmitsEveryRowThePredicateMatches(seedIndex: Int) throws {
        let seed = UInt64(7100 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        let ids = (0..<40).map { "p\($0)" }
        try store.add(contentsOf: ids.map { world.draft(id: $0) })
        var queries = (0..<40).map { _ in world.query() } + (0..<30).map { _ in world.booleanQuery() }
        for _ in 0..<20 {
            var query = world.query()
            query.text = PredicateScreenTests.misspelled(&world)
            if world.random.chance(0.3) { query.text += " " + world.word() }
            queries.append(query)
        }
        var predicates: [(Query, QueryPredicate)] = []
        for query in queries {
            let normalized = query.normalized
            predicates.append((query, QueryPredicate(normalized)))
            predicates.append((query, QueryPredicate(normalized, widenedWords: store.search(query).widenedWords)))
        }
        var admitted = 0, turnedAway = 0
        for step in 0..<(6 * RandomScale.factor) {
            store.lock.withReadLock {
                for id in ids {
                    guard let row = store.contents.table.ids.row(of: id) else { continue }
                    let facts = RowFacts(contents: store.contents, record: store.contents.record(row))
                    for (query, predicate) in predicates {
                        let admits = predicate.screen.admits(facts)
                        if admits { admitted += 1 } else { turnedAway += 1 }
                        if predicate.matchesUnscreened(facts) && !admits {
                            Issue.record("seed \(seed) step \(step): the screen turns away row \(id) (\(store.contents.transaction(at: row))) that \(query) matches")
                        }
                    }
                }
            }
            for id in ids.shuffled(using: &world.random).prefix(10) { _ = try? store.update(id: id, world.patch()) }
        }
        #expect(turnedAway > 0 && admitted > 0, "seed \(seed): the screen decided nothing (\(admitted) admitted, \(turnedAway) turned away)")
    }

    /// A word of five letters or more from the world's texts with zero to two random edits
    /// (substitution, deletion, insertion, adjacent swap), some in other scripts: near the
    /// edge of what approximate matching accepts.
    static func misspelled(_ world: inout RandomWorld) -> String {
        let sources = RandomWorld.merchants + RandomWorld.categories.compactMap { $0 } + RandomWorld.notes.compactMap { $0 }
        let words = sources.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0.unicodeScalars.count >= 5 }
        var scalars = Array(world.pick(words).unicodeScalars)
        let replacements = Array("aeiouxzßéñжя漢".unicodeScalars)
        for _ in 0..<world.pick([0, 1, 1, 1, 2]) where scalars.count > 2 {
            let index = world.random.int(in: 0...(scalars.count - 2))
            switch world.random.int(in: 0...3) {
            case 0: scalars[index] = world.pick(replacements)
            case 1: scalars.remove(at: index)
            case 2: scalars.insert(world.pick(replacements), at: index)
            default: scalars.swapAt(index, index + 1)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A text's signature holds the signature of each of its pieces; printable ASCII bytes
    /// have bits of their own, apart from the bytes of multi-byte scalars.
    @Test func aPieceOfATextHasNoBitTheTextLacks() {
        var random = SeededRandom(seed: 7200)
        let alphabet = Array("abcxyz019 -*&ßéжя漢\u{1}".utf8)
        for _ in 0..<(500 * RandomScale.factor) {
            let text = (0..<random.int(in: 0...30)).map { _ in random.pick(alphabet) }
            let start = random.int(in: 0...text.count)
            let piece = Array(text[start ..< random.int(in: start...text.count)])
            #expect(ByteSignature(piece).missing(from: ByteSignature(text)) == 0, "seed 7200: \(piece) in \(text)")
        }
        let printable = (UInt8(0x20)...UInt8(0x7F)).map(ByteSignature.bit(of:))
        #expect(Set(printable).count == printable.count)
        #expect(Set(printable).isDisjoint(with: (UInt8(0x80)...UInt8(0xFF)).map(ByteSignature.bit(of:))))
        #expect(ByteSignature(Array("lidl".utf8)).missing(from: ByteSignature(Array("aldi".utf8))) == 0)
        #expect(ByteSignature(Array("lidl".utf8)).missing(from: ByteSignature(Array("uber".utf8))) == 3)
    }

    /// A typo that puts a two-byte scalar into an ASCII word costs one edit but two signature
    /// bits: the screen allows for the widest scalar of the word.
    @Test func aTypoWithAWideScalarStillAdmitsItsRow() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try .day(2026, 3, 14), merchant: "Strasse Bar", amount: -5))
        let facts = store.lock.withReadLock { RowFacts(contents: store.contents, record: store.contents.record(store.contents.table.ids.row(of: "a")!)) }
        for typo in ["strasжe", "strasse", "stжasse", "strassé", "ѕtrasse"] {
            let predicate = QueryPredicate(Query(text: typo))
            #expect(predicate.matchesUnscreened(facts), "\(typo)")
            #expect(predicate.screen.admits(facts), "\(typo)")
        }
        #expect(!QueryPredicate(Query(text: "stжaяse")).screen.admits(facts))
    }

    /// Days, status and kind filters turn rows away before any text is read; a card term,
    /// which the screen cannot test, admits them.
    @Test func filtersAloneTurnRowsAway() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try .day(2026, 3, 14), merchant: "Lidl", amount: -5, status: .pending))
        let facts = store.lock.withReadLock { RowFacts(contents: store.contents, record: store.contents.record(store.contents.table.ids.row(of: "a")!)) }
        let day = try CalendarDay(year: 2026, month: 3, day: 15)
        #expect(!QueryPredicate(Query(filters: QueryFilters(from: day))).screen.admits(facts))
        #expect(!QueryPredicate(Query(filters: QueryFilters(status: .posted))).screen.admits(facts))
        #expect(!QueryPredicate(Query(filters: QueryFilters(kind: .income))).screen.admits(facts))
        #expect(!QueryPredicate(Query(text: "uber")).screen.admits(facts))
        #expect(QueryPredicate(Query(text: "lidl")).screen.admits(facts))
        #expect(QueryPredicate(Query(terms: [SearchTerm(.text("uber", field: .card))])).screen.admits(facts))
    }
}
