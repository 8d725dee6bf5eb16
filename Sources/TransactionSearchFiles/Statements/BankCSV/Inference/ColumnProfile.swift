import TransactionSearch

/// What a column's cells look like, counted over the data rows: how many are dates, amounts,
/// currency codes, debit/credit indicators, statuses, times. The reader checks a role that a
/// header name suggests against it (`Valuta` holding `EUR` is a currency), and proposes
/// columns for a missing role from it.
struct ColumnProfile {
    var nonEmpty = 0
    var dates = 0
    var amounts = 0
    /// Amounts with a sign, a fraction or a currency: numbers that are money rather than ids.
    var moneyLike = 0
    var negatives = 0
    var currencyCodes = 0
    var indicators = 0
    var statuses = 0
    var flags = 0
    var times = 0
    var withLetters = 0
    /// The bytes of the non-empty cells, together.
    var totalLength = 0
    /// Distinct values among the first few hundred (capped at `distinctCap`).
    var distinct = 0
    var example: String?
    var exampleLine = 0
    private var seen: Set<Int> = []

    static let distinctCap = 256

    /// Adds one cell (trimmed).
    mutating func add(_ bytes: ByteView, line: Int) {
        guard !bytes.isEmpty else { return }
        nonEmpty += 1
        totalLength += bytes.count
        if example == nil {
            example = String(decoding: bytes.prefix(60), as: UTF8.self)
            exampleLine = line
        }
        if seen.count < ColumnProfile.distinctCap {
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            if seen.insert(hasher.finalize()).inserted { distinct = seen.count }
        }
        let isDate = DateScanner.scan(bytes) != nil
        if isDate { dates += 1 }
        // An amount too long to hold is still an amount: the row reports it, the column keeps
        // its role.
        if !isDate, let scan = AmountScanner.scan(bytes),
           scan.digits > DecimalAmount.maximumDigits
            || AmountScanner.parse(bytes, scan, decimal: UInt8(ascii: ".")) != nil
            || AmountScanner.parse(bytes, scan, decimal: UInt8(ascii: ",")) != nil {
            amounts += 1
            if scan.isNegative { negatives += 1 }
            if scan.isNegative || scan.points + scan.commas > 0 || scan.currency != nil || scan.hasDollarSign { moneyLike += 1 }
        }
        if bytes.count == 3, let code = ByteText.packedWord(bytes), CurrencyCodes.isKnown(UInt32(code & 0xFFFFFF) & ~0x20_2020) {
            currencyCodes += 1
        }
        if ValueWords.indicator(bytes) != nil { indicators += 1 }
        if TimeText.timeOfDay(bytes) != nil { times += 1 }
        var hasLetter = false
        for byte in bytes where byte >= 0x80 || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) {
            hasLetter = true
            break
        }
        if hasLetter {
            withLetters += 1
            if bytes.count <= 40 {
                let key = ByteText.key(bytes)
                if StatusWord.of(key: key) != nil { statuses += 1 }
                if ValueWords.flag(key: key) != nil { flags += 1 }
            }
        } else if bytes.count == 1, ValueWords.flag(key: String(decoding: bytes, as: UTF8.self)) != nil {
            flags += 1
        }
    }

    /// Whether at least `share` of the non-empty cells are of a kind (false for an empty column).
    func mostly(_ count: Int, _ share: Double = 0.8) -> Bool {
        nonEmpty > 0 && Double(count) >= share * Double(nonEmpty)
    }
}
