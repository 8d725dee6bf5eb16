/// One mutation of a store, numbered: `observe(_:)` hands every event to its handler in
/// sequence order.
public struct StoreEvent: Hashable, Sendable {
    /// 1 for the store's first mutation, then one more for each (a batch of n rows takes n).
    public let sequence: UInt64
    /// What changed.
    public let change: Change

    /// A mutation of one row, with the transaction as it was and as it is.
    public enum Change: Hashable, Sendable {
        /// A transaction added (by add, a batch or an import).
        case added(Transaction)
        /// A transaction changed, before and after.
        case updated(old: Transaction, new: Transaction)
        /// A transaction deleted, as it was.
        case deleted(Transaction)
    }
}
