/// Turning typed text into folded search terms, and recognizing numbers typed as amounts.
enum TermFolding {
    /// The folded words of a text, split on white space, without repeats, in order.
    static func words(of text: String) -> [[UInt8]] {
        var folded: [UInt8] = []
        Folding.appendFolded(text, to: &folded)
        var words: [[UInt8]] = []
        for word in String(decoding: folded, as: UTF8.self).unicodeScalars.split(whereSeparator: { $0.properties.isWhitespace }) {
            let bytes = Array(String(word).utf8)
            if !words.contains(bytes) { words.append(bytes) }
        }
        return words
    }

    /// The folded form of one term, kept whole (a quoted phrase keeps its spaces), trimmed.
    static func phrase(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        Folding.appendFolded(text.trimmingWhitespace(), to: &folded)
        return Array(String(decoding: folded, as: UTF8.self).trimmingWhitespace().utf8)
    }

    /// The value of a numeric term (digits, optionally one `.` or `,` and more digits), or nil.
    static func number(_ term: [UInt8]) -> DecimalAmount? {
        var significand: Int64 = 0
        var digits = 0
        var fraction = -1
        for byte in term {
            switch byte {
            case 0x30...0x39:
                digits += 1
                guard digits <= DecimalAmount.maximumDigits else { return nil }
                significand = significand * 10 + Int64(byte - 0x30)
                if fraction >= 0 { fraction += 1 }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard fraction < 0, digits > 0 else { return nil }
                fraction = 0
            default:
                return nil
            }
        }
        guard digits > 0, fraction != 0 else { return nil }
        return DecimalAmount(significand: significand, fractionDigits: max(fraction, 0))
    }
}
