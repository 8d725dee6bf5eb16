/// How a card is shown: `****4242`, the last four digits of its name when it has four or more,
/// else its name as stored (`Cash`, `Card 12`).
public enum CardMask {
    /// `****4242` for `Visa 4242`; the name itself when it has fewer than four digits.
    public static func title(of card: String) -> String {
        var lastFour: [UInt8] = []
        var digitCount = 0
        for byte in card.utf8 where byte >= 0x30 && byte <= 0x39 {
            digitCount += 1
            lastFour.append(byte)
            if lastFour.count > 4 { lastFour.removeFirst() }
        }
        guard digitCount >= 4 else { return card }
        return "****" + String(decoding: lastFour, as: UTF8.self)
    }

    /// The last four digits of a card name, when it has four or more.
    static func lastFourDigits(of card: String) -> String? {
        let title = title(of: card)
        return title.hasPrefix("****") && title != card ? String(title.dropFirst(4)) : nil
    }
}
