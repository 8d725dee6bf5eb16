import TransactionSearch

/// The non-standard `:NS:` field some German banks write after a statement line (with or
/// without `:86:`): lines of a two-digit code and its text. `01`-`14` are the purpose, `15`
/// and `16` the counterparty's name, `17` the posting text; the others (primanota, time, the
/// counterparty's bank and account) are left out.
extension MT940Details {
    /// Reads the field's lines (the first without `:NS:`).
    init(nonStandard bytes: ByteView, lines: ArraySlice<Range<Int>>) {
        var purpose: [String] = [], name: [String] = []
        var postingText: String?
        for line in lines {
            let trimmed = bytes.trimming(line)
            guard trimmed.count > 2, let code = MT940Amount.twoDigits(bytes, trimmed.lowerBound, trimmed.upperBound),
                  let text = bytes.trimmedText(trimmed.lowerBound + 2..<trimmed.upperBound) else { continue }
            switch code {
            case 1...14: purpose.append(text)
            case 15, 16: name.append(text)
            case 17: postingText = postingText ?? text
            default: continue
            }
        }
        self.init(name: name.isEmpty ? nil : name.joined(separator: " "), purpose: purpose.isEmpty ? nil : purpose.joined(separator: " "),
                  postingText: postingText)
    }
}
