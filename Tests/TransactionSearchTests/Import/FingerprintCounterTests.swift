import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `FingerprintCounter` numbers each fingerprint's occurrences as a dictionary would, reading
/// the fingerprints back from the staging: fingerprints that repeat often, once, or collide in
/// their low word; records with ids and other keys between them; past several table growths.
@Suite struct FingerprintCounterTests {
    @Test func occurrencesCountAsADictionaryWould() {
        let seed: UInt64 = 0xF1_9E
        var random = SeededRandom(seed: seed)
        var records = StagedRecords()
        var counter = FingerprintCounter()
        var model: [ImportKeys.Fingerprint: Int] = [:]
        // A pool small enough for repeats; some share the low word (the slot hash).
        let pool = (0..<3000).map { index in
            ImportKeys.Fingerprint(high: random.next(), low: index % 10 == 0 ? 42 : random.next())
        }
        for index in 0..<(40_000 * RandomScale.factor) {
            let draft = TransactionDraft(id: random.chance(0.1) ? "id-\(index)" : nil, date: .instant(millisecondsSince1970: Int64(index)),
                                         merchant: "M", amount: 1)
            let key: StagedRecords.StagedKey
            if random.chance(0.15) {
                key = random.chance(0.5) ? .bank(key: "bank2:-:B\(index)") : .none
            } else {
                let fingerprint = random.chance(0.5) ? pool[random.int(in: 0...(pool.count - 1))]
                    : ImportKeys.Fingerprint(high: random.next(), low: random.next())
                let occurrence = counter.increment(fingerprint, next: records.count, in: records)
                model[fingerprint, default: 0] += 1
                #expect(occurrence == model[fingerprint], "seed \(seed), record \(index)")
                key = .fingerprint(fingerprint, occurrence: occurrence)
            }
            records.append(ImportRecord(location: .line(index + 1), draft: draft), key: key)
        }
        #expect(model.values.contains { $0 > 5 })
    }
}
