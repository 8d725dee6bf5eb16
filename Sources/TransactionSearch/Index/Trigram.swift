/// Up to three consecutive bytes of folded UTF-8 packed into one integer: trigrams use the low
/// 24 bits, bigrams and single bytes are tagged above them. Working on bytes rather than
/// scalars is exact for substring search: UTF-8 is self-synchronizing, so a byte match of valid
/// UTF-8 is a scalar match.
enum Trigram {
    private static let bigramTag: UInt32 = 1 << 24
    private static let unigramTag: UInt32 = 2 << 24
    /// Every key is below `1 << keyBits`.
    static let keyBits = 26

    /// The key of a one- or two-byte term (its gram is the whole term).
    static func shortKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        bytes.count == 1 ? unigramTag | UInt32(bytes[0]) : bigramTag | UInt32(bytes[0]) << 8 | UInt32(bytes[1])
    }

    @inline(__always)
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    }

    /// Calls `body` with every trigram of `bytes` and, with `includingShort`, every single byte
    /// and byte pair, in text order, repeats included.
    @inline(__always)
    static func forEachKey(of bytes: UnsafeBufferPointer<UInt8>, includingShort: Bool, _ body: (UInt32) -> Void) {
        if bytes.count >= 3 {
            for index in 0 ... bytes.count - 3 { body(key(bytes, at: index)) }
        }
        guard includingShort else { return }
        for index in 0..<bytes.count {
            body(unigramTag | UInt32(bytes[index]))
            if index + 1 < bytes.count { body(bigramTag | UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])) }
        }
    }

    /// The distinct trigrams of `bytes`, ascending; with `includingShort`, its distinct single
    /// bytes and byte pairs too.
    static func distinctKeys(of bytes: UnsafeBufferPointer<UInt8>, includingShort: Bool = false) -> [UInt32] {
        var keys: [UInt32] = []
        keys.reserveCapacity(includingShort ? bytes.count * 3 : bytes.count)
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
