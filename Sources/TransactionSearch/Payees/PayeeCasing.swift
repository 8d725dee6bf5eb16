/// Where bytes go when a payee is written: first counted, then written into the new string,
/// so the result is made with one exactly-sized allocation (none at all up to 15 bytes).
protocol PayeeByteSink {
    /// Takes one byte.
    mutating func put(_ byte: UInt8)
}

extension PayeeByteSink {
    /// Takes a scalar, encoded as UTF-8.
    @inline(__always)
    mutating func put(scalar cp: UInt32) {
        if cp < 0x80 {
            put(UInt8(cp))
        } else if cp < 0x800 {
            put(UInt8(0xC0 | (cp >> 6))); put(UInt8(0x80 | (cp & 0x3F)))
        } else if cp < 0x10000 {
            put(UInt8(0xE0 | (cp >> 12))); put(UInt8(0x80 | ((cp >> 6) & 0x3F)))
            put(UInt8(0x80 | (cp & 0x3F)))
        } else {
            put(UInt8(0xF0 | (cp >> 18))); put(UInt8(0x80 | ((cp >> 12) & 0x3F)))
            put(UInt8(0x80 | ((cp >> 6) & 0x3F))); put(UInt8(0x80 | (cp & 0x3F)))
        }
    }
}

/// Counts bytes (the sizing pass).
struct PayeeCountingSink: PayeeByteSink {
    var count = 0
    @inline(__always) mutating func put(_ byte: UInt8) { count += 1 }
}

/// Writes bytes into a buffer sized by a `PayeeCountingSink` pass.
struct PayeeWritingSink: PayeeByteSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    @inline(__always) mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }
}

/// Letter case: classification and the title-case rule, with fast tables for Latin-1,
/// Latin Extended-A, basic Cyrillic and Greek, and the standard library for other scripts.
///
/// The rule (docs/payees.md): a payee whose words are all upper case (or all lower case) is
/// title-cased: first letter of each word up, the rest down, again after `-`, `/`, `&`, `.`
/// and after a one-letter prefix with an apostrophe (`O'Reilly`, `L'Occitane`, but
/// `Joe's`); `MC` names become `Mc…` (`McCormick`); small connecting words (`of`, `and`,
/// `de`, `von`...) stay lower case except first; known acronyms keep their form (`ATM`,
/// `LLC`, `GmbH`). A payee already in mixed case is kept exactly as written.
enum PayeeCasing {
    /// A scalar's case as far as casing needs to know.
    enum Case { case none, upper, lower, slowUpper, slowLower }

    /// The case of a non-ASCII scalar.
    static func caseOf(_ cp: UInt32) -> Case {
        if (cp >= 0xC0 && cp < 0x180) || (cp >= 0x386 && cp <= 0x3CE) || (cp >= 0x400 && cp < 0x460) {
            if lower(cp) != nil { return .upper }
            if upper(cp) != nil || cp == 0xDF { return .lower }
            if cp == 0x130 { return .slowUpper }
            if cp == 0x131 || cp == 0x138 || cp == 0x149 || cp == 0x17F { return .slowLower }
            return .none
        }
        if isCasedBlock(cp), let scalar = Unicode.Scalar(cp) {
            let properties = scalar.properties
            if properties.isUppercase || properties.changesWhenLowercased { return .slowUpper }
            if properties.isLowercase { return .slowLower }
        }
        return .none
    }

    /// Whether the scalar is in a block with letter case (Latin, Greek, Cyrillic, Armenian,
    /// Georgian, Cherokee, full-width Latin, Deseret...); other scripts skip the property lookup.
    @inline(__always)
    private static func isCasedBlock(_ cp: UInt32) -> Bool {
        switch cp {
        case 0...0x58F, 0x10A0...0x10FF, 0x13A0...0x13FF, 0x1C80...0x1CBF, 0x1E00...0x1FFF, 0x2100...0x218F,
            0x24B6...0x24E9, 0x2C00...0x2D2F, 0xA640...0xA7FF, 0xAB70...0xABBF, 0xFF21...0xFF5A,
            0x10400...0x1E95F:
            return true
        default:
            return false
        }
    }

    /// The lower-case form of an upper-case scalar in the fast tables (same UTF-8 length).
    @inline(__always)
    static func lower(_ cp: UInt32) -> UInt32? {
        switch cp {
        case 0xC0...0xDE: return cp == 0xD7 ? nil : cp + 0x20
        case 0x100...0x137: return cp & 1 == 0 && cp != 0x130 ? cp + 1 : nil
        case 0x139...0x148: return cp & 1 == 1 ? cp + 1 : nil
        case 0x14A...0x177: return cp & 1 == 0 ? cp + 1 : nil
        case 0x178: return 0xFF
        case 0x179...0x17E: return cp & 1 == 1 ? cp + 1 : nil
        case 0x386: return 0x3AC
        case 0x388...0x38A: return cp + 0x25
        case 0x38C: return 0x3CC
        case 0x38E, 0x38F: return cp + 0x3F
        case 0x391...0x3AB: return cp == 0x3A2 ? nil : cp + 0x20
        case 0x400...0x40F: return cp + 0x50
        case 0x410...0x42F: return cp + 0x20
        default: return nil
        }
    }

    /// The upper-case form of a lower-case scalar in the fast tables (same UTF-8 length).
    @inline(__always)
    static func upper(_ cp: UInt32) -> UInt32? {
        switch cp {
        case 0xE0...0xFE: return cp == 0xF7 ? nil : cp - 0x20
        case 0xFF: return 0x178
        case 0x101...0x137: return cp & 1 == 1 && cp != 0x131 ? cp - 1 : nil
        case 0x13A...0x148: return cp & 1 == 0 ? cp - 1 : nil
        case 0x14B...0x177: return cp & 1 == 1 ? cp - 1 : nil
        case 0x17A...0x17E: return cp & 1 == 0 ? cp - 1 : nil
        case 0x3AC: return 0x386
        case 0x3AD...0x3AF: return cp - 0x25
        case 0x3CC: return 0x38C
        case 0x3CD, 0x3CE: return cp - 0x3F
        case 0x3C2: return 0x3A3
        case 0x3B1...0x3CB: return cp - 0x20
        case 0x430...0x44F: return cp - 0x20
        case 0x450...0x45F: return cp - 0x50
        default: return nil
        }
    }

    /// Writes `p[start..<end]` title-cased (see the type's rule). With `allLower` every letter
    /// goes down (a small word inside a name). With `mcPrefix` the third letter goes up.
    static func writeTitle<Sink: PayeeByteSink>(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, allLower: Bool, mcPrefix: Bool,
        slow: Bool, into sink: inout Sink
    ) {
        if slow && !allLower {
            writeSlowTitle(p, start, end, into: &sink)
            return
        }
        var capNext = !allLower
        var segment = 0  // letters and digits since the last separator
        var i = start
        while i < end {
            let b = p[i]
            if b < 0x80 {
                if PayeeUTF8Scan.isASCIILetter(b) {
                    if mcPrefix && segment == 2 && i - start == 2 { capNext = true }
                    sink.put(capNext ? b & 0xDF : b | 0x20)
                    capNext = false
                    segment += 1
                } else if PayeeUTF8Scan.isDigit(b) {
                    sink.put(b)
                    capNext = false
                    segment += 1
                } else {
                    sink.put(b)
                    if b == 0x27 {
                        capNext = segment == 1 && !allLower
                    } else if b == 0x2D || b == 0x2F || b == 0x26 || b == 0x2E || b == 0x2B {
                        capNext = !allLower
                    }
                    segment = 0
                }
                i += 1
                continue
            }
            let length = min(PayeeUTF8Scan.scalarLength(b), end - i)
            let cp = PayeeUTF8Scan.decode(p, i, length)
            if cp == 0x2019 || cp == 0x2018 {
                capNext = segment == 1 && !allLower
                segment = 0
                sink.put(0x27)  // typographic apostrophes are written as '
            } else if PayeeUTF8Scan.isPunctuation(cp) {
                segment = 0
                sink.put(scalar: cp)
            } else {
                var mapped = capNext ? (upper(cp) ?? cp) : (lower(cp) ?? cp)
                if mapped == 0x3C3 && isWordEnd(p, i + length, end) { mapped = 0x3C2 }  // final sigma
                sink.put(scalar: mapped)
                capNext = false
                segment += 1
            }
            i += length
        }
    }

    /// Whether no letter follows position `i` in the word (for the Greek final sigma).
    @inline(__always)
    private static func isWordEnd(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        i >= end || (p[i] < 0x80 && !PayeeUTF8Scan.isASCIILetter(p[i]))
    }

    /// Title case through the standard library for scripts outside the fast tables:
    /// the first character upper-cased, the rest lower-cased.
    private static func writeSlowTitle<Sink: PayeeByteSink>(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into sink: inout Sink
    ) {
        let word = String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
        guard let first = word.first else { return }
        let head = String(first).uppercased()
        let rest = word.dropFirst().lowercased()
        for b in head.utf8 { sink.put(b) }
        for b in rest.utf8 { sink.put(b) }
    }
}
