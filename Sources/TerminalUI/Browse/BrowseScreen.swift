import TransactionSearch

/// The interactive search's screen as a pure function of what the model shows
/// (`BrowseContent`), the screen's own state (`BrowseState`) and the terminal's size: one line
/// per screen line, each fitted to the width (never wider, never wrapped), and the cursor.
///
/// The list page, top to bottom: the search box (`Search: starbucks`, the terms the search
/// left out in red); a line for what just happened, the problems of what is typed or the words
/// matched approximately; the count and total of the matches; the list (a header per group
/// with its count and total, the rows fitted as fsearch's table fits them, the selected one
/// reversed and marked `>`); the keys, with the grouping, the selected row and the search's
/// time on the right. The detail and edit pages are in
/// `BrowseScreen+Detail` and `+Edit`.
package enum BrowseScreen {
    /// The smallest terminal the screen is drawn in; a smaller one shows a line saying so.
    package static let minimumSize = TerminalSize(columns: 20, rows: 6)
    /// Lines above the list (search box, message, summary) and below it (keys).
    static let linesAboveList = 3
    static let linesBelowList = 1
    /// `Search: `, before the search box.
    static let prompt = "Search: "

    /// The lines of the list in a terminal of `size`.
    package static func listHeight(_ size: TerminalSize) -> Int {
        max(1, size.rows - linesAboveList - linesBelowList)
    }

    /// The screen for `state` and `content` in `size`.
    package static func image(_ state: BrowseState, _ content: BrowseContent, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            let note = TextFitting.truncated("too small: \(minimumSize) at least", toWidth: max(1, size.columns))
            return ScreenImage(lines: [note] + Array(repeating: "", count: max(0, size.rows - 1)))
        }
        switch state.page {
        case .list: return listImage(state, content, size: size, settings: settings)
        case .detail(let transaction, let position):
            return detailImage(transaction, position: position, state: state, content: content, size: size, settings: settings)
        case .edit(let form): return editImage(form, state: state, size: size, settings: settings)
        case .bulkEdit(let form): return bulkEditImage(form, state: state, size: size, settings: settings)
        }
    }

    /// The list page.
    static func listImage(_ state: BrowseState, _ content: BrowseContent, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let width = size.columns
        let styler = settings.styler
        var lines: [String] = []
        let (queryLine, cursorColumn) = searchBoxLine(state.query, problems: content.problems, width: width, styler: styler)
        lines.append(queryLine)
        lines.append(messageLine(state.message, content: content, width: width, styler: styler))
        lines.append(totalsLine(content, width: width))
        let height = listHeight(size)
        var list = listLines(state, content, height: height, width: width, settings: settings)
        list += Array(repeating: "", count: max(0, height - list.count))
        lines += list
        let keys = state.focus == .query
            ? "type to search · Enter: details · Esc: quit · Down: rows · Tab: group by · Ctrl-B: change all"
            : "Enter: details · q: quit · /: search · Tab: group by · Ctrl-B: change all · Up/Down PgUp/PgDn Home/End: move"
        lines.append(keysLine(keys, status: listStatus(state, content), width: width, styler: styler))
        let cursor = state.focus == .query ? ScreenImage.Position(row: 0, column: min(width - 1, DisplayWidth.of(prompt) + cursorColumn)) : nil
        return ScreenImage(lines: lines, cursor: cursor)
    }

    /// `Search: ` and the visible part of the search box, the terms the search left out in
    /// red; with the cell of the cursor in the box.
    static func searchBoxLine(_ query: LineEditor, problems: [SearchSyntaxError], width: Int, styler: Styler) -> (String, Int) {
        let window = query.window(width: max(1, width - DisplayWidth.of(prompt)))
        let flagged = problems.map { flaggedRange($0, in: query.text) }
        var text = ""
        var run = ""
        var runIsFlagged = false
        func flush() {
            text += runIsFlagged ? styler.apply([.red, .underline], to: run) : run
            run = ""
        }
        for piece in window.pieces {
            let isFlagged = piece.offset.map { offset in flagged.contains { $0.contains(offset) } } ?? false
            if isFlagged != runIsFlagged {
                flush()
                runIsFlagged = isFlagged
            }
            run += piece.text
        }
        flush()
        return (styler.apply(.bold, to: prompt) + text, window.cursorColumn)
    }

    /// The characters of `text` a problem is about: its term where it was typed (the
    /// occurrence that holds or ends at the problem's position, which counts characters from
    /// 1), else the character at the position.
    static func flaggedRange(_ problem: SearchSyntaxError, in text: String) -> Range<Int> {
        let characters = Array(text)
        let term = Array(problem.term)
        let position = problem.position - 1
        if !term.isEmpty && term.count <= characters.count {
            for start in stride(from: min(position, characters.count - term.count), through: 0, by: -1)
            where Array(characters[start ..< start + term.count]) == term && start + term.count >= position {
                return start ..< start + term.count
            }
        }
        return position ..< position + 1
    }

    /// What just happened; else what is wrong with the search box's terms; else the words
    /// matched approximately; else nothing.
    static func messageLine(_ message: BrowseMessage?, content: BrowseContent, width: Int, styler: Styler) -> String {
        if let message {
            let text = TextFitting.truncated(VisibleText.escaped(message.text), toWidth: width)
            return message.isError ? styler.apply(.red, to: text) : text
        }
        if !content.problems.isEmpty {
            let text = "left out " + content.problems.map(\.description).joined(separator: "; ")
            return styler.apply(.red, to: TextFitting.truncated(text, toWidth: width))
        }
        if !content.corrections.isEmpty {
            let text = content.corrections.map { correction in
                "showing results for \(correction.matched.map(VisibleText.escaped).joined(separator: ", ")) (nothing matched '\(VisibleText.escaped(correction.term))' exactly)"
            }.joined(separator: "; ")
            return styler.apply(.dim, to: TextFitting.truncated(text, toWidth: width))
        }
        return ""
    }

    /// `56 transactions · -290.11 EUR, -7.94 GBP` (with the base total when rates are set).
    static func totalsLine(_ content: BrowseContent, width: Int) -> String {
        guard content.isAnswered else { return "Searching…" }
        var text = SummaryText.count(content.count)
        if content.count > 0 { text += " · " + SummaryText.sums(of: content.total) }
        return TextFitting.truncated(text, toWidth: width)
    }

    /// `by day · row 3 of 56 · 0.25 ms`: the grouping, where the selection is, the search's time.
    static func listStatus(_ state: BrowseState, _ content: BrowseContent) -> String {
        guard content.isAnswered else { return "" }
        var pieces = [content.grouping == .none ? "not grouped" : "by \(content.grouping.rawValue)"]
        if content.count > 0 { pieces.append("row \(min(state.selected, content.count - 1) + 1) of \(content.count)") }
        pieces.append(String(format: "%.2f ms", Double(content.elapsedMicroseconds) / 1000))
        return pieces.joined(separator: " · ")
    }

    /// The bottom line: the keys on the left (dim, cut first when narrow), `status` on the right.
    static func keysLine(_ keys: String, status: String, width: Int, styler: Styler) -> String {
        let status = TextFitting.truncated(status, toWidth: width)
        let room = width - DisplayWidth.of(status) - 2
        guard room >= 8 else { return status }
        let left = TextFitting.truncated(keys, toWidth: room)
        return styler.apply(.dim, to: left) + TextFitting.spaces(width - DisplayWidth.of(left) - DisplayWidth.of(status)) + status
    }

    /// The list's lines from the state's top row: group headers and rows, the selected row
    /// marked; a line saying nothing matches, or that the search runs.
    static func listLines(_ state: BrowseState, _ content: BrowseContent, height: Int, width: Int, settings: BrowseSettings) -> [String] {
        guard content.isAnswered else { return [] }
        guard content.count > 0 else {
            let what = content.answeredText.isEmpty ? "the filters" : "'\(VisibleText.escaped(content.answeredText))'"
            return [TextFitting.truncated("  No transactions match \(what).", toWidth: width)]
        }
        let viewport = ListViewport(count: content.count, sections: content.grouping == .none ? [] : content.sections)
        let entries = viewport.lines(from: state.top, height: height)
        // The rows on screen that are loaded, laid out together so their columns line up.
        var loaded: [(position: Int, row: ResultRow)] = []
        for case .row(let position) in entries {
            if let row = content.row(position) { loaded.append((position, row)) }
        }
        let selectedIndex = loaded.firstIndex { $0.position == state.selected }
        let rowLines = ResultRowLines(rows: loaded.map(\.row), store: content.store, settings: settings.table(width: width),
                                      spansAccounts: settings.spansAccounts).lines(unstyled: selectedIndex)
        var lineOfPosition: [Int: String] = [:]
        for (index, entry) in loaded.enumerated() { lineOfPosition[entry.position] = rowLines[index] }
        return entries.map { entry in
            switch entry {
            case .header(let index):
                let group = viewport.sections[index].group
                let title = TextFitting.truncated(SummaryText.title(of: group, dates: settings.dates), toWidth: width)
                let rest = " · " + SummaryText.count(group.count) + " · " + SummaryText.sums(of: group.aggregate)
                return TextFitting.truncated(settings.styler.apply(.bold, to: title) + rest, toWidth: width)
            case .row(let position):
                let line = lineOfPosition[position] ?? settings.styler.apply(.dim, to: "  …")
                return position == state.selected ? selectedLine(line, width: width, styler: settings.styler) : line
            }
        }
    }

    /// A row line as the selected one: `>` in its indent, reversed across the whole width on
    /// a colour terminal.
    static func selectedLine(_ line: String, width: Int, styler: Styler) -> String {
        let marked = ">" + line.dropFirst()
        guard styler.isEnabled else { return marked }
        return styler.apply(.reverse, to: TextFitting.padded(marked, toWidth: width))
    }
}
