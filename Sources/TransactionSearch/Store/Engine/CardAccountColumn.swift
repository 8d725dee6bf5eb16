/// The card and the account of each row, as one code a row: the code of their pair.
///
/// A person pays from a handful of cards and accounts, and a card nearly always belongs to one
/// account, so a store holds few distinct (card, account) pairs however many rows it has. A
/// column of each cost 8 of the 161 bytes a row of the bench's long tail; a column of pair
/// codes costs 4, and the pairs a few bytes each. Pair 0 is (no card, no account) and is
/// always there; another pair is made when a row first holds it and freed, its code reused,
/// when its last row leaves it.
///
/// Readers translate through `cardOf` / `accountOf` (a grouping or a facet by card), or turn
/// a set of cards or accounts into the set of their pairs once (`pairs(cards:accounts:)`) and
/// test the pair column (a filter).
///
/// Read and written only under the store's lock, like the other columns.
final class CardAccountColumn: @unchecked Sendable {
    /// The pair of each row (0 for a dead row).
    let pairs = ColumnBuffer<UInt32>(filler: 0)
    /// Per pair code: its card and its account (codes of those fields, 0 for none).
    let cardOf = ColumnBuffer<UInt32>(filler: 0)
    let accountOf = ColumnBuffer<UInt32>(filler: 0)
    /// Per pair code: its live rows.
    private let rowCounts = ColumnBuffer<UInt32>(filler: 0)
    /// The pair of each (card, account) in use, keyed by `key(card:account:)`.
    @exclusivity(unchecked) private var codeOf = IntMap()
    @exclusivity(unchecked) private var freeCodes: [UInt32] = []
    /// Pair codes `0..<codeLimit` have been used.
    @exclusivity(unchecked) private(set) var codeLimit = 1

    init() {
        codeOf.set(0, 0)
    }

    @inline(__always)
    private static func key(card: UInt32, account: UInt32) -> UInt64 { UInt64(card) << 32 | UInt64(account) }

    /// A live row's card code.
    @inline(__always)
    func card(of row: UInt32) -> UInt32 { cardOf[pairs[row]] }

    /// A live row's account code.
    @inline(__always)
    func account(of row: UInt32) -> UInt32 { accountOf[pairs[row]] }

    /// Pairs in use (0 included).
    var pairCount: Int { codeOf.count }

    /// Sets a row's card and account. `wasLive`: the row held a pair, given back here.
    func set(_ row: UInt32, card: UInt32, account: UInt32, wasLive: Bool) {
        let old = pairs[row]
        let new = code(card: card, account: account)
        if wasLive && old == new { return }
        pairs[row] = new
        rowCounts[new] += 1
        if wasLive { release(old) }
    }

    /// Takes a row that is freed out of its pair.
    func clear(_ row: UInt32) {
        release(pairs[row])
        pairs[row] = 0
    }

    /// The code of a pair, made when new (with no rows yet).
    private func code(card: UInt32, account: UInt32) -> UInt32 {
        let key = CardAccountColumn.key(card: card, account: account)
        if let code = codeOf[key] { return code }
        let code: UInt32
        if let reused = freeCodes.popLast() {
            code = reused
        } else {
            code = UInt32(codeLimit)
            codeLimit += 1
            for buffer in [cardOf, accountOf, rowCounts] { buffer.reserve(codeLimit) }
        }
        cardOf[code] = card
        accountOf[code] = account
        codeOf.set(key, code)
        return code
    }

    /// One row fewer in a pair; a pair other than 0 left with none is forgotten.
    private func release(_ code: UInt32) {
        precondition(rowCounts[code] > 0, "CardAccountColumn: pair \(code) has no row to give back")
        rowCounts[code] -= 1
        guard rowCounts[code] == 0 && code != 0 else { return }
        codeOf.remove(CardAccountColumn.key(card: cardOf[code], account: accountOf[code]))
        freeCodes.append(code)
    }

    /// The pairs whose card is in `cards` or whose account is in `accounts` (nil: none), for a
    /// filter or a term tested on the pair column.
    func pairs(cards: CodeSet?, accounts: CodeSet?) -> CodeSet {
        let cardOf = cardOf.base, accountOf = accountOf.base, counts = rowCounts.base
        return CodeSet(limit: codeLimit) { code in
            let index = Int(code)
            return (counts[index] > 0 || code == 0)
                && (cards?.contains(cardOf[index]) == true || accounts?.contains(accountOf[index]) == true)
        }
    }

    /// Makes room for rows `0..<count` (`ColumnBuffer.reserve`).
    func reserve(_ count: Int) { pairs.reserve(count) }

    /// Bytes held: four a row of capacity, and the pairs.
    var memoryUse: Int {
        pairs.memoryUse + cardOf.memoryUse + accountOf.memoryUse + rowCounts.memoryUse + codeOf.memoryUse + freeCodes.capacity * 4
    }

    /// Traps unless each pair counts the live rows that hold it, and the pairs in use are
    /// exactly those found from their card and account.
    func checkInvariants(liveRows: some Sequence<UInt32>) {
        var counted = [UInt32](repeating: 0, count: codeLimit)
        for row in liveRows {
            let code = pairs[row]
            invariant(Int(code) < codeLimit, "row \(row) holds pair \(code) of \(codeLimit)")
            counted[Int(code)] += 1
        }
        var inUse = 1
        for code in 1..<UInt32(codeLimit) {
            invariant(rowCounts[code] == counted[Int(code)], "pair \(code) counts \(rowCounts[code]) rows, holds \(counted[Int(code)])")
            guard rowCounts[code] > 0 else {
                invariant(freeCodes.contains(code), "pair \(code) has no row and is not free")
                continue
            }
            inUse += 1
            invariant(codeOf[CardAccountColumn.key(card: cardOf[code], account: accountOf[code])] == code, "pair \(code) is stale")
        }
        invariant(rowCounts[0] == counted[0], "pair 0 counts \(rowCounts[0]) rows, holds \(counted[0])")
        invariant(inUse == codeOf.count, "the pair map holds \(codeOf.count) of \(inUse) pairs")
    }
}
