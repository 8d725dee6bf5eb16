import TransactionSearch

/// The edit page (a transaction's category and notes) and the bulk page (every matching row):
/// the same form, a title, the fields being typed with the active one marked `>` and the
/// cursor in it, a line on what saving does, and the keys.
extension BrowseScreen {
    /// The edit page of `form`.
    static func editImage(_ form: EditForm, state: BrowseState, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let title = settings.styler.apply(.bold, to: "Edit \(VisibleText.escaped(form.transaction.id))") + ": "
            + VisibleText.escaped(form.transaction.merchant)
        return formImage(title: title, fields: EditForm.fields, values: form.values, active: form.active,
                         note: "  An empty field is cleared; what is saved is marked as set by hand.",
                         keys: "Tab/Up/Down: other field · Enter: save · Esc: cancel", state: state, size: size, settings: settings)
    }

    /// The bulk page of `form`: how many rows the search matches, the fields to set.
    static func bulkEditImage(_ form: BulkEditForm, state: BrowseState, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let rows = form.count == 1 ? "the 1 matching row" : "all \(form.count) matching rows"
        let search = form.query.searchText.isEmpty ? "every row" : VisibleText.escaped(form.query.searchText)
        return formImage(title: settings.styler.apply(.bold, to: "Change \(rows)") + ": " + search, fields: BulkEditForm.fields,
                         values: form.values, active: form.active,
                         note: "  An empty field stays as it is; what is saved is marked as set by hand, one step for undo.",
                         keys: "Tab/Up/Down: other field · Enter: change them · Esc: cancel", state: state, size: size, settings: settings)
    }

    /// A form's page: `title`, the message line, one line per field, `note`, and `keys` at
    /// the bottom.
    private static func formImage(title: String, fields: [TransactionField], values: [LineEditor], active: Int, note: String,
                                  keys: String, state: BrowseState, size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let width = size.columns
        let styler = settings.styler
        var lines = [TextFitting.truncated(title, toWidth: width), ""]
        if let message = state.message {
            let text = TextFitting.truncated(VisibleText.escaped(message.text), toWidth: width)
            lines[1] = message.isError ? styler.apply(.red, to: text) : text
        }
        let labelWidth = TransactionDetailLines.labelWidth
        var cursor: ScreenImage.Position?
        for (index, field) in fields.enumerated() {
            let marker = index == active ? "> " : "  "
            let window = values[index].window(width: max(1, width - labelWidth - 2))
            let label = TextFitting.padded(field.rawValue, toWidth: labelWidth)
            lines.append(marker + (index == active ? styler.apply(.bold, to: label) : styler.apply(.dim, to: label)) + window.text)
            if index == active { cursor = ScreenImage.Position(row: lines.count - 1, column: min(width - 1, 2 + labelWidth + window.cursorColumn)) }
        }
        lines.append("")
        lines.append(styler.apply(.dim, to: TextFitting.truncated(note, toWidth: width)))
        lines += Array(repeating: "", count: max(0, size.rows - lines.count - 1))
        lines.append(styler.apply(.dim, to: TextFitting.truncated(keys, toWidth: width)))
        return ScreenImage(lines: Array(lines.prefix(size.rows)), cursor: cursor)
    }
}
