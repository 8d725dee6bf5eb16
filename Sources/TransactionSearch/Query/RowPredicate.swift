/// The columns as raw pointers, taken once per query: the query loops read rows through them
/// with no retain, release or bounds check per row. Valid while the read lock is held.
struct RowView {
    let instant: UnsafeMutablePointer<Int64>
    let daySlot: UnsafeMutablePointer<UInt32>
    let monthSlot: UnsafeMutablePointer<UInt32>
    let amount: UnsafeMutablePointer<Int64>
    let currency: UnsafeMutablePointer<UInt16>
    let merchant: UnsafeMutablePointer<UInt32>
    let category: UnsafeMutablePointer<UInt32>
    let subcategory: UnsafeMutablePointer<UInt32>
    let descriptor: UnsafeMutablePointer<UInt32>
    let card: UnsafeMutablePointer<UInt32>
    let account: UnsafeMutablePointer<UInt32>
    let note: UnsafeMutablePointer<UInt32>
    let flags: UnsafeMutablePointer<UInt8>
    let scales: UnsafePointer<UInt64>

    init(columns: ColumnStore, scales: UnsafePointer<UInt64>) {
        instant = columns.instant.base
        daySlot = columns.daySlot.base
        monthSlot = columns.monthSlot.base
        amount = columns.amount.base
        currency = columns.currency.base
        merchant = columns.merchant.base
        category = columns.category.base
        subcategory = columns.subcategory.base
        descriptor = columns.descriptor.base
        card = columns.card.base
        account = columns.account.base
        note = columns.note.base
        flags = columns.flags.base
        self.scales = scales
    }

    @inline(__always)
    func magnitude(_ row: Int) -> UInt64 {
        amount[row].magnitude &* scales[Int(currency[row])]
    }

    /// The row's group code for a grouping: a day or month slot, or a pool code (0 for none).
    @inline(__always)
    func groupCode(_ row: Int, _ grouping: Grouping) -> UInt32 {
        switch grouping {
        case .none: 0
        case .day: daySlot[row]
        case .month: monthSlot[row]
        case .card: card[row]
        case .category: category[row]
        case .merchant: merchant[row]
        }
    }
}

/// A code set as a pointer into the predicate's storage; an absent set has no words.
struct BitsView {
    let words: UnsafePointer<UInt64>
    let count: Int

    @inline(__always)
    func contains(_ code: UInt32) -> Bool {
        let word = Int(code >> 6)
        return word < count && words[word] & (1 << UInt64(code & 63)) != 0
    }
}

/// A compiled condition flattened for the row loop.
struct ConditionView {
    let descriptors: BitsView
    let notes: BitsView
    let cards: BitsView
    let accounts: BitsView
    let magnitudeLow: UInt64
    let magnitudeHigh: UInt64
    let daySlots: BitsView
    /// -1: no status part; 0: posted rows; 1: pending rows.
    let pending: Int8

    /// Whether the condition at `condition` holds for a row; read through the pointer so the
    /// row loop never copies the condition.
    @inline(__always)
    static func holds(_ condition: UnsafePointer<ConditionView>, _ row: Int, _ rows: RowView) -> Bool {
        if condition.pointee.descriptors.contains(rows.descriptor[row]) { return true }
        if condition.pointee.notes.count > 0 && condition.pointee.notes.contains(rows.note[row]) { return true }
        if condition.pointee.cards.count > 0 && condition.pointee.cards.contains(rows.card[row]) { return true }
        if condition.pointee.accounts.count > 0 && condition.pointee.accounts.contains(rows.account[row]) { return true }
        let low = condition.pointee.magnitudeLow, high = condition.pointee.magnitudeHigh
        if low < high {
            let magnitude = rows.magnitude(row)
            if magnitude >= low && magnitude < high { return true }
        }
        if condition.pointee.daySlots.count > 0 && condition.pointee.daySlots.contains(rows.daySlot[row]) { return true }
        let pending = condition.pointee.pending
        if pending >= 0 && (rows.flags[row] & RowFlags.pending.rawValue != 0) == (pending == 1) { return true }
        return false
    }
}

/// Whether a row matches a compiled query, in plain memory: filters first (cheap, selective),
/// then each condition, then the exclusions.
struct RowPredicate {
    let rows: RowView
    let conditions: UnsafePointer<ConditionView>
    let conditionCount: Int
    let exclusions: UnsafePointer<ConditionView>
    let exclusionCount: Int
    let daySlots: BitsView?
    let cards: BitsView?
    let categories: BitsView?
    let accounts: BitsView?
    /// -1: any status; 0: posted; 1: pending.
    let pending: Int8
    /// -1: any kind; 0: expenses; 1: income.
    let kind: Int8
    let amountLower: UnsafePointer<Int64>?
    let amountUpper: UnsafePointer<Int64>?
    /// Whether anything at all is checked (else every live row matches).
    let checksAnything: Bool

    @inline(__always)
    func matches(_ row: UInt32) -> Bool {
        guard checksAnything else { return true }
        let index = Int(row)
        if let daySlots, !daySlots.contains(rows.daySlot[index]) { return false }
        if let cards, !cards.contains(rows.card[index]) { return false }
        if let categories, !categories.contains(rows.category[index]) { return false }
        if let accounts, !accounts.contains(rows.account[index]) { return false }
        if pending >= 0 && (rows.flags[index] & RowFlags.pending.rawValue != 0) != (pending == 1) { return false }
        if kind >= 0 {
            let amount = rows.amount[index]
            if kind == 0 ? amount >= 0 : amount <= 0 { return false }
        }
        if let amountLower, let amountUpper {
            let currency = Int(rows.currency[index])
            let amount = rows.amount[index]
            if amount < amountLower[currency] || amount > amountUpper[currency] { return false }
        }
        var position = 0
        while position < conditionCount {
            if !ConditionView.holds(conditions + position, index, rows) { return false }
            position += 1
        }
        position = 0
        while position < exclusionCount {
            if ConditionView.holds(exclusions + position, index, rows) { return false }
            position += 1
        }
        return true
    }
}

/// Owns the memory a `RowPredicate` points into, for the duration of one query.
final class PredicateStorage {
    private var words: UnsafeMutablePointer<UInt64>
    private var conditionViews: UnsafeMutablePointer<ConditionView>
    private var bounds: UnsafeMutablePointer<Int64>
    private var scales: UnsafeMutablePointer<UInt64>
    let predicate: RowPredicate

    init(_ query: CompiledQuery, columns: ColumnStore, currencyScales: [UInt64]) {
        var wordCount = 1
        func measure(_ set: CodeSet?) { wordCount += set?.words.count ?? 0 }
        for condition in query.conditions + query.exclusions {
            for set in [condition.descriptors, condition.notes, condition.cards, condition.accounts] { measure(set) }
            measure(condition.daySlots)
        }
        for set in [query.daySlots, query.cards, query.categories, query.accounts] { measure(set) }
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
        var used = 0
        func view(_ set: CodeSet?) -> BitsView {
            let start = words + used
            if let set {
                for word in set.words {
                    words[used] = word
                    used += 1
                }
                return BitsView(words: start, count: set.words.count)
            }
            return BitsView(words: start, count: 0)
        }
        func conditionView(_ condition: CompiledCondition) -> ConditionView {
            ConditionView(
                descriptors: view(condition.descriptors), notes: view(condition.notes),
                cards: view(condition.cards), accounts: view(condition.accounts),
                magnitudeLow: condition.magnitude?.lowerBound ?? 0, magnitudeHigh: condition.magnitude?.upperBound ?? 0,
                daySlots: view(condition.daySlots),
                pending: condition.pending.map { $0 ? 1 : 0 } ?? -1)
        }
        let all = query.conditions + query.exclusions
        let conditionViews = UnsafeMutablePointer<ConditionView>.allocate(capacity: max(all.count, 1))
        for (index, condition) in all.enumerated() {
            (conditionViews + index).initialize(to: conditionView(condition))
        }
        let currencyCount = currencyScales.count
        let bounds = UnsafeMutablePointer<Int64>.allocate(capacity: max(2 * currencyCount, 1))
        if let amountBounds = query.amountBounds {
            for index in 0..<currencyCount {
                bounds[index] = amountBounds.lower[index]
                bounds[currencyCount + index] = amountBounds.upper[index]
            }
        }
        let scales = UnsafeMutablePointer<UInt64>.allocate(capacity: max(currencyCount, 1))
        for (index, scale) in currencyScales.enumerated() { scales[index] = scale }

        let daySlots = query.daySlots.map { view($0) }
        let cards = query.cards.map { view($0) }
        let categories = query.categories.map { view($0) }
        let accounts = query.accounts.map { view($0) }
        let hasBounds = query.amountBounds != nil
        let checks = !all.isEmpty || daySlots != nil || cards != nil || categories != nil || accounts != nil
            || query.pending != nil || query.kind != nil || hasBounds
        predicate = RowPredicate(
            rows: RowView(columns: columns, scales: scales),
            conditions: UnsafePointer(conditionViews), conditionCount: query.conditions.count,
            exclusions: UnsafePointer(conditionViews + query.conditions.count), exclusionCount: query.exclusions.count,
            daySlots: daySlots, cards: cards, categories: categories, accounts: accounts,
            pending: query.pending.map { $0 ? 1 : 0 } ?? -1,
            kind: query.kind.map { $0 == .expense ? 0 : 1 } ?? -1,
            amountLower: hasBounds ? UnsafePointer(bounds) : nil,
            amountUpper: hasBounds ? UnsafePointer(bounds + currencyCount) : nil,
            checksAnything: checks)
        self.words = words
        self.conditionViews = conditionViews
        self.bounds = bounds
        self.scales = scales
    }

    deinit {
        words.deallocate()
        conditionViews.deallocate()
        bounds.deallocate()
        scales.deallocate()
    }
}
