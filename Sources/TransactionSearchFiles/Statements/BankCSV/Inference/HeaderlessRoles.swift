import TransactionSearch

/// The roles of the columns of a bank CSV file that has no header and is no known export,
/// read from their cells alone: the first column of dates is the date (others are more
/// dates), a column of currency codes the currency, one of debit/credit marks the indicator;
/// of the amount columns, two that are never filled on the same row are debit and credit (left
/// and right), else the one with negative values (or the first) is the amount; the text column
/// with the longest values is the description; a column holding one account-like value on
/// every row is the account. Every choice goes into the notes, and the `--map` line that
/// states them is offered (`BankCSVLayout.columnsInferred`).
enum HeaderlessRoles {
    /// Proposals for `ColumnRoles.decide`, and what was inferred, in words.
    static func proposals(profiles: [ColumnProfile], amountRows: [UInt64]) -> (proposals: [Int: ColumnRoles.Proposal], notes: [String]) {
        var proposals: [Int: ColumnRoles.Proposal] = [:]
        var notes: [String] = []
        func claim(_ index: Int, _ role: ColumnRole, _ why: String) {
            proposals[index] = ColumnRoles.Proposal(role: role, rank: 0, isTentative: false)
            let example = profiles[index].example.map { " (e.g. \(quoted($0)))" } ?? ""
            notes.append("column \(index + 1)\(example): \(role.rawValue), \(why)")
        }
        let columns = profiles.indices.filter { profiles[$0].nonEmpty > 0 }
        let dates = columns.filter { profiles[$0].mostly(profiles[$0].dates) }
        for (position, index) in dates.enumerated() {
            claim(index, position == 0 ? .date : .valueDate, position == 0 ? "the first column of dates" : "another column of dates")
        }
        var free = columns.filter { !dates.contains($0) }
        if let currency = free.first(where: { profiles[$0].mostly(profiles[$0].currencyCodes) }) {
            claim(currency, .currency, "its values are currency codes")
            free.removeAll { $0 == currency }
        }
        let amounts = free.filter { profiles[$0].mostly(profiles[$0].amounts) && profiles[$0].moneyLike > 0 }
        if let indicator = free.first(where: { !amounts.contains($0) && profiles[$0].indicators == profiles[$0].nonEmpty }) {
            claim(indicator, .indicator, "its values are debit/credit marks")
            free.removeAll { $0 == indicator }
        }
        if let (debit, credit) = complementaryPair(amounts, amountRows), !amounts.contains(where: { profiles[$0].negatives > 0 && $0 != debit && $0 != credit }) {
            claim(debit, .debit, "filled on the rows where the column right of it is empty: read as money out")
            claim(credit, .credit, "filled on the rows where the column left of it is empty: read as money in")
        } else if let amount = amounts.first(where: { profiles[$0].negatives > 0 }) ?? amounts.first {
            claim(amount, .amount, amounts.count > 1 ? "the amounts with a sign (the others look like balances)" : "the only column of amounts")
        }
        free.removeAll { amounts.contains($0) }
        let texts = free.filter { profiles[$0].mostly(profiles[$0].withLetters) && profiles[$0].distinct >= 2 }
        if let description = texts.max(by: { averageLength(profiles[$0]) < averageLength(profiles[$1]) }) {
            claim(description, .description, "the longest text")
        }
        if let account = free.first(where: { isAccount(profiles[$0]) }) {
            claim(account, .account, "one account number on every row")
        }
        return (proposals, notes)
    }

    /// Two amount columns never filled on the same row, each filled on some (left, right).
    private static func complementaryPair(_ amounts: [Int], _ rows: [UInt64]) -> (Int, Int)? {
        guard amounts.count >= 2, !rows.isEmpty else { return nil }
        for (position, left) in amounts.enumerated() where left < 64 {
            for right in amounts[(position + 1)...] where right < 64 {
                let both = rows.contains { $0 & (1 << UInt64(left)) != 0 && $0 & (1 << UInt64(right)) != 0 }
                let leftSome = rows.contains { $0 & (1 << UInt64(left)) != 0 }
                let rightSome = rows.contains { $0 & (1 << UInt64(right)) != 0 }
                if !both && leftSome && rightSome { return (left, right) }
            }
        }
        return nil
    }

    private static func averageLength(_ profile: ColumnProfile) -> Double {
        profile.nonEmpty == 0 ? 0 : Double(profile.totalLength) / Double(profile.nonEmpty)
    }

    /// One value on every row, of eight or more letters and digits, six or more of them digits.
    private static func isAccount(_ profile: ColumnProfile) -> Bool {
        guard profile.distinct == 1, let value = profile.example else { return false }
        let compact = value.filter { $0.isLetter || $0.isNumber }
        return compact.count >= 8 && compact.filter(\.isNumber).count >= 6
    }
}
