/// An exact amount of money: integer minor units of a currency (`-4.10 EUR` is -410 cents).
/// Negative is money out (an expense), positive money in (income).
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in the currency's smallest unit. 128 bits: a transaction's amount is under
    /// `maximumMagnitude`, and a sum of up to 2^32 of them (the most rows a store can hold)
    /// stays under 2^82, so no total, group, bucket or balance can wrap.
    public var minorUnits: Int128
    /// The currency, which sets how many minor digits the amount has.
    public var currency: Currency

    /// A transaction's amount is under 10^15 minor units (15 digits), so that it fits the
    /// store's 64-bit amount column and scales to a common unit for sorting in 64 bits.
    public static let maximumMagnitude: UInt64 = 1_000_000_000_000_000

    /// Money from minor units: `Money(minorUnits: -410, currency: .eur)` is `-4.10 EUR`.
    public init(minorUnits: Int128, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The amount as an exact decimal with the currency's minor digits: `-4.10`, `1200` (JPY).
    public var decimalText: String {
        Money.decimalText(minorUnits: minorUnits, digits: currency.minorDigits)
    }

    /// The amount as a decimal number, for computing with the decimal value; nil only for a
    /// sum beyond 18 digits (a transaction's own amount always converts).
    public var decimalAmount: DecimalAmount? {
        Int64(exactly: minorUnits).map { DecimalAmount(significand: $0, fractionDigits: currency.minorDigits) }
    }

    /// A transaction's amount as a decimal. A stored one is under `maximumMagnitude`; one made
    /// by hand beyond 64 bits is clamped, which validation then refuses as out of range.
    var rowDecimalAmount: DecimalAmount {
        DecimalAmount(significand: Int64(clamping: minorUnits), fractionDigits: currency.minorDigits)
    }

    /// Reads what `decimalText` writes (sums included, up to 38 digits): `-4.10` in EUR is -410
    /// cents. Nil for anything else, or for more fraction digits than the currency has unless
    /// they are zeros.
    init?(decimalText text: String, currency: Currency) {
        var value: Int128 = 0
        var negative = false
        var fraction = -1
        var digits = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: negative = true
            case UInt8(ascii: "+") where index == 0: break
            case UInt8(ascii: ".") where fraction < 0: fraction = 0
            case 0x30...0x39:
                if fraction >= 0 {
                    fraction += 1
                    if fraction > currency.minorDigits {
                        guard byte == 0x30 else { return nil }
                        continue
                    }
                }
                digits += 1
                let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, digits <= 38 else { return nil }
                value = scaled + Int128(byte - 0x30)
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        for _ in max(fraction, 0)..<currency.minorDigits {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = scaled
        }
        self.init(minorUnits: negative ? -value : value, currency: currency)
    }

    /// `-4.10 EUR`.
    public var description: String { decimalText + " " + currency.code }

    /// Writes `minorUnits` with `digits` fraction digits: (-410, 2) is `-4.10`.
    static func decimalText<Value: BinaryInteger>(minorUnits: Value, digits: Int) -> String {
        let magnitude = UInt128(minorUnits.magnitude)
        let sign = minorUnits < 0 ? "-" : ""
        guard digits > 0 else { return sign + String(magnitude) }
        let divisor = UInt128(Int64.powerOfTen(digits))
        let fraction = String(magnitude % divisor)
        return sign + String(magnitude / divisor) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
