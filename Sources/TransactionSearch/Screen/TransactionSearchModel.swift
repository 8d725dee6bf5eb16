import Observation

/// What a search screen binds to: a search box, the rest of the query, and a result that
/// follows both and the store.
///
/// ```swift
/// @State private var model = TransactionSearchModel(store: store)
/// ...
/// TextField("Search", text: $model.searchText)
/// Text("\(model.result.total.count) transactions")
/// ```
///
/// - `searchText` is what the person types, read leniently with the search box syntax: the
///   terms that do not parse are set aside in `problems` and the rest is searched.
/// - Every change of an input (`searchText`, `scope`, `filters`, `grouping`, `groupOrdering`,
///   `sort`, `facets`, `query`, a saved search opened) and every store mutation that may change
///   the result starts a search.
///   Searches run off the main actor; a newer input cancels the search of an older one, and a
///   result never replaces a newer one. A mutation during a search does not cancel it: its
///   result is shown, then the model searches again.
/// - `result` holds the totals, the groups and the first page; `sections` and `row(at:)` page
///   through every matching row, for a list of any length.
@MainActor
@Observable
public final class TransactionSearchModel {
    /// The store searched.
    @ObservationIgnored public let store: TransactionStore

    /// What the person typed into the search box. Setting it starts a search (unless equal).
    public var searchText: String {
        didSet {
            guard searchText != oldValue else { return }
            parsed = SearchSyntax.parseLeniently(searchText)
        }
    }

    /// What `searchText` says, read leniently.
    private var parsed: ParsedSearch {
        didSet { if parsed != oldValue { inputsChanged() } }
    }

    /// Everything asked but the text and terms of the search box.
    private var settings: Query {
        didSet { if settings != oldValue { inputsChanged() } }
    }

    /// The answer to the last search that finished, or an empty result before the first.
    public private(set) var result: QueryResult

    /// The group headers of `result`, with the positions of their rows; empty with
    /// `Grouping.none`.
    public private(set) var sections: [ResultSection] = []

    /// Whether a search is running: `result` may be about to change.
    public var isSearching: Bool { coordinator.isSearching }

    /// The query `result` answers (nil before the first result): `query` until an input
    /// changes, then the previous one until the new result arrives.
    public private(set) var answeredQuery: Query?

    /// The store sequence `result` reflects.
    @ObservationIgnored var answeredSequence: UInt64 = 0
    /// Set while `query` is being set, so that its parts start one search, not several.
    @ObservationIgnored private var isSettingQuery = false
    /// Runs the searches: one at a time for the newest inputs, again after store changes.
    @ObservationIgnored let coordinator: SearchCoordinator
    /// Fetches the rows beyond the first page.
    @ObservationIgnored let pager: RowPager

    /// Called when a search ends with its query and whether its result was shown (false when
    /// it was cancelled or overtaken): tests follow the searches with it.
    var searchEnded: ((Query, Bool) -> Void)? {
        get { coordinator.searchEnded }
        set { coordinator.searchEnded = newValue }
    }

    /// A model searching `store`, starting from `query` (its text and terms become
    /// `searchText`). The first search starts at once; `result` is empty until it ends.
    public convenience init(store: TransactionStore, query: Query = Query()) {
        self.init(store: store, query: query, runner: .ownQueue())
    }

    /// A model with its own way of running searches (tests hold searches with it).
    init(store: TransactionStore, query: Query, runner: SearchRunner) {
        self.store = store
        coordinator = SearchCoordinator(store: store, runner: runner)
        pager = RowPager(store: store, runner: runner)
        let searchText = query.searchText
        self.searchText = searchText
        parsed = SearchSyntax.parseLeniently(searchText)
        settings = query.settings
        result = QueryResult(grouping: query.grouping, total: Aggregate(count: 0, sums: []), groups: [], rows: [])
        coordinator.show = { [weak self] answer in self?.show(answer.result, of: answer.query, sequence: answer.sequence) }
        coordinator.search(self.query)
    }

    /// The terms of `searchText` that were left out because their value did not fit their
    /// field (`amount>` while it is being typed), in the order typed.
    public var problems: [SearchSyntaxError] { parsed.problems }

    /// Which fields the plain words are matched against.
    public var scope: SearchScope {
        get { settings.scope }
        set { settings.scope = newValue }
    }

    /// The filters, combined with the search box's terms.
    public var filters: QueryFilters {
        get { settings.filters }
        set { settings.filters = newValue }
    }

    /// How the rows are grouped (and `sections` made).
    public var grouping: Grouping {
        get { settings.grouping }
        set { settings.grouping = newValue }
    }

    /// The order of the groups (their natural order, most rows or largest total first).
    public var groupOrdering: GroupOrdering {
        get { settings.groupOrdering }
        set { settings.groupOrdering = newValue }
    }

    /// The order of the rows, within and across groups.
    public var sort: ResultOrder {
        get { settings.sort }
        set { settings.sort = newValue }
    }

    /// The facets asked for (`result.facets`): the values of some fields among the matching
    /// rows, with their counts and sums, for filter chips.
    public var facets: [FacetRequest] {
        get { settings.facets }
        set { settings.facets = newValue }
    }

    /// `result` once no search is running: at once when none is, else when the last one
    /// started has ended (and any search a store change started meanwhile). The result then
    /// answers the inputs as they are and the store as it is; what a test, or a screen that
    /// acts on the answer to what was typed, waits for instead of polling `isSearching`.
    /// Waiting is not cancellable (a search ends by itself).
    public func settledResult() async -> QueryResult {
        await coordinator.settled()
        return result
    }

    /// The whole query asked now: `searchText` as parsed, with the other inputs. Setting it
    /// sets them all (`searchText` to the query's text and terms in the syntax) and starts
    /// one search; its `limit` is the size of `result.rows`.
    public var query: Query {
        get { parsed.applied(to: settings) }
        set {
            isSettingQuery = true
            searchText = newValue.searchText
            settings = newValue.settings
            isSettingQuery = false
            inputsChanged()
        }
    }

    /// Opens a saved search: its text as typed becomes `searchText`, its options the other
    /// inputs; one search starts.
    public func open(_ search: SavedSearch) {
        isSettingQuery = true
        searchText = search.searchText
        settings = search.options.settings
        isSettingQuery = false
        inputsChanged()
    }

    /// An input changed: the running search is for an old question, so it is cancelled and
    /// one for the new question starts.
    private func inputsChanged() {
        guard !isSettingQuery else { return }
        coordinator.search(query)
    }

    /// Sets the result and what depends on it; observers see a change only where there is one.
    private func show(_ newResult: QueryResult, of query: Query, sequence: UInt64) {
        let sameRows = answeredQuery.map { $0.withoutPage == query.withoutPage } == true && sequence == answeredSequence
        if !sameRows { pager.forget() }
        answeredSequence = sequence
        if answeredQuery != query { answeredQuery = query }
        if result != newResult {
            if result.groups != newResult.groups { sections = ResultSection.sections(of: newResult) }
            result = newResult
        }
    }
}

extension Query {
    /// Everything but the search box's text and terms: the model's other inputs.
    var settings: Query {
        Query(scope: scope, filters: filters, grouping: grouping, groupOrdering: groupOrdering,
              sort: sort, limit: limit, offset: offset, facets: facets)
    }

    /// The query with its page taken out: what decides which rows match and in what order.
    var withoutPage: Query {
        var query = self
        query.limit = 0
        query.offset = 0
        return query
    }
}
