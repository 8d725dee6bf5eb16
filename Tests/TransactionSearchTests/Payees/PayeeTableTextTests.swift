import Testing
@testable import TransactionSearch

/// The text tables' syntax, read as UTF-8 bytes: lines trimmed with comment and blank lines
/// dropped, a row's name before the first ` = `, `|` items trimmed and non-empty, words split at
/// spaces and newlines, markers.
@Suite struct PayeeTableTextTests {
    @Test func linesRowsItemsAndWords() {
        let text = "# a comment\n  Café Zürich = CAFE ZURICH |  ^STORE \t| $END\r\n\n\t\n  bare | list |  | x = y\nName = A = B\n"
        let lines = PayeeTableText.lines(text)
        #expect(lines == ["Café Zürich = CAFE ZURICH |  ^STORE \t| $END", "bare | list |  | x = y", "Name = A = B"])
        let first = PayeeTableText.row(lines[0])
        #expect(first.name == "Café Zürich")
        #expect(first.items == ["CAFE ZURICH", "^STORE", "$END"])
        let second = PayeeTableText.row(lines[1])
        #expect(second.name == "bare | list |  | x")
        #expect(second.items == ["y"])
        let third = PayeeTableText.row(lines[2])
        #expect(third.name == "Name" && third.items == ["A = B"])
        let bare = PayeeTableText.row("A | B|C ")
        #expect(bare.name == nil && bare.items == ["A", "B", "C"])
        #expect(PayeeTableText.row("A=B").name == nil)
        #expect(PayeeTableText.words("NY CA\n#TX  WA\n") == ["NY", "CA", "WA"])
        #expect(PayeeTableText.trim(" \t\r ÄÖ \r") == "ÄÖ")
        #expect(PayeeTableText.trim("   ") == "")
        let marked = PayeeTableText.marked("^$STORE")
        #expect(marked.flags == [.needsNumber, .exclusive] && marked.text == "STORE")
    }
}
