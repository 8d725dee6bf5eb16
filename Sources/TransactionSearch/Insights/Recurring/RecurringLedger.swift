/// The candidates regrouped for the search, built once per call.
///
/// Payee keys and currencies arrive interned to integers (`RecurringInput`, with `KeyInterner`:
/// each key hashed at most once, and not at all when it repeats the previous one); every
/// candidate is placed by one integer sort on (payee, currency, direction, day). The result is a set of
/// parallel arrays in that order, cut into `LedgerSubset`s: one payee, one currency, one direction.
/// Calendar fields are computed here once, so the fitting never converts a day twice.
final class RecurringLedger: Sendable {
    /// Booking day of each position, days since 1970-01-01.
    let day: [Int32]
    /// Signed amount of each position, minor units (never zero).
    let amount: [Int64]
    /// The index of each position's candidate in the caller's array.
    let source: [Int32]
    /// The running month (`year · 12 + month − 1`) of each position's day.
    let monthIndex: [Int32]
    /// The day of month (1-31) of each position's day.
    let dayOfMonth: [UInt8]
    /// The payee-currency-direction groups, each a contiguous run of positions in day order.
    let subsets: [LedgerSubset]
    /// The payee key of each interned payee id.
    let payeeKeys: [String]
    /// The currency of each interned currency id.
    let currencies: [String]

    /// Sorts and cuts `input`; rows of amount zero are left out.
    init(_ input: RecurringInput) {
        let total = input.count
        var payeeOf = [Int32](repeating: -1, count: total)
        var currencyOf = [Int32](repeating: 0, count: total)
        var dayOf = [Int32](repeating: 0, count: total)
        var amountOf = [Int64](repeating: 0, count: total)
        var minimumDay = Int.max
        var maximumDay = Int.min
        var kept = 0
        for index in 0..<total {
            let value = input.amounts[index]
            guard value != 0 else { continue }
            let booked = input.days[index]
            amountOf[index] = value
            dayOf[index] = booked
            payeeOf[index] = input.payees[index]
            currencyOf[index] = input.currencyOf[index]
            minimumDay = min(minimumDay, Int(booked))
            maximumDay = max(maximumDay, Int(booked))
            kept += 1
        }
        payeeKeys = input.payeeKeys
        currencies = input.currencies

        let sorted = RecurringLedger.order(
            dayOf: dayOf, amountOf: amountOf, payeeOf: payeeOf, currencyOf: currencyOf, kept: kept,
            payeeCount: input.payeeKeys.count, currencyCount: input.currencies.count,
            minimumDay: minimumDay, maximumDay: maximumDay)
        let calendar = LedgerDayTable(from: minimumDay, to: maximumDay)

        let day = sorted.days
        let amount = sorted.indices.map { amountOf[Int($0)] }
        var monthIndex = [Int32](repeating: 0, count: kept)
        var dayOfMonth = [UInt8](repeating: 0, count: kept)
        monthIndex.withUnsafeMutableBufferPointer { months in
            dayOfMonth.withUnsafeMutableBufferPointer { days in
                for (position, booked) in day.enumerated() {
                    let date = calendar.date(Int(booked))
                    months[position] = date.monthIndex
                    days[position] = date.day
                }
            }
        }
        var subsets: [LedgerSubset] = []
        var start = 0
        let groups = sorted.groups
        for position in groups.indices where position + 1 == groups.count || groups[position + 1] != groups[position] {
            let group = groups[position]
            subsets.append(LedgerSubset(
                start: start, end: position + 1, payee: Int32(truncatingIfNeeded: group >> 33),
                currency: Int32(truncatingIfNeeded: (group >> 1) & 0xFFFF_FFFF)))
            start = position + 1
        }
        self.day = day
        self.amount = amount
        self.source = sorted.indices
        self.monthIndex = monthIndex
        self.dayOfMonth = dayOfMonth
        self.subsets = subsets
    }

    /// The kept candidates in (payee, currency, direction, day, index) order: their indices,
    /// their days, and their groups (`payee << 33 | currency << 1 | direction`). One radix sort
    /// of packed keys when they fit 64 bits (always, short of millions of payees and
    /// currencies), from which day and group are read back without touching the candidates
    /// again; else a comparison sort.
    private static func order(
        dayOf: [Int32], amountOf: [Int64], payeeOf: [Int32], currencyOf: [Int32], kept: Int,
        payeeCount: Int, currencyCount: Int, minimumDay: Int, maximumDay: Int
    ) -> (indices: [Int32], days: [Int32], groups: [UInt64]) {
        guard kept > 0 else { return ([], [], []) }
        let total = dayOf.count
        let indexBits = recurringBitWidth(UInt64(total - 1))
        let dayBits = recurringBitWidth(UInt64(maximumDay - minimumDay))
        let currencyBits = recurringBitWidth(UInt64(currencyCount - 1))
        let payeeBits = recurringBitWidth(UInt64(payeeCount - 1))
        let bits = payeeBits + currencyBits + 1 + dayBits + indexBits
        if bits <= 64 {
            var keys = [UInt64]()
            keys.reserveCapacity(kept)
            for index in 0..<total where payeeOf[index] >= 0 {
                var key = UInt64(payeeOf[index])
                key = key << UInt64(currencyBits) | UInt64(currencyOf[index])
                key = key << 1 | (amountOf[index] > 0 ? 1 : 0)
                key = key << UInt64(dayBits) | UInt64(Int(dayOf[index]) - minimumDay)
                key = key << UInt64(indexBits) | UInt64(index)
                keys.append(key)
            }
            recurringRadixSort(&keys, from: indexBits, to: bits)
            /// The low `width` bits set.
            func mask(_ width: Int) -> UInt64 { width == 0 ? 0 : UInt64.max >> UInt64(64 - width) }
            let indices = keys.map { Int32(truncatingIfNeeded: $0 & mask(indexBits)) }
            let days = keys.map { Int32(truncatingIfNeeded: Int(($0 >> UInt64(indexBits)) & mask(dayBits)) + minimumDay) }
            let groups = keys.map { key -> UInt64 in
                let group = key >> UInt64(indexBits + dayBits)
                let currency = (group >> 1) & mask(currencyBits)
                return (group >> UInt64(currencyBits + 1)) << 33 | currency << 1 | (group & 1)
            }
            return (indices, days, groups)
        }
        var indices = (0..<total).filter { payeeOf[$0] >= 0 }.map { Int32($0) }
        indices.sort { left, right in
            let a = Int(left), b = Int(right)
            if payeeOf[a] != payeeOf[b] { return payeeOf[a] < payeeOf[b] }
            if currencyOf[a] != currencyOf[b] { return currencyOf[a] < currencyOf[b] }
            let inA = amountOf[a] > 0, inB = amountOf[b] > 0
            if inA != inB { return !inA }
            if dayOf[a] != dayOf[b] { return dayOf[a] < dayOf[b] }
            return a < b
        }
        let days = indices.map { dayOf[Int($0)] }
        let groups = indices.map { index -> UInt64 in
            let row = Int(index)
            return UInt64(payeeOf[row]) << 33 | UInt64(currencyOf[row]) << 1 | (amountOf[row] > 0 ? 1 : 0)
        }
        return (indices, days, groups)
    }
}

/// The running month and day of month of every day in a range, so that a million candidates
/// over a few decades need a few thousand calendar conversions, not a million. Ranges over
/// 100,000 days (some 270 years) convert each day instead.
private struct LedgerDayTable {
    /// The first day of the table.
    private let first: Int
    /// The running month of each day from `first` on.
    private let months: [Int32]
    /// The day of month of each day from `first` on.
    private let days: [UInt8]

    /// A table for the days `from...to` (empty when the range is empty or too long).
    init(from: Int, to: Int) {
        first = from
        guard from <= to, to - from <= 100_000 else {
            months = []
            days = []
            return
        }
        var months = [Int32](), days = [UInt8]()
        months.reserveCapacity(to - from + 1)
        days.reserveCapacity(to - from + 1)
        var date = CivilCalendar.date(from)
        var length = CivilCalendar.daysIn(month: date.month, year: date.year)
        for _ in from...to {
            months.append(Int32(truncatingIfNeeded: CivilCalendar.monthIndex(year: date.year, month: date.month)))
            days.append(UInt8(date.day))
            date.day += 1
            if date.day > length {
                date.day = 1
                date.month += 1
                if date.month > 12 {
                    date.month = 1
                    date.year += 1
                }
                length = CivilCalendar.daysIn(month: date.month, year: date.year)
            }
        }
        self.months = months
        self.days = days
    }

    /// The running month and day of month of `day`.
    func date(_ day: Int) -> (monthIndex: Int32, day: UInt8) {
        let offset = day - first
        if offset >= 0, offset < months.count { return (months[offset], days[offset]) }
        let date = CivilCalendar.date(day)
        return (Int32(truncatingIfNeeded: CivilCalendar.monthIndex(year: date.year, month: date.month)), UInt8(date.day))
    }
}

/// One payee, one currency, one direction (payments or deposits): the unit no series crosses.
/// Its rows are the ledger positions `start..<end`, in day order.
struct LedgerSubset: Sendable {
    /// The first position.
    let start: Int
    /// One past the last position.
    let end: Int
    /// The interned payee key.
    let payee: Int32
    /// The interned currency.
    let currency: Int32
    /// The number of rows.
    var count: Int { end - start }
}

/// Maps strings to dense integer ids in first-seen order.
///
/// Its own open-addressing table with an FNV-1a hash of the UTF-8 bytes: a million candidates
/// are a million lookups, and this is several times cheaper than `Dictionary`'s seeded SipHash
/// (no hash flooding concern: the keys are the user's own payees). A run of equal strings is
/// looked up once: the previous string is compared first.
struct KeyInterner {
    /// The string of each id.
    private(set) var names: [String] = []
    /// The hash of each id's string.
    private var hashes: [UInt64] = []
    /// The open-addressing table: an id, or -1 for an empty slot; at most half full.
    private var slots = [Int32](repeating: -1, count: 64)
    /// The string looked up last, and its id.
    private var previous: String?
    private var previousId: Int32 = 0

    /// The id of `name`, new when first seen.
    mutating func id(_ name: String) -> Int32 {
        if let previous, previous == name { return previousId }
        let hash = KeyInterner.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var id: Int32 = -1
        while slots[slot] >= 0 {
            let known = slots[slot]
            if hashes[Int(known)] == hash, names[Int(known)] == name {
                id = known
                break
            }
            slot = (slot + 1) & mask
        }
        if id < 0 {
            id = Int32(names.count)
            names.append(name)
            hashes.append(hash)
            slots[slot] = id
            if 2 * names.count > slots.count { grow() }
        }
        previous = name
        previousId = id
        return id
    }

    /// Doubles the table.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// FNV-1a over the UTF-8 bytes, with a final mix so that the low bits index well.
    private static func hash(_ name: String) -> UInt64 {
        /// FNV-1a over `bytes`.
        func fold(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        var hash = name.utf8.withContiguousStorageIfAvailable { fold($0) } ?? fold(name.utf8)
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
