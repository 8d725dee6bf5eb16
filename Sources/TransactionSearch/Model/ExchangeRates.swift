/// Exact rates to a base currency: `rates[USD] = 0.92` means 1 USD is 0.92 of the base. Totals
/// in the base currency are computed exactly and rounded once, half to even, at the end.
public struct ExchangeRates: Hashable, Sendable {
    /// The currency totals are converted into.
    public var base: Currency
    /// One unit of each currency in the base currency: `[USD: 0.92]`; exact, positive.
    public var rates: [Currency: DecimalAmount]

    /// Rates to a base currency; see `rates`.
    public init(base: Currency, rates: [Currency: DecimalAmount]) {
        self.base = base
        self.rates = rates
    }

    /// The rate of a currency (1 for the base), or nil when not configured.
    public func rate(of currency: Currency) -> DecimalAmount? {
        currency == base ? DecimalAmount(significand: 1, fractionDigits: 0) : rates[currency]
    }

    /// The sum of several amounts in the base currency, rounded half to even to its minor
    /// digits; nil when a currency has no rate or the value is out of range (see
    /// `conversion(of:)` for which).
    public func total(of amounts: [Money]) -> Money? {
        try? conversion(of: amounts).get()
    }

    /// The sum of several amounts in the base currency, rounded once, half to even, to its
    /// minor digits; or why there is none: a currency without a rate, or an exact value beyond
    /// 128-bit arithmetic (a sum near the store's limit times a rate of 18 digits, brought to
    /// a common scale with rates of many fraction digits).
    public func conversion(of amounts: [Money]) -> Result<Money, BaseTotalProblem> {
        // value = sum over currencies of minor * rateSignificand / 10^(digits + rateDigits),
        // expressed in base minor units: multiply by 10^baseDigits. Common denominator 10^scale.
        var parts: [(numerator: Int128, exponent: Int)] = []
        for money in amounts {
            guard let rate = rate(of: money.currency) else { return .failure(.missingRate(money.currency)) }
            let exponent = money.currency.minorDigits + rate.fractionDigits - base.minorDigits
            let (product, overflow) = money.minorUnits.multipliedReportingOverflow(by: Int128(rate.significand))
            guard !overflow else { return .failure(.outOfRange(base)) }
            parts.append((product, exponent))
        }
        let outOfRange = Result<Money, BaseTotalProblem>.failure(.outOfRange(base))
        let scale = parts.map(\.exponent).max() ?? 0
        var numerator: Int128 = 0
        for part in parts {
            var value = part.numerator
            for _ in 0..<(scale - part.exponent) {
                let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return outOfRange }
                value = scaled
            }
            let (sum, overflow) = numerator.addingReportingOverflow(value)
            guard !overflow else { return outOfRange }
            numerator = sum
        }
        var result = numerator
        if scale > 0 {
            var divisor: Int128 = 1
            for _ in 0..<scale { divisor *= 10 }  // scale <= 3 + 18 digits: 10^21 fits in 128 bits
            result = ExchangeRates.divideRoundingHalfToEven(numerator, divisor)
        } else if scale < 0 {
            for _ in 0..<(-scale) {
                let (scaled, overflow) = result.multipliedReportingOverflow(by: 10)
                guard !overflow else { return outOfRange }
                result = scaled
            }
        }
        return .success(Money(minorUnits: result, currency: base))
    }

    static func divideRoundingHalfToEven(_ numerator: Int128, _ divisor: Int128) -> Int128 {
        var quotient = numerator / divisor
        let remainder = numerator % divisor
        let twice = remainder.magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            quotient += numerator < 0 ? -1 : 1
        }
        return quotient
    }
}

/// Why a total has no amount in the base currency although exchange rates are set.
public enum BaseTotalProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A currency present in the total has no rate.
    case missingRate(Currency)
    /// The exact total in the base currency (given) is beyond 128-bit arithmetic: rates of
    /// 18 digits, or of very different scales, applied to very large sums give it.
    case outOfRange(Currency)

    /// `no rate for USD`; `the exact total in EUR is too large to compute exactly`.
    public var description: String {
        switch self {
        case .missingRate(let currency): "no rate for \(currency.code)"
        case .outOfRange(let base): "the exact total in \(base.code) is too large to compute exactly"
        }
    }

    /// The problem a description names (for reading a result back from JSON); nil for other text.
    init?(description: String) {
        let words = description.split(separator: " ")
        if description.hasPrefix("no rate for "), let code = words.last, let currency = Currency(String(code)) {
            self = .missingRate(currency)
        } else if description.hasPrefix("the exact total in "), words.count > 4, let currency = Currency(String(words[4])) {
            self = .outOfRange(currency)
        } else {
            return nil
        }
    }
}
