import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Typos forgiven (docs/SPEC.md section 8): a word of five letters or more that matches nothing
/// exactly in its scope matches the rows with a substring of a scope field within one edit of
/// it (two from nine letters).
@Suite struct TypoSearchTests {
    static func store(_ merchants: [String], notes: [String?] = []) throws -> TransactionStore {
        let store = TransactionStore()
        for (index, merchant) in merchants.enumerated() {
            try store.add(TransactionDraft(id: "m\(index)", date: try .day(2026, 3, 1 + index % 28), merchant: merchant,
                                           amount: DecimalAmount(significand: -100 - Int64(index), fractionDigits: 2),
                                           notes: index < notes.count ? notes[index] : nil))
        }
        return store
    }

    static func ids(_ result: QueryResult) -> Set<String> { Set(result.rows.map(\.transaction.id)) }

    @Test func aTypoFindsTheMerchantAndSaysSo() throws {
        let store = try TypoSearchTests.store(["Starbucks", "Starbucks Reserve", "Lidl", "Amazon"])
        let result = store.search(Query(text: "starbuks"))
        #expect(TypoSearchTests.ids(result) == ["m0", "m1"])
        #expect(result.corrections == [Correction(term: "starbuks", matched: ["starbucks"])])
        #expect(result.rows.first { $0.transaction.id == "m1" }?.matches == [0..<9])  // "Starbucks" in bold
        // The JSON names the correction.
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains(#""corrections":[{"matched":["starbucks"],"term":"starbuks"}]"#)
                || json.contains(#""corrections":[{"term":"starbuks","matched":["starbucks"]}]"#))
    }

    @Test func aWordWithAnExactMatchIsNeverWidened() throws {
        let store = try TypoSearchTests.store(["Starbucks", "Starbuks Cafe", "Lidl"])
        let result = store.search(Query(text: "starbuks"))
        #expect(TypoSearchTests.ids(result) == ["m1"])
        #expect(result.corrections.isEmpty)
        // Exact in one field of the scope is enough: the notes hold it, so merchants are not widened.
        let notes = try TypoSearchTests.store(["Starbucks", "Lidl"], notes: [nil, "starbuks run"])
        #expect(TypoSearchTests.ids(notes.search(Query(text: "starbuks"))) == ["m1"])
        // But a scope without that field widens.
        #expect(TypoSearchTests.ids(notes.search(Query(text: "starbuks", scope: .merchant))) == ["m0"])
    }

    @Test func fiveLettersAllowOneEditAndNineTwo() throws {
        let store = try TypoSearchTests.store(["Amazon", "Mercadona", "Carrefour"])
        #expect(TypoSearchTests.ids(store.search(Query(text: "amazn"))) == ["m0"])  // 5 letters, a deletion
        #expect(TypoSearchTests.ids(store.search(Query(text: "amzon"))) == ["m0"])
        #expect(store.search(Query(text: "amzn")).total.count == 0)  // 4 letters: never
        #expect(store.search(Query(text: "amzaon")).total.count == 1)  // a swap is one edit
        #expect(store.search(Query(text: "mrecadna")).total.count == 0)  // 8 letters, 2 edits: too far
        #expect(TypoSearchTests.ids(store.search(Query(text: "mrecadonna"))) == ["m1"])  // 10 letters, 2 edits
        #expect(TypoSearchTests.ids(store.search(Query(text: "carrefuor"))) == ["m2"])  // 9 letters, 1 swap
        #expect(store.search(Query(text: "careforu")).total.count == 0)  // 8 letters, 2 edits
    }

    @Test func aTypoInCyrillicIsForgiven() throws {
        let store = try TypoSearchTests.store(["Пятёрочка", "пятерочка express", "Перекрёсток"])
        let missing = store.search(Query(text: "Пятрочка"))  // ё left out: 8 letters, one edit
        #expect(TypoSearchTests.ids(missing) == ["m0", "m1"])
        #expect(missing.corrections == [Correction(term: "пятрочка", matched: ["пятерочка"])])
        #expect(missing.rows.first { $0.transaction.id == "m0" }?.matches == [0..<9])
        #expect(TypoSearchTests.ids(store.search(Query(text: "пятеорчка"))) == ["m0", "m1"])  // a swap
        #expect(TypoSearchTests.ids(store.search(Query(text: "ПЯТЁРОЧК"))) == ["m0", "m1"])  // exact after folding
    }

    @Test func numbersFieldTermsPhrasesAndExclusionsAreNeverWidened() throws {
        let store = try TypoSearchTests.store(["Starbucks 12345", "Lidl"])
        #expect(store.search(Query(text: "12346")).total.count == 0)
        #expect(store.search(try Query(parsing: "merchant:starbuks")).total.count == 0)
        #expect(store.search(try Query(parsing: "\"starbuks\"")).total.count == 0)
        #expect(store.search(try Query(parsing: "-starbuks")).total.count == 2)  // excludes nothing
        #expect(store.search(try Query(parsing: "card:visaa")).total.count == 0)
        #expect(store.search(Query(text: "starbuks", scope: .amount)).total.count == 0)
        #expect(store.search(Query(text: "starbuks lidl")).total.count == 0)  // every word must match, widened or not
        #expect(store.search(Query(text: "starbuks 12345")).total.count == 1)
    }

    @Test func theClosestSpellingsComeFirst() throws {
        // "stabucks" is one edit from "starbucks" (2 rows), "stabucs" (1 row) and "starbucks
        // reserve" (1 row): strings by edits, then rows, then bytes; each spelling once.
        let store = try TypoSearchTests.store(["Starbucks", "Starbucks", "Starbucks Reserve", "Stabucs", "Lidl"])
        let result = store.search(Query(text: "stabucks"))
        #expect(TypoSearchTests.ids(result) == ["m0", "m1", "m2", "m3"])
        #expect(result.corrections == [Correction(term: "stabucks", matched: ["starbucks", "stabucs"])])
    }

    /// Random merchants, notes and payees, random words made from them with a few edits: the
    /// rows found are those whose merchant, notes or payee hold the word approximately by the
    /// textbook definition (every substring of every distinct string), unless some string
    /// holds it exactly; with the candidates verified on one thread and on two.
    @Test(arguments: 0..<4)
    func theMatchesAreThoseOfTheBruteForceReference(seedIndex: Int) throws {
        let seed = UInt64(18_200 + seedIndex)
        var random = SeededRandom(seed: seed)
        let alphabet: [Character] = seedIndex % 2 == 0 ? Array("abcdeklmnorst") : Array("пятерочкаб")
        func text(_ length: ClosedRange<Int>) -> String {
            String((0..<random.int(in: length)).map { _ in random.pick(alphabet + [" "]) }).trimmingCharacters(in: .whitespaces)
        }
        var merchants: [String] = []
        while merchants.count < 30 { let name = text(3...18); if !name.isEmpty { merchants.append(name) } }
        let notes: [String?] = (0..<60).map { _ in random.chance(0.5) ? text(4...24).nilIfBlank : nil }
        let store = try TypoSearchTests.store((0..<60).map { merchants[$0 % merchants.count] }, notes: notes)
        // Seeds 2 and 3 verify the candidates in two halves on two threads, and give some rows
        // a payee of their own (a payee apart from its merchant is verified; the others take
        // their merchant's distance).
        if seedIndex >= 2 {
            store.lock.withWriteLock { store.contents.parallelScanMinimum = 2 }
            for index in stride(from: 0, to: 60, by: 4) {
                var patch = TransactionPatch()
                patch.payee = .set(random.chance(0.5) ? random.pick(merchants) : text(5...18).nilIfBlank ?? "payee")
                try store.update(id: "m\(index)", patch)
            }
        }
        let transactions = store.transactions()
        for round in 0..<(25 * RandomScale.factor) {
            let source = Array(Folding.fold(random.pick(merchants)).unicodeScalars)
            var word = Array(source.prefix(random.int(in: 5...12)))
            while word.count < 5 { word.append(random.pick(alphabet).unicodeScalars.first!) }
            for _ in 0..<random.int(in: 0...2) {
                let position = random.int(in: 0...(word.count - 1))
                switch random.int(in: 0...3) {
                case 0: word[position] = random.pick(alphabet).unicodeScalars.first!
                case 1: word.insert(random.pick(alphabet).unicodeScalars.first!, at: position)
                case 2: if word.count > 5 { word.remove(at: position) }
                default: if position + 1 < word.count { word.swapAt(position, position + 1) }
                }
            }
            let folded = String(String.UnicodeScalarView(word)).trimmingCharacters(in: .whitespaces)
            guard !folded.contains(" ") else { continue }
            let fields = transactions.map { [Folding.fold($0.merchant), $0.notes.map(Folding.fold) ?? "", Folding.fold($0.payee)] }
            let exact = fields.contains { $0.contains { $0.contains(folded) } }
            var holds: [String: Bool] = [:]  // per distinct string
            for text in Set(fields.flatMap { $0 }) { holds[text] = exact ? text.contains(folded) : ApproximateReference.holds(folded, in: text) }
            let expected = Set(transactions.indices.filter { fields[$0].contains { holds[$0]! } }.map { transactions[$0].id })
            let result = store.search(Query(text: folded, limit: 1000))
            #expect(TypoSearchTests.ids(result) == expected, "seed \(seed) round \(round): '\(folded)'")
            #expect(result.corrections.isEmpty == (exact || expected.isEmpty), "seed \(seed) round \(round): '\(folded)'")
            // And the plain reference agrees on the whole result (corrections included).
            let reference = PlainScan(transactions: transactions, timeZone: .utc).search(Query(text: folded, limit: 1000))
            #expect(result == reference, "seed \(seed) round \(round): '\(folded)' \(result.corrections) vs \(reference.corrections)")
        }
    }
}

extension String {
    /// Nil for an empty or blank string.
    var nilIfBlank: String? { trimmingCharacters(in: .whitespaces).isEmpty ? nil : self }
}
