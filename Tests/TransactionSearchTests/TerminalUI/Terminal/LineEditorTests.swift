import Testing
@testable import TerminalUI

/// The search box's line: editing by characters, and the window a narrow box shows.
@Suite struct LineEditorTests {
    @Test func editingWorksOnCharacters() {
        var line = LineEditor("star")
        #expect(line.cursor == 4)
        line.insert("bucks")
        #expect(line.text == "starbucks" && line.cursor == 9)
        line.deleteBackward()
        #expect(line.text == "starbuck")
        line.moveLeft(); line.moveLeft()
        line.insert("X")
        #expect(line.text == "starbuXck" && line.cursor == 7)
        line.deleteForward()
        #expect(line.text == "starbuXk")
        line.moveToStart()
        line.deleteBackward()
        #expect(line.text == "starbuXk" && line.cursor == 0)
        line.moveToEnd()
        line.moveRight()
        #expect(line.cursor == 8)
        line.clear()
        #expect(line.text == "" && line.cursor == 0)
    }

    /// A backspace removes an emoji or an accented letter whole; a combining mark typed after a
    /// letter joins it.
    @Test func clustersStayWhole() {
        var line = LineEditor("café 👨‍👩‍👧")
        line.deleteBackward()
        #expect(line.text == "café ")
        line.moveLeft()
        line.deleteBackward()
        #expect(line.text == "caf ")
        line.insert("e")
        line.insert("\u{301}")
        #expect(line.text == "cafe\u{301} " && line.cursor == 4)
    }

    /// Ctrl-W removes the word before the cursor and the spaces after it.
    @Test func deletingAWord() {
        var line = LineEditor("star amount>5  ")
        line.deleteWordBackward()
        #expect(line.text == "star ")
        line.deleteWordBackward()
        #expect(line.text == "")
        line.deleteWordBackward()
        #expect(line.text == "")
        line = LineEditor("one two three")
        for _ in 0..<6 { line.moveLeft() }
        line.deleteWordBackward()
        #expect(line.text == "one  three" && line.cursor == 4)
    }

    /// A line that fits is shown whole with the cursor after it; a longer one is a stretch that
    /// holds the cursor, cut on the left with `…`, never cutting a wide character.
    @Test func theWindowHoldsTheCursor() {
        let short = LineEditor("star").window(width: 10)
        #expect(short.text == "star" && short.cursorColumn == 4)
        let long = LineEditor("merchant:starbucks amount>5").window(width: 10)
        #expect(long.text.hasPrefix("…") && long.text.hasSuffix("amount>5") && long.cursorColumn == 9)
        #expect(DisplayWidth.of(long.text) <= 10)
        var wide = LineEditor("日本語テキスト")
        let end = wide.window(width: 6)
        #expect(end.text == "…スト" && end.cursorColumn == 5)
        wide.moveToStart()
        let start = wide.window(width: 6)
        #expect(start.text == "日本語" && start.cursorColumn == 0)
        for offset in 0...7 {
            var line = LineEditor("日本語テキスト")
            line.moveToStart()
            for _ in 0..<offset { line.moveRight() }
            let window = line.window(width: 7)
            #expect(DisplayWidth.of(window.text) <= 7 && window.cursorColumn < 7, "cursor at \(offset)")
        }
        #expect(LineEditor("a\u{7}b").window(width: 10).text == "a\u{FFFD}b")
    }
}
