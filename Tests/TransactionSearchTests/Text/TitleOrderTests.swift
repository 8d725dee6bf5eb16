import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The order of a grouping field's titles is kept by labels with gaps (`FieldIndex.titleRank`):
/// strings arriving again and again into the same gap, and leaving, keep the order exact.
@Suite struct TitleOrderTests {
    /// The titles in the index's order, and whether their labels ascend along it.
    static func order(_ index: FieldIndex) -> (titles: [String], labelsAscend: Bool) {
        let titles = index.titleOrder.map { index.string($0) }
        let labels = index.titleOrder.map { index.titleRank[Int($0)] }
        return (titles, zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Each new title sorts just before the previous one, after "a": every arrival halves the
    /// same gap, so the labels run out of room there and are spread again, several times.
    @Test func arrivalsIntoOneGapKeepTheOrder() {
        let index = FieldIndex(isSearchable: false, keepsPostings: false, titles: .plain)
        _ = index.retain("a")
        _ = index.retain("b")
        var expected = ["a", "b"]
        for step in 0..<60 {
            let title = "a \(999 - step)"
            _ = index.retain(title)
            expected.append(title)
            let (titles, ascend) = TitleOrderTests.order(index)
            #expect(ascend, "step \(step)")
            #expect(titles == expected.sorted { TitleKey(string: $0, title: $0) < TitleKey(string: $1, title: $1) }, "step \(step)")
        }
        index.checkInvariants()
    }

    /// Random strings retained and released (Unicode, case, shared prefixes): the order equals
    /// sorting the live titles afresh, and the labels ascend, after every step.
    @Test(arguments: 0..<3)
    func randomArrivalsAndDeparturesKeepTheOrder(seedIndex: Int) {
        let seed = UInt64(0x71E0 + seedIndex)
        var random = SeededRandom(seed: seed)
        let index = FieldIndex(isSearchable: true, keepsPostings: false, titles: .plain)
        let pieces = ["a", "A", "é", "E", "z", " ", "0", "ß", "ss", "Ö", "o"]
        var live: [String: UInt32] = [:]
        for step in 0..<(400 * RandomScale.factor) {
            if live.isEmpty || random.int(in: 0...2) != 0 {
                let text = (0..<random.int(in: 1...4)).map { _ in random.pick(pieces) }.joined()
                if live[text] == nil { live[text] = index.retain(text) }
            } else {
                let text = live.keys.sorted()[random.int(in: 0...(live.count - 1))]
                index.release(live[text]!)
                live[text] = nil
            }
            let (titles, ascend) = TitleOrderTests.order(index)
            let expected = live.keys.sorted { TitleKey(string: $0, title: $0) < TitleKey(string: $1, title: $1) }
            guard ascend && titles == expected else {
                Issue.record("seed \(seed) step \(step): \(titles) expected \(expected)")
                return
            }
        }
        index.checkInvariants()
    }

    /// Thousands of titles (several chunks of the order), half of them then replaced: the
    /// order equals sorting the live titles afresh at each checkpoint.
    @Test func thousandsOfTitlesAcrossChunksKeepTheOrder() {
        let seed: UInt64 = 0x71F7
        var random = SeededRandom(seed: seed)
        let index = FieldIndex(isSearchable: false, keepsPostings: false, titles: .plain)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöü ")
        var live: [String: UInt32] = [:]
        func addRandom(_ count: Int) {
            var added = 0
            while added < count {
                let text = String((0..<random.int(in: 2...8)).map { _ in random.pick(letters) })
                guard live[text] == nil else { continue }
                live[text] = index.retain(text)
                added += 1
            }
        }
        func check(_ stage: String) {
            let expected = live.keys.sorted { TitleKey(string: $0, title: $0) < TitleKey(string: $1, title: $1) }
            let (titles, ascend) = TitleOrderTests.order(index)
            #expect(ascend && titles == expected, "seed \(seed) \(stage)")
            index.checkInvariants()
        }
        addRandom(5000)
        check("after 5,000 arrivals")
        var keys = live.keys.sorted()  // a dictionary's order changes from run to run
        for _ in 0..<2500 {
            let text = keys.remove(at: random.int(in: 0...(keys.count - 1)))
            index.release(live[text]!)
            live[text] = nil
        }
        check("after 2,500 departures")
        addRandom(2500)
        check("after 2,500 more arrivals")
    }

    /// A bulk fill orders its titles at once (eight folded bytes at a time, whole comparison
    /// only where the folded bytes agree): strings sharing prefixes of 8, 16 and more bytes,
    /// prefixes of one another, case and accent variants that fold alike, short runs and
    /// long ones: the order equals sorting by `TitleKey`.
    @Test(arguments: 0..<3)
    func aBulkFillOrdersSharedPrefixesLikeTheKey(seedIndex: Int) {
        let seed = UInt64(0xB01C + seedIndex)
        var random = SeededRandom(seed: seed)
        let stems = ["harbor bakery ", "Harbor Bakery ", "HARBOR BAKERY NORTH ", "Café Crème ", "cafe creme ", "Ab", "ab", "a", "",
                     "Straße Laden ", "STRASSE LADEN ", "Zürich Kiosk Bahnhofstrasse ", "zurich kiosk bahnhofstrasse "]
        var texts = Set<String>()
        for _ in 0..<(1_500 * RandomScale.factor) {
            var text = random.pick(stems)
            if random.chance(0.7) { text += String(random.int(in: 0...(random.chance(0.5) ? 99 : 99_999))) }
            if random.chance(0.2) { text += random.pick([" ", "x", "X", "é", "É", "0"]) }
            if !text.isEmpty { texts.insert(text) }
        }
        let index = FieldIndex(isSearchable: true, keepsPostings: false, titles: .plain)
        index.beginBulkFill()
        for text in texts.shuffled(using: &random) { _ = index.retain(text) }
        index.endBulkFill()
        let (titles, ascend) = TitleOrderTests.order(index)
        let expected = texts.sorted { TitleKey(string: $0, title: $0) < TitleKey(string: $1, title: $1) }
        #expect(ascend, "seed \(seed): labels do not ascend")
        #expect(titles == expected, "seed \(seed): \(texts.count) titles out of order")
        index.checkInvariants()
    }
}
