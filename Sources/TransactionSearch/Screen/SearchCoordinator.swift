import Observation

/// Runs the searches of a search screen: one for each question asked, off the main actor; a
/// newer question cancels the search of an older one, a result never replaces a newer one, and
/// a store mutation that may change the answer searches again (after the running search, whose
/// result is still shown). The lifecycle part of `TransactionSearchModel`, which asks the
/// questions and shows the answers.
@MainActor
@Observable
final class SearchCoordinator {
    /// What a finished search hands over to be shown: its result, the query it answers, and
    /// the store sequence it reflects.
    typealias Answer = (result: QueryResult, query: Query, sequence: UInt64)

    /// Whether a search is running: the answer shown may be about to change. Observed.
    private(set) var isSearching = false

    @ObservationIgnored private let store: TransactionStore
    @ObservationIgnored private let runner: SearchRunner
    /// Shows an answer; set by the owner before the first search.
    @ObservationIgnored var show: (Answer) -> Void = { _ in }
    /// The question asked last: what a store change searches again.
    @ObservationIgnored private var asked = Query()
    /// Numbers each search; only a later number's result may replace the shown one.
    @ObservationIgnored private var generation: UInt64 = 0
    /// The number of the search whose result is shown.
    @ObservationIgnored private var shownGeneration: UInt64 = 0
    @ObservationIgnored private var searchTask: Task<Void, Never>?
    /// A mutation came during the running search: search again when it ends.
    @ObservationIgnored private var searchAgain = false
    @ObservationIgnored private var observation: StoreObservation?
    @ObservationIgnored private var observedQuery: Query?
    @ObservationIgnored private let pendingChange = PendingChange()
    /// Called when a search ends with its query and whether its result was shown (false when
    /// it was cancelled or overtaken): tests follow the searches with it.
    @ObservationIgnored var searchEnded: ((Query, Bool) -> Void)?
    /// Callers of `settled()` waiting for the running searches to end.
    @ObservationIgnored private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    /// A coordinator searching `store` with `runner`.
    init(store: TransactionStore, runner: SearchRunner) {
        self.store = store
        self.runner = runner
    }

    /// Cancels the running search and starts one for `query` and the store as it is.
    func search(_ query: Query) {
        asked = query
        searchTask?.cancel()
        searchAgain = false
        generation &+= 1
        let number = generation
        observeChanges(of: query)
        isSearching = true
        let store = self.store
        let runner = self.runner
        searchTask = Task { [weak self] in
            // A search cancelled before it starts (a newer keystroke in the same turn) never runs.
            let answer = Task.isCancelled ? nil : await runner.search(store, query, true)
            guard let self else { return }
            let shown = !Task.isCancelled && answer.map { self.finish($0, of: query, number: number) } == true
            self.searchEnded?(query, shown)
        }
    }

    /// Returns once no search is running: at once when none is, else when the last one
    /// started has ended (and any search a store change started meanwhile).
    func settled() async {
        while isSearching {
            await withCheckedContinuation { settleWaiters.append($0) }
        }
    }

    /// Shows a finished search's result unless a later one is shown, then searches again if
    /// the store changed meanwhile. Returns whether the result was shown.
    private func finish(_ answer: (result: QueryResult, sequence: UInt64), of query: Query, number: UInt64) -> Bool {
        guard number == generation else { return false }
        searchTask = nil
        let isNewer = number > shownGeneration
        if isNewer {
            shownGeneration = number
            show((answer.result, query, answer.sequence))
        }
        if searchAgain {
            search(asked)
        } else {
            isSearching = false
            let waiters = settleWaiters
            settleWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        return isNewer
    }

    /// Observes the store for mutations that may change `query`'s result; a burst of them
    /// sends one hop to the main actor.
    private func observeChanges(of query: Query) {
        guard query != observedQuery else { return }
        observedQuery = query
        let pendingChange = self.pendingChange
        observation = store.observe(query) { [weak self] in
            guard pendingChange.mark() else { return }
            Task { @MainActor [weak self] in
                pendingChange.clear()
                self?.storeChanged()
            }
        }
    }

    /// The store changed in a way that may change the result: search again, after the running
    /// search if there is one (its result is newer than the one shown).
    private func storeChanged() {
        if searchTask != nil {
            searchAgain = true
        } else {
            search(asked)
        }
    }
}
