/// Whether two descriptors name the same merchant: what lets a posted payment take the place of
/// its pending self, and what marks an added row as a likely duplicate of a stored one
/// (docs/SPEC.md sections 7 and 9). Words that name no merchant never count: payment and
/// processor words (`card`, `purchase`, `pos`, `sepa`, `lastschrift`, `paypal`, `sq`, `www`,
/// `com`...), anything with a digit (store numbers, references, dates), and words found in most
/// of the store's merchants (`commonWords`). What is left, in order, must agree: the same words,
/// or one list the start of the other (a pending descriptor is often cut short: its last word
/// may be the start of the other's), or every word of the shorter (two or more) in the longer.
/// `Uber Trip` and `Uber Eats` share only `uber`: different.
struct MerchantSimilarity: Sendable {
    /// Folded words present in most of the store's merchants.
    var commonWords: Set<[UInt8]> = []

    /// The words of `text` that can name a merchant, folded, in order, each once.
    func significantWords(_ text: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        var hasDigit = false
        func flush() {
            defer {
                current.removeAll(keepingCapacity: true)
                hasDigit = false
            }
            guard current.count >= 2, !hasDigit, !MerchantSimilarity.noiseWords.contains(current),
                  !commonWords.contains(current), !words.contains(current) else { return }
            words.append(current)
        }
        for byte in Array(Folding.fold(text).utf8) {
            if (0x30...0x39).contains(byte) {
                hasDigit = true
                current.append(byte)
            } else if (0x61...0x7A).contains(byte) || byte >= 0x80 {
                current.append(byte)
            } else if byte != UInt8(ascii: "'") {
                flush()
            }
        }
        flush()
        return words
    }

    /// Whether two descriptors name the same merchant.
    func isSimilar(_ left: String, _ right: String) -> Bool {
        MerchantSimilarity.isSimilar(significantWords(left), significantWords(right))
    }

    /// Whether two lists of significant words name the same merchant (see the type).
    static func isSimilar(_ left: [[UInt8]], _ right: [[UInt8]]) -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        let (shorter, longer) = left.count <= right.count ? (left, right) : (right, left)
        // The shorter list starts the longer one, its last word possibly cut short.
        var isStart = true
        for (index, word) in shorter.enumerated() {
            let other = longer[index]
            let isLast = index == shorter.count - 1
            if word == other { continue }
            // One of the two cut short (either side: equal counts leave no "shorter").
            if isLast && min(word.count, other.count) >= 3 && (other.starts(with: word) || word.starts(with: other)) { continue }
            isStart = false
            break
        }
        if isStart { return true }
        return shorter.count >= 2 && shorter.allSatisfy { longer.contains($0) }
    }

    /// The words common to most merchants of a store: found in more than half of a sample of
    /// its distinct merchants (at least 20 of them, else none is common).
    static func commonWords(in merchants: [String]) -> Set<[UInt8]> {
        guard merchants.count >= 20 else { return [] }
        var counts: [[UInt8]: Int] = [:]
        let plain = MerchantSimilarity()
        for merchant in merchants {
            for word in plain.significantWords(merchant) { counts[word, default: 0] += 1 }
        }
        return Set(counts.filter { $0.value * 2 > merchants.count }.keys)
    }

    /// Folded words that name no merchant: how cards, payments, transfers and processors are
    /// written in the languages of the statements we read, and web and company-form noise.
    static let noiseWords: Set<[UInt8]> = Set("""
        card cards carte karte kartenzahlung karteneinsatz tarjeta carta kaart pas
        purchase purchases purchased pur pos eftpos debit credit visa mastercard maestro amex mc dda
        checkcard check cheque contactless nfc tap chip pin pinbetaling betaalautomaat bea gea
        payment payments pmt pymt paiement pago pagamento zahlung betaling platnosc
        sepa lastschrift basislastschrift uberweisung ueberweisung gutschrift dauerauftrag folgelastschrift
        prlv vir virement achat cb compra recibo adeudo transferencia bonifico addebito
        paypal pp sq tst sp ztl iz izettle sumup cko apl google apple pay gpay applepay stripe square toast zettle
        ach ppd ccd web tel des indn co id ref reference no nr num txn trans transaction authorized authorization
        auth pending recurring online store stores shop purchase intl international fee fees
        www com net org http https html
        inc llc ltd gmbh ag sa sarl bv nv plc srl spa kg ohg ug corp
        the and of de la le les du des der die das und et y el en
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Array($0.utf8) })
}
