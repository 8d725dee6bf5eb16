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
    static func fingerprint(of draft: TransactionDraft, currency: Currency) -> Fingerprint {
        let amount = (try? draft.amount.minorUnits(in: currency)).map(String.init) ?? draft.amount.description
        let hash = StableHash.of([draft.account ?? "", draft.date.description, amount, currency.code, Folding.fold(draft.merchant)])
        return Fingerprint(high: hash.0, low: hash.1)
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
enum StableHash {
    static func of(_ fields: [String]) -> (UInt64, UInt64) {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        func feed(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37_79B9
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { feed(0x1F) }
            for byte in field.utf8 { feed(byte) }
        }
        return (first, second)
    }
}
