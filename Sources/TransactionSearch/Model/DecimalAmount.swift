/// An exact decimal number as typed, such as `-12.5`: a signed integer and a count of fraction
/// digits. Never a floating-point number, so nothing is ever rounded.
///
/// Write an amount with cents as text, `try DecimalAmount(parsing: "-4.10")`, or from its
/// minor units, `DecimalAmount(significand: -410, fractionDigits: 2)`; never through a
/// `Double` (`-4.10` as a `Double` is -4.0999999999999996447). `DecimalAmount(exactly:)` and
/// `decimal` convert from and to Foundation's `Decimal`.
///
/// Two amounts are equal when they are the same number (`4.10 == 4.1`), and they order as
/// numbers; `description` keeps the digits as written (`4.10`).
public struct DecimalAmount: Hashable, Comparable, Sendable, LosslessStringConvertible, ExpressibleByIntegerLiteral {
    /// The digits as an integer: `-12.5` is -125.
    public let significand: Int64
    /// How many of the digits are after the point: `-12.5` has 1.
    public let fractionDigits: Int

    /// The most digits an amount may have.
    package static let maximumDigits = 18

    /// An amount from its digits and fraction digit count (0...18).
    public init(significand: Int64, fractionDigits: Int) {
        precondition((0...DecimalAmount.maximumDigits).contains(fractionDigits), "fraction digits must be 0...18")
        self.significand = significand
        self.fractionDigits = fractionDigits
    }

    /// A whole number: `let limit: DecimalAmount = 50`.
    public init(integerLiteral value: Int64) {
        self.init(significand: value, fractionDigits: 0)
    }

    /// Parses like `init(parsing:)`; nil for what that refuses. Use `init(parsing:)` to learn
    /// why a text is not an amount.
    public init?(_ description: String) {
        guard let amount = DecimalAmount.parse(description) else { return nil }
        self = amount
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
    package enum ParseProblem: Error {
        case notANumber
        /// More than 18 significant digits, or more than 18 after the point.
        case tooManyDigits
    }

    /// Parses like `init(parsing:)`; nil when the text is not such a number.
    static func parse(_ text: String) -> DecimalAmount? {
        try? parseChecked(text).get()
    }

    /// Parses like `init(parsing:)`, saying what is wrong.
    package static func parseChecked(_ text: String) -> Result<DecimalAmount, ParseProblem> {
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

    /// Whether two amounts are the same number, however many fraction digits each has.
    public static func == (lhs: DecimalAmount, rhs: DecimalAmount) -> Bool {
        let (left, right) = lhs.scaledToCommonDigits(with: rhs)
        return left == right
    }

    /// Whether `lhs` is the smaller number.
    public static func < (lhs: DecimalAmount, rhs: DecimalAmount) -> Bool {
        let (left, right) = lhs.scaledToCommonDigits(with: rhs)
        return left < right
    }

    /// Hashes the number, not its spelling: `4.10` and `4.1` hash alike.
    public func hash(into hasher: inout Hasher) {
        var value = significand
        var digits = fractionDigits
        while digits > 0 && value % 10 == 0 {
            value /= 10
            digits -= 1
        }
        hasher.combine(value)
        hasher.combine(digits)
    }

    /// Both significands at the larger of the two fraction digit counts (exact: 18 digits
    /// times 10^18 fits 128 bits).
    private func scaledToCommonDigits(with other: DecimalAmount) -> (Int128, Int128) {
        let digits = Swift.max(fractionDigits, other.fractionDigits)
        return (Int128(significand) * Int128(Int64.powerOfTen(digits - fractionDigits)),
                Int128(other.significand) * Int128(Int64.powerOfTen(digits - other.fractionDigits)))
    }
}

extension Int64 {
    /// 10 to the power `exponent` (0...18).
    package static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
