extension TransactionSearchModel {
    /// Rows a page when the model loads rows beyond the first page: about two screens.
    public static let rowPageSize = RowPager.pageSize

    /// The row at a position among all the matching rows of `result` (`0 ..< result.total.count`,
    /// laid out group by group in the sort order), when it is loaded: the first page comes with
    /// the result, the others on demand. Nil when it is not loaded yet: its page is then
    /// requested, and the model changes when the page arrives. A list of every matching row
    /// asks for the row of each visible cell.
    public func row(at position: Int) -> ResultRow? {
        guard let query = answeredQuery else { return nil }
        return pager.row(at: position, of: result, query: query)
    }

    /// Loads the rows at these positions that are not loaded yet, off the main actor: a list
    /// asks a screen ahead (from a cell's `onAppear`) so that rows are there when scrolled to.
    public func loadRows(in positions: Range<Int>) {
        guard let query = answeredQuery else { return }
        pager.loadRows(in: positions, total: result.total.count, query: query)
    }

    /// The rows at these positions of `result`'s query, fetched now off the main actor and not
    /// kept by the model; positions past the end are left out. Empty before the first result.
    /// - Complexity: one search of the store.
    public func rows(in positions: Range<Int>) async -> [ResultRow] {
        guard let query = answeredQuery else { return [] }
        return await pager.rows(in: positions, query: query)
    }

    /// The section that holds a position, by halving `sections`; nil with no groups or past
    /// the end.
    /// - Complexity: O(log groups).
    public func section(containing position: Int) -> ResultSection? {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].positions.upperBound <= position { low = middle + 1 } else { high = middle }
        }
        return low < sections.count && sections[low].positions.contains(position) ? sections[low] : nil
    }
}
