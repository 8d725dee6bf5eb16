import Testing
@testable import TransactionSearch

@Suite struct DecimalAmountTests {
    @Test(arguments: [
        ("12.5", "EUR", 1250), ("-4.10", "EUR", -410), ("+3", "USD", 300), (".5", "EUR", 50),
        ("1200", "JPY", 1200), ("1200.00", "JPY", 1200), ("1.234", "KWD", 1234), ("7", "XYZ", 700),
        ("  -0.01 ", "EUR", -1), ("12.340", "EUR", 1234),
    ] as [(String, String, Int64)])
    func parsesExactMinorUnits(text: String, currency: String, expected: Int64) throws {
        let amount = try DecimalAmount(parsing: text)
        #expect(try amount.minorUnits(in: Currency(currency)!) == expected)
    }

    @Test func moreFractionDigitsThanTheCurrencyHasIsAnErrorNeverRounded() throws {
        let amount = try DecimalAmount(parsing: "12.345")
        #expect(throws: ValidationError(.amount, .tooManyFractionDigits(amount: "12.345", currency: "EUR", allowed: 2))) {
            try amount.minorUnits(in: .eur)
        }
        #expect(throws: ValidationError.self) { try DecimalAmount(parsing: "1.5").minorUnits(in: .jpy) }
    }

    @Test(arguments: ["", "-", "12.", "1,5", "12.3.4", "abc", "€12", "1e3", "(12.50)", "--1", "1 000"])
    func rejectsWhatIsNotADecimalNumber(text: String) {
        if text == "12." {
            // A trailing point is still an exact number: 12.
            #expect((try? DecimalAmount(parsing: text))?.significand == 12)
            return
        }
        #expect(throws: ValidationError(.amount, .invalidAmount(text))) { try DecimalAmount(parsing: text) }
    }

    @Test func refusesAmountsPastFifteenDigitsOfMinorUnits() throws {
        #expect(try DecimalAmount(parsing: "9999999999999.99").minorUnits(in: .eur) == 999_999_999_999_999)
        #expect(throws: ValidationError.self) { try DecimalAmount(parsing: "10000000000000.00").minorUnits(in: .eur) }
        #expect(throws: ValidationError.self) { try DecimalAmount(parsing: "1234567890123456789") }
    }

    @Test func moneyPrintsTheCurrencysDigits() {
        #expect(Money(minorUnits: -410, currency: .eur).decimalText == "-4.10")
        #expect(Money(minorUnits: 5, currency: .eur).decimalText == "0.05")
        #expect(Money(minorUnits: -5, currency: .eur).decimalText == "-0.05")
        #expect(Money(minorUnits: 1200, currency: .jpy).decimalText == "1200")
        #expect(Money(minorUnits: 1234, currency: Currency("kwd")!).description == "1.234 KWD")
    }

    @Test func currencyCodesAreThreeLettersUpperCased() {
        #expect(Currency("eur")?.code == "EUR")
        #expect(Currency(" usd ")?.code == "USD")
        #expect(Currency("EURO") == nil)
        #expect(Currency("E1R") == nil)
        #expect(Currency("€") == nil)
        #expect(Currency("eUr")?.code == "EUR")
        // The bytes around the letters, either case: @ [ ` {
        for bad in ["@UR", "[UR", "EU`", "EU{", "", "EU", "E R"] { #expect(Currency(bad) == nil, "\(bad)") }
        for code in ["EUR", "JPY", "AAA", "ZZZ"] { #expect(Currency(packed: Currency(code)!.packed)?.code == code) }
        #expect(Currency(packed: 0x4141_40) == nil && Currency(packed: 0x4141_5B) == nil && Currency(packed: 0x0141_4141) == nil)
    }

    @Test func amountsCompareAsNumbersAndKeepTheirDigits() throws {
        let written = try DecimalAmount(parsing: "4.10")
        #expect(written == DecimalAmount(significand: 41, fractionDigits: 1))
        #expect(written.hashValue == DecimalAmount(significand: 41, fractionDigits: 1).hashValue)
        #expect(Set([written, DecimalAmount(significand: 4_100, fractionDigits: 3), try DecimalAmount(parsing: "4.1")]).count == 1)
        #expect(written.description == "4.10")
        #expect(try DecimalAmount(parsing: "-12.5") < DecimalAmount(parsing: "-12.49"))
        #expect(try DecimalAmount(parsing: "0.999999999999999999") < 1)
        #expect(DecimalAmount(significand: .max, fractionDigits: 0) > DecimalAmount(significand: .max, fractionDigits: 18))
        #expect([3, try DecimalAmount(parsing: "-1.5"), try DecimalAmount(parsing: "2.25")].sorted().map(\.description) == ["-1.5", "2.25", "3"])
    }

    @Test func aStringMakesAnAmountOrNil() {
        #expect(DecimalAmount("-4.10") == DecimalAmount(significand: -410, fractionDigits: 2))
        #expect(DecimalAmount("4,10") == nil && DecimalAmount("") == nil && DecimalAmount("1234567890123456789") == nil)
        #expect(DecimalAmount(DecimalAmount(significand: -5, fractionDigits: 3).description) == DecimalAmount(significand: -5, fractionDigits: 3))
    }
}
