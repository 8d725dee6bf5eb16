import Foundation
import TransactionSearch

/// A clock a test moves by hand: `store.clock = testClock.clock`, then `testClock.now = ...`.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) {
        self.instant = instant
    }

    var now: Date {
        get { lock.withLock { instant } }
        set { lock.withLock { instant = newValue } }
    }

    /// A store clock reading this one.
    var clock: StoreClock { StoreClock(now: { self.now }) }
}
