import Testing
import TransactionSearch
@testable import TerminalUI
@testable import fsearch

/// How the table writes days and cards: the locale's date form, and a card's name kept beside
/// its masked number.
@Suite struct DisplayFormsTests {
    /// LC_ALL wins over LC_TIME over LANG; en_US writes the month first, most others the day,
    /// year-first locales, C, POSIX and no locale ISO.
    @Test(arguments: [
        ([:], DateDisplay.iso), (["LANG": "C"], .iso), (["LANG": "POSIX"], .iso), (["LANG": "C.UTF-8"], .iso),
        (["LANG": "en_US.UTF-8"], .mdy), (["LANG": "es_US"], .mdy), (["LANG": "en_GB.UTF-8"], .dmy),
        (["LANG": "de_DE.UTF-8@euro"], .dmy), (["LANG": "fr_FR"], .dmy), (["LANG": "ja_JP.UTF-8"], .iso),
        (["LANG": "sv_SE.UTF-8"], .iso), (["LANG": "zh"], .iso), (["LANG": "pt_BR"], .dmy), (["LANG": "x"], .iso),
        (["LANG": "en_GB.UTF-8", "LC_TIME": "en_US.UTF-8"], .mdy), (["LC_TIME": "en_US", "LC_ALL": "de_DE"], .dmy),
        (["LC_ALL": "", "LANG": "en_US"], .mdy),
    ] as [([String: String], DateDisplay)])
    func theLocaleDecidesTheDateForm(environment: [String: String], form: DateDisplay) {
        #expect(DateDisplay.fromLocale(environment) == form)
    }

    @Test func eachFormWritesTheDay() throws {
        let day = try CalendarDay(year: 2026, month: 3, day: 4)
        #expect(DateDisplay.iso.text(of: day) == "2026-03-04")
        #expect(DateDisplay.dmy.text(of: day) == "04/03/26")
        #expect(DateDisplay.mdy.text(of: day) == "03/04/26")
    }

    @Test(arguments: [
        ("Amex 0005", false, "Amex ****0005"), ("Debit ****0005", false, "Debit ****0005"), ("Visa 4242", true, "Visa 4242"), ("Debit ****0005", true, "Debit 0005"), ("4242 4242 4242 4242", true, "****4242"),
        ("4242 4242 4242 4242", false, "****4242"), ("XXXX XXXX XXXX 0005", false, "****0005"), ("Cash", false, "Cash"),
        ("Card 12", false, "Card 12"), ("Mastercard - 5555", false, "Mastercard ****5555"),
    ] as [(String, Bool, String)])
    func aCardKeepsItsName(card: String, short: Bool, label: String) {
        #expect(CardLabel.text(of: card, short: short) == label)
    }
}
