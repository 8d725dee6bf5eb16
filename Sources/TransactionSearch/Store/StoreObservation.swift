/// Keeps an observation of a store alive (a handler of its events, or a query's change
/// callback); `cancel()` (or releasing the last reference) ends it.
public final class StoreObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler from being called again. Calling it again does nothing.
    public func cancel() {
        onCancel()
    }

    deinit {
        onCancel()
    }
}
