import TransactionSearch

/// The head of an OFX file: the 1.x header block of `KEY:VALUE` lines (`OFXHEADER:100`,
/// `DATA:OFXSGML`, `ENCODING:USASCII`, `CHARSET:1252`), or the 2.x `<?xml ...?><?OFX ...?>`
/// pair; some files have an XML declaration over SGML content, or no header at all.
enum OFXHeader {
    /// Whether the bytes start like OFX: after a byte order mark, blank lines and an XML
    /// declaration, a header block whose keys include `OFXHEADER` or that leads to `<OFX>`, an
    /// `<?OFX` instruction, or an `<OFX>` element.
    static func looksLikeOFX(_ head: [UInt8]) -> Bool {
        var index = MarkupProlog.skipSpace(head)
        if MarkupProlog.startsCaseInsensitive(head, at: index, with: "<?xml") {
            guard let end = MarkupProlog.endOfProcessingInstruction(head, from: index) else { return false }
            index = MarkupProlog.skipSpace(head, from: end)
        }
        if MarkupProlog.startsCaseInsensitive(head, at: index, with: "<?OFX") { return true }
        if startsOFXElement(head, at: index) { return true }
        guard let block = headerBlock(head, from: index) else { return false }
        return block.fields["OFXHEADER"] != nil || startsOFXElement(head, at: block.end)
    }

    /// The encoding the header declares: `ENCODING:UTF-8` (or `UNICODE`), else `CHARSET`
    /// (`1252`, `ISO-8859-1`; `NONE` declares nothing), else the XML declaration's `encoding`.
    static func declaredEncoding(_ head: [UInt8]) -> TextEncoding? {
        var index = MarkupProlog.skipSpace(head)
        if let xml = MarkupProlog.declaredXMLEncoding(head) { return xml }
        if MarkupProlog.startsCaseInsensitive(head, at: index, with: "<?xml"),
           let end = MarkupProlog.endOfProcessingInstruction(head, from: index) {
            index = MarkupProlog.skipSpace(head, from: end)
        }
        guard let block = headerBlock(head, from: index) else { return nil }
        if let encoding = block.fields["ENCODING"]?.uppercased(), encoding.hasPrefix("UTF") || encoding == "UNICODE" {
            return TextEncoding(declaredName: encoding) ?? .utf8
        }
        return block.fields["CHARSET"].flatMap(TextEncoding.init(declaredName:))
    }

    /// The `KEY:VALUE` fields from `index` up to the first `<` (keys upper-cased) and where the
    /// block ends; nil when a line there is not `KEY:VALUE` or there are none.
    static func headerBlock(_ head: [UInt8], from index: Int) -> (fields: [String: String], end: Int)? {
        var fields: [String: String] = [:]
        var index = index
        while index < head.count && head[index] != UInt8(ascii: "<") {
            let lineStart = index
            while index < head.count && head[index] != 0x0A && head[index] != 0x0D && head[index] != UInt8(ascii: "<") { index += 1 }
            let line = String(decoding: head[lineStart..<index], as: UTF8.self).trimmingWhitespace()
            if !line.isEmpty {
                // Some files put several pairs on one line, separated by spaces.
                for pair in line.split(separator: " ") {
                    guard let colon = pair.firstIndex(of: ":"), colon != pair.startIndex,
                          pair[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                    else { return nil }
                    fields[pair[..<colon].uppercased()] = String(pair[pair.index(after: colon)...])
                }
            }
            while index < head.count && (head[index] == 0x0A || head[index] == 0x0D) { index += 1 }
        }
        return fields.isEmpty ? nil : (fields, index)
    }

    private static func startsOFXElement(_ head: [UInt8], at index: Int) -> Bool {
        guard MarkupProlog.startsCaseInsensitive(head, at: index, with: "<OFX"), index + 4 < head.count else { return false }
        let next = head[index + 4]
        return next == UInt8(ascii: ">") || MarkupScanner.isSpace(next)
    }
}
