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
    /// Events queued and not yet taken for delivery: `deliver()` after a change nobody
    /// listens to returns on this load, not three locks (cold code after a burst of queries).
    private let queued = Atomic<Int>(0)

    /// Whether anyone listens: events are only built when someone does.
    var hasSubscribers: Bool { subscriberCount.load(ordering: .acquiring) > 0 }

    func subscribe(_ handler: @escaping Handler) -> StoreObservation {
        let id = subscribers.withLock { state -> UInt64 in
            state.nextID += 1
            state.handlers.append((state.nextID, handler))
            return state.nextID
        }
        subscriberCount.add(1, ordering: .releasing)
        return StoreObservation { [weak self] in self?.unsubscribe(id) }
    }

    /// Queues events; call `deliver()` once the write lock is released.
    func enqueue(_ events: [StoreEvent]) {
        guard !events.isEmpty else { return }
        queue.withLock { pending in
            pending.append(contentsOf: events)
            queued.add(events.count, ordering: .releasing)  // under the lock: the count is the queue's
        }
    }

    /// Delivers queued events unless another thread is delivering (it will deliver them).
    func deliver() {
        // Nothing queued: a deliverer that took the events delivers them.
        guard queued.load(ordering: .acquiring) > 0 else { return }
        while true {
            let delivered: Bool? = delivery.withLockIfAvailable { _ -> Bool in
                while true {
                    let batch = queue.withLock { pending -> [StoreEvent] in
                        defer { pending.removeAll() }
                        queued.subtract(pending.count, ordering: .releasing)
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
