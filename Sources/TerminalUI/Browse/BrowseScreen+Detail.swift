import TransactionSearch

/// The detail page: the transaction whole (`TransactionDetailLines`) under its title, the
/// message line, and the keys (Esc back, `e` edit, Up/Down the previous and next rows).
extension BrowseScreen {
    /// The detail page of `transaction`, at `position` in the list.
    static func detailImage(_ transaction: Transaction, position: Int, state: BrowseState, content: BrowseContent,
                            size: TerminalSize, settings: BrowseSettings) -> ScreenImage {
        let width = size.columns
        let styler = settings.styler
        var title = styler.apply(.bold, to: "Transaction \(VisibleText.escaped(transaction.id))")
        if content.count > 0 { title += "  (row \(position + 1) of \(content.count))" }
        var lines = [TextFitting.truncated(title, toWidth: width)]
        lines.append(messageLine(state.message, content: content, width: width, styler: styler))
        let body = TransactionDetailLines.lines(transaction, store: content.store, width: width, settings: settings)
        let room = size.rows - lines.count - 1
        lines += body.prefix(room)
        lines += Array(repeating: "", count: max(0, room - body.count))
        let edit = settings.readOnlyReason == nil ? " · e: edit category and notes" : ""
        let keys = "Esc: back" + edit + " · Up/Down: previous/next row · Ctrl-C: quit"
        lines.append(styler.apply(.dim, to: TextFitting.truncated(keys, toWidth: width)))
        return ScreenImage(lines: lines)
    }
}
