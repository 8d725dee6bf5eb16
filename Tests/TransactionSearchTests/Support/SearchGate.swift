import Observation
@testable import TransactionSearch

/// A search runner for model tests: each search is computed when the model asks, then held at
/// the gate until the test releases it, so that a test decides which search ends first,
/// without timing.
final class SearchGate: Sendable {
    /// One search held at the gate, with the answer it computed.
    struct Held: Sendable {
        let query: Query
        let answer: (result: QueryResult, sequence: UInt64)
        /// Lets the search end; call once.
        let release: @Sendable () -> Void
    }

    /// The searches in the order they reach the gate.
    let arrivals: AsyncStream<Held>
    private let continuation: AsyncStream<Held>.Continuation

    init() {
        (arrivals, continuation) = AsyncStream.makeStream(of: Held.self)
    }

    /// The runner to give the model.
    var runner: SearchRunner {
        let continuation = self.continuation
        return SearchRunner { store, query, usingCache in
            let answer = store.searchWithSequence(query, usingCache: usingCache)
            await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
                continuation.yield(Held(query: query, answer: answer, release: { resume.resume() }))
            }
            return answer
        }
    }
}

/// The searches a model ended, in order: the text of each query and whether its result was
/// shown. Observable, so that a test can wait for the next one.
@MainActor @Observable
final class SearchLog {
    private(set) var ended: [(text: String, shown: Bool)] = []

    init(_ model: TransactionSearchModel) {
        model.searchEnded = { [weak self] query, shown in self?.ended.append((query.text, shown)) }
    }
}

/// Waits until `condition` holds, checking it again after each change of the observable
/// properties it reads (no polling, no clock). The suites' time limits stop a wait that
/// never ends.
@MainActor
func until(_ condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            withObservationTracking { _ = condition() } onChange: { continuation.resume() }
        }
    }
}
