/// Small UTF-8 helpers over raw bytes: scalar length, decoding, white space and punctuation.
///
/// Swift strings are always valid UTF-8, so the cleaner walks bytes and only needs to know
/// where a scalar ends and which few non-ASCII scalars separate words.
enum PayeeUTF8Scan {
    /// The byte length of the scalar whose first byte is `lead` (1 for a stray continuation
    /// byte, so a walk always advances).
    @inline(__always)
    static func scalarLength(_ lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// The code point of the scalar at `p[i]` whose length is `length`.
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ length: Int) -> UInt32 {
        let b = UInt32(p[i])
        switch length {
        case 1: return b
        case 2: return (b & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        case 3: return (b & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        default:
            return (b & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                | UInt32(p[i + 3] & 0x3F)
        }
    }

    /// Whether a non-ASCII scalar is Unicode white space (the White_Space property):
    /// U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    @inline(__always)
    static func isWhitespace(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// Whether a non-ASCII scalar separates words: white space, and the invisible format
    /// characters that sometimes ride along in exported text (zero-width space and joiners,
    /// direction marks, word joiner, byte-order mark).
    @inline(__always)
    static func isSeparator(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFEFF: return true
        default: return isWhitespace(cp)
        }
    }

    /// Whether a non-ASCII scalar is punctuation for tokenising purposes: General Punctuation
    /// (dashes, quotes, bullets), Latin-1 punctuation and symbols, CJK punctuation. Such a
    /// scalar never makes a token count as a word.
    @inline(__always)
    static func isPunctuation(_ cp: UInt32) -> Bool {
        switch cp {
        case 0xA1...0xBF, 0xD7, 0xF7, 0x2010...0x205E, 0x3001...0x303F, 0xFF01...0xFF0F:
            return true
        default:
            return false
        }
    }

    /// Whether the byte is an ASCII letter.
    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// Whether the byte is an ASCII digit.
    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
