import TransactionSearch

/// How element names are hashed and compared. The hash (FNV-1a over the local name's bytes,
/// each with bit 0x20 set) ignores ASCII case for every vocabulary: it only narrows the
/// candidates, which are then compared byte by byte, with or without case. Setting one bit
/// costs no branch per byte; folding letters only did (about 4% of reading a camt file).
enum MarkupName {
    static let hashSeed: UInt32 = 0x811C_9DC5

    /// The hash so far with one more byte of a name.
    static func hash(_ byte: UInt8, into hash: UInt32) -> UInt32 {
        (hash ^ UInt32(byte | 0x20)) &* 0x0100_0193
    }

    /// The hash of a whole name.
    static func hash(_ name: some Sequence<UInt8>) -> UInt32 {
        var value = hashSeed
        for byte in name { value = hash(byte, into: value) }
        return value
    }

    /// Whether two byte ranges of `bytes` (or of `bytes` and `other`) spell the same name,
    /// compared eight bytes at a time. Without regard to case, bit 0x20 of every byte is set on
    /// both sides: exact for the names a scanner reads (letters, digits, `.`, `-`, non-ASCII),
    /// since the bytes it would confuse with them (controls, space) end a name.
    static func equal(_ bytes: ByteView, _ range: Range<Int>, _ other: ByteView,
                      _ otherRange: Range<Int>, foldingCase: Bool) -> Bool {
        let count = range.count
        guard count == otherRange.count else { return false }
        guard count > 0 else { return true }
        let fold: UInt64 = foldingCase ? 0x2020_2020_2020_2020 : 0
        var offset = 0
        let wordsEqual = bytes.withUnsafeBytes { left in
            other.withUnsafeBytes { right in
                while offset + 8 <= count {
                    let a = left.loadUnaligned(fromByteOffset: range.lowerBound + offset, as: UInt64.self) | fold
                    let b = right.loadUnaligned(fromByteOffset: otherRange.lowerBound + offset, as: UInt64.self) | fold
                    guard a == b else { return false }
                    offset += 8
                }
                return true
            }
        }
        guard wordsEqual else { return false }
        let foldByte = UInt8(truncatingIfNeeded: fold)
        while offset < count {
            guard bytes[range.lowerBound + offset] | foldByte == other[otherRange.lowerBound + offset] | foldByte else { return false }
            offset += 1
        }
        return true
    }
}
