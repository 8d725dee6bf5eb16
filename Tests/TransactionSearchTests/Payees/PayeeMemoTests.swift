import Testing
@testable import TransactionSearch

/// A batch's memo of cleaned payees gives what the cleaner gives, merchant by merchant, also
/// past its limit and for merchants that differ only in case or spacing.
@Suite struct PayeeMemoTests {
    @Test func theMemoGivesWhatTheCleanerGives() {
        let merchants = ["STARBUCKS STORE 12345 SEATTLE WA", "Starbucks", "PAYPAL *SPOTIFY 4029357733", "paypal *spotify 4029357733",
                         "LIDL DIENSTL 1234", "LIDL  DIENSTL 1234", "Пятёрочка 5512", "", "SQ *BLUE BOTTLE COFFEE"]
        for limit in [0, 3, 1 << 16] {
            var memo = PayeeMemo(limit: limit)
            for round in 0..<3 {
                for merchant in merchants {
                    #expect(memo.payee(of: merchant) == PayeeCleaner.shared.clean(merchant).payee, "limit \(limit), round \(round): \(merchant)")
                }
            }
        }
    }

    /// Past the size at which its table grows step by step (16,384 slots), every merchant is
    /// found again and remembered once; a memo whose seed is fixed answers the same.
    @Test func aLongTailOfMerchantsIsRememberedOnce() {
        let merchants = (0..<20_000).map { "SHOP \($0 * 7_919 % 100_003) BERLIN" } + ["", "Café", "Cafe\u{301}"]
        for seed: UInt64? in [nil, 0] {
            var memo = seed.map { PayeeMemo(seed: $0) } ?? PayeeMemo()
            for round in 0..<2 {
                for merchant in merchants {
                    #expect(memo.payee(of: merchant) == PayeeCleaner.shared.clean(merchant).payee, "round \(round): \(merchant)")
                }
            }
            #expect(memo.count == merchants.count)
        }
    }

    /// A batch add cleans through the memo; one add at a time does not: the same payees.
    @Test func aBatchCleansAsSingleAddsDo() throws {
        let merchants = ["STARBUCKS STORE 12345 SEATTLE WA", "PAYPAL *SPOTIFY 4029357733", "LIDL DIENSTL 1234", "Пятёрочка 5512"]
        let drafts = (0..<400).map { index in
            TransactionDraft(id: "t\(index)", date: .day(CalendarDay(daysSince1970: 20_000 + Int32(index % 40))),
                             merchant: merchants[index % merchants.count], amount: -5)
        }
        let batch = TransactionStore(), single = TransactionStore()
        try batch.add(contentsOf: drafts)
        for draft in drafts { try single.add(draft) }
        #expect(batch.transactions(in: .dateAscending) == single.transactions(in: .dateAscending))
        #expect(batch.transactions().allSatisfy { $0.sources == SourcesPool.cleanedPayee })
    }
}
