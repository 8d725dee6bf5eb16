import Foundation
import TransactionSearch
import TransactionSearchSupport

/// Random drafts, patches and queries drawn from small vocabularies, so that rows share
/// merchants, amounts, instants and days, Unicode spellings fold together, and one-character,
/// numeric, repeated and unmatched terms are common. Seeded: print `random.seed` on failure.
struct RandomWorld {
    var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    static let merchants = [
        "Starbucks", "STARBUCKS Reserve", "Star Bar", "Café de Flore", "CAFE NOIR", "Cafe\u{301} Crème",
        "Пятёрочка", "пятерочка express", "東京ラーメン", "ラーメン屋", "Straße 12", "STRASSE Bar", "ﬁnance corp",
        "7-Eleven", "Lidl", "Uber", "Uber Eats", "한국식당", "Ça va", "ＡＢＣ Mart", "İstanbul Kebap", "Σίσυφος",
        "12 Apostles", "A", "ab", "Ølstue", "Łódź Market",
    ]
    /// Payees set by hand: some read like a merchant of the list (folded alike or not), some
    /// like none (`PayeesApart`: a row whose payee is not its merchant's text).
    static let payees = ["Ana García", "Landlord", "STARBUCKS", "starbucks reserve", "Uber", "Lidl Stiftung", "Café", "пятёрочка"]
    static let categories: [String?] = [nil, "Food & Drink", "Groceries", "Transport", "Café", "Ünique"]
    static let subcategories: [String?] = [nil, "Coffee", "Supermarket", "Taxi", "Bakery"]
    static let cards: [String?] = [nil, "Visa 4242", "Amex 3782 822463 10005", "Card 12", "visa 4242", "Debit 0005"]
    static let accounts: [String?] = [nil, "Main", "Joint", "Travel ✈"]
    static let notes: [String?] = [nil, nil, nil, "lunch with team", "Geschenk für Oma", "reimbursable", "обед", "café crème 12"]
    static let currencies: [String?] = [nil, "EUR", "USD", "JPY", "KWD", "gbp"]
    /// Small amounts that collide, and a few either side of 32 bits of minor units (the store
    /// keeps those apart: `AmountColumn`), 2^31 being the column's escape when negative.
    static let amounts: [(Int64, Int)] = [(410, 2), (1250, 2), (1200, 2), (1999, 2), (7, 0), (1200, 0), (50, 2), (5, 1), (12, 0), (125, 1), (1, 3), (0, 0),
                                          (2_147_483_647, 2), (2_147_483_648, 2), (98_765_432_101, 0)]
    static let zones = ["UTC", "Europe/Madrid", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+10"]
    /// Instants around a few local midnights, and a few calendar days, so days and sorts collide.
    static let baseDay: Int64 = 20_520  // 2026-03-07

    mutating func pick<T>(_ values: [T]) -> T { random.pick(values) }

    mutating func date() -> TransactionDate {
        let day = RandomWorld.baseDay + Int64(random.int(in: 0...40))
        if random.chance(0.2) { return .day(CalendarDay(daysSince1970: Int32(day))) }
        let hour = pick([0, 0, 1, 9, 12, 22, 23])
        let minute = pick([0, 0, 30, 59])
        return .instant(millisecondsSince1970: (day * 86_400 + Int64(hour * 3600 + minute * 60)) * 1000)
    }

    mutating func amount(forCurrency currency: String?) -> DecimalAmount {
        var (significand, digits) = pick(RandomWorld.amounts)
        let code = (currency ?? "EUR").uppercased()
        let allowed = code == "JPY" ? 0 : (code == "KWD" ? 3 : 2)
        while digits > allowed {  // keep it valid: 12.5 in JPY becomes 125
            digits -= 1
        }
        let negative = random.chance(0.8)
        return DecimalAmount(significand: negative ? -significand : significand, fractionDigits: digits)
    }

    mutating func draft(id: String?) -> TransactionDraft {
        let category = pick(RandomWorld.categories)
        let currency = pick(RandomWorld.currencies)
        var draft = TransactionDraft(
            id: id, date: date(), merchant: pick(RandomWorld.merchants), category: category,
            subcategory: category == nil ? nil : pick(RandomWorld.subcategories), card: pick(RandomWorld.cards),
            account: pick(RandomWorld.accounts), amount: amount(forCurrency: currency), currency: currency.flatMap { Currency($0) },
            status: random.chance(0.2) ? .pending : .posted, notes: pick(RandomWorld.notes),
            importKey: random.chance(0.3) ? importKey() : nil)
        if random.chance(0.15) { draft.payee = pick(RandomWorld.payees) }
        return draft
    }

    /// An import key no other draft of this world has (64 random bits).
    mutating func importKey() -> String { "key-" + String(random.next(), radix: 36) }

    mutating func patch() -> TransactionPatch {
        var patch = TransactionPatch()
        for _ in 0..<random.int(in: 1...3) {
            switch random.int(in: 0...9) {
            case 0: patch.date = .set(date())
            case 1: patch.merchant = .set(pick(RandomWorld.merchants))
            case 2:
                if let category = pick(RandomWorld.categories) {
                    patch.category = .set(category)
                } else {
                    patch.category = .clear
                    patch.subcategory = .clear
                }
            case 3: patch.card = pick(RandomWorld.cards).map { .set($0) } ?? .clear
            case 4: patch.account = pick(RandomWorld.accounts).map { .set($0) } ?? .clear
            case 5:
                let currency = pick(["EUR", "USD", "JPY"])
                patch.currency = .set(Currency(currency)!)
                patch.amount = .set(amount(forCurrency: currency))
            case 6: patch.status = .set(random.chance(0.5) ? .pending : .posted)
            case 7: patch.notes = pick(RandomWorld.notes).map { .set($0) } ?? .clear
            case 8 where random.chance(0.3): patch.importKey = random.chance(0.5) ? .set(importKey()) : .clear
            case 9 where random.chance(0.5): patch.payee = .set(pick(RandomWorld.payees))
            default: patch.merchant = .set(pick(RandomWorld.merchants).uppercased())
            }
        }
        return patch
    }

    /// A search word: a piece of a stored string (often one or two characters), a number, a
    /// word found nowhere, or a case or accent variant.
    mutating func word() -> String {
        switch random.int(in: 0...9) {
        case 0, 1, 2, 3:
            let source = pick(RandomWorld.merchants + RandomWorld.payees + RandomWorld.categories.compactMap { $0 } + RandomWorld.notes.compactMap { $0 })
            let scalars = Array(source.unicodeScalars)
            let length = pick([1, 1, 2, 2, 3, 4, 6])
            let start = random.int(in: 0...max(0, scalars.count - length))
            var piece = String(String.UnicodeScalarView(scalars[start ..< min(scalars.count, start + length)]))
            if random.chance(0.3) { piece = piece.uppercased() }
            return piece.trimmingCharacters(in: .whitespaces).isEmpty ? "a" : piece
        case 4: return pick(["12", "12.5", "12,50", "4.1", "7", "1200", "19", "0.5", "1", "0,001", "0"])
        case 5: return pick(["zzqx", "qq", "ж", "é"])
        case 6: return pick(["cafe", "CAFÉ", "strasse", "STRAßE", "finance", "ﬁ", "abc", "ＡＢＣ", "istanbul", "пятерочка", "ラーメン", "한"])
        default: return pick(["s", "a", "e", "t", "7", "ä", "ç", " ", "-"])
        }
    }

    mutating func query() -> Query {
        var query = Query()
        query.text = (0..<pick([0, 1, 1, 1, 2, 2, 3])).map { _ in word() }.joined(separator: " ")
        if random.chance(0.3) { query.text += " " + query.text }  // repeated terms
        query.scope = pick(SearchScope.allCases + [.all, .all])
        if random.chance(0.3) {
            for _ in 0..<random.int(in: 1...2) { query.terms.append(term()) }
        }
        var filters = QueryFilters()
        if random.chance(0.25) {
            let first = RandomWorld.baseDay + Int64(random.int(in: -2...42))
            filters.from = random.chance(0.8) ? CalendarDay(daysSince1970: Int32(first)) : nil
            filters.to = random.chance(0.8) ? CalendarDay(daysSince1970: Int32(first + Int64(random.int(in: -1...20)))) : nil
        }
        if random.chance(0.2) { filters.cards = (0..<random.int(in: 1...2)).map { _ in pick(RandomWorld.cards + ["4242", "****0005", "nope"]) } }
        if random.chance(0.15) { filters.categories = (0..<random.int(in: 1...2)).map { _ in pick(RandomWorld.categories + ["food & drink"]) } }
        if random.chance(0.1) { filters.accounts = [pick(RandomWorld.accounts)] }
        if random.chance(0.1) { filters.status = pick(TransactionStatus.allCases) }
        if random.chance(0.15) { filters.minimumAmount = DecimalAmount(significand: Int64(random.int(in: -2000...100)), fractionDigits: pick([0, 1, 2])) }
        if random.chance(0.15) { filters.maximumAmount = DecimalAmount(significand: Int64(random.int(in: -1500...1500)), fractionDigits: pick([0, 1, 2])) }
        if random.chance(0.15) { filters.kind = pick(TransactionKind.allCases) }
        query.filters = filters
        query.grouping = pick(Grouping.allCases)
        query.sort = pick(ResultOrder.allCases)
        query.limit = pick([0, 1, 3, 5, 50, 50])
        query.offset = pick([0, 0, 0, 1, 4, 20])
        return query
    }

    mutating func term() -> SearchTerm {
        let condition: SearchTerm.Condition
        switch random.int(in: 0...5) {
        case 0, 1: condition = .text(word(), field: pick(TermField.allCases))
        case 2:
            let lower = random.chance(0.7) ? DecimalAmount(significand: Int64(random.int(in: 0...2000)), fractionDigits: pick([0, 2])) : nil
            let upper = random.chance(0.7) ? DecimalAmount(significand: Int64(random.int(in: 0...2000)), fractionDigits: pick([0, 2])) : nil
            condition = .magnitude(MagnitudeRange(lower: lower, lowerInclusive: random.chance(0.5), upper: upper, upperInclusive: random.chance(0.5)))
        case 3:
            let first = RandomWorld.baseDay + Int64(random.int(in: 0...40))
            condition = .dates(from: CalendarDay(daysSince1970: Int32(first)), to: CalendarDay(daysSince1970: Int32(first + Int64(random.int(in: 0...10)))))
        case 4: condition = .status(pick(TransactionStatus.allCases))
        default: condition = .text(pick(["uber", "café", "7", "12.5", "visa", "****4242", "main"]), field: pick(TermField.allCases))
        }
        return SearchTerm(condition, isExcluded: random.chance(0.35))
    }
}
