/// Text as a terminal or a message may show it: what a terminal would obey or hide is written
/// as an escape instead, so data can neither move the cursor, recolour or retitle a terminal
/// nor hide inside an error message.
///
/// Escaped: every control character (C0, DEL and C1: `\u{1B}`, `\u{7}`, `\u{9B}`), every
/// invisible format character (a byte order mark `\u{FEFF}`, zero-width spaces, bidirectional
/// overrides such as `\u{202E}`), and the line and paragraph separators. Tab, line feed and
/// carriage return read as `\t`, `\n` and `\r`. The zero-width non-joiner and joiner (U+200C,
/// U+200D) stay: they shape Persian and Indic words and join emoji. A backslash is kept as is.
package enum VisibleText {
    /// `text` with the characters above escaped; the text itself when it has none.
    /// - Complexity: O(n); one pass over the UTF-8 bytes when the text is plain.
    package static func escaped(_ text: String) -> String {
        // Fast path: printable ASCII and non-ASCII that needs a closer look.
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            needsWork = true
            break
        }
        guard needsWork, text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isHidden(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Whether a scalar is shown escaped.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xA0 { return false }
        if value == 0x200C || value == 0x200D { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
