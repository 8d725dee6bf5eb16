/// One piece of markup: a tag, a run of character data, a processing instruction or a
/// declaration. It holds byte ranges into the scanned buffer, never a copy of the text.
struct MarkupToken {
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
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether names hash and compare without regard to ASCII case (OFX's SGML).
    let foldsCase: Bool
    private(set) var position: Int
    private(set) var line = 1
    /// Whether the input ended inside a tag, comment, CDATA section or processing instruction.
    private(set) var endedInsideMarkup = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, foldsCase: Bool) {
        self.bytes = bytes
        self.foldsCase = foldsCase
        position = min(max(start, 0), bytes.count)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next token, or nil at the end of the input.
    /// - Complexity: O(length of the token).
    mutating func next() -> MarkupToken? {
        guard position < bytes.count else { return nil }
        if bytes[position] == Self.lessThan, let token = markup() { return token }
        return text()
    }

    // MARK: Character data

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let bang = UInt8(ascii: "!")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// A run of character data from `position` up to the next tag, processing instruction or
    /// declaration; CDATA sections and comments stay inside the run.
    private mutating func text() -> MarkupToken {
        let start = position
        let startLine = line
        let count = bytes.count
        var index = position
        scan: while index < count {
            let byte = bytes[index]
            if byte > Self.lessThan {
                index += 1
                continue
            }
            if byte == Self.lineFeed {
                line += 1
            } else if byte == Self.carriageReturn {
                if index + 1 >= count || bytes[index + 1] != Self.lineFeed { line += 1 }
            } else if byte == Self.lessThan {
                switch sectionInsideText(at: index) {
                case .endOfRun where index > start: break scan
                case .skip(let end): index = end; continue scan
                case .endOfRun, .literal: break  // at the start: `markup()` found no tag here
                }
            }
            index += 1
        }
        position = index
        return MarkupToken(kind: .text, name: start..<start, nameHash: 0, content: start..<index, line: startLine)
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
        return MarkupToken(kind: kind, name: name, nameHash: hash, content: attributesStart..<attributesEnd, line: startLine)
    }

    private mutating func endTag() -> MarkupToken {
        let startLine = line
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
        return MarkupToken(kind: .endTag, name: name, nameHash: hash, content: index..<index, line: startLine)
    }

    private mutating func processingInstruction() -> MarkupToken {
        let startLine = line
        var index = position + 2
        let (name, hash) = scanName(from: &index)
        let contentStart = index
        let (end, found) = skip(past: "?>", from: index)
        position = end
        let contentEnd = found ? max(contentStart, end - 2) : end
        return MarkupToken(kind: .processingInstruction, name: name, nameHash: hash,
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
        return MarkupToken(kind: .declaration, name: start..<start, nameHash: 0, content: start..<index, line: startLine)
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
                hash = MarkupName.hash(byte, into: hash, foldingCase: foldsCase)
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

    private static func endsName(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == greaterThan || byte == slash || byte == lessThan || byte == 0x3D
            || byte == 0x22 || byte == 0x27 || byte == question
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// How element names are hashed and compared: FNV-1a over the bytes of the local name, with
/// ASCII letters folded to upper case when the vocabulary ignores case.
enum MarkupName {
    static let hashSeed: UInt32 = 0x811C_9DC5

    static func hash(_ byte: UInt8, into hash: UInt32, foldingCase: Bool) -> UInt32 {
        let folded = foldingCase && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
        return (hash ^ UInt32(folded)) &* 0x0100_0193
    }

    static func hash(_ name: some Sequence<UInt8>, foldingCase: Bool) -> UInt32 {
        var value = hashSeed
        for byte in name { value = hash(byte, into: value, foldingCase: foldingCase) }
        return value
    }

    /// Whether two byte ranges of `bytes` (or of `bytes` and `other`) spell the same name.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>,
                      _ otherRange: Range<Int>, foldingCase: Bool) -> Bool {
        guard range.count == otherRange.count else { return false }
        var index = range.lowerBound
        var otherIndex = otherRange.lowerBound
        while index < range.upperBound {
            var left = bytes[index], right = other[otherIndex]
            if foldingCase {
                if left >= 0x61 && left <= 0x7A { left -= 0x20 }
                if right >= 0x61 && right <= 0x7A { right -= 0x20 }
            }
            guard left == right else { return false }
            index += 1
            otherIndex += 1
        }
        return true
    }
}
