@testable import TransactionSearch
import Testing

/// `payeeKey` folds case, accents and punctuation so cleaned payees compare.
@Suite struct PayeeKeyTests {
    let cleaner = PayeeCleaner()

    @Test(arguments: [
        ("McDonald's", "MCDONALDS", "mcdonalds"), ("Café de Flore", "CAFE DE FLORE", "cafedeflore"),
        ("Pastelería Ñandú", "PASTELERIA NANDU", "pastelerianandu"), ("Straße", "STRASSE", "strasse"),
        ("Пятёрочка", "ПЯТЕРОЧКА", "пятерочка"), ("Żabka", "ZABKA", "zabka"), ("7-Eleven", "7 ELEVEN", "7eleven"),
        ("H&M", "H & M", "hm"), ("Joe’s Pizza", "JOE'S PIZZA", "joespizza"), ("Καφές", "ΚΑΦΕΣ", "καφεσ"),
    ])
    func equivalentPayeesShareAKey(a: String, b: String, key: String) {
        #expect(cleaner.payeeKey(a) == key)
        #expect(cleaner.payeeKey(b) == key)
    }

    @Test func differentPayeesHaveDifferentKeysAndNoKeyIsEmpty() {
        #expect(cleaner.payeeKey("Blue Bottle") != cleaner.payeeKey("Blue Bottle Coffee"))
        #expect(cleaner.payeeKey("セブン-イレブン") == "セブンイレブン")
        #expect(cleaner.payeeKey("***") == "***")
    }

    @Test func versionIsPositive() {
        #expect(PayeeCleaner.version >= 1)
    }
}
