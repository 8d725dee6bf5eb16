/// Finds the pending row of the store that an imported posted transaction settles, so that the
/// import updates it in place instead of adding the same payment twice (`PendingMatching` has
/// the rules). Each pending row is claimed once; among several that qualify, the closest in
/// date, then in amount, wins.
struct PendingMatcher {
    private struct Candidate {
        let row: UInt32
        let id: String
        let account: String?
        let currency: Currency
        let day: Int32
        let amount: Int64
        let words: Set<[UInt8]>
        let trigrams: Set<UInt32>
    }

    let rules: PendingMatching
    private var candidates: [Candidate] = []
    private var claimed: Set<UInt32> = []
    private let contents: StoreContents

    /// Collects the store's pending rows (one pass over the rows).
    init(contents: StoreContents, rules: PendingMatching) {
        self.contents = contents
        self.rules = rules
        guard rules.isEnabled else { return }
        let table = contents.table
        var strings = RowStrings(contents.fieldTexts)
        for row in 0..<UInt32(table.rowLimit) where table.isLive(row) && table.flags[row] & RowFlags.pending.rawValue != 0 {
            let transaction = contents.transaction(at: row, strings: &strings)
            let folded = Array(Folding.fold(transaction.merchant).utf8)
            candidates.append(Candidate(
                row: row, id: transaction.id, account: transaction.account, currency: transaction.amount.currency,
                day: contents.day(ofRow: row), amount: table.amount[row], words: PendingMatcher.words(folded),
                trigrams: PendingMatcher.trigrams(folded)))
        }
    }

    /// Whether the store has pending rows to match by the rules (a bank id link needs none).
    var hasCandidates: Bool { !candidates.isEmpty }

    /// The pending row `draft` (posted, validated currency and local day) settles, claimed; nil
    /// when there is none. A pending row whose import key is the bank's id of the pending
    /// transaction (`pendingKey`) wins over the rules.
    mutating func claim(for draft: TransactionDraft, currency: Currency, day: Int32, pendingKey: String?) -> (row: UInt32, id: String)? {
        guard rules.isEnabled else { return nil }
        if let pendingKey, let row = contents.table.importKeys.row(of: pendingKey), !claimed.contains(row),
           contents.table.flags[row] & RowFlags.pending.rawValue != 0 {
            claimed.insert(row)
            return (row, contents.table.ids.key(of: row))
        }
        guard !candidates.isEmpty, let amount = try? draft.amount.minorUnits(in: currency), amount != 0 else { return nil }
        let folded = Array(Folding.fold(draft.merchant).utf8)
        let words = PendingMatcher.words(folded)
        let trigrams = PendingMatcher.trigrams(folded)
        var best: (index: Int, days: Int32, difference: Int64)?
        for (index, candidate) in candidates.enumerated() where !claimed.contains(candidate.row) {
            guard candidate.account == draft.account, candidate.currency == currency else { continue }
            let days = day - candidate.day
            guard days >= 0, days <= rules.maximumDays else { continue }
            guard (candidate.amount < 0) == (amount < 0), candidate.amount != 0 else { continue }
            let difference = (amount - candidate.amount).magnitude
            guard difference.multipliedReportingOverflow(by: 100).partialValue
                    <= candidate.amount.magnitude.multipliedReportingOverflow(by: UInt64(rules.amountTolerancePercent)).partialValue
            else { continue }
            guard !words.isDisjoint(with: candidate.words) || PendingMatcher.similar(trigrams, candidate.trigrams) else { continue }
            let closer = best.map { days < $0.days || (days == $0.days && Int64(difference) < $0.difference) } ?? true
            if closer { best = (index, days, Int64(difference)) }
        }
        guard let best else { return nil }
        let chosen = candidates[best.index]
        claimed.insert(chosen.row)
        return (chosen.row, chosen.id)
    }

    /// The words of folded text worth comparing: runs of letters or digits of three bytes or
    /// more, not only digits (card numbers and dates are not names).
    static func words(_ folded: [UInt8]) -> Set<[UInt8]> {
        var words: Set<[UInt8]> = []
        var current: [UInt8] = []
        func flush() {
            if current.count >= 3 && current.contains(where: { !(0x30...0x39).contains($0) }) { words.insert(current) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in folded {
            let isWordByte = (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
            if isWordByte { current.append(byte) } else { flush() }
        }
        flush()
        return words
    }

    static func trigrams(_ folded: [UInt8]) -> Set<UInt32> {
        Set(folded.withUnsafeBufferPointer { Trigram.distinctKeys(of: $0) })
    }

    /// Dice's coefficient of two trigram sets at least one half.
    static func similar(_ left: Set<UInt32>, _ right: Set<UInt32>) -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        return 2 * left.intersection(right).count * 2 >= left.count + right.count
    }
}
