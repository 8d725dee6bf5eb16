/// One version of a row as the cache sees it when deciding what a mutation invalidates: its
/// codes, and the folded bytes of its six text fields copied once into one small buffer, so
/// that testing every cached query touches this buffer only, not the pools.
struct RowFacts {
    let record: RowRecord
    let day: Int32
    /// Magnitude at the common 10^-4 scale.
    let magnitude: UInt64
    let minorDigits: Int
    /// The folded fields one after another; `ends[i]` is where field `i` ends.
    private let folded: [UInt8]
    private let ends: (Int, Int, Int, Int, Int, Int)
    /// The byte signature of each folded field, in `Field` order (empty when it has no value):
    /// what `PredicateScreen` tests before any text search.
    private let signatures: (ByteSignature, ByteSignature, ByteSignature, ByteSignature, ByteSignature, ByteSignature)
    /// The last four ASCII digits of the card as stored, one byte each, the last lowest, when
    /// it has four or more (`hasMaskedCard`): its title is then `****` and those digits.
    private let cardLastFour: UInt32
    private let hasMaskedCard: Bool

    var amount: Int64 { record.amount }
    var isPending: Bool { record.flags.contains(.pending) }

    /// Calls `body` with the folded card title (`CardMask.title`: `****4242`, or the card itself
    /// when it has fewer than four digits) without making it; nil when the row has no card.
    func withCardTitle<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard has(.card) else { return nil }
        guard hasMaskedCard else {
            let range = bounds(.card)
            return folded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        // `*` and ASCII digits fold to themselves.
        var title: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            42, 42, 42, 42, UInt8(truncatingIfNeeded: cardLastFour >> 24), UInt8(truncatingIfNeeded: cardLastFour >> 16),
            UInt8(truncatingIfNeeded: cardLastFour >> 8), UInt8(truncatingIfNeeded: cardLastFour))
        return withUnsafeBytes(of: &title) { body(UnsafeBufferPointer(start: $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count: 8)) }
    }

    /// The text fields a predicate can test.
    enum Field: Int {
        case merchant, category, subcategory, notes, card, account
    }

    /// The field of a store text field.
    static func field(_ field: TextField) -> Field {
        switch field {
        case .merchant: .merchant
        case .category: .category
        case .subcategory: .subcategory
        case .notes: .notes
        case .card: .card
        case .account: .account
        }
    }

    init(contents: StoreContents, record: RowRecord) {
        self.record = record
        day = contents.calendar.days.values[Int(record.dayCode)]
        magnitude = record.amount.magnitude &* contents.currencies.scaleBuffer[UInt32(record.currency)]
        minorDigits = contents.currencies[record.currency].minorDigits
        var folded: [UInt8] = []
        folded.reserveCapacity(128)
        func append(_ texts: PackedTexts, _ code: UInt32) -> (Int, ByteSignature) {
            var signature = ByteSignature()
            if code != 0 {
                texts.withBytes(code) { bytes in
                    folded.append(contentsOf: bytes)
                    signature = ByteSignature(bytes)
                }
            }
            return (folded.count, signature)
        }
        // Each pool's folded texts read straight from the contents (a method call on a field
        // index would copy the whole struct).
        let merchant = append(contents.text[.merchant].pool.folded, record.merchant)
        let category = append(contents.text[.category].pool.folded, record.category)
        let subcategory = append(contents.text[.subcategory].pool.folded, record.subcategory)
        let notes = append(contents.text[.notes].pool.folded, record.note)
        let cardEnd = append(contents.text[.card].pool.folded, record.card)
        let account = append(contents.text[.account].pool.folded, record.account)
        self.folded = folded
        ends = (merchant.0, category.0, subcategory.0, notes.0, cardEnd.0, account.0)
        signatures = (merchant.1, category.1, subcategory.1, notes.1, cardEnd.1, account.1)
        // The digits `CardMask.title` keeps, read here without making the title.
        var lastFour: UInt32 = 0
        var digits = 0
        if record.card != 0 {
            contents.text[.card].pool.withUTF8(record.card) { bytes in
                for byte in bytes where byte >= 0x30 && byte <= 0x39 {
                    lastFour = lastFour << 8 | UInt32(byte)
                    digits += 1
                }
            }
        }
        cardLastFour = lastFour
        hasMaskedCard = digits >= 4
    }

    private func code(_ field: Field) -> UInt32 {
        switch field {
        case .merchant: record.merchant
        case .category: record.category
        case .subcategory: record.subcategory
        case .notes: record.note
        case .card: record.card
        case .account: record.account
        }
    }

    private func bounds(_ field: Field) -> Range<Int> {
        switch field {
        case .merchant: 0 ..< ends.0
        case .category: ends.0 ..< ends.1
        case .subcategory: ends.1 ..< ends.2
        case .notes: ends.2 ..< ends.3
        case .card: ends.3 ..< ends.4
        case .account: ends.4 ..< ends.5
        }
    }

    /// The byte signature of the folded text of the field whose raw value is `index` (0...5;
    /// empty when it has no value).
    @inline(__always)
    func signature(atField index: Int) -> ByteSignature {
        switch index {
        case 0: signatures.0
        case 1: signatures.1
        case 2: signatures.2
        case 3: signatures.3
        case 4: signatures.4
        default: signatures.5
        }
    }

    /// Whether the field has a value.
    func has(_ field: Field) -> Bool { code(field) != 0 }

    /// Whether the field's folded text contains `needle` (false when it has no value).
    func contains(_ field: Field, _ needle: [UInt8]) -> Bool {
        guard has(field) else { return false }
        let range = bounds(field)
        return folded.withUnsafeBufferPointer { all in
            needle.withUnsafeBufferPointer { ByteSearch.contains(UnsafeBufferPointer(rebasing: all[range]), $0) }
        }
    }

    /// Whether the field's folded text holds a word within its allowed edits (false when
    /// the field has no value).
    func approximatelyContains(_ field: Field, _ pattern: ApproximatePattern) -> Bool {
        guard has(field) else { return false }
        let range = bounds(field)
        return folded.withUnsafeBufferPointer { all in
            pattern.distance(in: UnsafeBufferPointer(rebasing: all[range])) <= pattern.maxDistance
        }
    }

    /// Whether the field's folded text is `value` (nil: the field has no value).
    func equals(_ field: Field, _ value: [UInt8]?) -> Bool {
        guard let value else { return !has(field) }
        guard has(field) else { return false }
        return folded[bounds(field)].elementsEqual(value)
    }
}

extension StoreContents {
    /// The facts of a record whose codes are live.
    func facts(of record: RowRecord) -> RowFacts {
        RowFacts(contents: self, record: record)
    }
}
