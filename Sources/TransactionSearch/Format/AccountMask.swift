/// How an account number from a bank file is kept: its last four digits only (`****6789`), so
/// a store never holds a full account number or IBAN.
public enum AccountMask {
    /// `****` and the last four letters or digits of `number` (`DE89 3704 0044 0532 0130 00`
    /// becomes `****3000`); a number of four characters or fewer is kept as it is, trimmed.
    public static func masked(_ number: String) -> String {
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
