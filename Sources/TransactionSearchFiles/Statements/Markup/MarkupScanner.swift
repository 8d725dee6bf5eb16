import TransactionSearch

/// One piece of markup: a tag, a run of character data, a processing instruction or a
/// declaration. It holds byte ranges into the scanned buffer, never a copy of the text.
struct MarkupToken {
    /// What a token is.
    enum Kind: UInt8 {
        /// `<Name attributes>`.
        case startTag
        /// `<Name attributes/>`.
        case emptyElementTag
        /// `</Name>`.
        case endTag
        /// Character data up to the next tag: text, entities, and any CDATA sections and
        /// comments inside it (`MarkupText` decodes them).
        case text
        /// `<?target content?>`.
        case processingInstruction
        /// `<!DOCTYPE ...>` or another `<!...>` declaration.
        case declaration
    }

    var kind: Kind
    /// Where the token starts (its `<`, or its first character).
    var start: Int
    /// Tags: the local name (after any `prefix:`); a processing instruction: its target.
    var name: Range<Int>
    /// `MarkupName.hash` of `name`, so a vocabulary lookup needs no second pass.
    var nameHash: UInt32
    /// Tags: the attributes; text: the whole run; a processing instruction: what follows the
    /// target.
    var content: Range<Int>
    /// The line the token starts on, from 1.
    var line: Int
}

/// A byte-level tokenizer for XML and for OFX's SGML: tags, attributes, text with entities,
/// CDATA, comments, processing instructions. It never fails: what is not markup is text (a `<`
/// that starts no tag, as in `A<B`), a tag broken by a `<` ends there, and a construct the
/// input ends inside runs to the end and sets `endedInsideMarkup`. Every call to `next()`
/// consumes at least one byte, so a loop over tokens always ends.
///
/// Line ends are LF, CRLF or a lone CR; lines count from 1.
struct MarkupScanner {
    let bytes: ByteView
    private(set) var position: Int
    private(set) var line = 1
    /// Whether the input ended inside a tag, comment, CDATA section or processing instruction.
    private(set) var endedInsideMarkup = false

    /// Scans `bytes` (valid UTF-8) from `start`, which counts as line 1.
    init(_ bytes: ByteView, from start: Int = 0) {
        self.bytes = bytes
        position = min(max(start, 0), bytes.count)
    }

    /// The next token, or nil at the end of the input.
    /// - Complexity: O(length of the token).
    mutating func next() -> MarkupToken? {
        guard position < bytes.count else { return nil }
        if bytes[position] == Self.lessThan, let token = markup() { return token }
        return text()
    }

    /// Skips white space before a `<` without making a token (the line breaks and indentation
    /// between elements); stops where anything else starts, which `next()` then reads.
    mutating func skipSpaceBeforeMarkup() {
        var index = position
        var lines = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == Self.lineFeed {
                lines += 1
            } else if byte == Self.carriageReturn {
                if index + 1 >= count || bytes[index + 1] != Self.lineFeed { lines += 1 }
            } else if byte != 0x20 && byte != 0x09 {
                break
            }
            index += 1
        }
        guard index < count, bytes[index] == Self.lessThan else { return }  // text follows: leave it whole
        position = index
        line += lines
    }

    /// Whether the next token is character data (not a tag, instruction or declaration), told
    /// without scanning it.
    var nextIsText: Bool {
        guard position < bytes.count else { return false }
        guard bytes[position] == Self.lessThan, position + 1 < bytes.count else { return true }
        let next = bytes[position + 1]
        if next == Self.bang { return matches("<!--", at: position) || matches("<![CDATA[", at: position) }
        return !(next == Self.slash || next == Self.question || Self.startsName(next))
    }

    /// Whether an end tag starts at the current position.
    var nextIsEndTag: Bool {
        position + 1 < bytes.count && bytes[position] == Self.lessThan && bytes[position + 1] == Self.slash
    }

    /// Skips `</name>` written exactly like the start tag's qualified name (the common case of
    /// a leaf's end tag), without making a token; false (and nothing consumed) otherwise.
    mutating func skipEndTag(qualifiedName name: Range<Int>) -> Bool {
        let close = position + 2 + name.count
        guard close < bytes.count, bytes[position] == Self.lessThan, bytes[position + 1] == Self.slash,
              bytes[close] == Self.greaterThan
        else { return false }
        var offset = 0
        while offset < name.count {
            guard bytes[position + 2 + offset] == bytes[name.lowerBound + offset] else { return false }
            offset += 1
        }
        position = close + 1
        return true
    }

    // MARK: Character data

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let bang = UInt8(ascii: "!")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// Bytes below 64 that a text run must look at: line feed, carriage return and `<`. (A
    /// bit mask: one shift and test per byte instead of three comparisons.)
    private static let textStops: UInt64 = 1 << 0x0A | 1 << 0x0D | 1 << 0x3C

    /// A run of character data from `position` up to the next tag, processing instruction or
    /// declaration; CDATA sections and comments stay inside the run.
    private mutating func text() -> MarkupToken {
        let start = position
        let startLine = line
        let count = bytes.count
        var index = position
        var lines = 0
        scan: while index < count {
            let byte = bytes[index]
            if byte >= 64 || Self.textStops >> byte & 1 == 0 {
                index += 1
                continue
            }
            if byte == Self.lineFeed {
                lines += 1
                // Indentation after a line break, eight spaces at a time (pretty-printed XML).
                while index + 9 <= count,
                      bytes.withUnsafeBytes({ $0.loadUnaligned(fromByteOffset: index + 1, as: UInt64.self) }) == 0x2020_2020_2020_2020 {
                    index += 8
                }
            } else if byte == Self.carriageReturn {
                if index + 1 >= count || bytes[index + 1] != Self.lineFeed { lines += 1 }
            } else {
                line += lines
                lines = 0
                switch sectionInsideText(at: index) {
                case .endOfRun where index > start: break scan
                case .skip(let end): index = end; continue scan
                case .endOfRun, .literal: break  // at the start: `markup()` found no tag here
                }
            }
            index += 1
        }
        line += lines
        position = index
        return MarkupToken(kind: .text, start: start, name: start..<start, nameHash: 0, content: start..<index, line: startLine)
    }

    private enum TextSection {
        /// A tag, processing instruction or declaration starts here.
        case endOfRun
        /// A comment or CDATA section that belongs to the run, ending before this index.
        case skip(Int)
        /// A `<` that starts nothing: a literal character.
        case literal
    }

    /// What the `<` at `index` starts, seen from inside a run of text.
    private mutating func sectionInsideText(at index: Int) -> TextSection {
        guard index + 1 < bytes.count else { return .literal }
        let next = bytes[index + 1]
        if next == Self.bang {
            if matches("<!--", at: index) { return .skip(skip(past: "-->", from: index + 4).end) }
            if matches("<![CDATA[", at: index) { return .skip(skip(past: "]]>", from: index + 9).end) }
            return .endOfRun
        }
        return next == Self.slash || next == Self.question || Self.startsName(next) ? .endOfRun : .literal
    }

    // MARK: Tags

    /// The markup at `position` (which holds `<`), or nil when the `<` starts none and is text.
    private mutating func markup() -> MarkupToken? {
        let start = position
        guard start + 1 < bytes.count else { return nil }
        let next = bytes[start + 1]
        if next == Self.slash { return endTag() }
        if next == Self.question { return processingInstruction() }
        if next == Self.bang {
            if matches("<!--", at: start) || matches("<![CDATA[", at: start) { return nil }  // text runs hold these
            return declaration()
        }
        return Self.startsName(next) ? startTag() : nil
    }

    private mutating func startTag() -> MarkupToken {
        let startLine = line
        let tagStart = position
        var index = position + 1
        let (name, hash) = scanName(from: &index)
        let attributesStart = index
        var attributesEnd = index
        var kind = MarkupToken.Kind.startTag
        var quote: UInt8 = 0
        var afterEquals = false
        let count = bytes.count
        while true {
            guard index < count else {
                endedInsideMarkup = true
                attributesEnd = index
                break
            }
            let byte = bytes[index]
            countLineBreak(byte, at: index)
            if quote != 0 {
                if byte == quote { quote = 0 }
                index += 1
                continue
            }
            if byte == Self.greaterThan {
                attributesEnd = index
                if index > attributesStart && bytes[index - 1] == Self.slash {
                    attributesEnd = index - 1
                    kind = .emptyElementTag
                }
                index += 1
                break
            }
            if byte == Self.lessThan {  // a broken tag: the next one starts here
                attributesEnd = index
                break
            }
            if afterEquals && (byte == 0x22 || byte == 0x27) {
                quote = byte
            } else if byte == 0x3D {
                afterEquals = true
                index += 1
                continue
            }
            if !Self.isSpace(byte) { afterEquals = false }
            index += 1
        }
        position = index
        return MarkupToken(kind: kind, start: tagStart, name: name, nameHash: hash, content: attributesStart..<attributesEnd, line: startLine)
    }

    private mutating func endTag() -> MarkupToken {
        let startLine = line
        let tagStart = position
        var index = position + 2
        let (name, hash) = scanName(from: &index)
        let count = bytes.count
        while true {
            guard index < count else {
                endedInsideMarkup = true
                break
            }
            let byte = bytes[index]
            if byte == Self.lessThan { break }
            countLineBreak(byte, at: index)
            index += 1
            if byte == Self.greaterThan { break }
        }
        position = index
        return MarkupToken(kind: .endTag, start: tagStart, name: name, nameHash: hash, content: index..<index, line: startLine)
    }

    private mutating func processingInstruction() -> MarkupToken {
        let startLine = line
        let tagStart = position
        var index = position + 2
        let (name, hash) = scanName(from: &index)
        let contentStart = index
        let (end, found) = skip(past: "?>", from: index)
        position = end
        let contentEnd = found ? max(contentStart, end - 2) : end
        return MarkupToken(kind: .processingInstruction, start: tagStart, name: name, nameHash: hash,
                           content: contentStart..<contentEnd, line: startLine)
    }

    /// `<!DOCTYPE ...>`, with an internal subset in brackets.
    private mutating func declaration() -> MarkupToken {
        let startLine = line
        let start = position
        var index = position + 2
        var depth = 0
        let count = bytes.count
        while true {
            guard index < count else {
                endedInsideMarkup = true
                break
            }
            let byte = bytes[index]
            countLineBreak(byte, at: index)
            index += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            if byte == Self.greaterThan && depth == 0 { break }
        }
        position = index
        return MarkupToken(kind: .declaration, start: start, name: start..<start, nameHash: 0, content: start..<index, line: startLine)
    }

    /// Reads a name from `index`: its local part (after the last `:`) and that part's hash.
    private func scanName(from index: inout Int) -> (Range<Int>, UInt32) {
        var localStart = index
        var hash = MarkupName.hashSeed
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if Self.endsName(byte) { break }
            if byte == UInt8(ascii: ":") {
                localStart = index + 1
                hash = MarkupName.hashSeed
            } else {
                hash = MarkupName.hash(byte, into: hash)
            }
            index += 1
        }
        return (localStart..<index, hash)
    }

    // MARK: Helpers

    /// The index just past `terminator` found from `index` (counting line breaks), or the end
    /// of the input (setting `endedInsideMarkup`) with `found` false.
    private mutating func skip(past terminator: StaticString, from index: Int) -> (end: Int, found: Bool) {
        let count = bytes.count
        let first = terminator.utf8Start[0]
        var index = min(index, count)
        while index < count {
            let byte = bytes[index]
            if byte == first && matches(terminator, at: index) { return (index + terminator.utf8CodeUnitCount, true) }
            countLineBreak(byte, at: index)
            index += 1
        }
        endedInsideMarkup = true
        return (count, false)
    }

    private mutating func countLineBreak(_ byte: UInt8, at index: Int) {
        if byte == Self.lineFeed {
            line += 1
        } else if byte == Self.carriageReturn, index + 1 >= bytes.count || bytes[index + 1] != Self.lineFeed {
            line += 1
        }
    }

    /// Whether the bytes at `index` are `literal`.
    func matches(_ literal: StaticString, at index: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// A letter, `_`, `:` or any non-ASCII byte.
    static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    /// Bytes below 64 that end a name: controls and space, `"`, `'`, `/`, `<`, `=`, `>`, `?`.
    private static let nameEnds: UInt64 = (1 << 0x21 - 1) | 1 << 0x22 | 1 << 0x27 | 1 << 0x2F | 1 << 0x3C | 1 << 0x3D
        | 1 << 0x3E | 1 << 0x3F

    private static func endsName(_ byte: UInt8) -> Bool {
        byte < 64 && nameEnds >> byte & 1 != 0
    }

    /// ASCII white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
