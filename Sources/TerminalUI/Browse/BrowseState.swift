import TransactionSearch

/// Where the keys of the list page go: the search box, or the list (where `q` quits and
/// Enter shows the selected row).
package enum BrowseFocus: Hashable, Sendable {
    /// Typing edits the search box; the arrows move into the list.
    case query
    /// Keys move through the rows; a letter goes back to the search box.
    case list
}

/// The page the interactive search shows.
package enum BrowsePage: Sendable {
    /// The search box, the totals and the list of rows.
    case list
    /// One transaction, whole; `position` is where it is in the list.
    case detail(Transaction, position: Int)
    /// The edit form of a transaction's category and notes.
    case edit(EditForm)
    /// The form that changes every row the search matches.
    case bulkEdit(BulkEditForm)
}

/// A line that says what just happened (`Saved t42.`) or what went wrong, until the next key.
package struct BrowseMessage: Hashable, Sendable {
    /// What is said.
    package var text: String
    /// Whether it is a failure (red on a colour terminal).
    package var isError: Bool

    /// A message.
    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// Everything the interactive search's screen shows that is not the model's: the search box
/// being typed, the focus, the selected row and the top of the list, the page.
package struct BrowseState: Sendable {
    /// The search box.
    package var query: LineEditor
    /// Where the keys of the list page go.
    package var focus: BrowseFocus = .query
    /// The selected row's position among the matching rows.
    package var selected = 0
    /// The position of the first row on screen.
    package var top = 0
    /// The page shown.
    package var page: BrowsePage = .list
    /// What just happened, shown until the next key.
    package var message: BrowseMessage?

    /// A list page with `text` in the search box.
    package init(text: String = "") {
        query = LineEditor(text)
    }

    /// Keeps the selection among `count` rows and scrolls the list of `height` lines so that
    /// it is on screen.
    package mutating func keepSelectionVisible(_ viewport: ListViewport, height: Int) {
        selected = viewport.count == 0 ? 0 : min(max(selected, 0), viewport.count - 1)
        top = viewport.top(showing: selected, from: top, height: height)
    }
}
