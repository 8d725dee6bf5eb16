/// Amounts as integers in units of 10^-4 (`CurrencyTable.commonFractionDigits`), the scale at
/// which every currency's amounts are whole numbers and compare as plain numbers.
enum AmountScaling {
    /// The half-open range of scaled magnitudes a typed number matches (docs/SPEC.md section 2): `19`
    /// matches [19, 20), `12.5` [12.50, 12.60), `12.50` exactly 12.50.
    static func typedRange(_ value: DecimalAmount) -> Range<UInt64> {
        let magnitude = value.significand.magnitude
        return ceiling(magnitude, digits: value.fractionDigits) ..< ceiling(magnitude + 1, digits: value.fractionDigits)
    }

    /// The half-open range of scaled magnitudes within a `MagnitudeRange`.
    static func range(_ bounds: MagnitudeRange) -> Range<UInt64> {
        var lower: UInt64 = 0
        if let bound = bounds.lower {
            let (floor, ceil) = floorAndCeiling(bound)
            lower = bounds.lowerInclusive ? ceil : floor &+ 1
        }
        var upper = UInt64.max
        if let bound = bounds.upper {
            let (floor, ceil) = floorAndCeiling(bound)
            upper = bounds.upperInclusive ? floor &+ 1 : ceil
        }
        return lower < upper ? lower..<upper : 0..<0
    }

    /// The half-open range of scaled magnitudes within `tolerance` of |value|, ends included
    /// (`amount~42±3`: 39 to 45); within 5% of it when `tolerance` is nil (`amount~42`: 39.90
    /// to 44.10). Worked out exactly in 128 bits, then saturated to what a magnitude can be.
    static func nearRange(_ value: DecimalAmount, tolerance: DecimalAmount?) -> Range<UInt64> {
        // Both ends as (numerator, fraction digits): v ± t over a common power of ten.
        let center = Int128(value.significand.magnitude)
        let low: Int128, high: Int128, digits: Int
        if let tolerance {
            digits = max(value.fractionDigits, tolerance.fractionDigits)
            let scaledCenter = center * Int128(powerOfTen: digits - value.fractionDigits)
            let scaledTolerance = Int128(tolerance.significand.magnitude) * Int128(powerOfTen: digits - tolerance.fractionDigits)
            (low, high) = (scaledCenter - scaledTolerance, scaledCenter + scaledTolerance)
        } else {
            digits = value.fractionDigits + 2  // 5% of v is 5v / 100
            (low, high) = (center * 95, center * 105)
        }
        // In units of 10^-commonFractionDigits: the lower end rounded up, the upper down.
        let shift = CurrencyTable.commonFractionDigits - digits
        func scaled(_ numerator: Int128, roundingUp: Bool) -> Int128 {
            if shift >= 0 { return numerator * Int128(powerOfTen: shift) }
            let divisor = Int128(powerOfTen: -shift)
            let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: divisor)
            if roundingUp { return remainder > 0 ? quotient + 1 : quotient }
            return remainder < 0 ? quotient - 1 : quotient
        }
        let lower = max(scaled(low, roundingUp: true), 0)
        let upper = scaled(high, roundingUp: false)
        guard upper >= lower else { return 0..<0 }
        let top = Int128(UInt64.max)
        return UInt64(min(lower, top)) ..< UInt64(min(upper + 1, top))
    }

    /// The floor and ceiling of |value| in scaled units (saturating).
    static func floorAndCeiling(_ value: DecimalAmount) -> (UInt64, UInt64) {
        let magnitude = value.significand.magnitude
        let shift = CurrencyTable.commonFractionDigits - value.fractionDigits
        if shift >= 0 {
            let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: UInt64(Int64.powerOfTen(shift)))
            let exact = overflow ? UInt64.max : scaled
            return (exact, exact)
        }
        let divisor = UInt64(Int64.powerOfTen(-shift))
        let floor = magnitude / divisor
        return (floor, magnitude % divisor == 0 ? floor : floor + 1)
    }

    /// ceil(magnitude * 10^-digits) in scaled units.
    private static func ceiling(_ magnitude: UInt64, digits: Int) -> UInt64 {
        floorAndCeiling(DecimalAmount(significand: Int64(clamping: magnitude), fractionDigits: digits)).1
    }

    /// A signed decimal bound in a currency's minor units: the smallest (`roundUp`) or largest
    /// whole number of minor units on the bound's side, saturating.
    static func minorUnits(_ value: DecimalAmount, digits: Int, roundUp: Bool) -> Int64 {
        let shift = digits - value.fractionDigits
        if shift >= 0 {
            let (scaled, overflow) = value.significand.multipliedReportingOverflow(by: Int64.powerOfTen(shift))
            if overflow { return value.significand < 0 ? .min : .max }
            return scaled
        }
        let divisor = Int64.powerOfTen(-shift)
        let quotient = value.significand.floorDivided(by: divisor)
        let exact = value.significand % divisor == 0  // not quotient * divisor: that overflows near Int64.min
        return roundUp && !exact ? quotient + 1 : quotient
    }
}

extension Int128 {
    /// 10^exponent (exponent from 0 to 38).
    init(powerOfTen exponent: Int) {
        var value: Int128 = 1
        for _ in 0..<Swift.max(exponent, 0) { value *= 10 }
        self = value
    }
}
