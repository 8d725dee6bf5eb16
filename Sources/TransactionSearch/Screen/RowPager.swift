import Observation

/// The rows of a search's answer beyond its first page, fetched a page at a time off the main
/// actor when a list asks for them, and forgotten when the answer's rows change: the paging
/// part of `TransactionSearchModel` (the interactive `fsearch -i` pages the same way).
@MainActor
@Observable
final class RowPager {
    /// Rows a page: about two screens.
    static let pageSize = 100

    /// Rows beyond the first page, by page number, for the query and store state of the answer
    /// shown. Observed: a list redraws when a page it asked for arrives.
    private(set) var loadedPages: [Int: [ResultRow]] = [:]

    /// Pages asked for and not loaded yet, each with the number of its request, so that each
    /// is fetched once and a page asked for before the answer changed is not kept.
    @ObservationIgnored private var requestedPages: [Int: UInt64] = [:]
    /// Numbers the requests of pages.
    @ObservationIgnored private var pageRequests: UInt64 = 0
    @ObservationIgnored private let store: TransactionStore
    @ObservationIgnored private let runner: SearchRunner

    /// A pager fetching from `store` with `runner`.
    init(store: TransactionStore, runner: SearchRunner) {
        self.store = store
        self.runner = runner
    }

    /// Drops every page and forgets the requests on their way: the answer's rows changed.
    func forget() {
        loadedPages = [:]
        requestedPages = [:]
    }

    /// The row at a position among all the matching rows of `result`, the answer to `query`:
    /// from its first page, or from a loaded page; nil when its page is not loaded yet (the
    /// page is then requested).
    func row(at position: Int, of result: QueryResult, query: Query) -> ResultRow? {
        guard position >= 0, position < result.total.count else { return nil }
        let firstPageStart = max(query.offset, 0)
        if position >= firstPageStart && position - firstPageStart < result.rows.count {
            return result.rows[position - firstPageStart]
        }
        let page = position / Self.pageSize
        if let rows = loadedPages[page] {
            let index = position - page * Self.pageSize
            return index < rows.count ? rows[index] : nil
        }
        loadPage(page, of: query)
        return nil
    }

    /// Requests the pages that hold these positions (of `total` matching rows of `query`) and
    /// are not loaded or on their way.
    func loadRows(in positions: Range<Int>, total: Int, query: Query) {
        let end = min(positions.upperBound, total)
        guard positions.lowerBound < end else { return }
        let first = max(positions.lowerBound, 0) / Self.pageSize
        let last = (end - 1) / Self.pageSize
        for page in first...last { loadPage(page, of: query) }
    }

    /// The rows of `query`'s answer at these positions, fetched now and not kept.
    func rows(in positions: Range<Int>, query: Query) async -> [ResultRow] {
        guard !positions.isEmpty else { return [] }
        var query = query
        query.offset = max(positions.lowerBound, 0)
        query.limit = positions.upperBound - query.offset
        return await runner.search(store, query, false)?.result.rows ?? []
    }

    /// Fetches one page of rows unless it is loaded or on its way.
    private func loadPage(_ page: Int, of query: Query) {
        guard loadedPages[page] == nil, requestedPages[page] == nil else { return }
        pageRequests &+= 1
        let request = pageRequests
        requestedPages[page] = request
        var pageQuery = query
        pageQuery.offset = page * Self.pageSize
        pageQuery.limit = Self.pageSize
        let store = self.store
        let runner = self.runner
        Task { [weak self] in
            guard let answer = await runner.search(store, pageQuery, false) else { return }
            self?.pageLoaded(page, rows: answer.result.rows, request: request)
        }
    }

    /// Keeps a fetched page, unless the answer it was asked for has been replaced since (which
    /// forgot the request).
    private func pageLoaded(_ page: Int, rows: [ResultRow], request: UInt64) {
        guard requestedPages[page] == request else { return }
        requestedPages[page] = nil
        loadedPages[page] = rows
    }
}
