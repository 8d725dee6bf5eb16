import TransactionSearch

/// What one MT940 or MT942 message (one statement) has told so far, kept while its fields are
/// read: its account, currency, kind, balances, and the entries it added, which get the
/// currency and the status when the message ends (MT942 gives its currency after the lines
/// only in `:90D:`/`:90C:`, and is known to be MT942 from its envelope or its `:34F:`).
struct MT940Message {
    /// The masked account of `:25:`.
    var account: String?
    /// `:25:` in full, for import keys only.
    var accountIdentity: String?
    /// The currency of the opening balance (or the MT942 floor limit, or a later balance).
    var currency: Currency?
    /// An MT942 interim report: its lines are pending.
    var isIntraday = false
    /// Index in the statement's entries of this message's first entry.
    var firstEntry: Int
    /// The opening balance, signed.
    var opening: DecimalAmount?
    /// The sum of the lines read so far; nil once it no longer fits.
    var sum: DecimalAmount? = 0
    /// Whether a line of this message was bad (its balance check is then meaningless).
    var hasIssues = false
    /// Whether the message has any field but `:20:` yet.
    var hasContent = false

    /// A message whose entries will start at `firstEntry`.
    init(firstEntry: Int) {
        self.firstEntry = firstEntry
    }

    /// Gives this message's entries its currency and status, and pads their amounts to the
    /// currency's minor digits (`100,` becomes 100.00).
    func finish(_ entries: inout [StatementEntry]) {
        guard firstEntry < entries.count else { return }
        let digits = currency?.minorDigits ?? 2
        for index in firstEntry..<entries.count {
            if entries[index].currency == nil { entries[index].currency = currency }
            if isIntraday { entries[index].status = .pending }
            if let padded = entries[index].amount.padded(toFractionDigits: digits) { entries[index].amount = padded }
        }
    }

    /// The warning when the lines do not take the opening balance to the closing one, or nil.
    func balanceWarning(closing: MT940Balance, line: Int) -> String? {
        guard !hasIssues, let opening, let sum, closing.currency == currency, let expected = opening.adding(sum),
              !expected.hasSameValue(as: closing.amount)
        else { return nil }
        return "line \(line): the opening balance \(opening) and the lines (\(sum)) make \(expected), but the closing balance is \(closing.amount)"
    }
}
