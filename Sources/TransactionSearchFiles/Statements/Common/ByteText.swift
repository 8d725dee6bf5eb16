import TransactionSearch

/// Small operations on UTF-8 bytes of one field, for the loops over rows: trimming white space
/// (the no-break spaces bank exports put in amounts included), folding a short word for a
/// vocabulary lookup, packing up to eight letters into an integer key.
enum ByteText {
    /// The bytes without leading and trailing white space: ASCII space, tab, line ends,
    /// U+00A0 (no-break space), U+2007 (figure space), U+2009 (thin space), U+202F (narrow
    /// no-break space).
    @inline(__always)
    static func trimmed(_ bytes: ByteView) -> ByteView {
        var start = 0
        var end = bytes.count
        while start < end {
            let width = spaceWidth(bytes, at: start)
            if width == 0 { break }
            start += width
        }
        while end > start {
            let width = spaceWidthBefore(bytes, end: end)
            if width == 0 { break }
            end -= width
        }
        if start == 0 && end == bytes.count { return bytes }
        return bytes.view(start..<end)
    }

    /// The length of the white space character at `index` (0 when there is none).
    @inline(__always)
    static func spaceWidth(_ bytes: ByteView, at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return 1 }
        if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 { return 2 }
        if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 {
            let last = bytes[index + 2]
            if last == 0xAF || last == 0x89 || last == 0x87 { return 3 }
        }
        return 0
    }

    /// The length of the white space character that ends at `end` (0 when there is none).
    @inline(__always)
    static func spaceWidthBefore(_ bytes: ByteView, end: Int) -> Int {
        let byte = bytes[end - 1]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return 1 }
        if byte == 0xA0 && end >= 2 && bytes[end - 2] == 0xC2 { return 2 }
        if (byte == 0xAF || byte == 0x89 || byte == 0x87) && end >= 3 && bytes[end - 2] == 0x80 && bytes[end - 3] == 0xE2 { return 3 }
        return 0
    }

    /// The text, trimmed; nil when empty.
    static func string(_ bytes: ByteView) -> String? {
        let trimmed = trimmed(bytes)
        return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
    }

    /// The folded letters and digits of a short value, each run of other characters one space,
    /// without leading or trailing space: `Umsatz gebucht` → `umsatz gebucht`, `Vorgemerkt.`
    /// → `vorgemerkt`. ASCII is lower-cased in place; other text goes through `Folding`.
    static func key(_ bytes: ByteView) -> String {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return normalizedKey(bytes) }
        let folded = Array(Folding.fold(String(decoding: bytes, as: UTF8.self)).utf8)
        return folded.withByteView { normalizedKey($0) }
    }

    /// Lower-cases ASCII letters, keeps digits and non-ASCII letters, turns everything else
    /// into single spaces.
    private static func normalizedKey(_ bytes: ByteView) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isWord: Bool
            var width = 1
            if byte >= 0x80 {
                // A non-ASCII character: a letter unless it is a space or punctuation we know.
                width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                width = min(width, bytes.count - index)
                // U+0080-U+00BF (Latin-1 signs) and U+2000-U+203F (general punctuation) are
                // separators, except the pound and yen signs, which name currencies.
                let latinSign = byte == 0xC2 && width == 2 && bytes[index + 1] != 0xA3 && bytes[index + 1] != 0xA5
                let punctuation = byte == 0xE2 && width == 3 && bytes[index + 1] == 0x80
                isWord = !latinSign && !punctuation
            } else {
                isWord = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            }
            if isWord {
                if pendingSpace && !output.isEmpty { output.append(0x20) }
                pendingSpace = false
                if width == 1 {
                    output.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                } else {
                    output.append(contentsOf: bytes.view(index ..< index + width))
                }
            } else {
                pendingSpace = true
            }
            index += width
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Up to eight ASCII letters, lower-cased, packed into an integer (the first in the high
    /// byte); nil for anything else. A cheap key for a word lookup in the row loop.
    @inline(__always)
    static func packedWord(_ bytes: ByteView) -> UInt64? {
        guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for byte in bytes {
            let lower = byte | 0x20
            guard lower >= 0x61 && lower <= 0x7A else { return nil }
            packed = packed << 8 | UInt64(lower)
        }
        return packed
    }

    /// `packedWord` of a string known at compile time.
    static func packedWord(_ word: String) -> UInt64 {
        var word = word
        return word.withByteView { packedWord($0) } ?? 0
    }

    /// Whether the bytes equal `word` in ASCII, ignoring case.
    @inline(__always)
    static func equalsIgnoringCase(_ bytes: ByteView, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let other = word.utf8Start
        for index in 0..<bytes.count where bytes[index] | 0x20 != other[index] | 0x20 {
            // `| 0x20` folds letters; the words compared here have no punctuation it could confuse.
            return false
        }
        return true
    }
}
