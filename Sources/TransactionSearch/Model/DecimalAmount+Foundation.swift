import Foundation

extension DecimalAmount {
    /// The same number as a Foundation `Decimal`, exactly (`Decimal` holds 38 digits; an amount
    /// has at most 18). The count of fraction digits is not kept: `4.10` becomes `4.1`.
    public var decimal: Decimal {
        Decimal(sign: significand < 0 ? .minus : .plus, exponent: -fractionDigits,
                significand: Decimal(significand.magnitude))
    }

    /// The same number as a Foundation `Decimal`; nil when it is not a number or has more
    /// than 18 significant digits or more than 18 after the point (nothing is rounded).
    public init?(exactly decimal: Decimal) {
        guard decimal.isFinite, case .success(let amount) = DecimalAmount.parseChecked(decimal.description) else {
            return nil
        }
        self = amount
    }
}

extension Money {
    /// The amount as a Foundation `Decimal` in currency units (`-4.10` for -410 cents), exact
    /// for every amount and sum a store makes (they stay under 2^82, `Decimal` holds 38 digits).
    public var decimal: Decimal {
        let magnitude = minorUnits.magnitude
        let high = Decimal(UInt64(truncatingIfNeeded: magnitude >> 64))
        let low = Decimal(UInt64(truncatingIfNeeded: magnitude))
        let units = high * (Decimal(UInt64.max) + 1) + low
        return Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -currency.minorDigits, significand: units)
    }
}
