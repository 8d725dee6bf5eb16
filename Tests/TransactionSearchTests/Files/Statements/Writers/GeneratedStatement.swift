import TransactionSearchSupport
@testable import TransactionSearch

/// Random statements for the round-trip tests: accounts with seeded transactions whose text
/// is hard for markup (`&`, `<`, `>`, quotes, umlauts, Cyrillic, CJK, emoji), in several
/// currencies, dated by calendar day or by instant.
struct GeneratedStatement {
    /// One transaction, with what every format can carry.
    struct Transaction {
        var date: TransactionDate
        /// The instant's UTC offset in minutes that a writer puts on it (ignored for a day).
        var offsetMinutes: Int
        var amount: DecimalAmount
        var currency: Currency
        var merchant: String
        /// Never starts with the merchant's text (so OFX's NAME/MEMO rule leaves it a note).
        var notes: String?
        var bankID: String
        var isPending: Bool
    }

    /// One account and its transactions.
    struct Account {
        /// A full account number: the readers must mask it.
        var number: String
        var currency: Currency
        var isCreditCard: Bool
        var transactions: [Transaction]
    }

    var accounts: [Account]

    private static let words = [
        "Café", "Müller & Söhne", "<Bäckerei>", "Пятёрочка", "ВкусВилл", "Straße", "AT&T", "\"Quoted\"", "O'Brien's",
        "東京駅", "Crème brûlée", "Fish & Chips", "a<b>c", "Zürich HB", "Łódź", "İstanbul", "naïve", "🍕 Pizza", "Shop",
        "Market", "Lidl", "Starbucks", "Amazon Marketplace", "SPRINGFIELD MUNICIPAL UTILITIES", "x", "Ελληνικά", "&amp;",
    ]
    private static let currencies: [Currency] = [.eur, .usd, .gbp, .jpy, Currency("KWD")!, Currency("CHF")!]
    /// Offsets the writers put on instants, in minutes: OFX's fractional hours included.
    private static let offsets = [0, -300, 330, -210, 540, 345, -600, 60]

    /// `accountCount` accounts of up to `maximumTransactions` transactions each.
    static func make(seed: UInt64, accountCount: Int, maximumTransactions: Int) -> GeneratedStatement {
        var random = SeededRandom(seed: seed)
        var accounts: [Account] = []
        var nextID = 0
        for _ in 0..<accountCount {
            let number = String((0..<random.int(in: 8...22)).map { _ in Character(String(random.int(in: 0...9))) })
            let currency = random.pick(currencies)
            var transactions: [Transaction] = []
            for _ in 0..<random.int(in: 0...maximumTransactions) {
                nextID += 1
                transactions.append(transaction(&random, id: nextID, accountCurrency: currency))
            }
            accounts.append(Account(number: number, currency: currency, isCreditCard: random.chance(0.3), transactions: transactions))
        }
        return GeneratedStatement(accounts: accounts)
    }

    private static func transaction(_ random: inout SeededRandom, id: Int, accountCurrency: Currency) -> Transaction {
        let currency = random.chance(0.7) ? accountCurrency : random.pick(currencies)
        let magnitude = Int64(random.int(in: 0...(random.chance(0.1) ? 99_999_999 : 99_999)))
        let amount = DecimalAmount(significand: random.chance(0.75) ? -magnitude : magnitude, fractionDigits: currency.minorDigits)
        let date: TransactionDate
        if random.chance(0.5) {
            date = .day(CalendarDay(daysSince1970: Int32(random.int(in: 10_000...25_000))))
        } else {
            date = .instant(millisecondsSince1970: Int64(random.int(in: 0...2_000_000_000)) * 1000 + Int64(random.int(in: 0...999)))
        }
        let merchant = (0..<random.int(in: 1...4)).map { _ in random.pick(words) }.joined(separator: " ")
        let notes: String? = random.chance(0.5) ? "#" + (0..<random.int(in: 1...3)).map { _ in random.pick(words) }.joined(separator: " ") : nil
        return Transaction(date: date, offsetMinutes: random.pick(offsets), amount: amount, currency: currency, merchant: merchant,
                           notes: notes, bankID: "TX-\(id)-\(random.int(in: 0...999_999))", isPending: random.chance(0.2))
    }
}

/// Escapes text for XML and for OFX's SGML: `&`, `<`, `>` and `"` as entities.
func markupEscaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        default: output.append(character)
        }
    }
    return output
}
