import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The string pool keeps each string once, as bytes beside its folded bytes: every string
/// comes back byte for byte (any length, multi-byte Unicode, NUL, case that folds or not), is
/// found by its bytes, keeps its code until released, and a released code is reused; the
/// packed texts keep attachments apart from the texts through removal, compaction and trimming.
@Suite struct StringPoolTests {
    /// Scalars of one to four UTF-8 bytes, with NUL, capitals (their folded bytes differ) and
    /// a combining mark (dropped by folding).
    static let scalars: [Unicode.Scalar] = ["\0", "a", "z", "A", "Q", " ", "#", "7", "é", "ß", "Ж", "\u{301}", "€", "ラ", "😀", "𝔸"]

    /// A string of exactly `length` UTF-8 bytes, scalars picked at random among those that fit.
    static func string(ofLength length: Int, _ random: inout SeededRandom) -> String {
        var text = String.UnicodeScalarView()
        var bytes = 0
        while bytes < length {
            let fitting = scalars.filter { UTF8.width($0) <= length - bytes }
            let scalar = random.pick(fitting)
            text.append(scalar)
            bytes += UTF8.width(scalar)
        }
        return String(text)
    }

    /// Every byte of `code`'s string as the pool gives it back.
    static func bytes(_ pool: StringPool, _ code: UInt32) -> [UInt8] { Array(pool.string(code).utf8) }

    @Test func stringsOfEveryLengthComeBackByteForByte() {
        let seed: UInt64 = 61
        var random = SeededRandom(seed: seed)
        var pool = StringPool()
        var expected: [(text: String, code: UInt32)] = []
        for length in 0...40 {
            for _ in 0..<6 {
                let text = StringPoolTests.string(ofLength: length, &random)
                let (code, isNew) = pool.retain(text)
                if isNew { expected.append((text, code)) }
            }
        }
        // Plain lower-case ASCII (stored once) and the same with a capital (stored twice).
        for text in ["order #1234567", "Order #1234567", "a\0b", "A\0B"] where pool.code(of: text) == nil {
            expected.append((text, pool.retain(text).code))
        }
        pool.checkInvariants()
        for (text, code) in expected {
            #expect(StringPoolTests.bytes(pool, code) == Array(text.utf8), "seed \(seed): \(Array(text.utf8))")
            #expect(pool.code(of: text) == code, "seed \(seed): \(Array(text.utf8))")
            #expect(pool.folded.bytes(code) == Array(Folding.fold(text).utf8), "seed \(seed): \(Array(text.utf8))")
            #expect(pool.withUTF8(code) { Array($0) } == Array(text.utf8))
            // The digits a card title keeps: read from the folded bytes under a case mask.
            let digits = Array(text.utf8).filter { $0 >= 0x30 && $0 <= 0x39 }
            let lastFour = digits.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(pool.asciiDigits(of: code) == (lastFour, digits.count), "seed \(seed): \(Array(text.utf8))")
        }
        #expect(pool.liveCount == expected.count && pool.codeLimit == expected.count + 1)
        // The folded spelling of a capitalised string is another string.
        #expect(pool.code(of: "order #1234567") != pool.code(of: "Order #1234567"))
        #expect(pool.code(of: "never retained") == nil)
    }

    @Test func aReleasedCodeIsReusedForTheNextNewString() {
        var pool = StringPool()
        let first = pool.retain("Café").code
        let second = pool.retain("café").code
        let third = pool.retain("ラーメン").code
        let again = pool.retain("café")
        #expect(again.code == second && !again.isNew)
        let firstRelease = pool.release(second)
        let secondRelease = pool.release(second)
        #expect(!firstRelease && secondRelease)
        #expect(pool.code(of: "café") == nil && !pool.isLive(second))
        #expect(pool.string(second) == "")
        let reused = pool.retain("STRAßE")
        #expect(reused.code == second && reused.isNew)
        #expect(pool.string(reused.code) == "STRAßE" && pool.folded.bytes(reused.code) == Array("strasse".utf8))
        #expect(pool.string(first) == "Café" && pool.string(third) == "ラーメン")
        #expect(pool.liveCodes == [first, second, third])
        pool.checkInvariants()
    }

    /// Random retains and releases against a dictionary, with strings long enough that the
    /// removed bytes pass the compaction floor several times over.
    @Test func randomUseMatchesADictionaryThroughCompaction() {
        let seed: UInt64 = 62
        var random = SeededRandom(seed: seed)
        var pool = StringPool()
        var model: [String: (code: UInt32, uses: Int)] = [:]
        let vocabulary = (0..<300).map { index in
            "\(index) " + StringPoolTests.string(ofLength: random.int(in: 0...600), &random)
        }
        var removedBytes = 0
        for step in 0..<(4000 * RandomScale.factor) {
            let text = random.pick(vocabulary)
            if let entry = model[text], random.chance(0.55) {
                let isLast = entry.uses == 1
                let reclaimed = pool.release(entry.code)
                #expect(reclaimed == isLast, "seed \(seed) step \(step)")
                model[text] = isLast ? nil : (entry.code, entry.uses - 1)
                if isLast { removedBytes += text.utf8.count }
            } else {
                let (code, isNew) = pool.retain(text)
                #expect(isNew == (model[text] == nil), "seed \(seed) step \(step)")
                if let entry = model[text] { #expect(entry.code == code, "seed \(seed) step \(step)") }
                model[text] = (code, (model[text]?.uses ?? 0) + 1)
            }
            if step % 500 == 0 { pool.checkInvariants() }
        }
        #expect(removedBytes > 2 * PackedTexts.compactionFloor, "seed \(seed): only \(removedBytes) bytes removed")
        pool.checkInvariants()
        #expect(pool.liveCount == model.count)
        for (text, entry) in model {
            #expect(StringPoolTests.bytes(pool, entry.code) == Array(text.utf8), "seed \(seed)")
            #expect(pool.referenceCount(entry.code) == entry.uses, "seed \(seed)")
        }
        let before = pool.memoryUse
        pool.shrinkToFit()
        #expect(pool.memoryUse <= before)
        pool.checkInvariants()
        for (text, entry) in model { #expect(pool.code(of: text) == entry.code, "seed \(seed)") }
    }

    @Test func attachmentsStayApartFromTheirTextsThroughCompactionAndTrimming() {
        var texts = PackedTexts()
        let long = [UInt8](repeating: 0x61, count: 1000)
        func text(_ code: UInt32) -> [UInt8] { long + [UInt8(code)] }
        /// Even codes carry 1,000 bytes of attachment, odd ones none.
        func attachment(_ code: UInt32) -> [UInt8] {
            code % 2 == 0 ? [UInt8(code), 0, 0xE2] + [UInt8](repeating: 0x41, count: 997) : []
        }
        func contents(_ code: UInt32) -> ([UInt8], [UInt8]) {
            texts.withBytesAndAttachment(code) { bytes, attachment, _ in (Array(bytes), Array(attachment)) }
        }
        for code in UInt32(1)...200 {
            text(code).withUnsafeBufferPointer { bytes in
                attachment(code).withUnsafeBufferPointer { texts.set(code, to: bytes, attaching: $0) }
            }
        }
        // Removing most of them passes the compaction floor in both arenas: the rest is moved.
        for code in UInt32(1)...200 where code % 10 != 0 { texts.remove(code) }
        let kept = Array(stride(from: UInt32(10), through: 200, by: 10))
        for code in kept {
            #expect(contents(code) == (text(code), attachment(code)))
            #expect(texts.bytes(code) == text(code))
            #expect(text(code).withUnsafeBufferPointer { texts.equals(code, $0) })
        }
        #expect(contents(11) == ([], []) && contents(500) == ([], []))
        let before = texts.memoryUse
        texts.shrinkToFit()
        #expect(texts.memoryUse <= before)
        // 20 texts of 1,001 bytes, 20 attachments of 1,000, 201 entries of 8 bytes.
        #expect(texts.memoryUse < 20 * 1001 + 20 * 1000 + 201 * 8 + 128, "\(texts.memoryUse)")
        for code in kept { #expect(contents(code) == (text(code), attachment(code))) }
    }

    /// Each string is held once: a pool of lower-case ASCII strings holds their bytes once
    /// (no second copy, no `String` object), and after trimming no spare room.
    @Test func aTrimmedPoolOfFoldedStringsHoldsTheirBytesOnce() {
        var pool = StringPool()
        let texts = (0..<5000).map { "order #\(1_000_000 + $0 * 7)" }
        for text in texts { _ = pool.retain(text) }
        pool.shrinkToFit()
        let bytes = texts.reduce(0) { $0 + $1.utf8.count }
        // Per code: references (4 bytes) and its entry (8 bytes: start, and the lengths of its
        // text and attachment); the hash table (8 192 slots of 5 bytes for 5000 strings).
        let expected = bytes + (texts.count + 1) * 12 + 8_192 * 5
        #expect(pool.memoryUse >= bytes && pool.memoryUse <= expected + 256, "\(pool.memoryUse) for \(bytes) bytes")
        pool.checkInvariants()
    }
}
