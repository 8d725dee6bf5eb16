/// An exact amount of money: integer minor units of a currency (`-4.10 EUR` is -410 cents).
/// Negative is money out (an expense), positive money in (income).
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in the currency's smallest unit.
    public var minorUnits: Int64
    /// The currency, which sets how many minor digits the amount has.
    public var currency: Currency

    /// Amounts are limited to 15 digits of minor units so that sums of millions of them stay
    /// exact in 64 bits.
    public static let maximumMagnitude: UInt64 = 1_000_000_000_000_000

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The amount as an exact decimal with the currency's minor digits: `-4.10`, `1200` (JPY).
    public var decimalText: String {
        Money.decimalText(minorUnits: minorUnits, digits: currency.minorDigits)
    }

    /// The amount as a decimal number, for computing with the decimal value.
    public var decimalAmount: DecimalAmount {
        DecimalAmount(significand: minorUnits, fractionDigits: currency.minorDigits)
    }

    /// `-4.10 EUR`.
    public var description: String { decimalText + " " + currency.code }

    /// Writes `minorUnits` with `digits` fraction digits: (-410, 2) is `-4.10`.
    static func decimalText(minorUnits: Int64, digits: Int) -> String {
        let magnitude = minorUnits.magnitude
        let sign = minorUnits < 0 ? "-" : ""
        guard digits > 0 else { return sign + String(magnitude) }
        let divisor = UInt64(Int64.powerOfTen(digits))
        let fraction = String(magnitude % divisor)
        return sign + String(magnitude / divisor) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
