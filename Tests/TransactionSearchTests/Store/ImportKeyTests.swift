import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The import key is a field like the others: validated, unique, kept by updates, the log, the
/// snapshot, export and import, and findable.
@Suite struct ImportKeyTests {
    static func draft(_ id: String, key: String?) -> TransactionDraft {
        TransactionDraft(id: id, date: try! .day(2026, 3, 14), merchant: "Lidl", amount: -500, importKey: key)
    }

    @Test func anImportKeyIsUniqueInAStoreAndInABatch() throws {
        let store = TransactionStore()
        try store.add(Self.draft("a", key: "bank:****1234:F1"))
        #expect(throws: ValidationError(.importKey, .duplicateImportKey("bank:****1234:F1"))) {
            try store.add(Self.draft("b", key: "bank:****1234:F1"))
        }
        #expect(throws: BatchError.self) { try store.add(contentsOf: [Self.draft("c", key: "k"), Self.draft("d", key: "k")]) }
        #expect(store.count == 1)
        try store.add(contentsOf: [Self.draft("e", key: nil), Self.draft("f", key: nil)])  // none is not a key
        var patch = TransactionPatch()
        patch.importKey = .set("bank:****1234:F1")
        #expect(throws: ValidationError(.importKey, .duplicateImportKey("bank:****1234:F1"))) { try store.update(id: "e", patch) }
        store.checkInvariants()
    }

    @Test func updatesSetAndClearTheKeyAndLookupsFollow() throws {
        let store = TransactionStore()
        try store.add(Self.draft("a", key: "  pending-1  "))
        #expect(store.transaction(id: "a")?.importKey == "pending-1", "trimmed like any text field")
        var patch = TransactionPatch()
        patch.importKey = .set("posted-1")
        patch.status = .set(.posted)
        try store.update(id: "a", patch)
        #expect(store.transaction(id: "a")?.importKey == "posted-1")
        try store.add(Self.draft("b", key: "pending-1"))  // the old key is free again
        patch = TransactionPatch()
        patch.importKey = .clear
        try store.update(id: "a", patch)
        #expect(store.transaction(id: "a")?.importKey == nil)
        store.checkInvariants()
    }

    @Test func keysSurviveTheLogTheSnapshotAndExport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var durable = try DurableStore(directory: directory)
        try durable.add(Self.draft("a", key: "fp:0123#1"))
        try durable.add(contentsOf: [Self.draft("b", key: nil), Self.draft("c", key: "bank:****9876:XYZ")])
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        durable = try DurableStore(directory: directory)
        #expect(durable.store.transactions(in: .dateAscending) == expected, "replayed from the log")
        try durable.compact()
        durable.close()
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected, "restored from the snapshot")
        reopened.store.checkInvariants()
        let copy = TransactionStore()
        try copy.importTransactions(from: reopened.store.export(as: .csv), format: .csv)
        #expect(copy.transactions(in: .dateAscending) == expected, "exported and imported as CSV")
        let json = TransactionStore()
        try json.importTransactions(from: reopened.store.export(as: .json), format: .json)
        #expect(json.transactions(in: .dateAscending) == expected, "exported and imported as JSON")
    }

    /// Fingerprints are kept in stores, so their text never changes: the hex writer gives what
    /// `String(_:radix: 16)` zero-padded to 16 digits per word gives, for random and edge words.
    @Test func fingerprintHexIsTheZeroPaddedRadix16Text() {
        var random = SeededRandom(seed: 17)
        let edges: [UInt64] = [0, 1, 0xF, 0x10, UInt64.max, UInt64.max >> 4, 1 << 63]
        let words = edges + (0..<500).map { _ in UInt64(random.int(in: 0...Int.max)) &* 3 }
        func reference(_ word: UInt64) -> String {
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        for (first, second) in zip(words, words.reversed()) {
            #expect(ImportKeys.hex((first, second)) == reference(first) + reference(second), "\(first) \(second)")
        }
    }
    /// Fingerprints are kept in stores: the hash fed field by field, the merchant folded into
    /// it, gives what FNV-1a over the five texts gives (an independent reference below), on
    /// random Unicode merchants, accounts, dates and amounts; and one key worked out from the
    /// definition (outside Swift) stays as it is.
    @Test func fingerprintsHashAccountDateAmountCurrencyAndFoldedMerchant() throws {
        func reference(_ fields: [String]) -> (UInt64, UInt64) {
            var first: UInt64 = 0xCBF2_9CE4_8422_2325, second: UInt64 = 0x6C62_272E_07BB_0142
            for (index, field) in fields.enumerated() {
                for byte in (index > 0 ? [0x1F] : []) + Array(field.utf8) {
                    first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                    second = (second ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37_79B9
                }
            }
            return (first, second)
        }
        let pinned = TransactionDraft(date: try .day(2026, 3, 14), merchant: "Starbucks STRASSE", account: "Main",
                                      amount: DecimalAmount("-4.10")!, currency: .eur)
        // The scheme stores before 0.4 hold: pinned, since an import into such a store looks
        // for these keys.
        #expect(ImportKeys.legacyFingerprintKey(ImportKeys.legacyFingerprint(of: pinned, currency: .eur), occurrence: 1)
                == "fp:80220f1dee263fcf31fb7654fa78ab56#1")
        var random = SeededRandom(seed: 29)
        let pieces = ["Café", "STRAßE", "ＡＢＣ", "coffee", " ", "Ω", "İ", "👍🏽", "x", "", "Ñandú", "ǅ"]
        for round in 0..<300 {
            let merchant = (0..<random.int(in: 1...4)).map { _ in random.pick(pieces) }.joined()
            let account: String? = round % 3 == 0 ? nil : random.pick(["Main", "Épargne", "****1234"])
            let date: TransactionDate = round % 2 == 0 ? try .day(2000 + random.int(in: 0...40), random.int(in: 1...12), random.int(in: 1...28))
                : .instant(millisecondsSince1970: Int64(random.int(in: 0...4_000_000_000_000)))
            let amount = DecimalAmount("\(random.int(in: -99_999...99_999)).\(random.int(in: 0...999))")!
            let currency: Currency = random.pick([.eur, .usd, .jpy])
            let draft = TransactionDraft(date: date, merchant: merchant, account: account, amount: amount, currency: currency)
            let minor = (try? amount.minorUnits(in: currency)).map(String.init) ?? amount.description
            let expected = reference([account ?? "", date.description, minor, currency.code, Folding.fold(merchant)])
            let fingerprint = ImportKeys.legacyFingerprint(of: draft, currency: currency)
            #expect(fingerprint == ImportKeys.Fingerprint(high: expected.0, low: expected.1), "\(merchant) \(amount) \(currency.code)")
            // Today's scheme: a version field, the account's digest, the card, the same four,
            // and the payer's reference.
            let card: String? = round % 4 == 0 ? nil : random.pick(["Visa 4242", " amex 1005 ", "1111"])
            let digest = AccountIdentity.digest(of: account)
            let payerReference = round % 5 == 0 ? "RENT-APT-7" : nil
            var withCard = draft
            withCard.card = card
            let expectedNew = reference(["2", digest ?? "", card.map { $0.trimmingWhitespace().uppercased() } ?? "", date.description, minor,
                                         currency.code, Folding.fold(merchant), payerReference ?? ""])
            #expect(ImportKeys.fingerprint(of: withCard, currency: currency, accountDigest: digest, reference: payerReference)
                    == ImportKeys.Fingerprint(high: expectedNew.0, low: expectedNew.1), "\(merchant) \(amount) \(currency.code)")
        }
    }
}
