/// Exact rates to a base currency: `rates[USD] = 0.92` means 1 USD is 0.92 of the base. Totals
/// in the base currency are computed exactly and rounded once, half to even, at the end.
public struct ExchangeRates: Hashable, Sendable {
    public var base: Currency
    public var rates: [Currency: DecimalAmount]

    public init(base: Currency, rates: [Currency: DecimalAmount]) {
        self.base = base
        self.rates = rates
    }

    /// The rate of a currency (1 for the base), or nil when not configured.
    public func rate(of currency: Currency) -> DecimalAmount? {
        currency == base ? DecimalAmount(significand: 1, fractionDigits: 0) : rates[currency]
    }

    /// The sum of several amounts in the base currency, rounded half to even to its minor
    /// digits; nil when a currency has no rate or the value is out of range.
    public func total(of amounts: [Money]) -> Money? {
        // value = sum over currencies of minor * rateSignificand / 10^(digits + rateDigits),
        // expressed in base minor units: multiply by 10^baseDigits. Common denominator 10^scale.
        var parts: [(numerator: Int128, exponent: Int)] = []
        for money in amounts {
            guard let rate = rate(of: money.currency) else { return nil }
            let exponent = money.currency.minorDigits + rate.fractionDigits - base.minorDigits
            parts.append((Int128(money.minorUnits) * Int128(rate.significand), exponent))
        }
        let scale = parts.map(\.exponent).max() ?? 0
        var numerator: Int128 = 0
        for part in parts {
            var value = part.numerator
            for _ in 0..<(scale - part.exponent) {
                let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = scaled
            }
            let (sum, overflow) = numerator.addingReportingOverflow(value)
            guard !overflow else { return nil }
            numerator = sum
        }
        var result = numerator
        if scale > 0 {
            var divisor: Int128 = 1
            for _ in 0..<scale { divisor *= 10 }
            result = ExchangeRates.divideRoundingHalfToEven(numerator, divisor)
        } else if scale < 0 {
            for _ in 0..<(-scale) {
                let (scaled, overflow) = result.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                result = scaled
            }
        }
        return Money(minorUnits: result, currency: base)
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
