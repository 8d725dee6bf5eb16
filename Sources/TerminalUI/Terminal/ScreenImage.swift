/// What a full-screen program shows: one line of text per screen line, each fitted to the
/// width already (styled with SGR codes at most), and where the cursor is, if shown.
package struct ScreenImage: Hashable, Sendable {
    /// A cell of the screen, from 0.
    package struct Position: Hashable, Sendable {
        /// The line, from 0 at the top.
        package var row: Int
        /// The cell in the line, from 0 at the left.
        package var column: Int

        /// The cell at `row` and `column`.
        package init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// The lines, top to bottom: as many as the screen has.
    package var lines: [String]
    /// Where the cursor blinks; nil when it is hidden.
    package var cursor: Position?

    /// An image of `lines` with the cursor at `cursor` (hidden when nil).
    package init(lines: [String], cursor: Position? = nil) {
        self.lines = lines
        self.cursor = cursor
    }
}
