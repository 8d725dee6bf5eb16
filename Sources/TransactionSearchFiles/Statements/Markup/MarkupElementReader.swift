import TransactionSearch

/// Elements from markup tokens, streaming, for XML and for OFX's SGML alike: an aggregate
/// opens and closes, a leaf comes with its value. It keeps only the stack of open aggregates.
///
/// A start tag is a leaf when its vocabulary says so, or when text follows it (`<TRNAMT>-12.50`
/// with or without `</TRNAMT>`; a value may sit on the next line), or when its own end tag
/// follows at once; otherwise it opens an aggregate. An end tag closes the innermost open
/// element of its name and every element opened inside it (SGML leaves them unclosed); an end
/// tag that matches nothing open is ignored. Opening an exclusive aggregate that is already
/// open closes the open one first.
struct MarkupElementReader {
    /// One element event.
    struct Event {
        /// An aggregate starts or ends, or a leaf comes with its value.
        enum Kind { case open, leaf, close }
        var kind: Kind
        /// The vocabulary's code of the element's name, -1 when unknown.
        var code: Int
        /// The local name.
        var name: Range<Int>
        /// A leaf's value: a raw run of character data for `MarkupText` (empty for none).
        var value: Range<Int>
        /// A start tag's attributes, undecoded.
        var attributes: Range<Int>
        /// The line of the start tag (a close: of the end tag, or of what closed it).
        var line: Int
    }

    private struct OpenElement {
        var code: Int
        var name: Range<Int>
        var hash: UInt32
    }

    /// Open aggregates deeper than this make the input malformed: real statements nest fewer
    /// than 20 deep, and the bound keeps each end tag's search short.
    static var maximumDepth: Int { 256 }

    let vocabulary: MarkupVocabulary
    private(set) var scanner: MarkupScanner
    private var stack: [OpenElement] = []
    /// Pops are owed while the stack is deeper than this.
    private var closeDownTo = Int.max
    private var closeLine = 0
    /// An open that waits for the closes of an earlier element of its name.
    private var queuedOpen: (event: Event, element: OpenElement)?

    /// Reads `bytes` (valid UTF-8) from `start`, naming elements by `vocabulary`.
    init(_ bytes: ByteView, from start: Int = 0, vocabulary: MarkupVocabulary) {
        self.vocabulary = vocabulary
        scanner = MarkupScanner(bytes, from: start)
        stack.reserveCapacity(32)
    }

    /// The bytes being read; the events' ranges index them.
    var bytes: ByteView { scanner.bytes }

    /// How many aggregates are open.
    var depth: Int { stack.count }

    /// The code of an open aggregate counted from the innermost (0). During a leaf or close
    /// event, 0 is the parent; during an open event, 0 is the element just opened. -1 when there
    /// is no such element or its name is unknown.
    func ancestor(_ level: Int) -> Int {
        let index = stack.count - 1 - level
        return index >= 0 ? stack[index].code : -1
    }

    /// The innermost open aggregate with a known name; -1 for none.
    func nearestKnownAncestor() -> Int {
        var index = stack.count - 1
        while index >= 0 {
            if stack[index].code >= 0 { return stack[index].code }
            index -= 1
        }
        return -1
    }

    /// The names of the open aggregates from `depth` inward, joined with `/`.
    func path(fromDepth depth: Int) -> String {
        stack[max(0, depth)...].map { name($0.name) }.joined(separator: "/")
    }

    /// A name as text.
    func name(_ range: Range<Int>) -> String {
        String(decoding: bytes.view(range), as: UTF8.self)
    }

    /// The next event, or nil at the end of the input (aggregates may then still be open).
    /// - Throws: `ImportIssue` (`malformed`) when aggregates nest deeper than `maximumDepth`.
    mutating func next() throws(ImportIssue) -> Event? {
        if stack.count > closeDownTo { return pop() }
        closeDownTo = .max
        if let (event, element) = queuedOpen {
            queuedOpen = nil
            try push(element, line: event.line)
            return event
        }
        while true {
            scanner.skipSpaceBeforeMarkup()
            guard let token = scanner.next() else { break }
            switch token.kind {
            case .text, .processingInstruction, .declaration:
                continue
            case .emptyElementTag:
                let code = vocabulary.code(of: bytes, token.name, hash: token.nameHash)
                let end = token.content.upperBound
                return Event(kind: .leaf, code: code, name: token.name, value: end..<end, attributes: token.content, line: token.line)
            case .endTag:
                guard let index = stack.lastIndex(where: { sameName($0.name, $0.hash, token) }) else { continue }
                closeDownTo = index
                closeLine = token.line
                return pop()
            case .startTag:
                return try element(token)
            }
        }
        return nil
    }

    private mutating func element(_ token: MarkupToken) throws(ImportIssue) -> Event {
        let code = vocabulary.code(of: bytes, token.name, hash: token.nameHash)
        let contentStart = token.content.upperBound
        var event = Event(kind: .leaf, code: code, name: token.name, value: contentStart..<contentStart,
                          attributes: token.content, line: token.line)
        if !vocabulary.isAggregate(code) {
            scanner.skipSpaceBeforeMarkup()
            if scanner.nextIsText, let text = scanner.next() {
                if !MarkupText.isBlank(bytes, text.content) {
                    event.value = text.content
                    if scanner.nextIsEndTag && !scanner.skipEndTag(qualifiedName: (token.start + 1)..<token.name.upperBound) {
                        skipEndTag(matching: token)
                    }
                    return event
                }
            }
            if scanner.nextIsEndTag && skipEndTag(matching: token) { return event }
            if vocabulary.isLeaf(code) { return event }
        }
        event.kind = .open
        let element = OpenElement(code: code, name: token.name, hash: token.nameHash)
        if vocabulary.isExclusive(code), let index = stack.lastIndex(where: { $0.code == code }) {
            closeDownTo = index
            closeLine = token.line
            queuedOpen = (event, element)
            return pop()
        }
        try push(element, line: token.line)
        return event
    }

    /// Consumes the end tag at the current position when it closes `start` (written in another
    /// case or with white space); whether it did.
    @discardableResult
    private mutating func skipEndTag(matching start: MarkupToken) -> Bool {
        var lookahead = scanner
        guard let end = lookahead.next(), end.kind == .endTag, sameName(start.name, start.nameHash, end) else { return false }
        scanner = lookahead
        return true
    }

    private mutating func push(_ element: OpenElement, line: Int) throws(ImportIssue) {
        guard stack.count < Self.maximumDepth else {
            throw ImportIssue(.line(line), .malformed("elements nest more than \(Self.maximumDepth) deep"))
        }
        stack.append(element)
    }

    private mutating func pop() -> Event {
        let element = stack.removeLast()
        let end = element.name.upperBound
        return Event(kind: .close, code: element.code, name: element.name, value: end..<end, attributes: end..<end, line: closeLine)
    }

    private func sameName(_ name: Range<Int>, _ hash: UInt32, _ token: MarkupToken) -> Bool {
        hash == token.nameHash && MarkupName.equal(bytes, name, bytes, token.name, foldingCase: vocabulary.foldsCase)
    }
}
