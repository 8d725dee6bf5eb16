/// Finds the pending row of the store that an imported posted transaction settles, so that the
/// import updates it in place instead of adding the same payment twice (`PendingMatching` has
/// the rules). Each pending row is claimed once; among several that qualify, the closest in
/// date, then in amount, wins. The merchants must name the same merchant by their significant
/// words (`MerchantSimilarity`: payment and processor words, numbers and words most of the
/// store's merchants share never count).
struct PendingMatcher {
    private struct Candidate {
        let row: UInt32
        let id: String
        let account: String?
        let currency: Currency
        let day: Int32
        let amount: Int64
        let words: [[UInt8]]
        let payeeKey: String
    }

    let rules: PendingMatching
    private var candidates: [Candidate] = []
    private var claimed: Set<UInt32>
    private let contents: StoreContents
    private let similarity: MerchantSimilarity

    /// Collects the store's pending rows (one pass over the rows); rows in `taken` are not to
    /// be claimed (the import changes them otherwise).
    init(contents: StoreContents, rules: PendingMatching, taken: Set<UInt32> = []) {
        self.contents = contents
        self.rules = rules
        claimed = taken
        guard rules.isEnabled else {
            similarity = MerchantSimilarity()
            return
        }
        let table = contents.table
        var strings = RowStrings(contents.fieldTexts)
        var pending: [Transaction] = []
        var rows: [UInt32] = []
        for row in 0..<UInt32(table.rowLimit) where table.isLive(row) && table.flags[row] & RowFlags.pending.rawValue != 0 {
            pending.append(contents.transaction(at: row, strings: &strings))
            rows.append(row)
        }
        // The store's common words are worked out only when there is something to match.
        similarity = MerchantSimilarity(commonWords: pending.isEmpty ? [] : PendingMatcher.commonWords(of: contents))
        for (transaction, row) in zip(pending, rows) {
            candidates.append(Candidate(
                row: row, id: transaction.id, account: transaction.account, currency: transaction.amount.currency,
                day: contents.day(ofRow: row), amount: table.amount[row], words: similarity.significantWords(transaction.merchant),
                payeeKey: PendingMatcher.payeeKey(transaction.payee, similarity)))
        }
    }

    /// Keeps a row from being claimed (the import changes it otherwise).
    mutating func exclude(_ row: UInt32) {
        claimed.insert(row)
    }

    /// The words most of the store's merchants share, from an even sample of at most 2,000 of
    /// its distinct merchants.
    static func commonWords(of contents: StoreContents) -> Set<[UInt8]> {
        let merchants = contents.text[.merchant]
        let limit = merchants.codeLimit
        guard limit > 1 else { return [] }
        let step = max(1, (limit - 1) / 2_000)
        var sample: [String] = []
        for code in stride(from: 1, to: limit, by: step) where merchants.isLive(UInt32(code)) {
            sample.append(merchants.string(UInt32(code)))
        }
        return MerchantSimilarity.commonWords(in: sample)
    }

    /// The folded key of a payee for matching; empty (never equal) for a payee with no word
    /// that can name a merchant (`POS Debit`, the unknown payee).
    static func payeeKey(_ payee: String, _ similarity: MerchantSimilarity) -> String {
        similarity.significantWords(payee).isEmpty ? "" : PayeeCleaner.shared.payeeKey(payee)
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
        let words = similarity.significantWords(draft.merchant)
        let payeeKey = PendingMatcher.payeeKey(draft.payee ?? PayeeCleaner.shared.clean(draft.merchant).payee, similarity)
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
            guard MerchantSimilarity.isSimilar(words, candidate.words) || (!payeeKey.isEmpty && payeeKey == candidate.payeeKey)
            else { continue }
            let closer = best.map { days < $0.days || (days == $0.days && Int64(difference) < $0.difference) } ?? true
            if closer { best = (index, days, Int64(difference)) }
        }
        guard let best else { return nil }
        let chosen = candidates[best.index]
        claimed.insert(chosen.row)
        return (chosen.row, chosen.id)
    }
}
