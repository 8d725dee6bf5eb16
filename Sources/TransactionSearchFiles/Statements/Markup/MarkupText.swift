import TransactionSearch

/// Turns a run of character data from `MarkupScanner` into its text: entities (`&amp;` `&lt;`
/// `&gt;` `&quot;` `&apos;` `&#NN;` `&#xNN;`) decoded, CDATA sections copied as they are,
/// comments dropped, surrounding white space trimmed. An `&` that starts no known entity stays
/// an `&` (SGML OFX files write `AT&T` unescaped); a numeric entity that names no character
/// becomes U+FFFD.
enum MarkupText {
    /// The range without leading and trailing ASCII white space.
    static func trimmed(_ bytes: ByteView, _ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high && MarkupScanner.isSpace(bytes[low]) { low += 1 }
        while high > low && MarkupScanner.isSpace(bytes[high - 1]) { high -= 1 }
        return low..<high
    }

    /// Whether the run holds an entity, a CDATA section or a comment, so its bytes are not its
    /// text.
    static func needsDecoding(_ bytes: ByteView, _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "<") { return true }
        return false
    }

    /// Whether the run's text is empty after trimming.
    static func isBlank(_ bytes: ByteView, _ range: Range<Int>) -> Bool {
        let core = trimmed(bytes, range)
        if core.isEmpty { return true }
        guard bytes[core.lowerBound] == UInt8(ascii: "<") else { return false }
        return withBytes(bytes, core) { $0.isEmpty }
    }

    /// The run's text, trimmed (Unicode white space too).
    static func string(_ bytes: ByteView, _ range: Range<Int>) -> String {
        let core = trimmed(bytes, range)
        if !needsDecoding(bytes, core) {
            let text = String(decoding: bytes.view(core), as: UTF8.self)
            return mayEndInUnicodeSpace(bytes, core) ? text.trimmingWhitespace() : text
        }
        // Decoded text is never longer than its source (the shortest entity, `&#N;`, stands for
        // at most three bytes), so it is written straight into the string's storage.
        let text = String(unsafeUninitializedCapacity: core.count) { buffer in decode(bytes, core, into: buffer) }
        return text.trimmingWhitespace()
    }

    /// Whether the first or last character of valid UTF-8 may be white space beyond ASCII: the
    /// only lead bytes of such characters (U+0085, U+00A0, U+1680, U+2000-U+205F, U+3000) are
    /// C2, E1, E2 and E3.
    private static func mayEndInUnicodeSpace(_ bytes: ByteView, _ range: Range<Int>) -> Bool {
        guard let first = range.first else { return false }
        func isCandidate(_ lead: UInt8) -> Bool { lead == 0xC2 || (lead >= 0xE1 && lead <= 0xE3) }
        if isCandidate(bytes[first]) { return true }
        var last = range.upperBound - 1
        guard bytes[last] >= 0x80 else { return false }
        while last > first && bytes[last] & 0xC0 == 0x80 { last -= 1 }
        return isCandidate(bytes[last])
    }

    /// Calls `body` with the run's text as bytes, trimmed of ASCII white space; decodes into a
    /// temporary buffer only when the run needs it.
    static func withBytes<Result>(_ bytes: ByteView, _ range: Range<Int>,
                                  _ body: (ByteView) -> Result) -> Result {
        let core = trimmed(bytes, range)
        guard needsDecoding(bytes, core) else { return body(bytes.view(core)) }
        let scratch = [UInt8](unsafeUninitializedCapacity: core.count) { buffer, count in count = decode(bytes, core, into: buffer) }
        return scratch.withByteView { decoded in
            body(decoded.view(trimmed(decoded, 0..<decoded.count)))
        }
    }

    /// Writes the decoded text of a run to `output` (at least `range.count` bytes long: decoded
    /// text is never longer) and returns how many bytes it wrote.
    static func decode(_ bytes: ByteView, _ range: Range<Int>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = range.lowerBound
        let end = range.upperBound
        var written = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, next) = entity(bytes, at: index, end: end) {
                written += encodeUTF8(scalar, into: output, at: written)
                index = next
                continue
            }
            if byte == UInt8(ascii: "<") {
                if starts(bytes, "<![CDATA[", at: index, end: end) {
                    let contentStart = index + 9
                    let close = find(bytes, "]]>", from: contentStart, end: end) ?? end
                    for position in contentStart..<close {
                        output[written] = bytes[position]
                        written += 1
                    }
                    index = min(close + 3, end)
                    continue
                }
                if starts(bytes, "<!--", at: index, end: end) {
                    index = find(bytes, "-->", from: index + 4, end: end).map { $0 + 3 } ?? end
                    continue
                }
            }
            output[written] = byte
            written += 1
            index += 1
        }
        return written
    }

    /// Writes a scalar as UTF-8 at `index`; the number of bytes.
    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch scalar {
        case ..<0x80:
            output[index] = UInt8(scalar)
            return 1
        case ..<0x800:
            output[index] = UInt8(0xC0 | scalar >> 6)
            output[index + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            output[index] = UInt8(0xE0 | scalar >> 12)
            output[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[index + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[index] = UInt8(0xF0 | scalar >> 18)
            output[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[index + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    private static func starts(_ bytes: ByteView, _ literal: StaticString, at position: Int, end: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= end else { return false }
        for offset in 0..<length where bytes[position + offset] != literal.utf8Start[offset] { return false }
        return true
    }

    private static func find(_ bytes: ByteView, _ literal: StaticString, from position: Int, end: Int) -> Int? {
        var position = position
        while position < end {
            if starts(bytes, literal, at: position, end: end) { return position }
            position += 1
        }
        return nil
    }

    /// The character an entity at `index` names and the index after its `;`, or nil when it
    /// is no entity.
    private static func entity(_ bytes: ByteView, at index: Int, end: Int) -> (UInt32, Int)? {
        var semicolon = index + 1
        let limit = min(end, index + 12)
        while semicolon < limit && bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < limit, semicolon > index + 1 else { return nil }
        let body = bytes.view((index + 1)..<semicolon)
        if body[0] == UInt8(ascii: "#") {
            var value: UInt32 = 0
            var digits = 0
            let hex = body.count > 1 && (body[1] | 0x20) == UInt8(ascii: "x")
            for byte in body.dropFirst(hex ? 2 : 1) {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                value = value &* (hex ? 16 : 10) &+ digit
                digits += 1
            }
            guard digits > 0 else { return nil }
            let valid = digits <= 8 && value > 0 && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value)
            return (valid ? value : 0xFFFD, semicolon + 1)
        }
        var word: UInt64 = 0
        for byte in body.prefix(8) { word = word << 8 | UInt64(byte | 0x20) }
        guard body.count <= 4 else { return nil }
        let scalar: UInt32
        switch word {
        case 0x61_6D70: scalar = 0x26  // amp
        case 0x6C74: scalar = 0x3C  // lt
        case 0x6774: scalar = 0x3E  // gt
        case 0x7175_6F74: scalar = 0x22  // quot
        case 0x6170_6F73: scalar = 0x27  // apos
        default: return nil
        }
        return (scalar, semicolon + 1)
    }

    /// The value of the attribute `name` (compared by local name, case-sensitively) in a start
    /// tag's attribute range, undecoded.
    static func attribute(_ name: StaticString, in bytes: ByteView, _ range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            while index < end && MarkupScanner.isSpace(bytes[index]) { index += 1 }
            var localStart = index
            while index < end, bytes[index] != UInt8(ascii: "="), !MarkupScanner.isSpace(bytes[index]) {
                if bytes[index] == UInt8(ascii: ":") { localStart = index + 1 }
                index += 1
            }
            let nameRange = localStart..<index
            while index < end && MarkupScanner.isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "=") else {
                index += 1  // a name with no value: skip one byte at least
                continue
            }
            index += 1
            while index < end && MarkupScanner.isSpace(bytes[index]) { index += 1 }
            guard index < end else { return nil }
            let quote = bytes[index]
            let value: Range<Int>
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                var close = index + 1
                while close < end && bytes[close] != quote { close += 1 }
                value = (index + 1)..<close
                index = close + 1
            } else {
                let start = index
                while index < end && !MarkupScanner.isSpace(bytes[index]) { index += 1 }
                value = start..<index
            }
            if nameRange.count == name.utf8CodeUnitCount,
               zip(nameRange, 0..<nameRange.count).allSatisfy({ bytes[$0.0] == name.utf8Start[$0.1] }) {
                return value
            }
        }
        return nil
    }
}
