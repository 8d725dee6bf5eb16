extension Transaction {
    /// How a card is shown: `****4242`, the last four digits of its name when it has four or
    /// more, else its name as stored (`Cash`, `Card 12`); nil when the transaction has no card.
    public var cardTitle: String? { card.map(Transaction.cardTitle(of:)) }

    /// How a card of this name is shown: `****4242` for `Visa 4242`; the name itself when it
    /// has fewer than four digits. What a card group's title and a card facet read.
    public static func cardTitle(of card: String) -> String {
        let digits = cardDigits(in: card.utf8)
        guard digits.count >= 4 else { return card }
        let lastFour = (0..<4).map { UInt8(truncatingIfNeeded: digits.lastFour >> (24 - 8 * $0)) }
        return "****" + String(decoding: lastFour, as: UTF8.self)
    }

    /// The ASCII digits of a card name's UTF-8: the last four one byte each (the last lowest),
    /// and how many there are in all. What `cardTitle(of:)` keeps, and what a changed row's
    /// cache facts read from the pool's bytes without making the title (`StringPool.asciiDigits`).
    static func cardDigits(in bytes: some Sequence<UInt8>) -> (lastFour: UInt32, count: Int) {
        var lastFour: UInt32 = 0
        var count = 0
        for byte in bytes where byte >= 0x30 && byte <= 0x39 {
            lastFour = lastFour << 8 | UInt32(byte)
            count += 1
        }
        return (lastFour, count)
    }
}
