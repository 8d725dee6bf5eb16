/// Turns a run of character data from `MarkupScanner` into its text: entities (`&amp;` `&lt;`
/// `&gt;` `&quot;` `&apos;` `&#NN;` `&#xNN;`) decoded, CDATA sections copied as they are,
/// comments dropped, surrounding white space trimmed. An `&` that starts no known entity stays
/// an `&` (SGML OFX files write `AT&T` unescaped); a numeric entity that names no character
/// becomes U+FFFD.
enum MarkupText {
    /// The range without leading and trailing ASCII white space.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high && MarkupScanner.isSpace(bytes[low]) { low += 1 }
        while high > low && MarkupScanner.isSpace(bytes[high - 1]) { high -= 1 }
        return low..<high
    }

    /// Whether the run holds an entity, a CDATA section or a comment, so its bytes are not its
    /// text.
    static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "<") { return true }
        return false
    }

    /// Whether the run's text is empty after trimming.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let core = trimmed(bytes, range)
        if core.isEmpty { return true }
        guard bytes[core.lowerBound] == UInt8(ascii: "<") else { return false }
        var scratch: [UInt8] = []
        decode(bytes, core, into: &scratch)
        return scratch.allSatisfy(MarkupScanner.isSpace)
    }

    /// The run's text, trimmed (Unicode white space too).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let core = trimmed(bytes, range)
        if !needsDecoding(bytes, core) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[core]), as: UTF8.self)
            guard let first = core.first, bytes[first] < 0x80, bytes[core.upperBound - 1] < 0x80 else {
                return text.trimmingWhitespace()
            }
            return text
        }
        var scratch: [UInt8] = []
        decode(bytes, core, into: &scratch)
        return String(decoding: scratch, as: UTF8.self).trimmingWhitespace()
    }

    /// Calls `body` with the run's text as bytes, trimmed of ASCII white space; decodes into a
    /// temporary buffer only when the run needs it.
    static func withBytes<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let core = trimmed(bytes, range)
        guard needsDecoding(bytes, core) else { return body(UnsafeBufferPointer(rebasing: bytes[core])) }
        var scratch: [UInt8] = []
        decode(bytes, core, into: &scratch)
        return scratch.withUnsafeBufferPointer { decoded in
            let trimmedRange = trimmed(decoded, 0..<decoded.count)
            return body(UnsafeBufferPointer(rebasing: decoded[trimmedRange]))
        }
    }

    /// Appends the decoded text of a run to `output`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) {
        var index = range.lowerBound
        let end = range.upperBound
        output.reserveCapacity(output.count + range.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if let (scalar, next) = entity(bytes, at: index, end: end) {
                    TextDecoding.appendUTF8(scalar, to: &output)
                    index = next
                    continue
                }
            } else if byte == UInt8(ascii: "<") {
                if let next = section(bytes, at: index, end: end, into: &output) {
                    index = next
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
    }

    /// A CDATA section (copied) or a comment (dropped) at `index`: the index after it.
    private static func section(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, into output: inout [UInt8]) -> Int? {
        func starts(_ literal: StaticString, at position: Int) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard position + length <= end else { return false }
            for offset in 0..<length where bytes[position + offset] != literal.utf8Start[offset] { return false }
            return true
        }
        func find(_ literal: StaticString, from position: Int) -> Int? {
            var position = position
            while position < end {
                if starts(literal, at: position) { return position }
                position += 1
            }
            return nil
        }
        if starts("<![CDATA[", at: index) {
            let contentStart = index + 9
            let close = find("]]>", from: contentStart)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<(close ?? end)]))
            return close.map { $0 + 3 } ?? end
        }
        if starts("<!--", at: index) {
            return find("-->", from: index + 4).map { $0 + 3 } ?? end
        }
        return nil
    }

    /// The character an entity at `index` names and the index after its `;`, or nil when it
    /// is no entity.
    private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (UInt32, Int)? {
        var semicolon = index + 1
        let limit = min(end, index + 12)
        while semicolon < limit && bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < limit, semicolon > index + 1 else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon])
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
    static func attribute(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
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
