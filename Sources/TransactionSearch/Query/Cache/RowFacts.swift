/// One version of a row as the cache sees it when deciding what a mutation invalidates: its
/// codes, and the folded bytes of its text fields copied once into one small buffer, so
/// that testing every cached query touches this buffer only, not the pools.
struct RowFacts {
    let record: RowRecord
    let day: Int32
    /// Magnitude at the common 10^-4 scale.
    let magnitude: UInt64
    let minorDigits: Int
    /// The folded fields one after another, in `TextField` order; `bounds` says where each lies.
    private let folded: [UInt8]
    private let bounds: TextFieldValues<Range<Int>>
    /// The byte signature of each folded field (empty when it has no value): what
    /// `PredicateScreen` tests before any text search.
    private let signatures: TextFieldValues<ByteSignature>
    /// The last four ASCII digits of the card as stored, one byte each, the last lowest, when
    /// it has four or more (`hasMaskedCard`): its title is then `****` and those digits.
    private let cardLastFour: UInt32
    private let hasMaskedCard: Bool

    var amount: Int64 { record.amount }
    var isPending: Bool { record.flags.contains(.pending) }

    /// Calls `body` with the folded card title (`Transaction.cardTitle`: `****4242`, or the card itself
    /// when it has fewer than four digits) without making it; nil when the row has no card.
    func withCardTitle<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard has(.card) else { return nil }
        guard hasMaskedCard else {
            let range = bounds.card
            return folded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        // `*` and ASCII digits fold to themselves.
        var title: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            42, 42, 42, 42, UInt8(truncatingIfNeeded: cardLastFour >> 24), UInt8(truncatingIfNeeded: cardLastFour >> 16),
            UInt8(truncatingIfNeeded: cardLastFour >> 8), UInt8(truncatingIfNeeded: cardLastFour))
        return withUnsafeBytes(of: &title) { body(UnsafeBufferPointer(start: $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count: 8)) }
    }

    init(contents: StoreContents, record: RowRecord) {
        self.record = record
        day = contents.calendar.days.values[Int(record.dayCode)]
        magnitude = record.amount.magnitude &* contents.currencies.scaleBuffer[UInt32(record.currency)]
        minorDigits = contents.currencies[record.currency].minorDigits
        var folded: [UInt8] = []
        folded.reserveCapacity(128)
        var bounds = TextFieldValues(repeating: 0..<0)
        var signatures = TextFieldValues(repeating: ByteSignature())
        for field in TextField.allCases {
            let code = record.codes[field]
            guard code != 0 else { continue }
            (bounds[field], signatures[field]) = RowFacts.appendFolded(contents.text[field], code, to: &folded)
        }
        self.folded = folded
        self.bounds = bounds
        self.signatures = signatures
        // The digits `Transaction.cardTitle` keeps, read here without making the title.
        let digits = record.card != 0 ? contents.text[.card].asciiDigits(of: record.card) : (lastFour: 0, count: 0)
        cardLastFour = digits.lastFour
        hasMaskedCard = digits.count >= 4
    }

    /// Appends a field's folded text (read straight from its pool) and returns where it lies
    /// and its signature. Not inlined, and called from a loop rather than an unrolled one: a
    /// change makes these facts once, right after a burst of queries has evicted its code, so
    /// one copy of this code costs fewer instruction-cache misses than six (at a million rows
    /// those misses, not the instructions, are most of a change's time).
    @inline(never)
    private static func appendFolded(_ index: FieldIndex, _ code: UInt32, to folded: inout [UInt8]) -> (Range<Int>, ByteSignature) {
        let start = folded.count
        index.appendFolded(code, to: &folded)
        let signature = folded.withUnsafeBufferPointer { ByteSignature(UnsafeBufferPointer(rebasing: $0[start...])) }
        return (start ..< folded.count, signature)
    }

    /// The byte signature of the folded text of the field whose raw value is `index` (empty
    /// when it has no value).
    @inline(__always)
    func signature(atField index: Int) -> ByteSignature {
        guard let field = TextField(rawValue: index) else { return ByteSignature() }
        return signatures[field]
    }

    /// Whether the field has a value.
    func has(_ field: TextField) -> Bool { record.codes[field] != 0 }

    /// Whether the field's folded text contains `needle` (false when it has no value).
    func contains(_ field: TextField, _ needle: [UInt8]) -> Bool {
        guard has(field) else { return false }
        let range = bounds[field]
        return folded.withUnsafeBufferPointer { all in
            needle.withUnsafeBufferPointer { ByteSearch.contains(UnsafeBufferPointer(rebasing: all[range]), $0) }
        }
    }

    /// Whether the field's folded text holds a word within its allowed edits (false when
    /// the field has no value).
    func approximatelyContains(_ field: TextField, _ pattern: ApproximatePattern) -> Bool {
        guard has(field) else { return false }
        let range = bounds[field]
        return folded.withUnsafeBufferPointer { all in
            pattern.distance(in: UnsafeBufferPointer(rebasing: all[range])) <= pattern.maxDistance
        }
    }

    /// Whether the field's folded text is `value` (nil: the field has no value).
    func equals(_ field: TextField, _ value: [UInt8]?) -> Bool {
        guard let value else { return !has(field) }
        guard has(field) else { return false }
        return folded[bounds[field]].elementsEqual(value)
    }
}
