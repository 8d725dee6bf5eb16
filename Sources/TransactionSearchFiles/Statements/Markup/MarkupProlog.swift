import TransactionSearch

/// What comes before a markup file's first element: a byte order mark, blank lines, an XML
/// declaration with its `encoding`. Shared by the OFX and camt readers to detect a format and
/// its declared charset before decoding.
enum MarkupProlog {
    /// The first `limit` bytes as ASCII-compatible text for sniffing: a UTF-8 byte order mark
    /// dropped, UTF-16 (told by its mark) transcoded to UTF-8.
    static func head(_ bytes: [UInt8], limit: Int = 4096) -> [UInt8] {
        let prefix = Array(bytes.prefix(limit))
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) {
            return TextDecoding.decode(Array(prefix.prefix(prefix.count & ~1))).bytes
        }
        return prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(prefix.dropFirst(3)) : prefix
    }

    /// The index of the first byte that is not ASCII white space.
    static func skipSpace(_ bytes: [UInt8], from index: Int = 0) -> Int {
        var index = index
        while index < bytes.count && MarkupScanner.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Whether `bytes` at `index` start with `literal`, ignoring ASCII case.
    static func startsCaseInsensitive(_ bytes: [UInt8], at index: Int, with literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] | 0x20 != pattern[offset] | 0x20 { return false }
        return true
    }

    /// The index just after the `?>` of an XML declaration or processing instruction starting at
    /// `index`, or nil when it is not closed within the bytes.
    static func endOfProcessingInstruction(_ bytes: [UInt8], from index: Int) -> Int? {
        var index = index
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// The encoding an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`) at the
    /// start of `head` names; nil when there is none or the name is not known.
    static func declaredXMLEncoding(_ head: [UInt8]) -> TextEncoding? {
        let start = skipSpace(head)
        guard startsCaseInsensitive(head, at: start, with: "<?xml"), let end = endOfProcessingInstruction(head, from: start) else {
            return nil
        }
        return head.withByteView { buffer in
            guard let value = MarkupText.attribute("encoding", in: buffer, (start + 5)..<(end - 2)) else { return nil }
            return TextEncoding(declaredName: String(decoding: buffer.view(value), as: UTF8.self))
        }
    }
}
