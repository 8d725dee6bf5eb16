/// One line of text being typed, with its cursor: the search box of the interactive search,
/// the fields of its edit form. Editing works on characters (grapheme clusters), so a
/// backspace removes an accented letter or an emoji whole.
package struct LineEditor: Hashable, Sendable {
    /// The text.
    package private(set) var text: String
    /// Where the cursor is, in characters from the start (`0...text.count`).
    package private(set) var cursor: Int

    /// A line holding `text`, the cursor at its end.
    package init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Inserts `characters` at the cursor and moves the cursor past them.
    package mutating func insert(_ characters: String) {
        guard !characters.isEmpty else { return }
        let (before, after) = split()
        let joined = before + characters
        // A combining mark typed after a letter joins it: the cursor counts the joined text.
        cursor = joined.count
        text = joined + after
    }

    /// Removes the character before the cursor (Backspace).
    package mutating func deleteBackward() {
        guard cursor > 0 else { return }
        var characters = Array(text)
        characters.remove(at: cursor - 1)
        text = String(characters)
        cursor -= 1
    }

    /// Removes the character at the cursor (Delete).
    package mutating func deleteForward() {
        guard cursor < text.count else { return }
        var characters = Array(text)
        characters.remove(at: cursor)
        text = String(characters)
    }

    /// Removes the word before the cursor and the spaces after it (Ctrl-W).
    package mutating func deleteWordBackward() {
        var characters = Array(text)
        var start = cursor
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start ..< cursor)
        text = String(characters)
        cursor = start
    }

    /// Removes everything (Ctrl-U).
    package mutating func clear() {
        text = ""
        cursor = 0
    }

    /// Moves the cursor one character left.
    package mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves the cursor one character right.
    package mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    /// Moves the cursor to the start (Ctrl-A).
    package mutating func moveToStart() { cursor = 0 }
    /// Moves the cursor to the end (Ctrl-E).
    package mutating func moveToEnd() { cursor = text.count }

    /// The text before and after the cursor.
    private func split() -> (String, String) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        return (String(text[..<index]), String(text[index...]))
    }
}

extension LineEditor {
    /// The part of the line shown in `width` cells, with the cursor's cell in it.
    package struct Window: Hashable, Sendable {
        /// A character shown, or the `…` that marks text scrolled out on the left.
        package struct Piece: Hashable, Sendable {
            /// Its offset in the text; nil for the `…`.
            package var offset: Int?
            /// What is shown for it.
            package var text: String
        }

        /// What is shown, left to right.
        package var pieces: [Piece]
        /// The cell the cursor is in, from 0.
        package var cursorColumn: Int

        /// The shown text.
        package var text: String { pieces.map(\.text).joined() }
    }

    /// What `width` cells show of the line: all of it when it fits with a cell for the cursor
    /// after it; otherwise a stretch that holds the cursor, the text cut on the left marked
    /// with `…`, cut on the right where the cells end. Control characters are shown as the
    /// table shows them (one replacement character).
    package func window(width: Int) -> Window {
        guard width > 0 else { return Window(pieces: [], cursorColumn: 0) }
        let characters = Array(text).map { TableLayout.visible(String($0)) }
        let widths = characters.map { DisplayWidth.of($0) }
        // The first character shown: 0, or the one after which the cursor still fits with a
        // `…` before it.
        var first = 0
        var used = widths[..<cursor].reduce(0, +)
        if used + 1 > width {
            first = cursor
            used = 1  // the `…`
            while first > 0 && used + widths[first - 1] + 1 <= width {
                first -= 1
                used += widths[first]
            }
        }
        var pieces: [Window.Piece] = first > 0 ? [Window.Piece(offset: nil, text: TextFitting.ellipsis)] : []
        var cells = first > 0 ? 1 : 0
        var cursorColumn = cells
        for offset in first ..< characters.count {
            if offset == cursor { cursorColumn = cells }
            guard cells + widths[offset] <= width else { break }
            pieces.append(Window.Piece(offset: offset, text: characters[offset]))
            cells += widths[offset]
        }
        if cursor >= characters.count { cursorColumn = min(cells, width - 1) }
        return Window(pieces: pieces, cursorColumn: cursorColumn)
    }
}
