/// The two orders rows are kept in, so that a page in any sort order is a walk, not a sort:
/// by date (instant, then id) and by amount (magnitude across currencies, then newer first,
/// then id). Each add, update and delete moves one row in each.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class RowOrders: @unchecked Sendable {
    @exclusivity(unchecked) var byDate = OrderedRowList()
    @exclusivity(unchecked) var byAmount = OrderedRowList()

    var memoryUse: Int { byDate.memoryUse + byAmount.memoryUse }
}
