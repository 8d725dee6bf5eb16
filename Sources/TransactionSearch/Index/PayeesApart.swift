/// For each payee, how many of its rows have a merchant whose folded text differs from the
/// payee's: the rows a search of both fields finds only through the payee.
///
/// A payee is mostly its merchant's name cleaned, and on text that is mostly distinct (the
/// bench's long-tail data: 98.7 % of rows) it is the merchant's text itself. A word searched
/// in every field then matches a row's payee exactly when it matches its merchant, so the
/// payee's descriptors would be gathered twice: once through the merchant strings the word
/// matches, once through the payee strings. A search of merchants and payees together
/// (`TermField.all`) takes only the payees with rows apart (`QueryCompiler.textCondition`):
/// every other row of a matching payee has a merchant of the same folded text, which the same
/// word matches.
struct PayeesApart: Sendable, Equatable {
    /// Rows apart by payee code.
    private(set) var rows: [UInt32] = []
    /// Payee codes with rows apart.
    private(set) var payees = 0

    /// Counts `count` rows of `payee` (a code of the payee field, 0: none) whose merchant's
    /// folded text `differs`.
    @inline(__always)
    mutating func add(payee: UInt32, differs: Bool, rows count: UInt32 = 1) {
        guard differs && payee != 0 && count > 0 else { return }
        let index = Int(payee)
        if index >= rows.count { rows.append(contentsOf: repeatElement(0, count: max(index + 1, rows.count * 2) - rows.count)) }
        if rows[index] == 0 { payees += 1 }
        rows[index] += count
    }

    /// Takes back what `add` counted for a row.
    @inline(__always)
    mutating func remove(payee: UInt32, differs: Bool) {
        guard differs && payee != 0 else { return }
        let index = Int(payee)
        precondition(index < rows.count && rows[index] > 0, "PayeesApart.remove: payee \(payee) has no rows apart")
        rows[index] -= 1
        if rows[index] == 0 { payees -= 1 }
    }

    /// Whether some row of `payee` has a merchant of another folded text.
    @inline(__always)
    func hasRowsApart(_ payee: UInt32) -> Bool { Int(payee) < rows.count && rows[Int(payee)] > 0 }

    /// Calls `body` with each payee code that has rows apart, ascending.
    func forEachPayee(_ body: (UInt32) -> Void) {
        for index in rows.indices where rows[index] > 0 { body(UInt32(index)) }
    }

    /// Equal when they count the same rows apart for every payee (trailing zeros aside).
    static func == (left: PayeesApart, right: PayeesApart) -> Bool {
        let count = max(left.rows.count, right.rows.count)
        return left.payees == right.payees
            && (0..<count).allSatisfy { (left.rows.indices.contains($0) ? left.rows[$0] : 0) == (right.rows.indices.contains($0) ? right.rows[$0] : 0) }
    }

    var memoryUse: Int { rows.capacity * 4 }
}
