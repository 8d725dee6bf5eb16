extension TransactionSearchModel {
    /// Rows a page when the model loads rows beyond the first page: about two screens.
    public static let rowPageSize = 100

    /// The row at a position among all the matching rows of `result` (`0 ..< result.total.count`,
    /// laid out group by group in the sort order), when it is loaded: the first page comes with
    /// the result, the others on demand. Nil when it is not loaded yet: its page is then
    /// requested, and the model changes when the page arrives. A list of every matching row
    /// asks for the row of each visible cell.
    public func row(at position: Int) -> ResultRow? {
        guard position >= 0, position < result.total.count, let query = answeredQuery else { return nil }
        let firstPageStart = max(query.offset, 0)
        if position >= firstPageStart && position - firstPageStart < result.rows.count {
            return result.rows[position - firstPageStart]
        }
        let page = position / Self.rowPageSize
        if let rows = loadedPages[page] {
            let index = position - page * Self.rowPageSize
            return index < rows.count ? rows[index] : nil
        }
        loadPage(page)
        return nil
    }

    /// Loads the rows at these positions that are not loaded yet, off the main actor: a list
    /// asks a screen ahead (from a cell's `onAppear`) so that rows are there when scrolled to.
    public func loadRows(in positions: Range<Int>) {
        let end = min(positions.upperBound, result.total.count)
        guard positions.lowerBound < end else { return }
        let first = max(positions.lowerBound, 0) / Self.rowPageSize
        let last = (end - 1) / Self.rowPageSize
        for page in first...last { loadPage(page) }
    }

    /// The rows at these positions of `result`'s query, fetched now off the main actor and not
    /// kept by the model; positions past the end are left out. Empty before the first result.
    /// - Complexity: one search of the store.
    public func rows(in positions: Range<Int>) async -> [ResultRow] {
        guard var query = answeredQuery, !positions.isEmpty else { return [] }
        query.offset = max(positions.lowerBound, 0)
        query.limit = positions.upperBound - query.offset
        return await runner.search(store, query, false)?.result.rows ?? []
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

    /// Fetches one page of rows unless it is loaded or on its way.
    private func loadPage(_ page: Int) {
        guard let query = answeredQuery, loadedPages[page] == nil, requestedPages[page] == nil else { return }
        pageRequests &+= 1
        let request = pageRequests
        requestedPages[page] = request
        var pageQuery = query
        pageQuery.offset = page * Self.rowPageSize
        pageQuery.limit = Self.rowPageSize
        let store = self.store
        let runner = self.runner
        Task { [weak self] in
            guard let answer = await runner.search(store, pageQuery, false) else { return }
            self?.pageLoaded(page, rows: answer.result.rows, request: request)
        }
    }

    /// Keeps a fetched page, unless the result it was asked for has been replaced since (which
    /// forgot the request).
    private func pageLoaded(_ page: Int, rows: [ResultRow], request: UInt64) {
        guard requestedPages[page] == request else { return }
        requestedPages[page] = nil
        loadedPages[page] = rows
    }
}
