import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Base totals: rates in any base convert the totals only, and a total that cannot be
/// converted carries the reason instead of silently nothing.
@Suite struct ExchangeRatesTests {
    static let usd = Currency("USD")!

    @Test func ratesInAnotherBaseConvertTotalsAndLeaveRowsAlone() throws {
        let store = TransactionStore(baseCurrency: .eur)
        try store.add(.sample("a", amount: DecimalAmount(significand: -150, fractionDigits: 2)))
        try store.add(.sample("b", amount: DecimalAmount(significand: -200, fractionDigits: 2), currency: "USD"))
        store.exchangeRates = ExchangeRates(base: .jpy, rates: [.eur: 160, ExchangeRatesTests.usd: 150])
        let result = store.search(Query())
        #expect(result.total.base == Money(minorUnits: -540, currency: .jpy))
        #expect(result.total.baseProblem == nil)
        #expect(store.transaction(id: "a")?.amount == Money(minorUnits: -150, currency: .eur))
    }

    @Test func aMissingRateOrAnOverflowIsTheReason() throws {
        let store = TransactionStore(baseCurrency: .eur)
        try store.add(.sample("a", amount: DecimalAmount(significand: -150, fractionDigits: 2)))
        try store.add(.sample("b", "2026-03-15", amount: DecimalAmount(significand: -999_999_999_999_999, fractionDigits: 2), currency: "USD"))
        try store.add(.sample("c", "2026-03-15", amount: 1, currency: "JPY"))
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.jpy: 1])
        var result = store.search(Query(grouping: .card))
        #expect(result.total.base == nil && result.total.baseProblem == .missingRate(ExchangeRatesTests.usd))
        #expect(result.groups.first?.baseProblem == .missingRate(ExchangeRatesTests.usd))
        // 10^15 cents at a rate of 18 digits, brought to the scale of a rate with 18 fraction
        // digits: about 10^49, beyond 128 bits.
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [ExchangeRatesTests.usd: DecimalAmount(significand: 999_999_999_999_999_999, fractionDigits: 0),
                                .jpy: DecimalAmount(significand: 1, fractionDigits: 18)])
        result = store.search(Query(grouping: .day))
        #expect(result.total.base == nil && result.total.baseProblem == .outOfRange(.eur))
        #expect(result.groups.map(\.base) == [nil, Money(minorUnits: -150, currency: .eur)])
        #expect(result.groups.map(\.baseProblem) == [.outOfRange(.eur), nil])
        #expect(BaseTotalProblem.outOfRange(.eur).description == "the exact total in EUR is too large to compute exactly")
        #expect(BaseTotalProblem.missingRate(ExchangeRatesTests.usd).description == "no rate for USD")
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(QueryResult.self, from: data) == result)
        let total = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["total"] as? [String: Any])
        #expect(total["base"] == nil && total["baseProblem"] as? String == "the exact total in EUR is too large to compute exactly")
    }

    @Test func aRateOfEighteenDigitsIsExactOrOutOfRangeNeverATrap() throws {
        let rates = ExchangeRates(base: .eur, rates: [ExchangeRatesTests.usd: DecimalAmount(significand: 999_999_999_999_999_999, fractionDigits: 0)])
        let row = Money(minorUnits: -999_999_999_999_999, currency: ExchangeRatesTests.usd)  // the largest amount
        #expect(rates.conversion(of: [row]) == .success(Money(minorUnits: row.minorUnits * 999_999_999_999_999_999, currency: .eur)))
        // The most a store can sum (2^32 such rows, about 2^82) times 10^18 is beyond 128 bits.
        let sum = Money(minorUnits: row.minorUnits * 4_294_967_296, currency: ExchangeRatesTests.usd)
        #expect(rates.conversion(of: [sum]) == .failure(.outOfRange(.eur)))
    }

    @Test func ratesReadFromJSONSayWhatIsWrong() throws {
        let rates = try ExchangeRates(parsingJSON: Array(#"{"base": "jpy", "rates": {"EUR": "160", "USD": 150.5}}"#.utf8))
        #expect(rates == ExchangeRates(base: .jpy, rates: [.eur: 160, ExchangeRatesTests.usd: DecimalAmount(significand: 1505, fractionDigits: 1)]))
        func reason(_ json: String) -> String? {
            do throws(ExchangeRatesError) {
                _ = try ExchangeRates(parsingJSON: Array(json.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(reason(#"{"base": "EUR", "rates": {"USD": "0.0000000000000000001"}}"#)
            == #"the rate of USD, "0.0000000000000000001", has too many digits: at most 18, and at most 18 after the point"#)
        #expect(reason(#"{"base": "EUR", "rates": {"USD": "0", "GBP": "1"}}"#) == "the rate of USD must be positive, not 0")
        #expect(reason(#"{"base": "EUR", "rates": {"USD": "1", "usd": "2"}}"#) == #"the key "usd" appears twice"#)
        #expect(reason(#"{"base": "EUR"}"#) == #"no "rates" object"#)
        #expect(reason(#"["EUR"]"#) == "not a JSON object")
        #expect(reason(#"{"base": "EUR", "rates": {"USD": true}}"#) == #"the rate of USD must be a decimal number such as "0.92""#)
    }
}
