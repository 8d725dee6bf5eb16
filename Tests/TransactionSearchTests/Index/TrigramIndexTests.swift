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
        for code in codes { packed.withBytes(code) { incremental.insert(code, folded: $0, codeLimit: Int(code) + 1) } }
        let bulk = TrigramIndex(codes: codes, folded: packed)
        #expect(bulk == incremental)
        // Repeated grams ("aaaa aaaa", "Lidl Lidl Lidl") are posted once per string.
        let withA = Array("a".utf8).withUnsafeBufferPointer { bulk.codes(containingShort: $0, codeLimit: codes.count + 1) }
        #expect(withA == [1, 2, 3, 4, 5, 7])
        let columns = bulk.columns
        #expect(TrigramIndex(keys: columns.keys, ends: columns.ends, codes: columns.codes) == bulk)
    }

    @Test func bulkBuiltListsHoldNoSpareRoom() {
        let texts = (0..<400).map { "Merchant \($0) of the long-named kind \($0 % 7)" }
        let index = TrigramIndex(codes: (1...UInt32(texts.count)).map { $0 }, folded: TrigramIndexTests.folded(texts))
        // Allocation rounding may add a few slots a list, never a shared or doubled buffer:
        // an array list takes 4 bytes a code and a 32-byte header, one code takes nothing.
        #expect(index.listBytes <= 4 * index.postingCount + 48 * index.trigramCount, "\(index.listBytes) for \(index.postingCount)")
    }

    /// A key in most strings of a large pool is kept as a bitset (about a bit a string, not
    /// 4 bytes); a rare one stays a list.
    @Test func aDenseKeyIsABitset() {
        let texts = (0..<6000).map { $0 % 10 == 0 ? "order #\($0)" : "café \($0)" }
        let codes = (1...UInt32(texts.count)).map { $0 }
        let index = TrigramIndex(codes: codes, folded: TrigramIndexTests.folded(texts))
        let dense = index.list(forKey: Trigram.unigramKey(UInt8(ascii: "c")))
        guard case .dense(let words, let count) = dense else { Issue.record("\(dense.count) codes not a bitset"); return }
        #expect(count == 5400 && words.count == (texts.count + 1 + 63) / 64)
        // A pair is the union of its trigrams' lists and its end-pair list: here one bitset, shared.
        let pair = Array("ca".utf8).withUnsafeBufferPointer { index.codeSet(containingShort: $0, codeLimit: codes.count + 1) }
        #expect(pair.codes == codes.filter { $0 % 10 != 1 })
        let rare = index.list(forKey: Trigram.unigramKey(UInt8(ascii: "#")))
        guard case .narrow(let rareCodes) = rare else { Issue.record("a list of 600 of 6,000 codes is not an array"); return }
        #expect(rareCodes.map(UInt32.init) == codes.filter { $0 % 10 == 1 })
    }

    /// Strings added and removed at random through the densities where lists turn into
    /// bitsets and back: after each round every key's codes equal a plain map's, the index
    /// equals one built at once, and short terms and trigram candidates answer exactly.
    @Test func insertionsAndRemovalsAcrossDensitiesMatchAPlainMap() {
        let seed: UInt64 = 0x5E7D
        var random = SeededRandom(seed: seed)
        let alphabet = Array("abc xyz0é")
        var live: [UInt32: [UInt8]] = [:]
        var index = TrigramIndex()
        var nextCode: UInt32 = 1
        var freeCodes: [UInt32] = []
        for round in 0..<6 {
            // Grow to a few thousand strings, then shrink to under a hundred (below 1/64 of the codes), three times.
            let target = round % 2 == 0 ? 2500 + random.int(in: 0...1500) : random.int(in: 20...100)
            while live.count != target {
                if live.count < target {
                    let code = freeCodes.popLast() ?? { defer { nextCode += 1 }; return nextCode }()
                    let text = String((0..<random.int(in: 2...9)).map { _ in random.pick(alphabet) })
                    let folded = Array(Folding.fold(text).utf8)
                    live[code] = folded
                    folded.withUnsafeBufferPointer { index.insert(code, folded: $0, codeLimit: Int(nextCode)) }
                } else {
                    // Picked from a sorted list: a dictionary's order changes from run to run.
                    let codes = live.keys.sorted()
                    let code = codes[random.int(in: 0...(codes.count - 1))]
                    live[code]!.withUnsafeBufferPointer { index.remove(code, folded: $0, codeLimit: Int(nextCode)) }
                    live[code] = nil
                    freeCodes.append(code)
                }
            }
            var expected: [UInt32: [UInt32]] = [:]
            for (code, folded) in live {
                for key in folded.withUnsafeBufferPointer({ Trigram.distinctKeys(of: $0, includingShort: true) }) { expected[key, default: []].append(code) }
            }
            #expect(index.trigramCount == expected.count, "seed \(seed) round \(round)")
            // The one-byte key "a" is in about half the strings: a bitset after growing, an
            // array again after shrinking, so both directions of the change are taken.
            let isDense = if case .dense = index.list(forKey: Trigram.unigramKey(UInt8(ascii: "a"))) { true } else { false }
            #expect(isDense == (round % 2 == 0), "seed \(seed) round \(round)")
            for (key, codes) in expected where index.codes(forKey: key) != codes.sorted() {
                Issue.record("seed \(seed) round \(round): key \(key) holds \(index.codes(forKey: key).count), expected \(codes.count)")
                return
            }
            let liveCodes = live.keys.sorted()
            var packed = PackedTexts()
            for code in liveCodes { packed.set(code, to: live[code]!) }
            #expect(TrigramIndex(codes: liveCodes, folded: packed) == index, "seed \(seed) round \(round)")
            for term in ["a", "é", "c ", "0", "abc", "z0", "xyz", "bca"] {
                let bytes = Array(term.utf8)
                let truth = liveCodes.filter { live[$0]!.withUnsafeBufferPointer { text in bytes.withUnsafeBufferPointer { ByteSearch.contains(text, $0) } } }
                let found = bytes.withUnsafeBufferPointer { needle in
                    needle.count <= 2 ? index.codes(containingShort: needle, codeLimit: Int(nextCode))
                        : index.candidates(for: needle).filter { live[$0]!.withUnsafeBufferPointer { ByteSearch.contains($0, needle) } }
                }
                #expect(found == truth, "seed \(seed) round \(round) term \(term)")
            }
        }
    }

    /// A pool of 100,000 strings over five letters: a trigram is in about 2,800 of them, past
    /// the 2,048 members where a list is kept in blocks and below the bitsets' 1/32 of the
    /// codes. Built at once and string by string, then a third of the strings replaced by
    /// others (codes reused, members taken out of and put into the middle of blocks): every
    /// key holds what a plain map holds, and short terms and candidates answer exactly.
    @Test func listsInBlocksMatchAPlainMap() {
        let seed: UInt64 = 0xB70C
        var random = SeededRandom(seed: seed)
        let alphabet = Array("abcdé")  // é folds to e: five letters, 125 trigrams
        func text() -> [UInt8] { Array(Folding.fold(String((0..<random.int(in: 3...8)).map { _ in random.pick(alphabet) })).utf8) }
        var live: [UInt32: [UInt8]] = [:]
        for code in 1...UInt32(100_000) { live[code] = text() }
        let codeLimit = live.count + 1
        var packed = PackedTexts()
        for code in 1...UInt32(live.count) { packed.set(code, to: live[code]!) }
        var index = TrigramIndex(codes: (1...UInt32(live.count)).map { $0 }, folded: packed)
        var incremental = TrigramIndex()
        for code in 1...UInt32(live.count) { live[code]!.withUnsafeBufferPointer { incremental.insert(code, folded: $0, codeLimit: codeLimit) } }
        #expect(index == incremental, "seed \(seed)")
        let blocked = index.columns.keys.filter { if case .blocked = index.list(forKey: $0) { true } else { false } }
        #expect(blocked.count > 20, "seed \(seed): \(blocked.count) lists in blocks")
        for _ in 0..<33_000 {
            let code = UInt32(random.int(in: 1...live.count))
            live[code]!.withUnsafeBufferPointer { index.remove(code, folded: $0, codeLimit: codeLimit) }
            let replacement = text()
            live[code] = replacement
            replacement.withUnsafeBufferPointer { index.insert(code, folded: $0, codeLimit: codeLimit) }
        }
        var expected: [UInt32: [UInt32]] = [:]
        for code in live.keys.sorted() {
            for key in live[code]!.withUnsafeBufferPointer({ Trigram.distinctKeys(of: $0, includingShort: true) }) { expected[key, default: []].append(code) }
        }
        #expect(index.trigramCount == expected.count, "seed \(seed)")
        for (key, codes) in expected where index.codes(forKey: key) != codes {
            Issue.record("seed \(seed): key \(key) holds \(index.codes(forKey: key).count), expected \(codes.count)")
            return
        }
        let liveCodes = live.keys.sorted()
        for term in ["a", "é", "ab", "eé", "abc", "dcba", "eéa", "aaaaa"] {
            let bytes = Array(Folding.fold(term).utf8)
            let truth = liveCodes.filter { live[$0]!.withUnsafeBufferPointer { text in bytes.withUnsafeBufferPointer { ByteSearch.contains(text, $0) } } }
            let found = bytes.withUnsafeBufferPointer { needle in
                needle.count <= 2 ? index.codes(containingShort: needle, codeLimit: codeLimit)
                    : index.candidates(for: needle).filter { live[$0]!.withUnsafeBufferPointer { ByteSearch.contains($0, needle) } }
            }
            #expect(found == truth, "seed \(seed) term \(term)")
        }
    }

    /// Enough strings that the bulk build takes every path: several slices of strings,
    /// buckets of a few pairs, buckets sorted through the scratch buffer, and lists that turn
    /// into bitsets as slices append to them (every string has an "a").
    @Test func aLargeBulkBuildEqualsInsertingOneByOne() {
        var random = SeededRandom(seed: 0x7216)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 éü")
        let texts = (0..<70_000).map { _ in
            "a" + String((0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) })
        }
        let packed = TrigramIndexTests.folded(texts)
        let codes = (1...UInt32(texts.count)).map { $0 }
        var incremental = TrigramIndex()
        for code in codes { packed.withBytes(code) { incremental.insert(code, folded: $0, codeLimit: Int(code) + 1) } }
        let bulk = TrigramIndex(codes: codes, folded: packed)
        #expect(bulk == incremental, "seed 0x7216")
        // Built over several slices of pairs (`pairsPerSlice`), its arrays still exactly sized.
        #expect(texts.reduce(0) { $0 + $1.utf8.count * 3 } > 4 * TrigramIndex.pairsPerSlice)
        #expect(bulk.listBytes <= 4 * bulk.postingCount + 48 * bulk.trigramCount)
    }
}
