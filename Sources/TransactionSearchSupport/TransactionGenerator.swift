import TransactionSearch

/// Realistic transactions, deterministic for a seed: about `merchants` merchants with a
/// Zipf-like frequency (brand-like, accented and non-Latin names among them), 25 categories
/// with subcategories and some uncategorized, several cards and accounts, `years` years of
/// dates with times (a few date-only), log-normal amounts (mostly expenses, some income), EUR
/// with some USD, GBP, JPY and CHF, a few pending, notes on about one row in eight.
///
/// Tests, `bench` and `scripts/make-sample` all use it, so they measure and check the same data.
public struct TransactionGenerator: Sendable {
    public var rows: Int
    public var seed: UInt64
    public var years: Int
    public var merchantCount: Int
    /// The newest instant generated, in milliseconds since 1970 (default 2026-10-31T23:59:59Z).
    public var endMilliseconds: Int64
    /// The shape of the data (vocabularies, notes, pending rows).
    public var distribution: Distribution

    /// Data shapes that differ from one another where query costs differ, so that a figure met
    /// on one is not taken for a figure met on all.
    public enum Distribution: String, Sendable, CaseIterable {
        /// The default: `merchants` merchants (Zipf 1.0), notes on one row in eight, 1% pending
        /// (and the last three days).
        case standard
        /// A long tail: ten times the merchants with a flatter Zipf (0.8), notes on most rows,
        /// many of them distinct (order numbers, cities, references).
        case longTail = "long-tail"
        /// A fifth of the rows pending, notes on few.
        case pendingHeavy = "pending-heavy"
        /// A tenth of the merchants, notes on nearly every row from a small vocabulary.
        case fewMerchants = "few-merchants"

        /// Merchants, Zipf exponent, share of rows with notes, share of notes that are
        /// distinct, share of pending rows.
        var shape: (merchantFactor: Double, zipf: Double, notes: Double, distinctNotes: Double, pending: Double) {
            switch self {
            case .standard: (1, 1.0, 0.12, 0.15, 0.01)
            case .longTail: (10, 0.8, 0.7, 0.6, 0.02)
            case .pendingHeavy: (1, 1.0, 0.05, 0.15, 0.2)
            case .fewMerchants: (0.1, 1.2, 0.95, 0.05, 0.01)
            }
        }
    }

    public init(rows: Int, seed: UInt64 = 42, years: Int = 4, merchants: Int = 3000,
                endMilliseconds: Int64 = 1_793_491_199_000, distribution: Distribution = .standard) {
        self.rows = rows
        self.seed = seed
        self.years = years
        merchantCount = merchants
        self.endMilliseconds = endMilliseconds
        self.distribution = distribution
    }

    /// The cards and the account each belongs to; a row with no card is a transfer or cash.
    static let cards: [(card: String, account: String)] = [
        ("Visa 4242", "Main"), ("Mastercard 5555", "Main"), ("Debit 0005", "Main"),
        ("Visa 1881", "Joint"), ("Revolut 7788", "Travel"), ("Amex 3782 822463 10005", "Travel"),
    ]

    private static let notePhrases = [
        "lunch with the team", "reimbursable", "split with Sam", "gift for Ana", "trip to Zürich",
        "work expense", "refund expected", "birthday dinner", "Geschenk für Oma", "cena con Marta",
        "обед с коллегами", "コーヒー休憩", "weekly shop", "school supplies", "paid back by Leo",
        "monthly subscription", "car service", "concert tickets", "vet visit for Milo", "Café crème",
    ]

    private static let cities = ["Madrid", "Zürich", "München", "Paris", "Kraków", "Москва", "東京", "Lisboa", "Milano", "Dublin"]

    /// Rate of a currency to the euro, for making amounts of the same size.
    private static let currencies: [(code: String, share: Double, perEuro: Double)] = [
        ("EUR", 0.82, 1), ("USD", 0.08, 1.08), ("GBP", 0.05, 0.85), ("JPY", 0.03, 160), ("CHF", 0.02, 0.95),
    ]

    /// The transactions, oldest first, each with an id (`t` and a base-36 number).
    public func generate() -> [TransactionDraft] {
        var random = SeededRandom(seed: seed)
        let shape = distribution.shape
        let merchants = MerchantCatalog.merchants(count: max(1, Int(Double(merchantCount) * shape.merchantFactor)), random: &random)
        let cumulative = TransactionGenerator.zipfCumulative(count: merchants.count, exponent: shape.zipf)
        let span = Int64(years) * 365 * 86_400_000
        var instants = (0..<rows).map { _ in endMilliseconds - Int64(random.unit() * Double(span)) }
        instants.sort()
        var drafts: [TransactionDraft] = []
        drafts.reserveCapacity(rows)
        for (index, instant) in instants.enumerated() {
            let merchant = merchants[TransactionGenerator.sample(cumulative, random.unit())]
            drafts.append(makeDraft(index: index, instant: instant, merchant: merchant, random: &random))
        }
        return drafts
    }

    private func makeDraft(index: Int, instant: Int64, merchant: MerchantCatalog.Entry,
                           random: inout SeededRandom) -> TransactionDraft {
        // Daytime-weighted time of day, in the row's UTC day.
        let day = instant >= 0 ? instant / 86_400_000 : (instant - 86_399_999) / 86_400_000
        let secondOfDay = Int64(7 * 3600 + random.unit() * 16 * 3600)
        let millis = day * 86_400_000 + secondOfDay * 1000
        let date: TransactionDate = random.chance(0.03)
            ? .day(CalendarDay(daysSince1970: Int32(day)))
            : .instant(millisecondsSince1970: millis)

        var pick = random.unit()
        var currency = TransactionGenerator.currencies[0]
        for option in TransactionGenerator.currencies {
            if pick < option.share { currency = option; break }
            pick -= option.share
        }
        let digits = Currency(currency.code)!.minorDigits
        let euros = merchant.typicalAmount * exp(random.normal() * (merchant.isIncome ? 0.2 : 0.6))
        let units = max(1, Int64((euros * currency.perEuro * pow(10, Double(digits))).rounded()))
        let amount = DecimalAmount(significand: merchant.isIncome ? units : -units, fractionDigits: digits)

        let cardChoice = random.chance(merchant.isIncome ? 1 : 0.1) ? nil : TransactionGenerator.cards[Int(random.unit() * random.unit() * Double(TransactionGenerator.cards.count))]
        let account = cardChoice?.account ?? (merchant.isIncome ? "Main" : random.pick(["Main", "Savings", "Joint"]))
        let isRecent = endMilliseconds - instant < 3 * 86_400_000
        var notes: String?
        let shape = distribution.shape
        if random.chance(shape.notes) {
            if distribution == .standard {  // the same data as before distributions existed
                notes = random.chance(0.15) ? "order #\(random.int(in: 10_000...99_999))" : random.pick(TransactionGenerator.notePhrases)
            } else if random.chance(shape.distinctNotes) {
                notes = random.pick(["order #", "ref ", "invoice ", "booking "]) + String(random.int(in: 10_000...9_999_999))
                    + (random.chance(0.3) ? " " + random.pick(TransactionGenerator.cities) : "")
            } else {
                notes = random.pick(TransactionGenerator.notePhrases)
            }
        }
        return TransactionDraft(
            id: "t" + String(index, radix: 36), date: date, merchant: merchant.name,
            category: merchant.category, subcategory: merchant.subcategory, card: cardChoice?.card,
            account: account, amount: amount, currency: Currency(currency.code)!,
            status: isRecent || random.chance(shape.pending) ? .pending : .posted, notes: notes)
    }

    /// Cumulative Zipf weights 1/(rank+1)^exponent, normalized to end at 1.
    private static func zipfCumulative(count: Int, exponent: Double) -> [Double] {
        var total = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(count)
        for rank in 0..<count {
            total += 1 / pow(Double(rank + 1), exponent)
            cumulative.append(total)
        }
        return cumulative.map { $0 / total }
    }

    private static func sample(_ cumulative: [Double], _ value: Double) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
