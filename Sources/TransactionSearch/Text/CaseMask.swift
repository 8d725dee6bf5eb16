/// A string that differs from its folded text only by ASCII capitals, kept as a bit mask over
/// the folded bytes: bit `i % 8` of mask byte `i / 8` is set where byte `i` of the original is
/// an upper-case letter. "Harbor Bakery 12" (16 bytes) then costs 2 bytes beside its folded
/// text, not a second copy of 16; a pool stores its merchants, which are mostly capitalised
/// ASCII, this way.
///
/// Whether a string can be kept so is decided from its bytes and its folded bytes alone
/// (`canEncode`), never from what `Folding` is known to do: the folding may strip, expand or
/// map characters, and a string it treats so is kept whole.
enum CaseMask {
    /// The bytes of a mask over `count` bytes of text: one bit a byte, rounded up.
    @inline(__always)
    static func byteCount(forTextOf count: Int) -> Int { (count + 7) / 8 }

    /// Whether `original` is `folded` with some ASCII letters in upper case (or none): the same
    /// length, every byte ASCII, and each folded byte the ASCII lower case of its original
    /// byte. Exactly then `decode` of `encode(original)` over `folded` gives `original` back.
    static func canEncode(_ original: UnsafeBufferPointer<UInt8>, over folded: UnsafeBufferPointer<UInt8>) -> Bool {
        guard original.count == folded.count else { return false }
        for index in 0 ..< original.count {
            let byte = original[index]
            guard byte < 0x80, lowercased(byte) == folded[index] else { return false }
        }
        return true
    }

    /// Writes the mask of `original`'s upper-case ASCII letters into `mask`, which holds
    /// `byteCount(forTextOf: original.count)` bytes.
    static func encode(_ original: UnsafeBufferPointer<UInt8>, into mask: UnsafeMutableBufferPointer<UInt8>) {
        precondition(mask.count == byteCount(forTextOf: original.count), "CaseMask.encode: mask of \(mask.count) bytes")
        for index in 0 ..< mask.count { mask[index] = 0 }
        for index in 0 ..< original.count where isUpperCase(original[index]) {
            mask[index >> 3] |= 1 << UInt8(index & 7)
        }
    }

    /// Writes the original bytes that `mask` and `folded` stand for (`folded.count` of them)
    /// to `output`: each masked byte made upper case. Eight bytes at a time: a mask byte spread
    /// into 0x20 per set bit is subtracted from eight folded bytes (a masked byte is a lower-case
    /// letter, at least 0x61, so no byte borrows from the next).
    @inline(__always)
    static func decode(_ folded: UnsafeBufferPointer<UInt8>, mask: UnsafeBufferPointer<UInt8>,
                       into output: UnsafeMutablePointer<UInt8>) {
        let count = folded.count
        guard count > 0, let source = folded.baseAddress, let bits = mask.baseAddress else { return }
        precondition(mask.count == byteCount(forTextOf: count), "CaseMask.decode: mask of \(mask.count) bytes")
        var index = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
            let decoded = word &- spread(bits[index >> 3])
            UnsafeMutableRawPointer(output + index).storeBytes(of: decoded.littleEndian, as: UInt64.self)
            index += 8
        }
        while index < count {
            let bit = (bits[index >> 3] >> UInt8(index & 7)) & 1
            output[index] = source[index] &- bit << 5
            index += 1
        }
    }

    /// Whether `original` is what `mask` and `folded` stand for, compared in place eight bytes
    /// at a time (no decoding into memory): for a lookup, which compares a key with several
    /// strings.
    @inline(__always)
    static func decodes(_ folded: UnsafeBufferPointer<UInt8>, mask: UnsafeBufferPointer<UInt8>,
                        to original: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = folded.count
        guard original.count == count else { return false }
        guard count > 0, let source = folded.baseAddress, let bits = mask.baseAddress, let target = original.baseAddress else { return true }
        precondition(mask.count == byteCount(forTextOf: count), "CaseMask.decodes: mask of \(mask.count) bytes")
        var index = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
            let wanted = UInt64(littleEndian: UnsafeRawPointer(target + index).loadUnaligned(as: UInt64.self))
            guard word &- spread(bits[index >> 3]) == wanted else { return false }
            index += 8
        }
        while index < count {
            let bit = (bits[index >> 3] >> UInt8(index & 7)) & 1
            guard source[index] &- bit << 5 == target[index] else { return false }
            index += 1
        }
        return true
    }

    /// Calls `body` with the original bytes that `mask` and `folded` stand for, decoded into
    /// temporary memory (on the stack for a short string: no allocation a call).
    @inline(__always)
    static func withDecoded<Result>(_ folded: UnsafeBufferPointer<UInt8>, mask: UnsafeBufferPointer<UInt8>,
                                    _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: folded.count) { buffer in
            guard let output = buffer.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            decode(folded, mask: mask, into: output)
            return body(UnsafeBufferPointer(start: output, count: folded.count))
        }
    }

    /// Whether `mask` is the mask a string would be kept with over `folded`: its size, a set
    /// bit only over a lower-case ASCII letter, no bit past the text's end, and at least one
    /// bit (a string equal to its folded text has no attachment at all).
    static func isCanonical(_ mask: UnsafeBufferPointer<UInt8>, over folded: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mask.count == byteCount(forTextOf: folded.count), mask.contains(where: { $0 != 0 }) else { return false }
        for bit in 0 ..< mask.count * 8 where (mask[bit >> 3] >> UInt8(bit & 7)) & 1 == 1 {
            guard bit < folded.count, folded[bit] &- 0x61 < 26 else { return false }
        }
        return true
    }

    /// A mask byte spread over a word: 0x20 in byte `j` when bit `j` is set, else 0. The byte
    /// is copied into all eight, byte `j` keeps bit `j` only, and adding 0x7F carries each
    /// nonzero byte (at most 0x80) into its top bit without reaching the next byte.
    @inline(__always)
    private static func spread(_ maskByte: UInt8) -> UInt64 {
        let copies = UInt64(maskByte) &* 0x0101_0101_0101_0101
        let isolated = copies & 0x8040_2010_0804_0201
        let flags = ((isolated &+ 0x7F7F_7F7F_7F7F_7F7F) >> 7) & 0x0101_0101_0101_0101
        return flags << 5
    }

    /// Whether `byte` is an ASCII capital, A to Z.
    @inline(__always)
    private static func isUpperCase(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    /// The ASCII lower case of `byte`: A to Z become a to z, every other byte stays.
    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUpperCase(byte) ? byte | 0x20 : byte }
}
