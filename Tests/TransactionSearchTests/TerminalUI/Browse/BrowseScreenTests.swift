import Testing
@testable import TerminalUI
@testable import TransactionSearch

/// The interactive search's screen as a pure function of the result, the screen's state and
/// the size: every line fits, the groups and the selection show, problems are flagged, and
/// the detail and edit pages hold the whole transaction. No terminal involved.
@Suite struct BrowseScreenTests {
    static func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(.sample("s1", "2026-03-01", merchant: "Starbucks"))
        try store.add(.sample("s2", "2026-03-01", merchant: "Starbucks Reserve 日本橋店", card: "Amex 0005"))
        try store.add(.sample("s3", "2026-03-02", merchant: "Starbucks"))
        try store.add(.sample("m1", "2026-03-02", merchant: "Star Market", category: "Groceries"))
        var imported = TransactionDraft.sample("l1", "2026-03-03", merchant: "LIDL SAGT DANKE", category: nil)
        imported.importKey = "bank2:-:FIT0042"
        imported.notes = "weekly shop, with a note long enough to go on over a second line of a narrow screen"
        try store.add(imported)
        return store
    }

    /// What the screen shows for `text` over `store`, every row in the result.
    static func content(_ store: TransactionStore, _ text: String, grouping: Grouping = .day) -> BrowseContent {
        let parsed = SearchSyntax.parseLeniently(text)
        var query = parsed.applied(to: Query(grouping: grouping))
        query.limit = Int.max
        return BrowseContent(store: store, result: store.search(query), text: text, problems: parsed.problems)
    }

    static let plain = BrowseSettings(styler: .plain, dates: .iso)
    static let coloured = BrowseSettings(styler: Styler(enabled: true), dates: .iso)

    func image(_ state: BrowseState, _ content: BrowseContent, _ size: TerminalSize = .init(columns: 100, rows: 30),
               settings: BrowseSettings = BrowseScreenTests.plain) -> ScreenImage {
        var state = state
        let viewport = ListViewport(count: content.count, sections: content.grouping == .none ? [] : content.sections)
        state.keepSelectionVisible(viewport, height: BrowseScreen.listHeight(size))
        return BrowseScreen.image(state, content, size: size, settings: settings)
    }

    @Test func theListPageShowsTotalsGroupsAndTheSelectedRow() throws {
        let store = try Self.store()
        let image = image(BrowseState(text: "starbucks"), Self.content(store, "starbucks"))
        #expect(image.lines.count == 30)
        #expect(image.lines[0] == "Search: starbucks" && image.cursor == .init(row: 0, column: 17))
        #expect(image.lines[2] == "3 transactions · -12.30 EUR")
        #expect(image.lines[3] == "2026-03-02 · 1 transaction · -4.10 EUR")
        #expect(image.lines[4].hasPrefix("> s3  2026-03-02  Starbucks "))
        #expect(image.lines[5] == "2026-03-01 · 2 transactions · -8.20 EUR")
        #expect(image.lines[6].hasPrefix("  s1  2026-03-01  Starbucks "))
        #expect(image.lines[7].contains("Starbucks Reserve 日本橋店") && image.lines[7].contains("Amex ****0005"))
        #expect(image.lines[8 ..< 29].allSatisfy { $0.isEmpty })
        #expect(image.lines[29].hasPrefix("type to search") && image.lines[29].contains("by day · row 1 of 3 · "))
    }

    /// Every line fits every width, the wide characters counted as two cells; a terminal too
    /// small says so.
    @Test(arguments: [20, 33, 47, 60, 80, 132])
    func everyLineFits(columns: Int) throws {
        let store = try Self.store()
        for text in ["", "star", "amount>"] {
            for settings in [Self.plain, Self.coloured] {
                let size = TerminalSize(columns: columns, rows: 12)
                let lines = image(BrowseState(text: text), Self.content(store, text), size, settings: settings).lines
                #expect(lines.count == 12)
                for line in lines { #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)") }
            }
        }
        #expect(image(BrowseState(), Self.content(store, ""), TerminalSize(columns: 19, rows: 30)).lines[0].contains("too small"))
        #expect(image(BrowseState(), Self.content(store, ""), TerminalSize(columns: 80, rows: 5)).lines.count == 5)
    }

    /// A term the search left out is flagged where it was typed, and said on the next line.
    @Test func problemsAreShownInline() throws {
        let store = try Self.store()
        let content = Self.content(store, "star amount>")
        #expect(content.count == 4)
        let coloured = image(BrowseState(text: "star amount>"), content, settings: Self.coloured)
        #expect(coloured.lines[0].hasSuffix("star \u{1B}[4;31mamount>\u{1B}[0m"))
        #expect(coloured.lines[1].contains("left out at character 13 ('amount>'): expected"))
        let plain = image(BrowseState(text: "star amount>"), content)
        #expect(plain.lines[0] == "Search: star amount>")
        #expect(!plain.lines.joined().contains("\u{1B}"))
    }

    @Test func nothingMatchingIsSaid() throws {
        let store = try Self.store()
        let image = image(BrowseState(text: "zzz"), Self.content(store, "zzz"))
        #expect(image.lines[2] == "0 transactions")
        #expect(image.lines[3] == "  No transactions match 'zzz'.")
    }

    /// Colour as the table has it: bold group titles, red amounts, matched words bold yellow,
    /// the selected row reversed across the width; none at all with `Styler.plain` (NO_COLOR).
    @Test func colourAsTheTableHasIt() throws {
        let store = try Self.store()
        let lines = image(BrowseState(text: "starbucks"), Self.content(store, "starbucks"), settings: Self.coloured).lines
        #expect(lines[3].hasPrefix("\u{1B}[1m2026-03-02\u{1B}[0m"))
        #expect(lines[4].hasPrefix("\u{1B}[7m> s3") && DisplayWidth.of(lines[4]) == 100)
        #expect(lines[6].contains("\u{1B}[1;33mStarbucks\u{1B}[0m") && lines[6].contains("\u{1B}[31m-4.10 EUR\u{1B}[0m"))
    }

    /// Grouped by none, rows follow one another; the selection scrolls the list.
    @Test func theSelectionScrollsTheList() throws {
        let store = try Self.store()
        var state = BrowseState()
        state.selected = 4
        state.focus = .list
        let lines = image(state, Self.content(store, "", grouping: .none), TerminalSize(columns: 80, rows: 6)).lines
        #expect(lines[3].hasPrefix("  s1") && lines[4].hasPrefix("> s2"))
        #expect(lines[5].contains("row 5 of 5") && lines[5].contains("not grouped") && lines[5].hasPrefix("Enter: details · q: quit"))
    }

    /// The detail page: every field, who set it, the import key and its kind; a long value
    /// goes on over more lines.
    @Test func theDetailPageShowsTheTransactionWhole() throws {
        let store = try Self.store()
        let transaction = try #require(store.transaction(id: "l1"))
        var state = BrowseState()
        state.page = .detail(transaction, position: 0)
        let lines = image(state, Self.content(store, ""), TerminalSize(columns: 60, rows: 24)).lines
        let text = lines.joined(separator: "\n")
        #expect(lines[0] == "Transaction l1  (row 1 of 5)")
        for field in ["id", "date", "amount", "status", "merchant", "payee", "processor", "category", "subcategory", "card",
                      "account", "notes", "import key", "sources"] {
            #expect(lines.contains { $0.hasPrefix("  " + field + " ") }, "\(field)")
        }
        #expect(text.contains("import key   the bank's id: bank2:-:FIT0042"))
        #expect(text.contains("payee        Lidl  (set by cleaner)"))
        #expect(text.contains("sources      payee: cleaner"))
        #expect(text.contains("a second line of a narrow screen") || text.contains("line of a narrow screen"))
        #expect(lines.filter { $0.hasPrefix("               ") }.count >= 1)  // the notes went on
        for line in lines { #expect(DisplayWidth.of(line) <= 60) }
        #expect(lines.last?.contains("e: edit") == true)
        let readOnly = BrowseSettings(styler: .plain, dates: .iso, readOnlyReason: "a file")
        #expect(image(state, Self.content(store, ""), settings: readOnly).lines.last?.contains("e: edit") == false)
    }

    @Test func theEditFormHasTheCursorInItsField() throws {
        let store = try Self.store()
        var form = EditForm(transaction: try #require(store.transaction(id: "m1")), position: 2)
        form.next()
        var state = BrowseState()
        state.page = .edit(form)
        let image = image(state, Self.content(store, ""))
        #expect(image.lines[0] == "Edit m1: Star Market")
        #expect(image.lines[2] == "  category     Groceries")
        #expect(image.lines[3] == "> notes        ")
        #expect(image.cursor == .init(row: 3, column: 15))
        form.activeValue.insert("for the party")
        form.previous()
        form.activeValue.clear()
        #expect(form.patch.category == .clear && form.patch.notes == .set("for the party"))
        #expect(EditForm(transaction: form.transaction, position: 2).patch.isEmpty)
    }
}
