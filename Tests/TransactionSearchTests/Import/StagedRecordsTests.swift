import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `StagedRecords` gives back exactly what was staged: every field, nil apart from empty,
/// Unicode, every key kind and location kind; and a normalized record's transaction made from
/// its bytes equals the one validation makes.
@Suite struct StagedRecordsTests {
    private static let texts: [String?] = [
        nil, "", " ", "Café", "Пятёрочка", "北京烤鸭", "🍕 Pizza 🍕", "a\u{0301}", "tab\there", "line\nbreak",
        String(repeating: "x", count: 300), "  padded  ", "****4242", "\"quoted\", comma",
    ]

    private static func randomText(_ random: inout SeededRandom) -> String? {
        texts[Int(random.next() % UInt64(texts.count))]
    }

    private static func randomRecord(_ random: inout SeededRandom) -> (ImportRecord, StagedRecords.StagedKey) {
        let date: TransactionDate = random.chance(0.5)
            ? .day(CalendarDay(daysSince1970: Int32(truncatingIfNeeded: Int64(random.next() % 4_000_000) - 2_000_000)))
            : .instant(millisecondsSince1970: Int64(bitPattern: random.next()) >> Int64(random.next() % 40))
        let significands: [Int64] = [0, 1, -1, 125, -4_10, .max, .min, Int64(bitPattern: random.next())]
        let amount = DecimalAmount(significand: significands[Int(random.next() % UInt64(significands.count))],
                                   fractionDigits: Int(random.next() % 19))
        let currencies: [Currency?] = [nil, .eur, Currency("JPY"), Currency("KWD"), Currency("zzz")]
        let locations: [ImportIssue.Location] = [
            .line(Int(random.next() % 1_000_000)), .index(Int(random.next() % 1000)), .element(path: "Document/Stmt[1]/Ntry[7]", line: 42),
            .element(path: "", line: 0), .element(path: "Ä/ß/€", line: Int.max),
        ]
        let draft = TransactionDraft(
            id: randomText(&random), date: date, merchant: randomText(&random) ?? "", category: randomText(&random),
            subcategory: randomText(&random), card: randomText(&random), account: randomText(&random), amount: amount,
            currency: currencies[Int(random.next() % UInt64(currencies.count))], status: random.chance(0.3) ? .pending : .posted,
            notes: randomText(&random), payee: randomText(&random),
            sources: random.chance(0.5) ? SourcesPool.cleanedPayee : nil)
        let record = ImportRecord(location: locations[Int(random.next() % UInt64(locations.count))], draft: draft,
                                  pendingKey: randomText(&random))
        let keys: [StagedRecords.StagedKey] = [
            .none, .given(randomText(&random) ?? ""), .bank(key: randomText(&random) ?? "bank2:-:FIT-1"),
            .bank(key: String(repeating: "L", count: 250)),
            .fingerprint(ImportKeys.Fingerprint(high: random.next(), low: random.next()), occurrence: Int(random.next() % 5) + 1),
        ]
        return (record, keys[Int(random.next() % UInt64(keys.count))])
    }

    @Test func everyFieldRoundTrips() {
        let seed: UInt64 = 2026
        var random = SeededRandom(seed: seed)
        var staged = StagedRecords()
        var expected: [(ImportRecord, StagedRecords.StagedKey)] = []
        // Enough records to fill several chunks, so that records start in later chunks too.
        let count = 3000 * RandomScale.factor
        for _ in 0..<count {
            let (record, key) = Self.randomRecord(&random)
            staged.append(record, key: key)
            expected.append((record, key))
        }
        #expect(staged.count == count)
        for (index, (record, key)) in expected.enumerated() {
            var want = record
            want.draft.importKey = key.importKey
            let got = staged[index]
            #expect(got.draft == want.draft, "seed \(seed), record \(index)")
            #expect(got.location == want.location, "seed \(seed), record \(index)")
            #expect(got.pendingKey == want.pendingKey, "seed \(seed), record \(index)")
            let identity = staged.identity(at: index)
            #expect(identity.id == want.draft.id && identity.importKey == want.draft.importKey, "seed \(seed), record \(index)")
            #expect(identity.isPosted == (want.draft.status == .posted) && identity.hasPendingLink == (want.pendingKey != nil))
            #expect(staged.id(at: index) == want.draft.id)
        }
    }

    @Test func nilAndEmptyStayApart() {
        var staged = StagedRecords()
        let empty = TransactionDraft(id: "", date: .instant(millisecondsSince1970: 0), merchant: "", category: "", subcategory: "",
                                     card: "", account: "", amount: 0, notes: "")
        let none = TransactionDraft(date: .instant(millisecondsSince1970: 0), merchant: "", amount: 0)
        staged.append(ImportRecord(location: .line(1), draft: empty, pendingKey: ""), key: .given(""))
        staged.append(ImportRecord(location: .line(2), draft: none), key: .none)
        #expect(staged[0].draft == TransactionDraft(id: "", date: .instant(millisecondsSince1970: 0), merchant: "", category: "",
                                                    subcategory: "", card: "", account: "", amount: 0, notes: "", importKey: ""))
        #expect(staged[0].pendingKey == "")
        #expect(staged[1].draft == none && staged[1].pendingKey == nil)
    }

    /// The bulk build's shortcut agrees with validation wherever it is taken.
    @Test func aNormalizedRecordsTransactionEqualsItsValidation() {
        let seed: UInt64 = 77
        var random = SeededRandom(seed: seed)
        let validator = TransactionValidator(baseCurrency: .eur)
        var staged = StagedRecords()
        var validated: [Transaction?] = []
        var shortcuts = 0
        for _ in 0..<(2000 * RandomScale.factor) {
            var (record, key) = Self.randomRecord(&random)
            record.draft.importKey = key.importKey
            let transaction = try? validator.validate(record.draft)
            let normalized = transaction.map {
                $0.merchant == record.draft.merchant && $0.category == record.draft.category && $0.subcategory == record.draft.subcategory
                    && $0.card == record.draft.card && $0.account == record.draft.account && $0.notes == record.draft.notes
                    && $0.importKey == record.draft.importKey && $0.payee == record.draft.payee
            } ?? false
            staged.append(record, key: key, isNormalized: normalized)
            validated.append(normalized ? transaction : nil)
        }
        for index in validated.indices {
            let made = staged.validatedTransaction(at: index, baseCurrency: .eur)
            #expect(made == validated[index], "seed \(seed), record \(index)")
            if made != nil { shortcuts += 1 }
        }
        #expect(shortcuts > 0)
    }
}
