import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The QIF value readers on their own: dates in every form, amounts in both styles, the
/// evidence each gives, categories, and account names.
@Suite struct QIFValueTests {
    private func date(_ text: String, _ order: QIFDateOrder) -> String? {
        let bytes = Array(text.utf8)
        return bytes.withByteView { QIFDate($0, 0..<$0.count)?.day(order)?.description }
    }

    @Test(arguments: [
        ("03/14/2026", QIFDateOrder.monthFirst, "2026-03-14"),
        ("3/4/26", .monthFirst, "2026-03-04"),
        ("3/4/26", .dayFirst, "2026-04-03"),
        ("12/31/99", .monthFirst, "1999-12-31"),
        ("1/1/70", .monthFirst, "1970-01-01"),
        ("1/1/69", .monthFirst, "2069-01-01"),
        ("1/ 1'00", .monthFirst, "2000-01-01"),
        ("12/31' 5", .monthFirst, "2005-12-31"),
        ("6/ 7'99", .monthFirst, "2099-06-07"),
        ("14/03/2026", .dayFirst, "2026-03-14"),
        ("14.03.2026", .dayFirst, "2026-03-14"),
        ("14-03-2026", .dayFirst, "2026-03-14"),
        ("2026-03-14", .dayFirst, "2026-03-14"),
        ("2026-03-14", .monthFirst, "2026-03-14"),
        (" 2026/3/4 ", .monthFirst, "2026-03-04"),
        ("2/29'04", .monthFirst, "2004-02-29"),
    ])
    func datesInEveryForm(text: String, order: QIFDateOrder, expected: String) {
        #expect(date(text, order) == expected, "\(text)")
    }

    @Test(arguments: ["", "03/14", "03/14/2026/1", "2/30/2026", "13/13/2026", "a3/14/2026", "03//14/2026", "03/14/20261",
                      "03/14'", "1'2/2026", "2026-03-14'", "003/14/2026", "03/14/202"])
    func badDatesAreNil(text: String) {
        #expect(date(text, .monthFirst) == nil, "\(text)")
    }

    private func amount(_ text: String, _ style: QIFAmountStyle) -> String? {
        let bytes = Array(text.utf8)
        return bytes.withByteView { QIFAmount.parse($0, 0..<$0.count, style: style)?.description }
    }

    @Test(arguments: [
        ("-1,234.56", QIFAmountStyle.decimalPoint, "-1234.56"),
        ("1,000,000.00", .decimalPoint, "1000000.00"),
        ("$1,234.5", .decimalPoint, "1234.5"),
        ("-$7,971.39", .decimalPoint, "-7971.39"),
        ("$-12", .decimalPoint, "-12"),
        ("(45.00)", .decimalPoint, "-45.00"),
        ("45.00-", .decimalPoint, "-45.00"),
        ("+3", .decimalPoint, "3"),
        (".5", .decimalPoint, "0.5"),
        ("1'234.56", .decimalPoint, "1234.56"),
        ("12.00 USD", .decimalPoint, "12.00"),
        ("1,23,456.00", .decimalPoint, "123456.00"),  // grouping is not checked: Indian lakh grouping reads too
        ("-1.234,56", .decimalComma, "-1234.56"),
        ("1 234,56 €", .decimalComma, "1234.56"),
        ("1\u{00A0}234,56", .decimalComma, "1234.56"),
        ("1\u{202F}234,56", .decimalComma, "1234.56"),
        ("€ -12,5", .decimalComma, "-12.5"),
        ("\u{2212}4,10", .decimalComma, "-4.10"),
    ])
    func amountsInBothStyles(text: String, style: QIFAmountStyle, expected: String) {
        #expect(amount(text, style) == expected, "\(text)")
    }

    @Test(arguments: ["", "abc", "-", "1.2.3", "--1", "1-2", "(12", "12)", "1e5", "12 USD 3", "1234567890123456789", ",123",
                      "1,234.56.7", "12;5"])
    func badAmountsAreNil(text: String) {
        #expect(amount(text, .decimalPoint) == nil, "\(text)")
    }

    @Test(arguments: [
        ("-12", QIFAmount.Evidence.none), ("1,234.56", .decimalPoint), ("1.234,56", .decimalComma), ("1,234", .ambiguous),
        ("1.234", .ambiguous), ("12,5", .decimalComma), ("12.50", .decimalPoint), ("1,234,567", .decimalPoint),
        ("1.234.567", .decimalComma), ("0,123", .decimalComma), ("1234,567", .decimalComma),
    ])
    func amountEvidence(text: String, expected: QIFAmount.Evidence) {
        let bytes = Array(text.utf8)
        #expect(bytes.withByteView { QIFAmount.evidence($0, 0..<$0.count) } == expected, "\(text)")
    }

    @Test(arguments: [
        ("Food:Groceries", "Food", "Groceries", nil, nil),
        ("Auto:Fuel:Diesel", "Auto", "Fuel:Diesel", nil, nil),
        ("Travel/Business", "Travel", nil, nil, "Business"),
        ("[Checking]", nil, nil, "Checking", nil),
        ("[Savings]/Family", nil, nil, "Savings", "Family"),
        ("--Splits--", nil, nil, nil, nil),
        (" Food : Dining ", "Food", "Dining", nil, nil),
    ] as [(String, String?, String?, String?, String?)])
    func categories(text: String, category: String?, subcategory: String?, transfer: String?, className: String?) {
        let label = QIFCategory(text)
        #expect(label.category == category)
        #expect(label.subcategory == subcategory)
        #expect(label.transferAccount == transfer)
        #expect(label.className == className)
    }

    @Test(arguments: [
        ("Checking", "Checking"),
        ("Visa 4242", "Visa 4242"),
        ("Gold Visa 4111111111111111", "Gold Visa ****1111"),
        ("Giro DE89 3704 0044 0532 0130 00", "Giro ****3000"),
        ("DE89370400440532013000", "****3000"),
        ("Konto 123-456-789", "Konto ****6789"),
        ("Savings 2026", "Savings 2026"),
        ("  ", nil),
    ] as [(String, String?)])
    func accountNamesKeepWordsAndMaskLongNumbers(name: String, expected: String?) {
        #expect(AccountName.masked(name) == expected)
    }
}
