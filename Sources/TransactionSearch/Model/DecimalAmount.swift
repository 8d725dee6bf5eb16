/// An exact decimal number as typed, such as `-12.5`: a signed integer and a count of fraction
/// digits. Never a floating-point number, so nothing is ever rounded.
public struct DecimalAmount: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The digits as an integer: `-12.5` is -125.
    public let significand: Int64
    /// How many of the digits are after the point: `-12.5` has 1.
    public let fractionDigits: Int

    /// The most digits an amount may have.
    static let maximumDigits = 18

    /// An amount from its digits and fraction digit count (0...18).
    public init(significand: Int64, fractionDigits: Int) {
        precondition((0...DecimalAmount.maximumDigits).contains(fractionDigits), "fraction digits must be 0...18")
        self.significand = significand
        self.fractionDigits = fractionDigits
    }

    public init(integerLiteral value: Int64) {
        self.init(significand: value, fractionDigits: 0)
    }

    /// Parses `[+|-]digits[.digits]` (or `.digits`), ignoring surrounding white space. At most
    /// 18 significant digits (leading zeros do not count) and 18 after the point.
    /// - Throws: `ValidationError` for the field `amount`: `invalidAmount` for what is not such
    ///   a number, `tooManyDigits` past the limits.
    public init(parsing text: String) throws(ValidationError) {
        switch DecimalAmount.parseChecked(text) {
        case .success(let amount): self = amount
        case .failure(.notANumber): throw ValidationError(.amount, .invalidAmount(text))
        case .failure(.tooManyDigits): throw ValidationError(.amount, .tooManyDigits(text))
        }
    }

    /// Why a text is not a `DecimalAmount`.
    enum ParseProblem: Error {
        case notANumber
        /// More than 18 significant digits, or more than 18 after the point.
        case tooManyDigits
    }

    /// Parses like `init(parsing:)`; nil when the text is not such a number.
    static func parse(_ text: String) -> DecimalAmount? {
        try? parseChecked(text).get()
    }

    /// Parses like `init(parsing:)`, saying what is wrong.
    static func parseChecked(_ text: String) -> Result<DecimalAmount, ParseProblem> {
        var negative = false
        var value: Int64 = 0
        var digits = 0
        var significantDigits = 0
        var fraction = -1
        var isFirst = true
        var tooLong = false
        for byte in text.trimmingWhitespace().utf8 {
            defer { isFirst = false }
            switch byte {
            case UInt8(ascii: "-") where isFirst, UInt8(ascii: "+") where isFirst:
                negative = byte == UInt8(ascii: "-")
            case UInt8(ascii: "."):
                guard fraction < 0 else { return .failure(.notANumber) }
                fraction = 0
            case 0x30...0x39:
                digits += 1
                if fraction >= 0 { fraction += 1 }
                if value != 0 || byte != 0x30 { significantDigits += 1 }
                // Past the limits the digits are still read, so that `12x` is not a number
                // rather than too long; the value is no longer kept (it would overflow).
                if significantDigits > maximumDigits || fraction > maximumDigits { tooLong = true }
                if !tooLong { value = value * 10 + Int64(byte - 0x30) }
            default:
                return .failure(.notANumber)
            }
        }
        guard digits > 0 else { return .failure(.notANumber) }
        guard !tooLong else { return .failure(.tooManyDigits) }
        return .success(DecimalAmount(significand: negative ? -value : value, fractionDigits: max(fraction, 0)))
    }

    /// The amount in minor units of a currency with `minorDigits` digits. Extra fraction digits
    /// are accepted only when they are zeros (`1200.00` JPY is 1200), never rounded.
    /// - Throws: `ValidationError` (`amount`) when digits would be lost or the value is too large.
    func minorUnits(in currency: Currency) throws(ValidationError) -> Int64 {
        let target = currency.minorDigits
        var value = significand
        if fractionDigits > target {
            let divisor = Int64.powerOfTen(fractionDigits - target)
            guard value % divisor == 0 else {
                throw ValidationError(.amount, .tooManyFractionDigits(amount: description, currency: currency.code, allowed: target))
            }
            value /= divisor
        } else if fractionDigits < target {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: Int64.powerOfTen(target - fractionDigits))
            guard !overflow else { throw ValidationError(.amount, .amountOutOfRange(description)) }
            value = scaled
        }
        guard value.magnitude < Money.maximumMagnitude else {
            throw ValidationError(.amount, .amountOutOfRange(description))
        }
        return value
    }

    /// The number as typed, normalized: `-12.50`, `3`.
    public var description: String {
        Money.decimalText(minorUnits: significand, digits: fractionDigits)
    }
}

extension Int64 {
    /// 10 to the power `exponent` (0...18).
    static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
