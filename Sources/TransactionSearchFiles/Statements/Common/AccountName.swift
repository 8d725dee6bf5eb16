import TransactionSearch

/// An account as a statement names it, made safe to store: names (`Checking`, `Visa Gold`)
/// stay as they are, but every number in it with five digits or more, with spaces, dashes,
/// dots or slashes between its digits and an IBAN's two-letter country code before it, becomes
/// `StatementEntry.maskedAccount` of itself (`Giro DE89 3704 0044 0532 0130 00` is `Giro ****3000`).
enum AccountName {
    /// The name with every long number masked; nil when it is blank.
    static func masked(_ name: String) -> String? {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let scalars = Array(trimmed.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                output.append(scalars[index])
                index += 1
                continue
            }
            // A run of digits and single separators between digits.
            var end = index, digits = 0, runEnd = index
            while end < scalars.count {
                if isDigit(scalars[end]) {
                    digits += 1
                    end += 1
                    runEnd = end
                } else if isSeparator(scalars[end]), end + 1 < scalars.count, isDigit(scalars[end + 1]) {
                    end += 1
                } else {
                    break
                }
            }
            if digits < 5 {
                output.append(contentsOf: scalars[index..<runEnd])
            } else {
                // An IBAN's country code just before the digits goes with them.
                if output.count >= 2 {
                    let tail = Array(output.suffix(3))
                    let letters = tail.suffix(2)
                    let startsWord = tail.count < 3 || !tail[0].properties.isAlphabetic
                    if letters.allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A }), startsWord {
                        output.removeLast(2)
                    }
                }
                output.append(contentsOf: StatementEntry.maskedAccount(String(String.UnicodeScalarView(scalars[index..<runEnd]))).unicodeScalars)
            }
            index = runEnd
        }
        return String(output)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "-" || scalar == "." || scalar == "/"
    }
}
