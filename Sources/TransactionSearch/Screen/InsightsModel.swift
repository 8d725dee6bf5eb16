import Observation

/// What an insights screen binds to: the recurring series, a report's cells and a summary of
/// the rows a query matches, recomputed off the main actor when an input changes or the store
/// does (a burst of changes is one recomputation).
///
/// ```swift
/// @State private var insights = InsightsModel(store: store)
/// ...
/// ForEach(insights.series, id: \.ids) { Text("\($0.payee) \($0.cadence)") }
/// ```
@MainActor
@Observable
public final class InsightsModel {
    /// The store read.
    @ObservationIgnored public let store: TransactionStore

    /// The rows the insights cover (every row by default). Setting it recomputes.
    public var query: Query {
        didSet { if query != oldValue { refresh() } }
    }

    /// The report asked for (its `query` is replaced by `query`). Setting it recomputes.
    public var reportRequest: ReportRequest {
        didSet { if reportRequest != oldValue { refresh() } }
    }

    /// The recurring series of the rows, as `TransactionStore.recurringSeries` orders them.
    public private(set) var series: [RecurringSeries] = []
    /// The report's cells, oldest period first.
    public private(set) var cells: [ReportCell] = []
    /// The summary of the rows (nil before the first computation).
    public private(set) var summary: StoreSummary?
    /// Whether a computation is running.
    public private(set) var isComputing = false

    @ObservationIgnored private var observation: StoreObservation?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var generation: UInt64 = 0
    @ObservationIgnored private let pending = PendingChange()

    /// A model of `store`'s insights over `query`, computing at once and after every change.
    public init(store: TransactionStore, query: Query = Query(), report: ReportRequest = ReportRequest()) {
        self.store = store
        self.query = query
        reportRequest = report
        let pending = self.pending
        observation = store.observe { [weak self] _ in
            guard pending.mark() else { return }
            Task { @MainActor [weak self] in
                pending.clear()
                self?.refresh()
            }
        }
        refresh()
    }

    /// Waits for the running computation, if any, to finish.
    public func settled() async {
        while let task {
            await task.value
            if self.task == task { break }
        }
    }

    /// Starts a computation for the current inputs; an older one still running is dropped.
    private func refresh() {
        task?.cancel()
        generation &+= 1
        let number = generation
        let store = self.store, query = self.query
        var asked = reportRequest
        asked.query = query
        let request = asked
        isComputing = true
        task = Task { [weak self] in
            let answer = await Task.detached(priority: .userInitiated) {
                (store.recurringSeries(matching: query), store.report(request).cells, store.summary(matching: query))
            }.value
            guard let self, number == self.generation, !Task.isCancelled else { return }
            if series != answer.0 { series = answer.0 }
            if cells != answer.1 { cells = answer.1 }
            if summary != answer.2 { summary = answer.2 }
            isComputing = false
        }
    }
}
