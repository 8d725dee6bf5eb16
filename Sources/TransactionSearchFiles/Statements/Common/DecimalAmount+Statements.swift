import TransactionSearch

/// Exact sums and comparisons of amounts with different fraction digits, for checking a
/// statement against itself (QIF splits against their total, MT940 lines against the
/// balances). Overflow gives nil, never a trap.
extension DecimalAmount {
    /// The same value written with `digits` fraction digits (at most 18); the amount itself
    /// when it already has as many or more; nil when the digits would not fit.
    func padded(toFractionDigits digits: Int) -> DecimalAmount? {
        guard digits > fractionDigits else { return self }
        guard digits <= DecimalAmount.maximumDigits else { return nil }
        let (value, overflow) = significand.multipliedReportingOverflow(by: Int64.powerOfTen(digits - fractionDigits))
        guard !overflow else { return nil }
        return DecimalAmount(significand: value, fractionDigits: digits)
    }

    /// The exact sum; nil when it does not fit.
    func adding(_ other: DecimalAmount) -> DecimalAmount? {
        let digits = Swift.max(fractionDigits, other.fractionDigits)
        guard let left = padded(toFractionDigits: digits), let right = other.padded(toFractionDigits: digits) else { return nil }
        let (sum, overflow) = left.significand.addingReportingOverflow(right.significand)
        guard !overflow else { return nil }
        return DecimalAmount(significand: sum, fractionDigits: digits)
    }

    /// Whether both are the same number (`12.5` and `12.50` are).
    func hasSameValue(as other: DecimalAmount) -> Bool {
        let digits = Swift.max(fractionDigits, other.fractionDigits)
        guard let left = padded(toFractionDigits: digits), let right = other.padded(toFractionDigits: digits) else { return false }
        return left.significand == right.significand
    }

    /// The amount with the opposite sign.
    var negated: DecimalAmount {
        DecimalAmount(significand: 0 &- significand, fractionDigits: fractionDigits)
    }
}
