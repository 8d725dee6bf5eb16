/// One mutation of a store, numbered: subscribers receive every event in sequence order.
public struct StoreEvent: Hashable, Sendable {
    /// 1 for the store's first mutation, then one more for each (a batch of n rows takes n).
    public let sequence: UInt64
    public let change: Change

    public enum Change: Hashable, Sendable {
        case added(Transaction)
        case updated(old: Transaction, new: Transaction)
        case deleted(Transaction)
    }
}

/// Keeps a subscription alive; `cancel()` (or releasing the last reference) ends it.
public final class StoreSubscription: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler from receiving further events. Calling it again does nothing.
    public func cancel() {
        onCancel()
    }

    deinit {
        onCancel()
    }
}
