import TransactionSearch

extension ExchangeRates {
    /// Reads rates from JSON: `{"base": "EUR", "rates": {"USD": "0.92", "JPY": 0.0061}}`, one
    /// unit of each currency in the base currency. A rate is a decimal string or a JSON number,
    /// read exactly as written (never through a floating-point number): positive, at most 18
    /// significant digits and 18 after the point. Codes are matched without regard to case.
    /// Other top-level keys are ignored.
    /// - Throws: `ExchangeRatesError` saying what is wrong: malformed JSON, a missing or bad
    ///   base, a bad code or rate, a key given twice (its value would otherwise be lost).
    public init(parsingJSON bytes: [UInt8]) throws(ExchangeRatesError) {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try bytes.withByteView { buffer throws(JSONSyntaxError) -> JSONValue in
                var start = 0
                if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
                var parser = JSONParser(buffer, start: start)
                return try parser.parseDocument()
            }
        } catch {
            throw ExchangeRatesError(.invalidJSON(error.description))
        }
        guard case .object(let members) = document else { throw ExchangeRatesError(.notAnObject) }
        var baseValue: JSONValue?
        var ratesValue: JSONValue?
        for member in members where member.key == "base" || member.key == "rates" {
            if (member.key == "base" ? baseValue : ratesValue) != nil { throw ExchangeRatesError(.duplicateKey(member.key)) }
            if member.key == "base" { baseValue = member.value } else { ratesValue = member.value }
        }
        guard case .string(let baseText)? = baseValue else { throw ExchangeRatesError(.missingBase) }
        guard let base = Currency(baseText) else { throw ExchangeRatesError(.invalidCurrency(baseText)) }
        guard case .object(let table)? = ratesValue else { throw ExchangeRatesError(.missingRates) }
        var rates: [Currency: DecimalAmount] = [:]
        for (code, value) in table {
            guard let currency = Currency(code) else { throw ExchangeRatesError(.invalidCurrency(code)) }
            guard rates[currency] == nil else { throw ExchangeRatesError(.duplicateKey(code)) }
            let text: String
            switch value {
            case .string(let string), .number(let string): text = string
            default: throw ExchangeRatesError(.rateNotANumber(currency: currency.code))
            }
            let rate: DecimalAmount
            switch DecimalAmount.parseChecked(text) {
            case .success(let parsed): rate = parsed
            case .failure(.notANumber): throw ExchangeRatesError(.rateNotADecimal(currency: currency.code, text: text))
            case .failure(.tooManyDigits): throw ExchangeRatesError(.rateTooManyDigits(currency: currency.code, text: text))
            }
            guard rate.significand > 0 else { throw ExchangeRatesError(.rateNotPositive(currency: currency.code, text: text)) }
            if currency == base && rate.significand != Int64.powerOfTen(rate.fractionDigits) {
                throw ExchangeRatesError(.baseRateNotOne(currency: currency.code, text: text))
            }
            rates[currency] = rate
        }
        self.init(base: base, rates: rates)
    }
}

/// Why a rates document (see `ExchangeRates.init(parsingJSON:)`) was refused.
public struct ExchangeRatesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the document.
    public enum Reason: Hashable, Sendable {
        /// Malformed JSON: where and what.
        case invalidJSON(String)
        /// The document is not a JSON object.
        case notAnObject
        /// No `base` string.
        case missingBase
        /// No `rates` object.
        case missingRates
        /// The base or a key of `rates` is not a three-letter code.
        case invalidCurrency(String)
        /// A key appears twice (`USD` and `usd` are one key in `rates`).
        case duplicateKey(String)
        /// A rate that is neither a string nor a number.
        case rateNotANumber(currency: String)
        /// A rate's text is not a decimal number.
        case rateNotADecimal(currency: String, text: String)
        /// A rate with more than 18 significant digits or more than 18 after the point.
        case rateTooManyDigits(currency: String, text: String)
        /// A rate of zero or less.
        case rateNotPositive(currency: String, text: String)
        /// The base currency given a rate other than 1.
        case baseRateNotOne(currency: String, text: String)
    }

    /// What is wrong.
    public var reason: Reason

    /// An error with its reason.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One phrase: `the rate of USD must be positive, not -0.92`.
    public var description: String {
        switch reason {
        case .invalidJSON(let message): "invalid JSON: \(VisibleText.escaped(message))"
        case .notAnObject: "not a JSON object"
        case .missingBase: "no \"base\" currency"
        case .missingRates: "no \"rates\" object"
        case .invalidCurrency(let code): "\(quoted(code)) is not a three-letter currency code"
        case .duplicateKey(let key): "the key \(quoted(key)) appears twice"
        case .rateNotANumber(let currency): "the rate of \(currency) must be a decimal number such as \"0.92\""
        case .rateNotADecimal(let currency, let text): "the rate of \(currency), \(quoted(text)), is not a decimal number"
        case .rateTooManyDigits(let currency, let text):
            "the rate of \(currency), \(quoted(text)), has too many digits: at most \(DecimalAmount.maximumDigits), and at most \(DecimalAmount.maximumDigits) after the point"
        case .rateNotPositive(let currency, let text): "the rate of \(currency) must be positive, not \(VisibleText.escaped(text))"
        case .baseRateNotOne(let currency, let text): "the base \(currency) has the rate 1, not \(VisibleText.escaped(text))"
        }
    }
}
