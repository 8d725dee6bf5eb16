import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchFiles

/// `--rates FILE`: `{"base": "EUR", "rates": {"USD": "0.92"}}`, one unit of each currency in
/// the base currency, exact (see `ExchangeRates.init(parsingJSON:)`). The base may differ from
/// the store's: the totals are then in the rates' base.
enum RatesFile {
    static func read(_ path: String) throws(FSearchError) -> ExchangeRates {
        let bytes = try DataSource.read(path)
        do throws(ExchangeRatesError) {
            return try ExchangeRates(parsingJSON: bytes)
        } catch {
            throw FSearchError.badData("\(path): \(error)", hint: "expected {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}")
        }
    }
}
