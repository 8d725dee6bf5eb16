import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A case mask gives back exactly the string it was made from (every length, so the eight-byte
/// and the byte-at-a-time decoding both run), is made only for a string that is its folded
/// bytes with ASCII capitals, judged from the bytes (not from what `Folding` does), and is
/// canonical (its size, bits over lower-case letters only, at least one).
@Suite struct CaseMaskTests {
    /// Printable ASCII with the bytes next to the letters, whose 0x20 bit also flips
    /// (`@` and `` ` ``, `[` and `{`), so a check that only compares bit 0x20 fails.
    static let asciiBytes = Array(UInt8(0x20) ... 0x7E)

    /// `text`'s ASCII lower case, the way the mask is defined (A to Z only).
    static func lowercased(_ text: [UInt8]) -> [UInt8] {
        text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// The mask of `original`, made by `encode`.
    static func mask(of original: [UInt8]) -> [UInt8] {
        original.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: CaseMask.byteCount(forTextOf: original.count)) { mask, count in
                CaseMask.encode(source, into: mask)
                count = mask.count
            }
        }
    }

    /// `folded` with the capitals of `mask`, made by `withDecoded`.
    static func decoded(_ folded: [UInt8], _ mask: [UInt8]) -> [UInt8] {
        folded.withUnsafeBufferPointer { folded in
            mask.withUnsafeBufferPointer { mask in CaseMask.withDecoded(folded, mask: mask) { Array($0) } }
        }
    }

    /// Whether `decodes` finds `original` in `folded` and `mask`.
    static func decodes(_ folded: [UInt8], _ mask: [UInt8], to original: [UInt8]) -> Bool {
        folded.withUnsafeBufferPointer { folded in
            mask.withUnsafeBufferPointer { mask in original.withUnsafeBufferPointer { CaseMask.decodes(folded, mask: mask, to: $0) } }
        }
    }

    static func canEncode(_ original: [UInt8], over folded: [UInt8]) -> Bool {
        original.withUnsafeBufferPointer { original in folded.withUnsafeBufferPointer { CaseMask.canEncode(original, over: $0) } }
    }

    static func isCanonical(_ mask: [UInt8], over folded: [UInt8]) -> Bool {
        mask.withUnsafeBufferPointer { mask in folded.withUnsafeBufferPointer { CaseMask.isCanonical(mask, over: $0) } }
    }

    @Test func randomASCIIComesBackFromItsMaskAtEveryLength() {
        let seed: UInt64 = 171
        var random = SeededRandom(seed: seed)
        for length in 0 ... 70 {
            for _ in 0 ..< (8 * RandomScale.factor) {
                let original = (0 ..< length).map { _ in random.pick(CaseMaskTests.asciiBytes) }
                let folded = CaseMaskTests.lowercased(original)
                #expect(CaseMaskTests.canEncode(original, over: folded), "seed \(seed): \(original)")
                let mask = CaseMaskTests.mask(of: original)
                #expect(mask.count == (length + 7) / 8)
                #expect(CaseMaskTests.decoded(folded, mask) == original, "seed \(seed): \(original)")
                #expect(CaseMaskTests.decodes(folded, mask, to: original), "seed \(seed): \(original)")
                // Another byte anywhere (a letter's other case, or any other byte), one more or
                // one less: not what the mask stands for.
                if length > 0 {
                    var changed = original
                    let position = random.int(in: 0 ... length - 1)
                    changed[position] = changed[position] ^ (random.chance(0.5) ? 0x20 : UInt8(random.int(in: 1 ... 0x7F)))
                    #expect(!CaseMaskTests.decodes(folded, mask, to: changed), "seed \(seed): \(changed) for \(original)")
                    #expect(!CaseMaskTests.decodes(folded, mask, to: Array(original.dropLast())), "seed \(seed): \(original)")
                }
                #expect(!CaseMaskTests.decodes(folded, mask, to: original + [0x61]), "seed \(seed): \(original)")
                let hasCapital = original != folded
                #expect(CaseMaskTests.isCanonical(mask, over: folded) == hasCapital, "seed \(seed): \(original)")
            }
        }
        // All capitals over a whole number of words and a tail.
        let capitals = Array("HARBOR BAKERY NUMBER TWELVE".utf8)
        let folded = CaseMaskTests.lowercased(capitals)
        #expect(CaseMaskTests.decoded(folded, CaseMaskTests.mask(of: capitals)) == capitals)
    }

    @Test func onlyAStringThatIsItsFoldedBytesWithASCIICapitalsIsMasked() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        // Differs by ASCII capitals only, or not at all.
        #expect(CaseMaskTests.canEncode(bytes("Harbor Bakery 12"), over: bytes("harbor bakery 12")))
        #expect(CaseMaskTests.canEncode(bytes("order #1"), over: bytes("order #1")))
        #expect(CaseMaskTests.canEncode([], over: []))
        // The 0x20 bit alone is not case: `[` is not the capital of `{`, nor `@` of `` ` ``.
        #expect(!CaseMaskTests.canEncode(bytes("A["), over: bytes("a{")))
        #expect(!CaseMaskTests.canEncode(bytes("@x"), over: bytes("`x")))
        // A folded byte that is not the lower case of its original: upper case in the fold,
        // another letter, another length.
        #expect(!CaseMaskTests.canEncode(bytes("a"), over: bytes("A")))
        #expect(!CaseMaskTests.canEncode(bytes("Ab"), over: bytes("ac")))
        #expect(!CaseMaskTests.canEncode(bytes("Ab"), over: bytes("ab ")))
        // Case outside ASCII, even of the same length: kept whole.
        #expect(!CaseMaskTests.canEncode(bytes("ЖУК"), over: bytes("жук")))
        #expect(!CaseMaskTests.canEncode(bytes("É"), over: bytes("é")))
        // What `Folding` does to letters that look ASCII: other lengths, never a mask.
        for text in ["\u{212A}elvin", "Stra\u{DF}e", "ſtop", "ﬁsh", "Ｈａｒｂｏｒ", "İstanbul", "Cafe\u{301}"] {
            let original = bytes(text)
            let folded = Array(Folding.fold(text).utf8)
            #expect(!CaseMaskTests.canEncode(original, over: folded), "\(text) folds to \(folded)")
        }
    }

    @Test func aMaskIsCanonicalOnlyAtItsSizeWithBitsOverLowerCaseLetters() {
        let folded = Array("harbor bakery 12".utf8)
        #expect(CaseMaskTests.isCanonical([0b0000_0001, 0b0000_0001], over: folded))
        #expect(!CaseMaskTests.isCanonical([0, 0], over: folded), "no capital: nothing is attached")
        #expect(!CaseMaskTests.isCanonical([1], over: folded), "too short")
        #expect(!CaseMaskTests.isCanonical([1, 0, 0], over: folded), "too long")
        #expect(!CaseMaskTests.isCanonical([0b0100_0000, 0], over: folded), "bit over a space")
        #expect(!CaseMaskTests.isCanonical([0, 0b1000_0000], over: folded), "bit over a digit")
        let short = Array("ab".utf8)
        #expect(!CaseMaskTests.isCanonical([0b0000_0101], over: short), "bit past the end")
    }
}
