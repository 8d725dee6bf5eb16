import Synchronization

/// Hands store events to subscribers, in sequence order, outside the store's write lock (so a
/// handler may query the store, or even mutate it: that event is delivered after the current
/// one, never re-entrantly and never out of order).
final class EventHub: Sendable {
    typealias Handler = @Sendable (StoreEvent) -> Void

    private struct Subscribers {
        var handlers: [(id: UInt64, handler: Handler)] = []
        var nextID: UInt64 = 0
    }

    private let subscribers = Locked(Subscribers())
    private let queue = Locked<[StoreEvent]>([])
    private let delivery = Locked(())
    private let subscriberCount = Atomic<Int>(0)

    /// Whether anyone listens: events are only built when someone does.
    var hasSubscribers: Bool { subscriberCount.load(ordering: .acquiring) > 0 }

    func subscribe(_ handler: @escaping Handler) -> StoreSubscription {
        let id = subscribers.withLock { state -> UInt64 in
            state.nextID += 1
            state.handlers.append((state.nextID, handler))
            return state.nextID
        }
        subscriberCount.add(1, ordering: .releasing)
        return StoreSubscription { [weak self] in self?.unsubscribe(id) }
    }

    /// Queues events; call `deliver()` once the write lock is released.
    func enqueue(_ events: [StoreEvent]) {
        guard !events.isEmpty else { return }
        queue.withLock { $0.append(contentsOf: events) }
    }

    /// Delivers queued events unless another thread is delivering (it will deliver them).
    func deliver() {
        while true {
            let delivered: Bool? = delivery.withLockIfAvailable { _ -> Bool in
                while true {
                    let batch = queue.withLock { pending -> [StoreEvent] in
                        defer { pending.removeAll() }
                        return pending
                    }
                    if batch.isEmpty { return true }
                    let handlers = subscribers.withLock { $0.handlers.map(\.handler) }
                    for event in batch {
                        for handler in handlers { handler(event) }
                    }
                }
            }
            // Another thread holds delivery: it re-checks the queue after letting go.
            if delivered == nil { return }
            if queue.withLock({ $0.isEmpty }) { return }
        }
    }

    private func unsubscribe(_ id: UInt64) {
        let removed = subscribers.withLock { state -> Bool in
            guard let index = state.handlers.firstIndex(where: { $0.id == id }) else { return false }
            state.handlers.remove(at: index)
            return true
        }
        if removed { subscriberCount.subtract(1, ordering: .releasing) }
    }
}
