import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A posted payment takes the place of a pending one only when both name the same merchant
/// (docs/SPEC.md section 9): a table of pending and posted descriptors, half one merchant
/// written two ways, half two merchants sharing payment and processor words.
@Suite struct MerchantSimilarityTests {
    static let sameMerchant: [(pending: String, posted: String)] = [
        ("STARBUCKS 1234 SEATTLE", "STARBUCKS STORE 1234"),
        ("Joe's Diner", "JOES DINER #1234"),
        ("UBER *TRIP", "UBER TRIP HELP.UBER.COM"),
        ("AMAZON.COM*AB12CD", "AMAZON MKTPLACE PMTS"),
        ("SQ *BLUE BOTTLE", "SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA"),
        ("NETFLIX.COM", "NETFLIX.COM 866-579-7172 CA"),
        ("SHELL OIL 57444", "SHELL OIL 57444 HOUSTON TX"),
        ("PAYPAL *SPOTIFY", "PAYPAL *SPOTIFY P0A1B2"),
        ("GRAND HOTEL BERLIN", "GRAND HOTEL BERLIN MITTE"),
        ("LIDL DIENSTL. 1234", "LIDL DIENSTLEISTUNG GMBH"),
        ("DUNKIN #3456", "DUNKIN #3456 Q35 CENTEREACH NY"),
        ("Amazon Marketplace", "AMAZON MARKETPLACE DE*AB12"),
        ("TST* JOES PIZZA", "TST* JOES PIZZA 1234 BROOKLYN NY"),
        ("WHOLEFDS MKT 10234", "WHOLEFDS MKT 10234 AUSTIN TX"),
        ("CHIPOTLE 1234", "CHIPOTLE ONLINE"),
        ("PRET A MANGER 0411", "PRET A MANGER"),
        ("Café de Flore", "CAFE DE FLORE PARIS"),
        ("KARTENZAHLUNG REWE MARKT 4711", "REWE MARKT GMBH"),
    ]

    static let differentMerchants: [(pending: String, posted: String)] = [
        ("AMAZON.COM*AB12CD", "NETFLIX.COM"),
        ("CARD PURCHASE SHELL", "CARD PURCHASE ALDI"),
        ("PAYPAL *SPOTIFY", "PAYPAL *EBAY SELLER"),
        ("SEPA LASTSCHRIFT Allianz", "SEPA LASTSCHRIFT Vodafone"),
        ("Uber Trip", "Uber Eats"),
        ("POS 4821 STORE", "POS 4821 PHARMACY"),
        ("SQ *BLUE BOTTLE", "SQ *JOE'S PIZZA"),
        ("TST* SHAKE SHACK", "TST* FIVE GUYS"),
        ("VISA DDA PUR 1234 DUNKIN", "VISA DDA PUR 1234 SUBWAY"),
        ("KARTENZAHLUNG REWE", "KARTENZAHLUNG EDEKA"),
        ("PAIEMENT CB CARREFOUR", "PAIEMENT CB MONOPRIX"),
        ("COMPRA TARJETA MERCADONA", "COMPRA TARJETA ZARA"),
        ("CHECKCARD 0314 TARGET", "CHECKCARD 0314 WALMART"),
        ("GOOGLE *YOUTUBE", "GOOGLE *GOOGLE STORAGE"),
        ("DEBIT CARD PURCHASE WWW.ETSY.COM", "DEBIT CARD PURCHASE WWW.EBAY.COM"),
        ("ACH DEBIT ACME INSURANCE", "ACH DEBIT ACME GYM"),
        ("POS DEBIT 0001", "POS DEBIT 0002"),
        ("SEPA-BASISLASTSCHRIFT 123456", "SEPA-BASISLASTSCHRIFT 987654"),
    ]

    /// One merchant whose two descriptors share no significant word, only their cleaned payee.
    static let samePayee: [(pending: String, posted: String)] = [
        ("AMZN Mktp US*2K4XY1", "AMAZON.COM*RT5PL0 AMZN.COM/BILL WA"),
        ("AMZN Digital*AB12", "Amazon Marketplace"),
        ("MCDONALD'S F1234", "McDonalds 0042 Chicago IL"),
    ]

    @Test(arguments: sameMerchant.indices)
    func oneMerchantWrittenTwoWaysIsSimilar(_ index: Int) {
        let (pending, posted) = Self.sameMerchant[index]
        #expect(MerchantSimilarity().isSimilar(pending, posted), "\(pending) / \(posted)")
    }

    @Test(arguments: differentMerchants.indices)
    func twoMerchantsSharingNoiseAreNot(_ index: Int) {
        let (pending, posted) = Self.differentMerchants[index]
        #expect(!MerchantSimilarity().isSimilar(pending, posted), "\(pending) / \(posted)")
    }

    /// The table through an import: a pending row and a posted one of the same account, amount
    /// and nearby day replace each other exactly when they name one merchant.
    @Test func theImportReplacesAPendingRowOnlyForTheSameMerchant() throws {
        let cases = (Self.sameMerchant + Self.samePayee).map { ($0, true) } + Self.differentMerchants.map { ($0, false) }
        for ((pending, posted), same) in cases {
            let store = TransactionStore()
            try store.add(TransactionDraft(id: "p", date: try .day(2026, 3, 1), merchant: pending, account: "Main", amount: -50,
                                           status: .pending))
            let csv = "date,merchant,amount,account,status\n2026-03-03,\"\(posted)\",-45.00,Main,posted\n"
            let report = try store.importTransactions(from: csv, format: .csv)
            #expect((report.replacedPendingIDs == ["p"]) == same, "\(pending) / \(posted): \(report.summary)")
        }
    }

    /// A word most of a store's merchants share (an employer's card program, say) names none of
    /// them.
    @Test func aWordMostMerchantsShareCountsForNothing() throws {
        let store = TransactionStore()
        for (index, place) in ["HOTEL ADLON", "TAXI BERLIN", "CAFE ROMA", "BAKERY", "CINEMA", "GARAGE", "FLORIST", "BOOKSHOP",
                               "PHARMACY", "PARKING", "MUSEUM", "THEATRE", "SUSHI BAR", "PIZZERIA", "TRAIN", "FERRY", "HOSTEL",
                               "LAUNDRY", "BARBER", "MARKET", "KIOSK", "BISTRO"].enumerated() {
            try store.add(TransactionDraft(date: try .day(2026, 2, 1 + index), merchant: "ACMEPAY \(place)", amount: -10))
        }
        try store.add(TransactionDraft(id: "p", date: try .day(2026, 3, 1), merchant: "ACMEPAY", amount: -50, status: .pending))
        let report = try store.importTransactions(from: "date,merchant,amount,status\n2026-03-02,ACMEPAY TAXI MUNICH,-50.00,posted\n",
                                                  format: .csv)
        #expect(report.replacedPendingIDs.isEmpty && report.addedIDs.count == 1, "\(report.summary)")
        #expect(PendingMatcher.commonWords(of: store.contents).contains(Array("acmepay".utf8)))
    }
}
