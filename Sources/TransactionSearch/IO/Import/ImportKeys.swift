/// The import key of a record: what makes importing the same or an overlapping file again add
/// nothing twice (see `Transaction.importKey`).
///
/// - With the bank's id: `bank:<account>:<id>` (OFX `FITID`, camt references, MT940 bank
///   references are unique per account).
/// - Without: `fp:<fingerprint>#<n>`, the fingerprint of account, date, amount, currency and
///   folded description, and `n` counting identical rows of the same file, so that two genuine
///   identical coffees on one day stay two, and importing the file again finds both.
///
/// The fingerprint is a 128-bit FNV-1a hash (two 64-bit lanes), written in hex: our own
/// function, fixed forever, since keys are kept in stores.
enum ImportKeys {
    /// The longest key kept as it is; a longer bank id is hashed.
    static let maximumLength = 200

    /// The text field a bank key is made with (`bankKey(account:bankID:)`): a staged record
    /// rebuilds its key from it (`StagedRecords`).
    static var bankKeyField: TextField { .account }

    static func bankKey(account: String?, bankID: String) -> String {
        var account = account ?? ""
        var bankID = bankID
        return account.withUTF8 { accountBytes in
            bankID.withUTF8 { bankKey(account: accountBytes, bankID: $0) }
        }
    }

    /// `bankKey(account:bankID:)` from UTF-8 bytes (an absent account is empty), written in one
    /// buffer: every OFX and camt record makes one, and joining the pieces with `+` cost three
    /// allocations.
    static func bankKey(account: UnsafeBufferPointer<UInt8>, bankID: UnsafeBufferPointer<UInt8>) -> String {
        let length = 5 + account.count + 1 + bankID.count
        guard length <= maximumLength else {
            return "bank#" + hex(StableHash.of([String(decoding: account, as: UTF8.self), String(decoding: bankID, as: UTF8.self)]))
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            for byte in "bank:".utf8 {
                buffer[end] = byte
                end += 1
            }
            for byte in account {
                buffer[end] = byte
                end += 1
            }
            buffer[end] = UInt8(ascii: ":")
            end += 1
            for byte in bankID {
                buffer[end] = byte
                end += 1
            }
            return end
        }
    }

    /// The fingerprint of what identifies a transaction that has no id of its own.
    ///
    /// The hash of account, date, amount (minor units), currency and folded merchant, as
    /// `StableHash.of` those five texts, fed field by field: no array, and the merchant folded
    /// straight into the hash (every record without an id of a bank file makes one).
    static func fingerprint(of draft: TransactionDraft, currency: Currency) -> Fingerprint {
        var hash = StableHash()
        hash.field(draft.account ?? "")
        hash.field(draft.date.description)
        hash.field((try? draft.amount.minorUnits(in: currency)).map(String.init) ?? draft.amount.description)
        hash.field(currency.code)
        hash.startField()
        Folding.fold(draft.merchant, into: &hash)
        return Fingerprint(high: hash.value.0, low: hash.value.1)
    }

    /// A fingerprint as two words (a dictionary key that hashes two integers, not a string).
    struct Fingerprint: Hashable {
        let high: UInt64
        let low: UInt64
    }

    /// `fp:<32 hex digits>#<occurrence>`.
    static func fingerprintKey(_ fingerprint: Fingerprint, occurrence: Int) -> String {
        let number = String(occurrence)
        var digits = number.utf8.makeIterator()
        return String(unsafeUninitializedCapacity: 36 + number.utf8.count) { buffer in
            for (index, byte) in "fp:".utf8.enumerated() { buffer[index] = byte }
            writeHex(fingerprint.high, into: buffer, at: 3)
            writeHex(fingerprint.low, into: buffer, at: 19)
            buffer[35] = UInt8(ascii: "#")
            var end = 36
            while let digit = digits.next() {
                buffer[end] = digit
                end += 1
            }
            return end
        }
    }

    /// 32 lowercase hex digits, each word zero-padded to 16 (written into the string's own
    /// buffer: formatting with `String(_:radix:)` and padding cost ten times more per key).
    static func hex(_ value: (UInt64, UInt64)) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            writeHex(value.0, into: buffer, at: 0)
            writeHex(value.1, into: buffer, at: 16)
            return 32
        }
    }

    /// 16 lowercase hex digits of `word` at `start`.
    private static func writeHex(_ word: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for index in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * index)) & 0x0F
            buffer[start + index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble  // 0-9, a-f
        }
    }
}

/// A 128-bit hash that never changes between builds or platforms (unlike `Hasher`): FNV-1a
/// over UTF-8 bytes in two lanes with different offsets and primes, fields separated by 0x1F.
/// Fed a field at a time (`field`, or `startField` and then bytes, as folding writes them).
struct StableHash: FoldSink {
    /// The two lanes so far.
    private(set) var value: (UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x6C62_272E_07BB_0142)
    private var fields = 0

    /// The hash of `fields`, in order.
    static func of(_ fields: [String]) -> (UInt64, UInt64) {
        var hash = StableHash()
        for field in fields { hash.field(field) }
        return hash.value
    }

    /// Feeds one field's UTF-8 bytes.
    mutating func field(_ text: String) {
        startField()
        for byte in text.utf8 { feed(byte) }
    }

    /// Begins a field: the separator before every field but the first.
    mutating func startField() {
        if fields > 0 { feed(0x1F) }
        fields += 1
    }

    /// Feeds one byte of the current field.
    @inline(__always)
    mutating func feed(_ byte: UInt8) {
        value.0 = (value.0 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        value.1 = (value.1 ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37_79B9
    }

    /// A folded byte of the current field (`Folding` writes into the hash).
    @inline(__always)
    mutating func append(_ byte: UInt8, origin: Int32) { feed(byte) }
}
