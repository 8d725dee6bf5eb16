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
