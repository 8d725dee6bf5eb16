/// The records of a file being imported, kept compactly from the moment a reader hands them
/// over until the store has taken them: every record's strings and numbers written one after
/// another into byte chunks, and each record materialized again (`subscript`) only when the
/// planner or the store's bulk build needs it. An `ImportRecord` costs about 200 bytes plus a
/// heap block per string past 15 bytes; staged, the bench's OFX records take 51 bytes, camt
/// 92 (most of it the element path of its location) and bank CSV 54, with their places, so a
/// file's records never sit in memory as arrays of values.
///
/// A record's import key is staged in its compact form: the 16 bytes of a fingerprint and its
/// occurrence number, or the key itself (the bank's id with its account's digest,
/// `ImportKeys.bankKey`, or the key the file gives).
///
/// Layout of one record: the flag bytes (`Flags`: two for six text fields), then the strings
/// that are present, each as a LEB128 length and its UTF-8 bytes (id, key, each `TextField` in
/// `allCases` order, pending bank id, location path: what identifies a record comes first, so
/// that `identity(at:)` reads no further than the key), then the
/// numbers (date, amount and its fraction digits, currency, location line) as LEB128 (zigzag
/// for signed values). The text fields are staged by iterating their description: a field
/// added is a flag bit and a string more, with no line here. Records
/// never span chunks, so that the chunks never move once written: growing costs no copy. The
/// chunks are pages of their own (`Chunk`), given back as soon as they are freed.
package struct StagedRecords: Sendable {
    /// How an import key is staged.
    enum StagedKey: Equatable, Sendable {
        case none
        /// The key the file gives (our own format's `import_key`), as given.
        case given(String)
        /// A key made of the bank's id of the transaction (`ImportKeys.bankKey`).
        case bank(key: String)
        /// A fingerprint and its occurrence in the file: `ImportKeys.fingerprintKey`.
        case fingerprint(ImportKeys.Fingerprint, occurrence: Int)

        /// The key itself.
        var importKey: String? {
            switch self {
            case .none: nil
            case .given(let text), .bank(let text): text
            case .fingerprint(let fingerprint, let occurrence): ImportKeys.fingerprintKey(fingerprint, occurrence: occurrence)
            }
        }
    }

    /// What a record has, one bit each, and two 2-bit kinds; the text fields' bits come last,
    /// one per `TextField`, and the flags take as many bytes as those bits need.
    private struct Flags: OptionSet {
        let rawValue: UInt32
        static let id = Flags(rawValue: 1 << 0)
        static let pendingKey = Flags(rawValue: 1 << 1)
        static let currency = Flags(rawValue: 1 << 2)
        static let calendarDay = Flags(rawValue: 1 << 3)
        static let pending = Flags(rawValue: 1 << 4)
        /// Validation changes none of the record's text (`validatedTransaction(at:baseCurrency:)`).
        static let normalized = Flags(rawValue: 1 << 5)
        /// Two bits: 0 none, 1 given, 2 bank, 3 fingerprint.
        static let keyShift: UInt32 = 6
        /// Two bits: 0 line, 1 index, 2 element.
        static let locationShift: UInt32 = 8
        /// The payee was cleaned from the merchant (its source is the cleaner).
        static let cleanedPayee = Flags(rawValue: 1 << 10)
        /// The payee is the merchant's text: not staged a second time.
        static let payeeIsMerchant = Flags(rawValue: 1 << 11)
        /// The first text field's bit.
        static let textShift: UInt32 = 12

        /// The bit of a text field the record has (the merchant, required, always has it).
        @inline(__always)
        static func text(_ field: TextField) -> Flags {
            Flags(rawValue: 1 << (textShift + UInt32(field.rawValue)))
        }

        /// How many bytes the flags take: 3 for seven text fields (bits 12 to 18).
        @inline(__always)
        static var byteCount: Int {
            var bits = Int(textShift)
            TextField.forEach { _ in bits += 1 }
            return (bits + 7) / 8
        }
    }

    /// Bytes per chunk: large enough that a chunk is its own mapping in malloc (returned to
    /// the system when freed), small enough that the last chunk's unused room stays small.
    static let chunkSize = 1 << 20

    /// The chunks in staging order; nil once freed (`releaseChunks(before:)`).
    private var chunks: [Chunk?] = []
    /// The prefixes of the bank keys staged (`bank2:` and an account's digest), by number: a
    /// record stages its prefix's number and its bank id.
    private var bankKeyPrefixes: [String] = []
    /// Each record's place: chunk number in the high 32 bits, offset in the low.
    private var places: [UInt64] = []
    /// The chunks before this one are freed (`releaseChunks(before:)`).
    private var releasedChunks = 0

    /// Empty.
    init() {}

    /// How many records are staged.
    var count: Int { places.count }

    /// Bytes held (chunks and places), for the bench and tests.
    var memoryUse: Int { chunks.reduce(0) { $0 + ($1?.capacity ?? 0) } + places.capacity * 8 }

    /// Bytes the records take (what the chunks hold and 8 bytes a record for its place),
    /// without the room not used yet.
    var usedBytes: Int { chunks.reduce(0) { $0 + ($1?.count ?? 0) } + places.count * 8 }

    /// The identity of the chunk record `index` is in (nil once freed): for tests that a chunk is
    /// written in place, not copied per record.
    func chunkIdentity(of index: Int) -> ObjectIdentifier? {
        chunks[Int(places[index] >> 32)].map(ObjectIdentifier.init)
    }

    /// The chunk record `index` is in: records go into chunks in staging order, so a later
    /// record is never in an earlier chunk.
    func chunk(of index: Int) -> Int { Int(places[index] >> 32) }

    /// Frees the chunks before `chunk`, for a reader that has taken every record it needs from
    /// them (`StagedRecordsDrain`): their records can no longer be read. The memory is given back
    /// only when no other copy of these records holds the chunks.
    mutating func releaseChunks(before chunk: Int) {
        while releasedChunks < min(chunk, chunks.count) {
            chunks[releasedChunks] = nil
            releasedChunks += 1
        }
    }

    // MARK: Writing

    /// Stages a record with its key in compact form. `isNormalized` says that validation
    /// changes none of its text (no text to trim, none blank), so that the bulk build may make
    /// its transaction without validating it again.
    mutating func append(_ record: ImportRecord, key: StagedKey, isNormalized: Bool = false) {
        let draft = record.draft
        var flags = Flags()
        if draft.id != nil { flags.insert(.id) }
        var textBound = 0
        let payeeIsMerchant = draft.payee == draft.merchant
        if payeeIsMerchant { flags.insert(.payeeIsMerchant) }
        TextField.forEach { field in
            guard field != .payee || !payeeIsMerchant else { return }
            if let length = field.transactionField.withTextValue(in: draft, { $0?.utf8.count }) {
                flags.insert(.text(field))
                textBound += length + 10
            }
        }
        if record.pendingKey != nil { flags.insert(.pendingKey) }
        if draft.currency != nil { flags.insert(.currency) }
        if draft.date.isCalendarDay { flags.insert(.calendarDay) }
        if draft.status == .pending { flags.insert(.pending) }
        if isNormalized { flags.insert(.normalized) }
        if draft.sources == SourcesPool.cleanedPayee { flags.insert(.cleanedPayee) }
        let keyKind: UInt32
        switch key {
        case .none: keyKind = 0
        case .given: keyKind = 1
        case .bank: keyKind = 2
        case .fingerprint: keyKind = 3
        }
        let locationKind: UInt32
        let locationNumber: Int
        var locationPath: String?
        switch record.location {
        case .line(let line): (locationKind, locationNumber) = (0, line)
        case .index(let index): (locationKind, locationNumber) = (1, index)
        case .element(let path, let line): (locationKind, locationNumber, locationPath) = (2, line, path)
        }
        var raw = flags.rawValue | keyKind << Flags.keyShift | locationKind << Flags.locationShift

        // The most bytes the record can take, so that it goes whole into one chunk.
        var bound = Flags.byteCount + 10 + 10 + 1 + 3 + 10 + textBound
        func stringBound(_ text: String?) -> Int { text.map { $0.utf8.count + 10 } ?? 0 }
        bound += stringBound(draft.id) + stringBound(record.pendingKey) + stringBound(locationPath)
        switch key {
        case .none: break
        case .given(let text), .bank(let text): bound += stringBound(text) + 10
        case .fingerprint: bound += 16 + 10
        }
        // No reference to the last chunk is held across the uniqueness check: one would make
        // it fail, and every record would copy its chunk.
        if let free = chunks.last??.free, free >= bound {
            // Written in place: a chunk that another copy of these records holds is copied first.
            if !isKnownUniquelyReferenced(&chunks[chunks.count - 1]) { chunks[chunks.count - 1] = chunks[chunks.count - 1]?.copy() }
        } else {
            chunks.append(Chunk(minimumCapacity: max(StagedRecords.chunkSize, bound)))
        }
        let chunkIndex = chunks.count - 1
        guard let chunk = chunks[chunkIndex] else { preconditionFailure("StagedRecords: the last chunk is freed") }
        places.append(UInt64(chunkIndex) << 32 | UInt64(chunk.count))
        do {
            let writer = Writer(chunk)
            for _ in 0..<Flags.byteCount {
                writer.byte(UInt8(truncatingIfNeeded: raw))
                raw >>= 8
            }
            writer.string(draft.id)
            switch key {
            case .none: break
            case .given(let text): writer.string(text)
            case .bank(let text):
                // The key's prefix (`bank2:` and the account's digest), the same for every record
                // of an account, is staged once: its number, then the bank id.
                let (prefix, id) = StagedRecords.splitBankKey(text)
                writer.unsigned(UInt64(bankKeyPrefixNumber(prefix)))
                writer.string(String(id))
            case .fingerprint(let fingerprint, let occurrence):
                writer.word(fingerprint.high)
                writer.word(fingerprint.low)
                writer.unsigned(UInt64(max(occurrence, 0)))
            }
            TextField.forEach { field in
                guard field != .payee || !payeeIsMerchant else { return }
                field.transactionField.withTextValue(in: draft) { writer.string($0) }
            }
            writer.string(record.pendingKey)
            writer.string(locationPath)
            switch draft.date {
            case .day(let day): writer.signed(Int64(day.daysSince1970))
            case .instant(let milliseconds): writer.signed(milliseconds)
            }
            writer.signed(draft.amount.significand)
            writer.byte(UInt8(truncatingIfNeeded: draft.amount.fractionDigits))
            if let currency = draft.currency {
                writer.byte(UInt8(truncatingIfNeeded: currency.packed >> 16))
                writer.byte(UInt8(truncatingIfNeeded: currency.packed >> 8))
                writer.byte(UInt8(truncatingIfNeeded: currency.packed))
            }
            writer.signed(Int64(locationNumber))
        }
    }

    /// A bank key as its prefix (`bank2:<digest>:`, shared by an account's records) and the
    /// rest; a key of another form has an empty prefix.
    static func splitBankKey(_ key: String) -> (prefix: Substring, rest: Substring) {
        guard key.hasPrefix("bank2:"), let colon = key.dropFirst(6).firstIndex(of: ":") else { return ("", key[...]) }
        let end = key.index(after: colon)
        return (key[..<end], key[end...])
    }

    /// The number of a bank key's prefix among those staged (added when new).
    private mutating func bankKeyPrefixNumber(_ prefix: Substring) -> Int {
        if let known = bankKeyPrefixes.firstIndex(where: { $0 == prefix }) { return known }
        bankKeyPrefixes.append(String(prefix))
        return bankKeyPrefixes.count - 1
    }

    /// Appends a record's values to its chunk.
    private struct Writer {
        let chunk: Chunk
        init(_ chunk: Chunk) { self.chunk = chunk }

        func byte(_ value: UInt8) { chunk.append(value) }

        func unsigned(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                chunk.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            chunk.append(UInt8(value))
        }

        /// Zigzag: small negative numbers stay short.
        func signed(_ value: Int64) {
            unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        func word(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { chunk.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        /// A present string (an absent one is only a flag).
        /// Read in place when the string is contiguous UTF-8 (nearly always): `withUTF8` needs
        /// a copy of the string, a retain and a release through a generic copy (1.9 % of the
        /// import profile under callgrind for the five optional text fields of a record).
        func string(_ text: String?) {
            guard let text else { return }
            func write(_ bytes: UnsafeBufferPointer<UInt8>) {
                unsigned(UInt64(bytes.count))
                chunk.append(contentsOf: bytes)
            }
            if text.utf8.withContiguousStorageIfAvailable(write) == nil {
                var copy = text
                copy.withUTF8(write)
            }
        }
    }

    // MARK: Reading

    /// The record at `index` (0-based, in staging order), with its key rebuilt and its draft's
    /// `importKey` set to it; `pendingKey` is kept.
    /// - Complexity: O(size of the record); allocates its strings.
    subscript(index: Int) -> ImportRecord {
        let decoded = decode(index, withLocation: true)
        return ImportRecord(location: decoded.location, draft: decoded.draft, pendingKey: decoded.pendingKey)
    }

    /// The draft of record `index` alone (no location made): what validating it needs.
    func draft(at index: Int) -> TransactionDraft {
        decode(index, withLocation: false).draft
    }

    /// The transaction a record validates to, made straight from its staged values when the
    /// stager found validation changes nothing but the id, currency and amount's form (no text
    /// to trim, no blank text: `append(_:key:isNormalized:)`); nil otherwise (validate the
    /// draft then). Skips the location: what the store's bulk build takes, one record at a time.
    func validatedTransaction(at index: Int, baseCurrency: Currency) -> Transaction? {
        withReader(at: index) { reader -> Transaction? in
            var reader = reader
            let flags = Flags(rawValue: reader.flags)
            guard flags.contains(.normalized) else { return nil }
            // Straight into the transaction: no draft, no location (the hot loop of a bulk build).
            let id = flags.contains(.id) ? reader.string() : ""
            let texts = reader.texts(flags)
            if flags.contains(.pendingKey) { _ = reader.bytes() }
            if reader.flags >> Flags.locationShift & 3 == 2 { _ = reader.bytes() }
            let date = reader.date(flags)
            let amount = reader.amount()
            let currency = reader.currency(flags) ?? baseCurrency
            guard let minorUnits = try? amount.minorUnits(in: currency) else { return nil }
            var transaction = Transaction(
                id: id, date: date, merchant: "", amount: Money(minorUnits: Int128(minorUnits), currency: currency),
                status: flags.contains(.pending) ? .pending : .posted, importKey: reader.importKey(of: texts),
                sources: flags.contains(.cleanedPayee) ? SourcesPool.cleanedPayee : FieldSources())
            TextField.forEach { field in
                if let text = texts.bytes[field] {
                    field.transactionField.setTextValue(String(decoding: text, as: UTF8.self), in: &transaction)
                }
            }
            return transaction
        }
    }

    /// A record's draft (key rebuilt), its pending link, and its location when asked.
    private func decode(_ index: Int, withLocation: Bool) -> (draft: TransactionDraft, location: ImportIssue.Location,
                                                               pendingKey: String?, isNormalized: Bool) {
        withReader(at: index) { reader in
            var reader = reader
            let flags = Flags(rawValue: reader.flags)
            let id = flags.contains(.id) ? reader.string() : nil
            let texts = reader.texts(flags)
            let pendingKey = flags.contains(.pendingKey) ? reader.string() : nil
            let locationKind = reader.flags >> Flags.locationShift & 3
            var path: String?
            if locationKind == 2 {
                if withLocation { path = reader.string() } else { _ = reader.bytes() }
            }
            let date = reader.date(flags)
            let amount = reader.amount()
            let currency = reader.currency(flags)
            let number = Int(reader.signed())
            let location: ImportIssue.Location
            switch locationKind {
            case 0: location = .line(number)
            case 1: location = .index(number)
            default: location = .element(path: path ?? "", line: number)
            }
            var draft = TransactionDraft(
                id: id, date: date, merchant: "", amount: amount, currency: currency,
                status: flags.contains(.pending) ? .pending : .posted, importKey: reader.importKey(of: texts),
                sources: flags.contains(.cleanedPayee) ? SourcesPool.cleanedPayee : nil)
            TextField.forEach { field in
                if let text = texts.bytes[field] { field.transactionField.setTextValue(String(decoding: text, as: UTF8.self), in: &draft) }
            }
            return (draft, location, pendingKey, flags.contains(.normalized))
        }
    }

    /// What identifies a record and decides whether the planner must read all of it: its id
    /// and import key as the draft has them, whether it is posted, and whether it names the
    /// pending transaction it settles. Reads no further than the key (and the account, for a
    /// bank key).
    struct Identity {
        var id: String?
        var importKey: String?
        var isPosted: Bool
        var hasPendingLink: Bool
        /// Whether the record names an account (its file's or the import's).
        var hasAccount: Bool
        /// What the key is made of.
        var keyKind: KeyKind
    }

    /// What a record's import key is made of.
    enum KeyKind: Equatable {
        case none, given, bank, fingerprint
    }

    /// The identity of the record at `index`, without materializing the rest.
    func identity(at index: Int) -> Identity {
        withReader(at: index) { reader in
            var reader = reader
            let flags = Flags(rawValue: reader.flags)
            let id = flags.contains(.id) ? reader.string() : nil
            let key = reader.keyBytes()
            return Identity(id: id, importKey: reader.importKey(key), isPosted: !flags.contains(.pending),
                            hasPendingLink: flags.contains(.pendingKey), hasAccount: flags.contains(.text(.account)),
                            keyKind: key.kind)
        }
    }

    /// The key of a record as it was staged, without materializing the rest.
    func key(at index: Int) -> StagedKey {
        withReader(at: index) { reader in
            var reader = reader
            if Flags(rawValue: reader.flags).contains(.id) { _ = reader.bytes() }
            switch reader.keyBytes() {
            case .none: return .none
            case .given(let text): return .given(String(decoding: text, as: UTF8.self))
            case .bank(let prefix, let text): return .bank(key: bankKeyPrefixes[prefix] + String(decoding: text, as: UTF8.self))
            case .fingerprint(let fingerprint, let occurrence): return .fingerprint(fingerprint, occurrence: occurrence)
            }
        }
    }

    /// The fingerprint of a record whose key is one (nil for another key), without
    /// materializing the rest.
    func fingerprint(at index: Int) -> ImportKeys.Fingerprint? {
        withReader(at: index) { reader in
            var reader = reader
            if Flags(rawValue: reader.flags).contains(.id) { _ = reader.bytes() }
            guard case .fingerprint(let fingerprint, _) = reader.keyBytes() else { return nil }
            return fingerprint
        }
    }

    /// The id the record gives (nil when it has none), without materializing the rest.
    func id(at index: Int) -> String? {
        withReader(at: index) { reader in
            var reader = reader
            return Flags(rawValue: reader.flags).contains(.id) ? reader.string() : nil
        }
    }

    private func withReader<Result>(at index: Int, _ body: (Reader) -> Result) -> Result {
        let place = places[index]
        guard let chunk = chunks[Int(place >> 32)] else { preconditionFailure("StagedRecords: record \(index) is in a freed chunk") }
        var reader = Reader(chunk.bytes, at: Int(place & 0xFFFF_FFFF), bankKeyPrefixes: bankKeyPrefixes)
        for index in 0..<Flags.byteCount { reader.flags |= UInt32(reader.byte()) << UInt32(index * 8) }
        return withExtendedLifetime(chunk) { body(reader) }
    }

    /// Reads what `Writer` wrote; the bytes are our own, so it trusts their shape.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var position: Int
        var flags: UInt32 = 0
        /// The staging's bank key prefixes (`StagedRecords.bankKeyPrefixes`).
        let bankKeyPrefixes: [String]

        init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, bankKeyPrefixes: [String]) {
            self.buffer = bytes
            self.position = position
            self.bankKeyPrefixes = bankKeyPrefixes
        }

        mutating func byte() -> UInt8 {
            defer { position += 1 }
            return buffer[position]
        }

        mutating func unsigned() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = byte()
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        mutating func signed() -> Int64 {
            let raw = unsigned()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        mutating func word() -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
            return value
        }

        mutating func bytes() -> UnsafeBufferPointer<UInt8> {
            let length = Int(unsigned())
            defer { position += length }
            return UnsafeBufferPointer(rebasing: buffer[position..<(position + length)])
        }

        mutating func string() -> String {
            String(decoding: bytes(), as: UTF8.self)
        }

        /// A staged key: the given key's or the bank id's bytes, or a fingerprint.
        enum KeyBytes {
            case none
            case given(UnsafeBufferPointer<UInt8>)
            /// The number of its prefix (`StagedRecords.bankKeyPrefixes`) and the bank id.
            case bank(prefix: Int, UnsafeBufferPointer<UInt8>)
            case fingerprint(ImportKeys.Fingerprint, occurrence: Int)

            var kind: KeyKind {
                switch self {
                case .none: .none
                case .given: .given
                case .bank: .bank
                case .fingerprint: .fingerprint
                }
            }
        }

        mutating func keyBytes() -> KeyBytes {
            switch flags >> Flags.keyShift & 3 {
            case 1: return .given(bytes())
            case 2:
                let prefix = Int(unsigned())
                return .bank(prefix: prefix, bytes())
            case 3:
                let high = word(), low = word()
                return .fingerprint(ImportKeys.Fingerprint(high: high, low: low), occurrence: Int(unsigned()))
            default: return .none
            }
        }

        /// A record's key and text fields as staged bytes (no string made yet: a string is
        /// made straight into the transaction or draft, not copied out of a struct).
        struct Texts {
            var key: KeyBytes
            /// Each text field's UTF-8 bytes, nil when the record has none.
            var bytes: TextFieldValues<UnsafeBufferPointer<UInt8>?>
        }

        /// A record's key and text fields, read in their staged order (after the id).
        mutating func texts(_ flags: Flags) -> Texts {
            let key = keyBytes()
            var texts = Texts(key: key, bytes: TextFieldValues { field in flags.contains(.text(field)) ? bytes() : nil })
            if flags.contains(.payeeIsMerchant) { texts.bytes.payee = texts.bytes.merchant }
            return texts
        }

        /// The import key of a record's texts.
        func importKey(of texts: Texts) -> String? {
            importKey(texts.key)
        }

        /// A record's date: a day number or an instant.
        mutating func date(_ flags: Flags) -> TransactionDate {
            let value = signed()
            return flags.contains(.calendarDay)
                ? .day(CalendarDay(daysSince1970: Int32(truncatingIfNeeded: value))) : .instant(millisecondsSince1970: value)
        }

        /// A record's amount as the file gave it.
        mutating func amount() -> DecimalAmount {
            DecimalAmount(significand: signed(), fractionDigits: Int(byte()))
        }

        /// A record's currency, when it names one (three packed letters).
        mutating func currency(_ flags: Flags) -> Currency? {
            guard flags.contains(.currency) else { return nil }
            return Currency(packed: UInt32(byte()) << 16 | UInt32(byte()) << 8 | UInt32(byte()))
        }

        func importKey(_ key: KeyBytes) -> String? {
            switch key {
            case .none:
                return nil
            case .given(let text):
                return String(decoding: text, as: UTF8.self)
            case .bank(let prefix, let text):
                return bankKeyPrefixes[prefix] + String(decoding: text, as: UTF8.self)
            case .fingerprint(let fingerprint, let occurrence):
                return ImportKeys.fingerprintKey(fingerprint, occurrence: occurrence)
            }
        }
    }
}
