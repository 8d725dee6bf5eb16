import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The trigram index built at once equals the one built string by string, and its lists are
/// made their size (they are most of its memory).
@Suite struct TrigramIndexTests {
    static let texts = ["Starbucks", "STAR MARKET", "ab", "a", "Café Crème", "ПЯТЁРОЧКА", "aaaa aaaa", "ラーメン", "Lidl Lidl Lidl"]

    static func folded(_ texts: [String]) -> PackedTexts {
        var packed = PackedTexts()
        for (index, text) in texts.enumerated() { packed.set(UInt32(index + 1), to: Array(Folding.fold(text).utf8)) }
        return packed
    }

    @Test func theBulkBuildEqualsInsertingOneByOne() {
        let packed = TrigramIndexTests.folded(TrigramIndexTests.texts)
        let codes = (1...UInt32(TrigramIndexTests.texts.count)).map { $0 }
        var incremental = TrigramIndex()
        for code in codes { packed.withBytes(code) { incremental.insert(code, folded: $0) } }
        let bulk = TrigramIndex(codes: codes, folded: packed)
        #expect(bulk == incremental)
        // Repeated grams ("aaaa aaaa", "Lidl Lidl Lidl") are posted once per string.
        let withA = Array("a".utf8).withUnsafeBufferPointer { bulk.codes(containingShort: $0) }
        #expect(withA == [1, 2, 3, 4, 5, 7])
        let columns = bulk.columns
        #expect(TrigramIndex(keys: columns.keys, ends: columns.ends, codes: columns.codes) == bulk)
    }

    @Test func bulkBuiltListsHoldNoSpareRoom() {
        let texts = (0..<400).map { "Merchant \($0) of the long-named kind \($0 % 7)" }
        let index = TrigramIndex(codes: (1...UInt32(texts.count)).map { $0 }, folded: TrigramIndexTests.folded(texts))
        // Allocation rounding may add a few slots a list, never a shared or doubled buffer.
        #expect(index.postingCapacity <= index.postingCount + 4 * index.trigramCount, "\(index.postingCapacity) for \(index.postingCount)")
    }

    /// Enough strings that the bulk build takes every path: buckets of a few pairs, buckets
    /// sorted through the scratch buffer, and a bucket larger than the scratch (every string
    /// has an "a": its one-byte key alone posts 70,000 codes).
    @Test func aLargeBulkBuildEqualsInsertingOneByOne() {
        var random = SeededRandom(seed: 0x7216)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 éü")
        let texts = (0..<70_000).map { _ in
            "a" + String((0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) })
        }
        let packed = TrigramIndexTests.folded(texts)
        let codes = (1...UInt32(texts.count)).map { $0 }
        var incremental = TrigramIndex()
        for code in codes { packed.withBytes(code) { incremental.insert(code, folded: $0) } }
        #expect(TrigramIndex(codes: codes, folded: packed) == incremental, "seed 0x7216")
    }
}
