/// The import key of a record: what makes importing the same or an overlapping file again add
/// nothing twice (see `Transaction.importKey`, docs/SPEC.md section 9).
///
/// - With the bank's id: `bank2:<account>:<id>`, the account being the digest of the full
///   account identity the file gives (`AccountIdentity`; `-` when it names none): bank ids are
///   unique per account, and two accounts ending in the same four digits stay apart.
/// - Without: `fp2:<fingerprint>#<n>`, the fingerprint of account identity, card, date, amount,
///   currency, folded description and the payer's reference when there is one, and `n`
///   counting identical rows of the same file, so that two genuine identical coffees on one day
///   stay two, and importing the file again finds both.
///
/// Stores written before 0.4 hold keys of the first scheme (`bank:<masked account>:<id>`,
/// `fp:<fingerprint>#<n>` without the card and with the masked account): they stay valid, and
/// an import into such a store also looks for them (`legacyBankKey`, `legacyFingerprint`).
///
/// The fingerprint is a 128-bit FNV-1a hash (two 64-bit lanes), written in hex: our own
/// function, fixed forever, since keys are kept in stores.
package enum ImportKeys {
    /// The longest key kept as it is; a longer bank id is hashed.
    static let maximumLength = 200

    /// A bank's id as a key takes it: trimmed, and nil for what is no id at all (empty,
    /// `NONREF`, `NOTPROVIDED`, `NONE`, `N/A`, zeros), which banks write where they have none.
    package static func bankID(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "-") }) else { return nil }
        switch trimmed.uppercased() {
        case "NONREF", "NOTPROVIDED", "NOT PROVIDED", "NONE", "N/A", "NA", "NULL", "UNKNOWN": return nil
        default: return trimmed
        }
    }

    /// `bank2:<account digest or ->:<bank id>`, or `bank2#<hash>` for a long one.
    static func bankKey(accountDigest: String?, bankID: String) -> String {
        let account = accountDigest ?? "-"
        let key = "bank2:" + account + ":" + bankID
        guard key.utf8.count <= maximumLength else { return "bank2#" + hex(StableHash.of([account, bankID])) }
        return key
    }

    /// The key an earlier version gave a bank id: `bank:<masked account>:<id>`.
    static func legacyBankKey(account: String?, bankID: String) -> String {
        let account = account ?? ""
        let key = "bank:" + account + ":" + bankID
        guard key.utf8.count <= maximumLength else { return "bank#" + hex(StableHash.of([account, bankID])) }
        return key
    }

    /// Whether a key is of the scheme stores wrote before 0.4 (`bank:`, `bank#`, `fp:`).
    static func isLegacy(_ key: String) -> Bool {
        key.hasPrefix("bank:") || key.hasPrefix("bank#") || key.hasPrefix("fp:")
    }

    /// The fingerprint of what identifies a transaction that has no id of its own: account
    /// identity (its digest), card, date, amount (minor units), currency, folded merchant and
    /// `reference` (a payer's reference, or a bank id the file did not keep unique), fed field
    /// by field, the merchant folded straight into the hash.
    static func fingerprint(of draft: TransactionDraft, currency: Currency, accountDigest: String?,
                            reference: String? = nil) -> Fingerprint {
        var hash = StableHash()
        hash.field("2")
        hash.field(accountDigest ?? "")
        hash.field(draft.card.map { $0.trimmingWhitespace().uppercased() } ?? "")
        hash.field(draft.date.description)
        hash.field((try? draft.amount.minorUnits(in: currency)).map(String.init) ?? draft.amount.description)
        hash.field(currency.code)
        hash.startField()
        Folding.fold(draft.merchant, into: &hash)
        hash.field(reference ?? "")
        return Fingerprint(high: hash.value.0, low: hash.value.1)
    }

    /// The fingerprint an earlier version made: account (as the draft has it, masked), date,
    /// amount, currency and folded merchant; no card.
    static func legacyFingerprint(of draft: TransactionDraft, currency: Currency) -> Fingerprint {
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

    /// `fp2:<32 hex digits>#<occurrence>`.
    static func fingerprintKey(_ fingerprint: Fingerprint, occurrence: Int) -> String {
        fingerprintKey(prefix: "fp2:", fingerprint, occurrence: occurrence)
    }

    /// `fp:<32 hex digits>#<occurrence>`: the key an earlier version made of a fingerprint.
    static func legacyFingerprintKey(_ fingerprint: Fingerprint, occurrence: Int) -> String {
        fingerprintKey(prefix: "fp:", fingerprint, occurrence: occurrence)
    }

    /// `prefix`, 32 hex digits, `#` and the occurrence, written into the string's own buffer
    /// (every record without a bank id makes one; joining the pieces cost three allocations).
    private static func fingerprintKey(prefix: StaticString, _ fingerprint: Fingerprint, occurrence: Int) -> String {
        let number = String(occurrence)
        let start = prefix.utf8CodeUnitCount
        var digits = number.utf8.makeIterator()
        return String(unsafeUninitializedCapacity: start + 33 + number.utf8.count) { buffer in
            for index in 0..<start { buffer[index] = prefix.utf8Start[index] }
            writeHex(fingerprint.high, into: buffer, at: start)
            writeHex(fingerprint.low, into: buffer, at: start + 16)
            buffer[start + 32] = UInt8(ascii: "#")
            var end = start + 33
            while let digit = digits.next() {
                buffer[end] = digit
                end += 1
            }
            return end
        }
    }

    /// 16 lowercase hex digits, zero-padded.
    static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            writeHex(value, into: buffer, at: 0)
            return 16
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
