import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The pool's compact layout: 8-byte entries, a case mask for a string that differs from its
/// folded bytes by ASCII capitals, the full UTF-8 for any other, and a side slot for a text or
/// attachment too long for an entry. Every string still comes back byte for byte, through
/// retains, releases, compaction, trimming and a snapshot's restore, and a code costs what
/// the layout says.
@Suite struct CompactPoolTests {
    /// Scalars with case that folds outside ASCII, diacritics (precomposed and combining),
    /// expansions (ß, ﬁ, İ) and look-alikes of ASCII letters (Kelvin sign, long s, fullwidth).
    static let unicodeScalars: [Unicode.Scalar] = ["É", "é", "Ж", "ж", "ß", "\u{301}", "ﬁ", "İ", "\u{212A}", "ſ", "Ｈ", "€", "ラ", "😀"]
    static let asciiBytes = Array(UInt8(0x20) ... 0x7E)

    /// A string of the kind `kind` (0 to 5): lower-case ASCII, ASCII with capitals (the mask),
    /// Unicode (the full attachment), one character, ASCII letters whose folding is not ASCII's
    /// lower case (Kelvin sign, long s), or, rarely, a long string (the side slots).
    static func string(kind: Int, _ random: inout SeededRandom) -> String {
        switch kind {
        case 0:
            return "order #" + String(random.int(in: 0 ... 9_999_999)) + String(repeating: "x", count: random.int(in: 0 ... 30))
        case 1:
            var bytes = (0 ..< random.int(in: 1 ... 40)).map { _ in random.pick(asciiBytes) }
            bytes[random.int(in: 0 ... bytes.count - 1)] = random.pick(Array(UInt8(ascii: "A") ... UInt8(ascii: "Z")))
            return String(decoding: bytes, as: UTF8.self)
        case 2:
            var scalars = String.UnicodeScalarView()
            for _ in 0 ..< random.int(in: 1 ... 20) {
                scalars.append(random.chance(0.5) ? random.pick(unicodeScalars) : Unicode.Scalar(random.pick(asciiBytes)))
            }
            return String(scalars)
        case 3:
            return String(Character(random.pick(["a", "A", "é", "É", "\0", " ", "\u{301}", "ß"] as [Unicode.Scalar])))
        case 4:
            return random.pick(["\u{212A}", "ſ", "Ｋ"]) + "elvin " + String(random.int(in: 0 ... 999))
        default:
            return longString(random.int(in: 0 ... 3), &random)
        }
    }

    /// A string of more than 32,767 bytes: lower-case ASCII (a long text), ASCII with capitals
    /// (a long text with its mask), Unicode (a long text and attachment), or one letter with
    /// combining marks that folding drops (a one-byte text with a long attachment).
    static func longString(_ shape: Int, _ random: inout SeededRandom) -> String {
        let tag = String(random.int(in: 0 ... 999_999))
        switch shape {
        case 0: return tag + String(repeating: "ab cd ", count: 12_000)
        case 1: return tag + String(repeating: "Ab Cd ", count: 12_000)
        case 2: return tag + String(repeating: "Été ", count: 12_000)
        default: return tag + "e" + String(repeating: "\u{301}", count: random.chance(0.5) ? 17_000 : 36_000)
        }
    }

    /// Random retains and releases of every kind of string against a dictionary of uses: each
    /// string keeps its code and bytes, long strings pass the compaction floor many times, and
    /// the trimmed pool, and the pool restored from its table, hold the same strings.
    @Test func mixedStringsMatchADictionaryThroughCompactionTrimmingAndRestore() {
        let seed: UInt64 = 172
        var random = SeededRandom(seed: seed)
        let vocabulary = (0 ..< 400).map { index in
            CompactPoolTests.string(kind: index < 8 ? 5 : random.int(in: 0 ... 4), &random)
        }
        var pool = StringPool()
        var uses: [String: Int] = [:]
        var codes: [String: UInt32] = [:]
        var removedBytes = 0
        for step in 0 ..< (3000 * RandomScale.factor) {
            let text = random.pick(vocabulary)
            if let count = uses[text], let code = codes[text], random.chance(0.5) {
                let reclaimed = pool.release(code)
                #expect(reclaimed == (count == 1), "seed \(seed) step \(step)")
                uses[text] = count == 1 ? nil : count - 1
                if count == 1 {
                    codes[text] = nil
                    removedBytes += Array(Folding.fold(text).utf8).count + text.utf8.count
                }
            } else {
                let (code, isNew) = pool.retain(text)
                #expect(isNew == (uses[text] == nil), "seed \(seed) step \(step)")
                #expect(codes[text] == nil || codes[text] == code, "seed \(seed) step \(step)")
                #expect(pool.withUTF8(code) { Array($0) } == Array(text.utf8), "seed \(seed) step \(step)")
                uses[text, default: 0] += 1
                codes[text] = code
            }
            if step % 250 == 0 {
                pool.checkInvariants()
                #expect(CompactPoolTests.matches(pool, uses, codes), "seed \(seed) step \(step)")
            }
        }
        #expect(removedBytes > 4 * PackedTexts.compactionFloor, "seed \(seed): only \(removedBytes) bytes removed")
        pool.checkInvariants()
        #expect(CompactPoolTests.matches(pool, uses, codes), "seed \(seed)")
        let before = pool.memoryUse
        pool.shrinkToFit()
        #expect(pool.memoryUse <= before, "seed \(seed)")
        pool.checkInvariants()
        #expect(CompactPoolTests.matches(pool, uses, codes), "seed \(seed) after trimming")
        // The pool a snapshot of the live strings restores: the same strings, folded bytes and
        // uses, string `i` of the table at code `i + 1`.
        let live = uses.keys.sorted()
        guard let restored = StringPool(restoring: CompactPoolTests.table(of: live), references: [0] + live.map { UInt32(uses[$0]!) }) else {
            Issue.record("seed \(seed): the table was refused")
            return
        }
        restored.checkInvariants()
        #expect(CompactPoolTests.matches(restored, uses, Dictionary(uniqueKeysWithValues: live.enumerated().map { ($1, UInt32($0 + 1)) })),
                "seed \(seed) restored")
    }

    /// Whether the pool holds exactly the model's strings, each at its code with its uses, its
    /// bytes, its folded bytes and its `String`.
    static func matches(_ pool: StringPool, _ uses: [String: Int], _ codes: [String: UInt32]) -> Bool {
        guard pool.liveCount == uses.count else { return false }
        for (text, count) in uses {
            guard let code = codes[text], pool.code(of: text) == code, pool.referenceCount(code) == count,
                  Array(pool.string(code).utf8) == Array(text.utf8),
                  pool.withUTF8(code, { Array($0) }) == Array(text.utf8),
                  pool.folded.bytes(code) == Array(Folding.fold(text).utf8) else { return false }
        }
        return true
    }

    /// A snapshot's table of `strings`: their UTF-8 and folded bytes, one after another.
    static func table(of strings: [String]) -> SnapshotRows.StringTable {
        var table = SnapshotRows.StringTable()
        for text in strings {
            table.utf8.append(contentsOf: text.utf8)
            table.utf8Ends.append(UInt32(table.utf8.count))
            Folding.appendFolded(text, to: &table.folded)
            table.foldedEnds.append(UInt32(table.folded.count))
        }
        return table
    }

    /// Texts and attachments past what an 8-byte entry can say (a text of 65,535 bytes or more,
    /// an attachment of 32,768 or more) come back whole, are found, are moved by compaction
    /// and trimming, and free their side slots for the next long string.
    @Test func longTextsAndAttachmentsSurviveCompactionAndReuseTheirSideSlots() {
        var texts = PackedTexts()
        let shapes: [(text: Int, attachment: Int)] = [(65_534, 0), (65_535, 0), (70_000, 32_767), (3, 32_768), (0, 40_000), (70_000, 70_000)]
        func text(_ code: UInt32, _ length: Int) -> [UInt8] { (0 ..< length).map { UInt8(truncatingIfNeeded: $0 &+ Int(code)) } }
        func attachment(_ code: UInt32, _ length: Int) -> [UInt8] { (0 ..< length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(code)) } }
        func check(_ code: UInt32, _ shape: (text: Int, attachment: Int), _ form: PackedTexts.AttachmentForm) {
            let expected = (text(code, shape.text), attachment(code, shape.attachment))
            let stored = texts.withBytesAndAttachment(code) { bytes, attached, storedForm in (Array(bytes), Array(attached), storedForm) }
            #expect(stored.0 == expected.0 && stored.1 == expected.1 && stored.2 == form, "code \(code) \(shape)")
            #expect(texts.bytes(code) == expected.0)
            #expect(expected.0.withUnsafeBufferPointer { texts.equals(code, $0) }, "code \(code)")
        }
        func form(_ code: UInt32) -> PackedTexts.AttachmentForm { code % 2 == 0 ? .caseMask : .plain }
        // Each shape twice, short strings between them.
        var placed: [UInt32: (text: Int, attachment: Int)] = [:]
        for (index, shape) in (shapes + shapes).enumerated() {
            let code = UInt32(2 * index + 1)
            placed[code] = shape
            placed[code + 1] = (10, 2)
            let pairs: [(UInt32, (text: Int, attachment: Int))] = [(code, shape), (code + 1, (10, 2))]
            for (code, shape) in pairs {
                text(code, shape.text).withUnsafeBufferPointer { bytes in
                    attachment(code, shape.attachment).withUnsafeBufferPointer { texts.set(code, to: bytes, attaching: $0, as: form(code)) }
                }
            }
        }
        for (code, shape) in placed { check(code, shape, form(code)) }
        // Removing the first half and one more passes the compaction floor and the live bytes:
        // the rest is moved into an arena of its size.
        let full = texts.memoryUse
        for code in UInt32(1) ... 14 { texts.remove(code) }
        #expect(texts.memoryUse < full * 3 / 5, "\(texts.memoryUse) of \(full) bytes after removing half")
        for (code, shape) in placed where code > 14 { check(code, shape, form(code)) }
        #expect(texts.withBytesAndAttachment(5) { bytes, attached, _ in bytes.isEmpty && attached.isEmpty })
        // A long string set again reuses a freed side slot: no more side room after trimming.
        texts.shrinkToFit()
        let trimmed = texts.memoryUse
        for (code, shape) in placed where code > 14 { check(code, shape, form(code)) }
        text(1, 70_000).withUnsafeBufferPointer { texts.set(1, to: $0, attaching: UnsafeBufferPointer(start: nil, count: 0)) }
        check(1, (70_000, 0), .plain)
        texts.remove(1)
        texts.shrinkToFit()
        // (Trimming copies each array to its size: the allocator may round a copy up by a few
        // bytes, so the two counts agree to within that.)
        #expect(abs(texts.memoryUse - trimmed) <= 64, "\(texts.memoryUse) bytes after trimming again, \(trimmed) before")
        // A snapshot's table with a long string between short ones.
        let lengths = [5, 0, 70_000, 65_535, 1]
        let packed = lengths.enumerated().flatMap { text(UInt32($0 + 1), $1) }
        let ends = lengths.indices.map { UInt32(lengths[0 ... $0].reduce(0, +)) }
        let restored = PackedTexts(packed: packed, ends: ends)
        for (index, length) in lengths.enumerated() { #expect(restored.bytes(UInt32(index + 1)) == text(UInt32(index + 1), length)) }
    }

    /// What one code of each shape costs in the pool's texts, trimmed: its folded bytes, what
    /// it attaches and an 8-byte entry, per 1,000 codes of a shape. (With 16-byte entries and
    /// every attachment whole, these were 30, 52 and 48 bytes a code; now 22, 29 and 40.)
    @Test(arguments: [
        (prefix: "order #", folded: 14, attached: 0),       // lower-case ASCII, 14 bytes
        (prefix: "Harbor Bakery ", folded: 18, attached: 3), // ASCII capitals, 18 bytes
        (prefix: "Café Crème ", folded: 15, attached: 17),   // Unicode: 17 bytes, folded 15
    ])
    func eachCodeCostsItsFoldedBytesItsAttachmentAndEightBytes(shape: (prefix: String, folded: Int, attached: Int)) {
        var pool = StringPool()
        let digits = shape.prefix.hasPrefix("order") ? 1_000_000 : 1000
        for index in 0 ..< 1000 { _ = pool.retain(shape.prefix + String(digits + index)) }
        pool.shrinkToFit()
        pool.checkInvariants()
        let exact = 1000 * (shape.folded + shape.attached) + 1001 * 8
        // An array's capacity may be its malloc block's, a few bytes over its count.
        #expect(pool.folded.memoryUse >= exact && pool.folded.memoryUse <= exact + 64,
                "\(shape.prefix): \(pool.folded.memoryUse) bytes, \(exact) expected")
    }

    /// Ten thousand capitalised ASCII merchants cost, whole pool included, their folded bytes,
    /// a mask of one bit a byte, 12 bytes a code (uses and entry) and the hash table: under 42
    /// bytes a code for names of 11 to 19 bytes, where a second copy of each name and a 16-byte
    /// entry cost about 60.
    @Test func tenThousandCapitalisedMerchantsCostUnderFortyTwoBytesEach() {
        let seed: UInt64 = 173
        var random = SeededRandom(seed: seed)
        let words = ["Harbor", "Bakery", "Corner", "Market", "Sunrise", "Garage", "Pharmacy", "Books"]
        var pool = StringPool()
        var folded = 0
        var masks = 0
        for index in 0 ..< 10_000 {
            let name = random.pick(words) + " " + random.pick(words).prefix(random.int(in: 3 ... 5)).uppercased() + " " + String(index)
            guard pool.retain(name).isNew else { continue }
            folded += name.utf8.count
            masks += (name.utf8.count + 7) / 8
        }
        pool.shrinkToFit()
        pool.checkInvariants()
        // Uses and entry (4 + 8 bytes a code), the hash table's 16 384 slots of 5 bytes.
        let bound = folded + masks + (pool.codeLimit) * 12 + 16_384 * 5 + 256
        #expect(pool.memoryUse <= bound, "seed \(seed): \(pool.memoryUse) bytes, bound \(bound)")
        #expect(pool.memoryUse < 42 * pool.liveCount, "seed \(seed): \(pool.memoryUse) bytes for \(pool.liveCount) merchants")
    }
}
