/// The ANSI (ECMA-48 and xterm) sequences a full-screen program writes. Every terminal in use
/// today reads them; nothing is looked up in terminfo.
package enum TerminalSequence {
    /// Switches to the alternate screen (xterm 1049: saves the cursor and what was shown).
    package static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Back to the screen as it was before (restores what was shown and the cursor).
    package static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Lines that reach the right edge stay on their line instead of wrapping (DECAWM off).
    package static let disableLineWrap = "\u{1B}[?7l"
    /// Lines wrap at the right edge again (DECAWM on, every terminal's default).
    package static let enableLineWrap = "\u{1B}[?7h"
    /// Hides the cursor.
    package static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    package static let showCursor = "\u{1B}[?25h"
    /// Resets colours and attributes (SGR 0).
    package static let resetStyle = "\u{1B}[0m"
    /// Erases the whole screen (the cursor stays).
    package static let clearScreen = "\u{1B}[2J"
    /// Erases from the cursor to the end of its line.
    package static let eraseLineEnd = "\u{1B}[K"

    /// Moves the cursor to a cell, counted from 0 (the sequence counts from 1).
    package static func moveTo(row: Int, column: Int) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }

    /// What a full-screen program writes when it starts: the alternate screen, no wrapping,
    /// the cursor hidden until the first frame places it.
    package static let enterFullScreen = enterAlternateScreen + disableLineWrap + hideCursor + clearScreen

    /// What it writes when it ends, however it ends: styles reset, wrapping and the cursor
    /// back, the screen as it was before.
    package static let leaveFullScreen = resetStyle + enableLineWrap + showCursor + leaveAlternateScreen
}
