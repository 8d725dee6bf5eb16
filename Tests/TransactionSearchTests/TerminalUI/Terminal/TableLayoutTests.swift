import Testing
@testable import TerminalUI
@testable import fsearch
import TransactionSearchSupport

/// Tables fitted to terminal widths.
@Suite struct TableLayoutTests {
    /// date, merchant, category, notes, amount: notes shrink and drop first, then category;
    /// merchant shrinks last; date and amount never shrink.
    static let layout = TableLayout(columns: [
        .fixed("Date"),
        .text("Merchant", minimumWidth: 10, shrinkOrder: 2),
        .text("Category", minimumWidth: 8, maximumWidth: 20, shrinkOrder: 1, dropOrder: 1),
        .text("Notes", minimumWidth: 8, shrinkOrder: 0, dropOrder: 0),
        .fixed("Amount", alignment: .right),
    ], gap: 2, indent: 2)

    static let rows: [[String]] = [
        ["2024-03-01", "AMAZON MKTPLACE PMTS AMZN.COM/BILL WA 98109 ORDER 114-2345678-1234567", "Shopping", "gift for 👨‍👩‍👧‍👦 birthday", "-1,234.56 EUR"],
        ["2024-03-02", "セブン-イレブン 東京都千代田区丸の内店", "コンビニ", "おにぎりとお茶", "-4.20 EUR"],
        ["2024-03-03", "星巴克咖啡 北京三里屯太古里店", "餐饮", "", "-38.00 CNY"],
        ["2024-03-04", "Cafe\u{301} de Flore", "Restaurants", "cre\u{300}me bru\u{302}le\u{301}e 🇫🇷", "-12.30 EUR"],
        ["2024-03-05", "", "", "", "0.00 EUR"],
        ["2024-03-06", "Salary ACME GmbH", "Income", "March 🏳️‍🌈 bonus incl.", "4,200.00 EUR"],
        ["2024-03-07", "🧑‍💻 GitHub Sponsors", "", "monthly ❤️", "-5.00 USD"],
        ["2024-03-08", "한국 식당 서울", "Restaurants", "비빔밥", "-15,000 KRW"],
    ]

    /// The sample table at 40 to 200 columns: lines fit, dates and amounts whole, cut cells end with …, notes dropped before category.
    @Test(arguments: [40, 60, 80, 120, 200])
    func fitsEveryWidth(width: Int) throws {
        let table = TableLayoutTests.layout.render(TableLayoutTests.rows, totalWidth: width)
        for line in table.lines {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
        try checkCells(table, rows: TableLayoutTests.rows, layout: TableLayoutTests.layout)
        // Date and amount are never cut or dropped.
        for (row, line) in zip(TableLayoutTests.rows, table.rows) {
            #expect(line.contains(row[0]))
            #expect(line.hasSuffix(row[4]), "amount cut: \(line)")
        }
        // Notes go before category.
        if table.widths[2] == nil { #expect(table.widths[3] == nil) }
    }

    /// The exact widths around the points where columns are dropped.
    @Test func narrowTerminalDropsNotesThenCategory() {
        let at40 = TableLayoutTests.layout.widths(for: TableLayoutTests.rows, totalWidth: 40)
        #expect(at40[3] == nil && at40[2] == nil)
        #expect(at40[1] == 40 - 2 - 10 - 13 - 2 * 2)
        // Minimums: 2 + 10 + 10 + 8 + 8 + 13 + 4 gaps of 2 = 59.
        let at59 = TableLayoutTests.layout.widths(for: TableLayoutTests.rows, totalWidth: 59)
        #expect(at59 == [10, 10, 8, 8, 13])
        // One cell less: notes go; category (shrink order 1) gives up width before merchant.
        let at58 = TableLayoutTests.layout.widths(for: TableLayoutTests.rows, totalWidth: 58)
        #expect(at58 == [10, 19, 8, nil, 13])
        // Minimums without notes: 2 + 10 + 10 + 8 + 13 + 3 gaps of 2 = 49.
        let at49 = TableLayoutTests.layout.widths(for: TableLayoutTests.rows, totalWidth: 49)
        #expect(at49 == [10, 10, 8, nil, 13])
        let at48 = TableLayoutTests.layout.widths(for: TableLayoutTests.rows, totalWidth: 48)
        #expect(at48 == [10, 19, nil, nil, 13])
    }

    /// With room to spare every cell is whole and no room is wasted.
    @Test func wideTerminalShowsLongDescriptorsWhole() {
        let table = TableLayoutTests.layout.render(TableLayoutTests.rows, totalWidth: 200)
        #expect(table.widths.allSatisfy { $0 != nil })
        #expect(!table.rows.joined().contains("…"))
        #expect(table.rows[0].contains(TableLayoutTests.rows[0][1]))
        // Spare room is not spread: the table is as wide as its natural widths.
        #expect(table.lines.map { DisplayWidth.of($0) }.max()! < 200)
    }

    /// Header line, left and right alignment, wide characters padded by cells.
    @Test func headerAndAlignment() {
        let layout = TableLayout(columns: [.text("Name", minimumWidth: 4), .fixed("Sum", alignment: .right)], gap: 1)
        let table = layout.render([["ab", "1.00"], ["日本語", "-12.50"]], totalWidth: 80)
        #expect(table.header == "Name      Sum")
        #expect(table.rows == ["ab       1.00", "日本語 -12.50"])
    }

    /// A fixed column gives up header width it does not need for its cells.
    @Test func fixedColumnHeaderIsCutBeforeItsCells() {
        let layout = TableLayout(columns: [.text("Merchant", minimumWidth: 3), .fixed("Amount in EUR", alignment: .right)], gap: 1)
        let table = layout.render([["Shop", "1.00"]], totalWidth: 9)
        #expect(table.widths == [3, 5])
        #expect(table.header == "Me… Amou…")
        #expect(table.rows == ["Sh…  1.00"])
    }

    /// Controls in cells are made harmless.
    @Test func controlCharactersNeverReachTheLine() {
        let layout = TableLayout(columns: [.text("A", minimumWidth: 3), .fixed("B")])
        let table = layout.render([["x\ny\u{1B}[31mz", "1\t2"]], totalWidth: 80)
        #expect(table.rows == ["x y\u{FFFD}[31mz  1 2"])
    }

    /// Short rows and an empty table render.
    @Test func missingCellsAndNoRows() {
        let table = TableLayoutTests.layout.render([["2024-01-01"]], totalWidth: 80)
        #expect(table.rows == ["  2024-01-01"])
        let empty = TableLayoutTests.layout.render([], totalWidth: 30)
        #expect(DisplayWidth.of(empty.header) <= 30)
    }

    /// Even at 0 to 30 columns no line is wider than the terminal.
    @Test func absurdlyNarrowWidthsStillNeverOverflow() {
        for width in 0...30 {
            let table = TableLayoutTests.layout.render(TableLayoutTests.rows, totalWidth: width)
            for line in table.lines { #expect(DisplayWidth.of(line) <= max(0, width)) }
        }
    }

    /// The style closure sees fitted text; the styled line still fits.
    @Test func stylingHappensAfterFitting() {
        let layout = TableLayout(columns: [.text("Merchant", minimumWidth: 4), .fixed("Amount", alignment: .right)], gap: 1)
        let styler = Styler(enabled: true)
        let table = layout.render([["Supermarket", "-3.00"]], totalWidth: 12) { position, text in
            position.column == 1 && position.row != nil && text.hasPrefix("-") ? styler.apply(.red, to: text) : text
        }
        // Merchant shrinks first; the amount column keeps its header's width.
        #expect(table.rows == ["Supe…  \u{1B}[31m-3.00\u{1B}[0m"])
        #expect(DisplayWidth.of(table.rows[0]) == 12)
    }

    /// Random rows of mixed scripts at random widths: lines fit, amounts stay whole from the
    /// width where they can, every cut cell ends with `…`.
    @Test func randomTablesFit() throws {
        var random = SeededRandom(seed: 0x5EED_0003)
        for _ in 0..<150 {
            let rows = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                ["2024-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))",
                 MixedText.random(using: &random, maximumPieces: 20),
                 MixedText.random(using: &random, maximumPieces: 4),
                 MixedText.random(using: &random, maximumPieces: 10),
                 String(cents: Int.random(in: -99999...99999, using: &random))]
            }
            let width = Int.random(in: 35...220, using: &random)
            let table = TableLayoutTests.layout.render(rows, totalWidth: width)
            for line in table.lines { #expect(DisplayWidth.of(line) <= width) }
            try checkCells(table, rows: rows, layout: TableLayoutTests.layout)
        }
    }

    /// Splits each rendered row back into its cells by cell offsets and checks each: whole
    /// when it fits, else a prefix of the cell ending with `…`.
    func checkCells(_ table: RenderedTable, rows: [[String]], layout: TableLayout) throws {
        for (row, line) in zip(rows, table.rows) {
            let pieces = split(line, widths: table.widths, gap: layout.gap, indent: layout.indent)
            for (column, piece) in pieces {
                let cell = column < row.count ? row[column] : ""
                let width = try #require(table.widths[column])
                let leading = String(cell.drop(while: { $0 == " " }))
                if DisplayWidth.of(cell) <= width {
                    #expect(piece == trimmed(cell), "column \(column): \(piece) vs \(cell)")
                } else {
                    #expect(piece.hasSuffix("…"), "cut without …: \(piece)")
                    #expect(leading.hasPrefix(trimmed(String(piece.dropLast()))), "\(piece) vs \(cell)")
                    if layout.columns[column].shrinkOrder == nil { Issue.record("fixed column cut: \(cell)") }
                }
            }
        }
    }

    /// The cells of a rendered line (spaces around them trimmed), by column index.
    func split(_ line: String, widths: [Int?], gap: Int, indent: Int) -> [(Int, String)] {
        var spans: [(column: Int, start: Int, end: Int)] = []
        var offset = indent
        for (column, width) in widths.enumerated() {
            guard let width else { continue }
            spans.append((column, offset, offset + width))
            offset += width + gap
        }
        var texts = Array(repeating: "", count: spans.count)
        var position = 0
        for character in line {
            // A cell starting with a combining mark joins the space before it into one
            // cluster: the space belongs to the gap, the mark to the cell.
            var pieces = [String(character)]
            if character.unicodeScalars.count > 1, character.unicodeScalars.first == " " {
                pieces = [" ", String(String.UnicodeScalarView(character.unicodeScalars.dropFirst()))]
            }
            for piece in pieces {
                // A zero-width piece right after a cell's last cell still belongs to it.
                let width = DisplayWidth.of(piece)
                if let index = spans.firstIndex(where: { position >= $0.start && (position < $0.end || (width == 0 && position == $0.end)) }) {
                    texts[index] += piece
                }
                position += width
            }
        }
        return zip(spans, texts).map { span, text in (span.column, trimmed(text)) }
    }

    /// `text` without spaces at either end.
    func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(text[first...last])
    }
}

extension String {
    /// An amount-like text from cents: `-1,234.56 EUR`.
    init(cents: Int) {
        let sign = cents < 0 ? "-" : ""
        let value = abs(cents)
        self = "\(sign)\(value / 100).\(value % 100 < 10 ? "0" : "")\(value % 100) EUR"
    }
}
