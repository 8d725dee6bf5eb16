@testable import TransactionSearch
import Testing

/// One merchant written many ways is one payee; merchants sharing a processor stay apart.
@Suite struct GroupingTests {
    let cleaner = PayeeCleaner()

    /// Ten descriptors per merchant, as different banks, processors and terminals write them.
    static let merchants: [(payee: String, descriptors: [String])] = [
        ("Starbucks", [
            "STARBUCKS STORE 12345 SEATTLE WA", "CHECKCARD 0314 STARBUCKS STORE 12345 SEATTLE WA 2443105",
            "SBUX CARD RELOAD 800-782-7282 WA", "Starbucks", "STARBUCKS COFFEE #1234 LONDON GB",
            "APPLE PAY STARBUCKS 1234", "POS PURCHASE STARBUCKS #04123 NEW YORK NY",
            "Kartenzahlung STARBUCKS COFFEE 4711 BERLIN", "PAIEMENT CB 1403 STARBUCKS PARIS",
            "SQ *STARBUCKS",
        ]),
        ("Walmart", [
            "WAL-MART #1234 DALLAS TX", "WM SUPERCENTER #5678 AUSTIN TX", "WALMART.COM 8009256278 AR",
            "POS DEBIT 0314 WAL-MART SUPER CENTER 1234", "Walmart", "WALMART GROCERY 800-966-6546 AR",
            "PURCHASE AUTHORIZED ON 03/14 WM SUPERCENTER #123 S123456789 CARD 1234", "WAL MART 0123",
            "DEBIT CARD PURCHASE XXXX1234 WALMART STORE 1234", "WMT 1234",
        ]),
        ("Amazon", [
            "AMZN Mktp US*2K4XY1 AMZN.COM/BILL WA", "AMAZON.COM*MK1AB2CD3 AMZN.COM/BILL WA", "Amazon.de",
            "AMAZON MARKETPLACE", "AMZN Digital*2K4XY1 888-802-3080 WA", "WWW.AMAZON.CO.UK",
            "DEBIT CARD PURCHASE XXXXX1234 AMAZON.COM*2K4XY1 AMZN.COM/BILL WA", "Amazon Marketplace",
            "KINDLE SVCS*2K4XY1 888-802-3080 WA", "PAYPAL *AMAZON",
        ]),
        ("McDonald's", [
            "MCDONALD'S F1234", "MCDONALDS #3322 CHICAGO IL", "McDonald's", "MC DONALDS 1234 MIAMI FL",
            "DEBIT CARD PURCHASE MCDONALD'S F1234 ANYTOWN USA", "MCDONALDS RESTAURANT 4711 BERLIN",
            "KARTENZAHLUNG MCDONALDS 1234 HAMBURG", "MCDONALD S 012345", "mcdonalds", "APPLE PAY MCDONALD'S 1234",
        ]),
        ("Blue Bottle Coffee", [
            "SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA", "BLUE BOTTLE COFFEE SAN FRANCISCO CA",
            "POS PURCHASE BLUE BOTTLE COFFEE #12", "Blue Bottle Coffee", "TST* BLUE BOTTLE COFFEE",
            "CHECKCARD 0314 BLUE BOTTLE COFFEE 94103", "BLUE BOTTLE COFFEE 800-555-1212",
            "PURCHASE AUTHORIZED ON 03/14 BLUE BOTTLE COFFEE SAN FRANCISCO CA S384073123456789 CARD 1234",
            "BLUE BOTTLE COFFEE XXXX1234", "APPLE PAY BLUE BOTTLE COFFEE OAKLAND CA",
        ]),
        ("Rewe", [
            "Kartenzahlung REWE SAGT DANKE. 41400673//Hamburg 2018-03-01T11:33:59",
            "KARTENZAHLUNG REWE SAGT DANKE 4711 BERLIN", "REWE MARKT GMBH 1234", "Rewe", "REWE",
            "SEPA-Basislastschrift REWE Markt GmbH EREF: 123", "REWE CITY 0815 KOELN", "girocard REWE 1234",
            "Apple Pay REWE 4711 MUENCHEN", "REWE.DE",
        ]),
        ("Joe's Pizza", [
            "SQ *JOE'S PIZZA", "JOE'S PIZZA", "Joe's Pizza", "TST* JOE'S PIZZA - BROOKLYN BROOKLYN NY",
            "PURCHASE AUTHORIZED ON 03/14 SQ *JOE'S PIZZA BROOKLYN NY S301234567890123 CARD 5678",
            "JOE'S PIZZA 1234 NEW YORK NY", "POS DEBIT JOE'S PIZZA #2", "JOE’S PIZZA NEW YORK",
            "JOE'S PIZZA 212-555-0100", "CHECKCARD 0314 JOE'S PIZZA XXXX1234",
        ]),
        ("Netflix", [
            "NETFLIX.COM 866-579-7172 CA", "NETFLIX INTERNATIONAL B.V.", "Lastschrift NETFLIX INTERNATIONAL B.V.",
            "RECURRING PAYMENT AUTHORIZED ON 03/01 NETFLIX.COM NETFLIX.COM CA S464060123456789 CARD 1234",
            "Netflix", "NETFLIX", "PAYPAL *NETFLIX", "WWW.NETFLIX.COM", "NETFLIX.COM/BILL", "PRLV SEPA NETFLIX",
        ]),
    ]

    @Test func oneMerchantWrittenTenWaysIsOnePayee() {
        for merchant in Self.merchants {
            #expect(merchant.descriptors.count == 10)
            for descriptor in merchant.descriptors {
                let payee = cleaner.clean(descriptor).payee
                #expect(payee == merchant.payee, "\(descriptor) -> \(payee)")
            }
        }
    }

    @Test func differentMerchantsNeverShareAPayee() {
        let payees = Self.merchants.map { $0.payee }
        #expect(Set(payees).count == payees.count)
        #expect(Set(payees.map(cleaner.payeeKey)).count == payees.count)
    }

    @Test func merchantsSharingAProcessorStayApart() {
        let pairs: [(String, String)] = [
            ("SQ *BLUE BOTTLE", "SQ *JOE'S PIZZA"), ("TST* THE SMOKEHOUSE", "TST* BLUE BOTTLE COFFEE"),
            ("PAYPAL *SPOTIFY", "PAYPAL *NETFLIX"), ("ZTL*LA BOUTIK", "ZTL*CAFE MOKKA"),
            ("ZELLE TO JOHN SMITH", "ZELLE TO JANE DOE"), ("SUMUP *BAECKEREI MUELLER", "SUMUP *PIZZA NAPOLI"),
            ("GOOGLE *DUOLINGO", "GOOGLE *YOUTUBE"), ("VENMO *JOHN SMITH", "VENMO *JANE DOE"),
        ]
        for (a, b) in pairs {
            let left = cleaner.clean(a), right = cleaner.clean(b)
            #expect(left.payee != right.payee, "\(a) and \(b) both -> \(left.payee)")
            #expect(left.processor == right.processor, "\(a) and \(b) have different processors")
            #expect(left.processor != nil)
        }
        let names = ["ALPHA BAKERY", "BETA BIKES", "GAMMA GYM", "DELTA DELI", "EPSILON EATS", "ZETA ZOO",
                     "ETA ESPRESSO", "THETA THAI", "IOTA ICE CREAM", "KAPPA KEBAB"]
        let payees = names.map { cleaner.clean("SQ *\($0) 0123 SAN FRANCISCO CA").payee }
        #expect(Set(payees).count == names.count, "\(payees)")
    }
}
