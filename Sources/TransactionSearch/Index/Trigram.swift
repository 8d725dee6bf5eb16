/// Up to three consecutive bytes of folded UTF-8 packed into one integer: trigrams use the low
/// 24 bits, single bytes and a text's last two bytes are tagged above them. Working on bytes
/// rather than scalars is exact for substring search: UTF-8 is self-synchronizing, so a byte
/// match of valid UTF-8 is a scalar match.
///
/// A byte pair is not a key of its own: every pair of a text but its last begins a trigram, so
/// the texts containing `ab` are those under a trigram `ab?` and those under the end pair `ab`
/// (`TrigramIndex.codeSet(containingShort:)`). Pair lists repeated what the trigram lists hold
/// and were the largest part of an index over mostly distinct text (9 of 20 bytes a row for
/// the long-tail bench's notes).
enum Trigram {
    /// Tags the last two bytes of a text (or the whole of a two-byte text).
    private static let endPairTag: UInt32 = 1 << 24
    private static let unigramTag: UInt32 = 2 << 24
    /// Every key is below `1 << keyBits`.
    static let keyBits = 26

    /// The key of the texts containing a one-byte term.
    @inline(__always)
    static func unigramKey(_ byte: UInt8) -> UInt32 { unigramTag | UInt32(byte) }

    /// The byte of a one-byte key, nil for any other key.
    static func byte(ofUnigramKey key: UInt32) -> UInt8? {
        key & ~0xFF == unigramTag ? UInt8(key & 0xFF) : nil
    }

    /// The key of the texts ending with the two bytes `first`, `second`.
    @inline(__always)
    static func endPairKey(_ first: UInt8, _ second: UInt8) -> UInt32 {
        endPairTag | UInt32(first) << 8 | UInt32(second)
    }

    /// The key of the trigram `first`, `second`, `third`.
    @inline(__always)
    static func key(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
        UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
    }

    @inline(__always)
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        key(bytes[index], bytes[index + 1], bytes[index + 2])
    }

    /// Calls `body` with every trigram of `bytes` and, with `includingShort`, every single byte
    /// and the end pair, in text order, repeats included.
    @inline(__always)
    static func forEachKey(of bytes: UnsafeBufferPointer<UInt8>, includingShort: Bool, _ body: (UInt32) -> Void) {
        if bytes.count >= 3 {
            for index in 0 ... bytes.count - 3 { body(key(bytes, at: index)) }
        }
        guard includingShort else { return }
        for byte in bytes { body(unigramKey(byte)) }
        if bytes.count >= 2 { body(endPairKey(bytes[bytes.count - 2], bytes[bytes.count - 1])) }
    }

    /// The distinct trigrams of `bytes`, ascending; with `includingShort`, its distinct single
    /// bytes and its end pair too.
    static func distinctKeys(of bytes: UnsafeBufferPointer<UInt8>, includingShort: Bool = false) -> [UInt32] {
        var keys: [UInt32] = []
        keys.reserveCapacity(includingShort ? bytes.count * 2 + 1 : bytes.count)
        forEachKey(of: bytes, includingShort: includingShort) { keys.append($0) }
        guard !keys.isEmpty else { return [] }
        keys.sort()
        var unique = 0
        for index in keys.indices where index == 0 || keys[index] != keys[index - 1] {
            keys[unique] = keys[index]
            unique += 1
        }
        keys.removeLast(keys.count - unique)
        return keys
    }
}

/// Substring search over folded bytes.
enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (an empty needle occurs everywhere).
    @inline(__always)
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    /// The first index at or after `start` where `needle` begins in `haystack`.
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = needle.count
        guard count > 0 else { return start <= haystack.count ? start : nil }
        guard haystack.count - start >= count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < count && haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == count { return index }
            }
            index += 1
        }
        return nil
    }
}
