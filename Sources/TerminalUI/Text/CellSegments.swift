/// One piece of text as a terminal lays it out: a grapheme cluster with its cell width, or a
/// whole escape sequence, which takes no cell.
package struct CellSegment {
    /// Where the piece is in the text it was cut from.
    package let range: Range<String.Index>
    /// Cells the piece takes (0 for an escape sequence).
    package let width: Int
    /// Whether the piece is an escape sequence (kept or dropped whole, never cut).
    package let isEscape: Bool
    /// Whether the piece is an SGR sequence (`ESC [ ... m`), which changes the style.
    package let isStyle: Bool
}

/// Walks text cluster by cluster, grouping each ANSI escape sequence into one zero-width
/// segment, so that measuring and cutting styled text agree with what the terminal shows.
///
/// Recognised: CSI (`ESC [` parameters, intermediates, a final byte 0x40-0x7E), OSC (`ESC ]`
/// up to BEL or `ESC \`) and two-byte `ESC x`. An ESC followed by something else stands alone
/// as a zero-width control.
package struct CellSegments<Text: StringProtocol>: IteratorProtocol {
    private let text: Text
    private var index: String.Index

    /// Segments of `text`, from its start.
    package init(_ text: Text) {
        self.text = text
        self.index = text.startIndex
    }

    /// The next segment, or nil at the end of the text.
    package mutating func next() -> CellSegment? {
        guard index < text.endIndex else { return nil }
        let start = index
        let character = text[index]
        index = text.index(after: index)
        guard character == "\u{1B}" else {
            return CellSegment(range: start..<index, width: DisplayWidth.of(character), isEscape: false, isStyle: false)
        }
        let isStyle = skipEscapeBody()
        return CellSegment(range: start..<index, width: 0, isEscape: true, isStyle: isStyle)
    }

    /// Moves past the body of the escape sequence whose ESC was just read; returns whether it
    /// was an SGR sequence. Stops before anything that cannot belong to a sequence.
    private mutating func skipEscapeBody() -> Bool {
        guard let introducer = firstScalar(at: index) else { return false }
        switch introducer {
        case 0x5B:  // "[": CSI
            advance()
            while let value = firstScalar(at: index) {
                if (0x20...0x3F).contains(value) {
                    advance()
                } else if (0x40...0x7E).contains(value) {
                    advance()
                    return value == 0x6D  // "m"
                } else {
                    return false  // malformed: the sequence ends here
                }
            }
            return false
        case 0x5D:  // "]": OSC, up to BEL or ST (ESC \)
            advance()
            while let value = firstScalar(at: index) {
                advance()
                if value == 0x07 { return false }
                if value == 0x1B {
                    if firstScalar(at: index) == 0x5C { advance() }
                    return false
                }
            }
            return false
        case 0x20...0x7E:
            advance()
            return false
        default:
            return false
        }
    }

    /// The first scalar of the cluster at `position`, nil at the end.
    private func firstScalar(at position: String.Index) -> UInt32? {
        guard position < text.endIndex else { return nil }
        return text[position].unicodeScalars.first?.value
    }

    /// Moves one cluster on.
    private mutating func advance() {
        index = text.index(after: index)
    }
}
