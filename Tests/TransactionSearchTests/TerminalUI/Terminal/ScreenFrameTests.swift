import Testing
@testable import TerminalUI

/// A redraw writes only the lines that changed; the first frame, and the first after a
/// resize, clears the screen and writes them all.
@Suite struct ScreenFrameTests {
    @Test func onlyChangedLinesAreWritten() {
        var frame = ScreenFrame()
        let first = frame.update(to: ScreenImage(lines: ["Search: st", "", "3 transactions"], cursor: .init(row: 0, column: 10)))
        #expect(first.hasPrefix(TerminalSequence.hideCursor + TerminalSequence.resetStyle + TerminalSequence.clearScreen))
        #expect(first.contains("\u{1B}[1;1HSearch: st") && first.contains("\u{1B}[3;1H3 transactions"))
        #expect(!first.contains("\u{1B}[2;1H"))  // an empty line of a cleared screen is not written
        #expect(first.hasSuffix("\u{1B}[1;11H" + TerminalSequence.showCursor))

        let second = frame.update(to: ScreenImage(lines: ["Search: sta", "", "3 transactions"], cursor: .init(row: 0, column: 11)))
        #expect(second == TerminalSequence.hideCursor + "\u{1B}[1;1HSearch: sta\u{1B}[0m\u{1B}[K" + "\u{1B}[1;12H" + TerminalSequence.showCursor)

        #expect(frame.update(to: ScreenImage(lines: ["Search: sta", "", "3 transactions"], cursor: .init(row: 0, column: 11))) == "")
        let cursorHidden = frame.update(to: ScreenImage(lines: ["Search: sta", "", "3 transactions"]))
        #expect(cursorHidden == TerminalSequence.hideCursor)
        let cleared = frame.update(to: ScreenImage(lines: ["Search: sta", "", ""]))
        #expect(cleared == TerminalSequence.hideCursor + "\u{1B}[3;1H\u{1B}[0m\u{1B}[K")
    }

    @Test func invalidatingRedrawsEverything() {
        var frame = ScreenFrame()
        let image = ScreenImage(lines: ["a", "b"])
        _ = frame.update(to: image)
        #expect(frame.update(to: image) == "")
        frame.invalidate()
        let again = frame.update(to: image)
        #expect(again.contains(TerminalSequence.clearScreen) && again.contains("\u{1B}[1;1Ha") && again.contains("\u{1B}[2;1Hb"))
        let shorter = frame.update(to: ScreenImage(lines: ["a"]))
        #expect(shorter.contains("\u{1B}[2;1H\u{1B}[K"))
    }
}
