/// The screen as last written, so that the next image is written as the lines that changed:
/// each one moved to (`ESC [ row ; 1 H`), written, its style reset and the rest of the line
/// erased (`ESC [ K`). The first image, and the first after `invalidate()` (a resize, a
/// return from the background), clears the screen and writes every line.
///
/// The cursor is hidden while lines are written and shown again where the image says, so a
/// redraw never shows it wandering.
package struct ScreenFrame: Sendable {
    /// The lines on the screen; nil before the first image and after `invalidate()`.
    private var shown: [String]?
    /// Where the cursor was left; nil when hidden.
    private var cursor: ScreenImage.Position?

    /// A frame that knows nothing of the screen yet.
    package init() {}

    /// Forgets what is on the screen: the next update clears it and writes every line.
    package mutating func invalidate() {
        shown = nil
    }

    /// The bytes that turn the screen into `image`: empty when it shows it already.
    package mutating func update(to image: ScreenImage) -> String {
        var output = ""
        let previous = shown
        if previous == nil { output += TerminalSequence.resetStyle + TerminalSequence.clearScreen }
        for (row, line) in image.lines.enumerated() {
            let old = previous.flatMap { row < $0.count ? $0[row] : nil }
            if old == line { continue }
            if previous == nil && line.isEmpty { continue }  // cleared already
            output += TerminalSequence.moveTo(row: row, column: 0) + line + TerminalSequence.resetStyle + TerminalSequence.eraseLineEnd
        }
        if let previous, previous.count > image.lines.count {
            for row in image.lines.count ..< previous.count where !previous[row].isEmpty {
                output += TerminalSequence.moveTo(row: row, column: 0) + TerminalSequence.eraseLineEnd
            }
        }
        let linesChanged = !output.isEmpty
        if linesChanged || image.cursor != cursor {
            // Lines are written with the cursor hidden; it comes back where the image says.
            var update = TerminalSequence.hideCursor + output
            if let position = image.cursor {
                update += TerminalSequence.moveTo(row: position.row, column: position.column) + TerminalSequence.showCursor
            }
            output = update
        }
        shown = image.lines
        cursor = image.cursor
        return output
    }
}
