import Foundation
import Testing
@testable import TransactionSearch

/// Messages quote input as typed, with invisible and control characters made visible, and say
/// what the allowed range is.
@Suite struct MessageTextTests {
    @Test(arguments: [
        ("plain Café 🍰", "plain Café 🍰"), ("\u{0}", "\\u{0}"), ("\u{FEFF}-1.00", "\\u{FEFF}-1.00"), ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
        ("\u{1B}[31m", "\\u{1B}[31m"), ("\u{7F}\u{85}\u{9F}", "\\u{7F}\\u{85}\\u{9F}"), ("\u{200B}\u{202E}\u{2028}", "\\u{200B}\\u{202E}\\u{2028}"),
        ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"), ("e\u{301}", "e\u{301}"),
    ])
    func visibleTextEscapesWhatATerminalWouldHideOrObey(text: String, expected: String) {
        #expect(Array(VisibleText.escaped(text).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func reasonsQuoteTheInputVisibly() {
        #expect(ValidationError(.amount, .invalidAmount("\u{FEFF}-1.00")).description == #"amount: "\u{FEFF}-1.00" is not a decimal number (like -12.50)"#)
        #expect(ValidationError(.currency, .invalidCurrency("EU\u{0}")).reasonText == #""EU\u{0}" is not a three-letter currency code"#)
        let issue = ImportIssue(.line(2), .invalidJSON("unexpected character '\u{1B}' at line 2, column 1"))
        #expect(!issue.description.unicodeScalars.contains { $0.value < 0x20 }, "\(issue)")
    }

    @Test(arguments: ["9999-12-31T00:00:00Z", "0001-01-01T00:30:00+01:00", "0000-06-01", " 9999-12-31T12:00 ", "0001-01-01T00:00:00Z"])
    func aDateOutsideTheYearsIsOutOfRangeAsTyped(text: String) {
        #expect(throws: ValidationError(.date, .dateOutOfRange(text))) { try TransactionDate(parsing: text, in: .utc) }
        #expect(ValidationError(.date, .dateOutOfRange(text)).reasonText
            == "\"\(text)\" is out of range: dates must fall in years 0001-9999 (instants 0001-01-02 to 9999-12-30 UTC)")
    }

    @Test func theEndsOfTheRangeAreAccepted() throws {
        #expect(try TransactionDate(parsing: "0001-01-01", in: .utc) == .day(try! CalendarDay(year: 1, month: 1, day: 1)))
        #expect(try TransactionDate(parsing: "9999-12-31", in: .utc) == .day(try! CalendarDay(year: 9999, month: 12, day: 31)))
        _ = try TransactionDate(parsing: "0001-01-02T00:00:00Z", in: .utc)
        _ = try TransactionDate(parsing: "9999-12-30T23:59:59.999Z", in: .utc)
        #expect(throws: ValidationError(.date, .invalidDate("2026-02-30"))) { try TransactionDate(parsing: "2026-02-30", in: .utc) }
    }

    @Test func aStoreRefusesAnOutOfRangeInstantGivenAsAValue() {
        let draft = TransactionDraft(date: .instant(millisecondsSince1970: 253_402_214_400_000), merchant: "x", amount: -1)  // 9999-12-31
        #expect(throws: ValidationError(.date, .dateOutOfRange("9999-12-31T00:00:00Z"))) { try TransactionStore().add(draft) }
    }

    @Test(arguments: [
        ("0.000000000000000001", 1, 18), ("000000000000000000000012.50", 1250, 2), ("-999999999999999999", -999_999_999_999_999_999, 0),
        ("0.100000000000000000", 100_000_000_000_000_000, 18),
    ] as [(String, Int64, Int)])
    func leadingZerosDoNotCountTowardTheEighteenDigits(text: String, significand: Int64, fractionDigits: Int) throws {
        let amount = try DecimalAmount(parsing: text)
        #expect(amount.significand == significand && amount.fractionDigits == fractionDigits)
    }

    @Test(arguments: ["1234567890123456789", "0.0000000000000000001", "-1.000000000000000000"])
    func moreThanEighteenDigitsSaysTheLimit(text: String) {
        #expect(throws: ValidationError(.amount, .tooManyDigits(text))) { try DecimalAmount(parsing: text) }
        #expect(ValidationError(.amount, .tooManyDigits(text)).reasonText
            == "\"\(text)\" has too many digits: at most 18, and at most 18 after the point")
    }
}
