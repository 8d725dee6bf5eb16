extension StatementEntry {
    /// How an account number from a bank file is kept: `****` and its last four letters or
    /// digits (`DE89 3704 0044 0532 0130 00` becomes `****3000`), so a store never holds a full
    /// account number or IBAN; a number of four characters or fewer is kept as it is, trimmed.
    package static func maskedAccount(_ number: String) -> String {
        var lastFour: [Unicode.Scalar] = []
        var count = 0
        for scalar in number.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            count += 1
            lastFour.append(scalar)
            if lastFour.count > 4 { lastFour.removeFirst() }
        }
        guard count > 4 else { return number.trimmingWhitespace() }
        var text = "****"
        text.unicodeScalars.append(contentsOf: lastFour)
        return text
    }
}
