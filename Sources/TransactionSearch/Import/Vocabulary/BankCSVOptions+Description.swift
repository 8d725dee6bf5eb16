extension BankCSVOptions: CustomStringConvertible {
    /// The options in words, those given only: `date: Buchungstag, amount: column 6; date
    /// order dmy; decimal comma; delimiter semicolon`; `no options` when none is given. What a
    /// `BankCSVError` suggests (a command-line tool writes them as its own flags instead, with
    /// `BankCSVError.description(writingOptions:)`).
    public var description: String {
        var parts: [String] = []
        let columns = ColumnRole.allCases.compactMap { role in self.columns[role].map { "\(role.rawValue): \($0)" } }
        if !columns.isEmpty { parts.append(columns.joined(separator: ", ")) }
        if let dateOrder { parts.append("date order \(dateOrder)") }
        if let decimalSeparator { parts.append("decimal \(decimalSeparator)") }
        if let delimiter { parts.append("delimiter \(BankCSVOptions.delimiterName(delimiter))") }
        if let encoding { parts.append("encoding \(encoding.rawValue)") }
        if let skipLines { parts.append("skip \(skipLines) line\(skipLines == 1 ? "" : "s")") }
        if let sign { parts.append("sign \(sign)") }
        if let defaultCurrency { parts.append("currency \(defaultCurrency.code)") }
        if let account { parts.append("account \(account)") }
        return parts.isEmpty ? "no options" : parts.joined(separator: "; ")
    }

    /// `comma`, `semicolon`, `tab`, `pipe`, or the character itself.
    package static func delimiterName(_ delimiter: String) -> String {
        switch delimiter {
        case ",": "comma"
        case ";": "semicolon"
        case "\t": "tab"
        case "|": "pipe"
        default: delimiter
        }
    }
}
