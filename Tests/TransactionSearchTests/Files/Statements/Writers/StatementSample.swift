import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A transaction as the round-trip tests make it up: what a bank file can carry, before a
/// test-only writer puts it into QIF or MT940 and the reader reads it back.
struct SampleTransaction {
    /// One part of a QIF split.
    struct Split {
        var category: String
        var subcategory: String?
        var amount: DecimalAmount
        var memo: String?
    }

    var day: CalendarDay
    /// Signed, with the currency's minor digits.
    var amount: DecimalAmount
    var payee: String
    var memo: String?
    var category: String?
    var subcategory: String?
    /// QIF only; their amounts add up to `amount`.
    var splits: [Split] = []
}

/// Seeded random sample transactions: Unicode payees, amounts from cents to millions, both
/// signs, dates that cross year ends, and (for QIF) splits.
enum StatementSample {
    /// Words for payees and memos: Latin-1 ones (so some files can be Windows-1252) and others.
    static let latinWords = ["Café", "Bäckerei", "Müller", "Straße", "Crème", "Zoë", "Ørsted", "naïve", "Shop", "Market", "Store",
                             "Coffee", "Co.", "&", "GmbH", "B.V.", "24", "7", "Ltd", "Señor", "Ñandú", "Garçon", "Açaí", "Aß"]
    static let otherWords = ["Пятёрочка", "東京", "Łódź", "Ελλάδα", "Šimon", "Ünver", "🙂", "ﬁnance", "Ａｍａｚｏｎ", "Œuvre"]
    static let categoryNames = ["Food", "Travel", "Home", "Bills", "Auto", "Gifts", "Health", "Essen", "Wohnen", "Café"]

    /// `count` transactions from `day` on, a few days apart.
    static func transactions(_ count: Int, from day: CalendarDay, currencyDigits: Int, splits: Bool,
                             latinOnly: Bool, random: inout SeededRandom) -> [SampleTransaction] {
        var current = day
        var result: [SampleTransaction] = []
        for _ in 0..<count {
            current = CalendarDay(daysSince1970: current.daysSince1970 + Int32(random.int(in: 0...9)))
            var sample = SampleTransaction(day: current, amount: amount(currencyDigits, &random),
                                           payee: text(words: 1...4, latinOnly: latinOnly, &random))
            if random.chance(0.5) { sample.memo = text(words: 1...8, latinOnly: latinOnly, &random) }
            if random.chance(0.6) {
                sample.category = random.pick(categoryNames)
                if random.chance(0.5) { sample.subcategory = random.pick(categoryNames) + (random.chance(0.2) ? ":Deep" : "") }
            }
            if splits && random.chance(0.25) {
                var total: Int64 = 0
                for _ in 0..<random.int(in: 2...4) {
                    let part = amount(2, &random)
                    total += part.significand
                    sample.splits.append(SampleTransaction.Split(category: random.pick(categoryNames),
                                               subcategory: random.chance(0.5) ? random.pick(categoryNames) : nil, amount: part,
                                               memo: random.chance(0.4) ? text(words: 1...3, latinOnly: latinOnly, &random) : nil))
                }
                sample.amount = DecimalAmount(significand: total, fractionDigits: 2)
            }
            result.append(sample)
        }
        return result
    }

    /// A signed amount: mostly small, sometimes thousands or millions, never zero.
    static func amount(_ digits: Int, _ random: inout SeededRandom) -> DecimalAmount {
        let scale = random.pick([100, 10_000, 1_000_000, 1_000_000_000] as [Int64])
        var minor = Int64(random.int(in: 1...Int(scale)))
        if random.chance(0.1) { minor = minor / 100 * 100 + 100 }  // whole units
        return DecimalAmount(significand: random.chance(0.7) ? -minor : minor, fractionDigits: digits)
    }

    /// Words joined by single spaces.
    static func text(words: ClosedRange<Int>, latinOnly: Bool, _ random: inout SeededRandom) -> String {
        (0..<random.int(in: words)).map { _ in
            latinOnly || random.chance(0.7) ? random.pick(latinWords) : random.pick(otherWords)
        }.joined(separator: " ")
    }
}
