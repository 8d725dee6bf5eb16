import TransactionSearch

/// A card as the table shows it: its name with the masked number (`Amex ****0005`,
/// `Debit ****0005`), so two cards that end in the same digits stay apart; where the table is
/// short of room, the name with the last four digits (`Amex 0005`); the mask alone
/// (`****0005`) for a card with no name before its number; a card with fewer than four digits
/// as stored (`Cash`).
package enum CardLabel {
    /// `Amex ****0005` for `Amex 0005` or `Amex ****0005` (`Amex 0005` when `short`);
    /// `****0005` when the card has no name before its number.
    package static func text(of card: String, short: Bool) -> String {
        let mask = Transaction.cardTitle(of: card)
        guard mask != card else { return mask }
        // The words before the number, without the ones that only mask digits (`XXXX`).
        var words = card.prefix { !$0.isNumber && $0 != "*" && $0 != "•" }.split(separator: " ")
        while let last = words.last, last.allSatisfy({ "xX*•-#:.,".contains($0) }) { words.removeLast() }
        let name = words.joined(separator: " ")
        if name.isEmpty { return mask }
        return name + " " + (short ? String(mask.dropFirst(4)) : mask)
    }
}
