import TransactionSearch

/// The edit page: the transaction's category and notes being typed, the active field marked
/// `>` with the cursor in it, and what Enter and Esc do.
extension BrowseScreen {
    /// The edit page of `form`.
    static func editImage(_ form: EditForm, state: BrowseState, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let width = size.columns
        let styler = settings.styler
        let title = styler.apply(.bold, to: "Edit \(VisibleText.escaped(form.transaction.id))") + ": " + VisibleText.escaped(form.transaction.merchant)
        var lines = [TextFitting.truncated(title, toWidth: width), ""]
        if let message = state.message {
            let text = TextFitting.truncated(VisibleText.escaped(message.text), toWidth: width)
            lines[1] = message.isError ? styler.apply(.red, to: text) : text
        }
        let labelWidth = TransactionDetailLines.labelWidth
        var cursor: ScreenImage.Position?
        for (index, field) in EditForm.fields.enumerated() {
            let marker = index == form.active ? "> " : "  "
            let window = form.values[index].window(width: max(1, width - labelWidth - 2))
            let label = TextFitting.padded(field.rawValue, toWidth: labelWidth)
            lines.append(marker + (index == form.active ? styler.apply(.bold, to: label) : styler.apply(.dim, to: label)) + window.text)
            if index == form.active { cursor = ScreenImage.Position(row: lines.count - 1, column: min(width - 1, 2 + labelWidth + window.cursorColumn)) }
        }
        lines.append("")
        lines.append(styler.apply(.dim, to: TextFitting.truncated("  An empty field is cleared; what is saved is marked as set by hand.", toWidth: width)))
        lines += Array(repeating: "", count: max(0, size.rows - lines.count - 1))
        lines.append(styler.apply(.dim, to: TextFitting.truncated("Tab/Up/Down: other field · Enter: save · Esc: cancel", toWidth: width)))
        return ScreenImage(lines: Array(lines.prefix(size.rows)), cursor: cursor)
    }
}

/// The bulk form: how many rows the search matches, the fields being typed, the active one
/// marked `>` with the cursor in it, and what Enter and Esc do.
extension BrowseScreen {
    /// The bulk page of `form`.
    static func bulkEditImage(_ form: BulkEditForm, state: BrowseState, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let width = size.columns
        let styler = settings.styler
        let rows = form.count == 1 ? "the 1 matching row" : "all \(form.count) matching rows"
        let search = form.query.searchText.isEmpty ? "every row" : VisibleText.escaped(form.query.searchText)
        let title = styler.apply(.bold, to: "Change \(rows)") + ": " + search
        var lines = [TextFitting.truncated(title, toWidth: width), ""]
        if let message = state.message {
            let text = TextFitting.truncated(VisibleText.escaped(message.text), toWidth: width)
            lines[1] = message.isError ? styler.apply(.red, to: text) : text
        }
        let labelWidth = TransactionDetailLines.labelWidth
        var cursor: ScreenImage.Position?
        for (index, field) in BulkEditForm.fields.enumerated() {
            let marker = index == form.active ? "> " : "  "
            let window = form.values[index].window(width: max(1, width - labelWidth - 2))
            let label = TextFitting.padded(field.rawValue, toWidth: labelWidth)
            lines.append(marker + (index == form.active ? styler.apply(.bold, to: label) : styler.apply(.dim, to: label)) + window.text)
            if index == form.active { cursor = ScreenImage.Position(row: lines.count - 1, column: min(width - 1, 2 + labelWidth + window.cursorColumn)) }
        }
        lines.append("")
        let note = "  An empty field stays as it is; what is saved is marked as set by hand, one step for undo."
        lines.append(styler.apply(.dim, to: TextFitting.truncated(note, toWidth: width)))
        lines += Array(repeating: "", count: max(0, size.rows - lines.count - 1))
        lines.append(styler.apply(.dim, to: TextFitting.truncated("Tab/Up/Down: other field · Enter: change them · Esc: cancel", toWidth: width)))
        return ScreenImage(lines: Array(lines.prefix(size.rows)), cursor: cursor)
    }
}
