import Testing
@testable import TransactionSearch

/// The kind of an import key, for the key every scheme of `ImportKeys` writes, and for a
/// transaction with none.
@Suite struct ImportKeyKindTests {
    @Test func everySchemeHasItsKind() {
        let draft = TransactionDraft.sample()
        let fingerprint = ImportKeys.fingerprint(of: draft, currency: .eur, accountDigest: nil)
        #expect(ImportKeyKind(key: ImportKeys.bankKey(accountDigest: "abc", bankID: "FIT1")) == .bankID)
        #expect(ImportKeyKind(key: ImportKeys.bankKey(accountDigest: nil, bankID: String(repeating: "9", count: 300))) == .bankID)
        #expect(ImportKeyKind(key: ImportKeys.legacyBankKey(account: "****4321", bankID: "FIT1")) == .bankID)
        #expect(ImportKeyKind(key: ImportKeys.legacyBankKey(account: nil, bankID: String(repeating: "9", count: 300))) == .bankID)
        #expect(ImportKeyKind(key: ImportKeys.fingerprintKey(fingerprint, occurrence: 2)) == .fingerprint)
        #expect(ImportKeyKind(key: ImportKeys.legacyFingerprintKey(fingerprint, occurrence: 1)) == .fingerprint)
        #expect(ImportKeyKind(key: "receipt-2026-0042") == .other)
        #expect(ImportKeyKind(key: "bankers") == .other)
    }

    @Test func aTransactionAddedByHandHasNone() throws {
        let store = TransactionStore()
        let plain = try store.add(.sample("a"))
        var keyed = TransactionDraft.sample("b")
        keyed.importKey = "fp2:00000000000000000000000000000000#1"
        #expect(plain.importKeyKind == nil)
        #expect(try store.add(keyed).importKeyKind == .fingerprint)
    }
}
