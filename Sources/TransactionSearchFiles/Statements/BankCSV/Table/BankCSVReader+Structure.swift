import TransactionSearch

/// Finding a file's structure: its delimiter, where its header is, what comes before it.
extension BankCSVReader {
    /// The delimiters tried, in the order that breaks ties.
    static let candidateDelimiters: [UInt8] = [UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|")]

    /// How many records detection reads with each delimiter (a preamble is a few lines; the
    /// header and 50 rows settle the delimiter).
    static let detectionRecords = 80

    /// A `sep=;` first line (a spreadsheet's delimiter declaration) at byte `start`: the
    /// delimiter and where the next line starts.
    static func delimiterDeclaration(_ text: [UInt8], from start: Int = 0) -> (delimiter: UInt8, next: Int)? {
        guard text.count - start >= 5, text[start] | 0x20 == UInt8(ascii: "s"), text[start + 1] | 0x20 == UInt8(ascii: "e"),
              text[start + 2] | 0x20 == UInt8(ascii: "p"), text[start + 3] == UInt8(ascii: "=") else { return nil }
        var next = start + 5
        if next < text.count && text[next] == UInt8(ascii: "\r") { next += 1 }
        if next < text.count && text[next] == UInt8(ascii: "\n") { next += 1 }
        guard next > start + 5 || next == text.count else { return nil }
        return (text[start + 4], next)
    }

    /// The delimiter that makes the text a table: the one under which a header names a date
    /// and an amount and the lines after it have as many fields; else the one under which the
    /// most lines share a field count above one.
    static func detectDelimiter(_ text: [UInt8], start: Int, firstLine: Int, explicitNames: [String]) -> (UInt8, String) {
        var best: (score: (Int, Int, Int), delimiter: UInt8, reason: String)?
        var alsoNamed: [UInt8] = []
        for delimiter in candidateDelimiters {
            let table = DelimitedTable(text, delimiter: delimiter, start: start, firstLine: firstLine, maxRecords: detectionRecords)
            let score: (Int, Int, Int)
            let reason: String
            if let header = (0..<table.recordCount).first(where: { headerQualifies(table.strings(of: $0), explicitNames: explicitNames) }) {
                let fields = table.fieldCount(of: header)
                let after = (header + 1)..<table.recordCount
                let matching = after.filter { abs(table.fieldCount(of: $0) - fields) <= 1 }.count
                score = (2, matching, fields)
                reason = "the header on line \(table.line(of: header)) names a date and an amount in \(fields) fields, and \(matching) of the \(after.count) lines read after it have as many"
            } else {
                var counts: [Int: Int] = [:]
                for record in 0..<table.recordCount where table.fieldCount(of: record) > 1 {
                    counts[table.fieldCount(of: record), default: 0] += 1
                }
                let common = counts.max { ($0.value, $0.key) < ($1.value, $1.key) }
                score = (1, common?.value ?? 0, common?.key ?? 0)
                reason = "\(common?.value ?? 0) of \(table.recordCount) lines read have \(common?.key ?? 0) fields"
            }
            if best == nil || score > best!.score {
                if let previous = best, previous.score.0 == 2 { alsoNamed.append(previous.delimiter) }
                best = (score, delimiter, reason)
            } else if score.0 == 2 {
                alsoNamed.append(delimiter)
            }
        }
        let chosen = best ?? ((0, 0, 0), UInt8(ascii: ","), "")
        var reason = chosen.score.0 < 2 && chosen.score.1 == 0 ? "no delimiter makes a table: comma" : chosen.reason
        if chosen.score.0 == 2 && !alsoNamed.isEmpty {
            let others = alsoNamed.map { BankCSVOptions.delimiterName(String(UnicodeScalar($0))) }.joined(separator: ", ")
            reason += " (a header is found with \(others) too, with fewer matching lines)"
        }
        return (chosen.delimiter, reason)
    }

    /// Whether a line's fields look like a header: names for a date and for an amount (or a
    /// debit or credit) in two different columns, or every column the options name.
    static func headerQualifies(_ fields: [String], explicitNames: [String]) -> Bool {
        guard fields.count >= 2 else { return false }
        let names = fields.map(HeaderName.init)
        if !explicitNames.isEmpty {
            let keys = Set(names.map(\.fullKey))
            if explicitNames.allSatisfy({ keys.contains(HeaderName($0).fullKey) }) { return true }
        }
        var dates: Set<Int> = [], amounts: Set<Int> = []
        for (index, name) in names.enumerated() {
            guard let role = HeaderVocabulary.meaning(of: name)?.role else { continue }
            if role == .date || role == .valueDate { dates.insert(index) }
            if role == .amount || role == .debit || role == .credit { amounts.insert(index) }
        }
        return dates.contains { date in amounts.contains { $0 != date } }
    }

    /// A row's cells look like a transaction: some column holds a date and another an amount.
    static func looksLikeData(_ view: DelimitedTable.View, _ record: Int, dateColumns: [Int], amountColumns: [Int]) -> Bool {
        let dateFound = dateColumns.contains { DateScanner.scan(ByteText.trimmed(view.field(record, $0))) != nil }
        guard dateFound else { return false }
        return amountColumns.contains { column in
            let bytes = ByteText.trimmed(view.field(record, column))
            return !bytes.isEmpty && AmountScanner.scan(bytes) != nil && DateScanner.scan(bytes) == nil
        }
    }

    /// A row with a date in one column and an amount in another, whatever the columns (for a
    /// file whose header the reader cannot name).
    static func looksLikeDataAnywhere(_ view: DelimitedTable.View, _ record: Int) -> Bool {
        let count = view.fieldCount(of: record)
        let all = Array(0..<count)
        for column in all where DateScanner.scan(ByteText.trimmed(view.field(record, column))) != nil {
            if looksLikeData(view, record, dateColumns: [column], amountColumns: all.filter { $0 != column }) { return true }
        }
        return false
    }

    /// Account and currency named before the header (`Kontonummer:;DE89...`, `Währung:;CHF`,
    /// `Account: ****1234`; a label alone on its line with the value on the next, as mBank
    /// writes `#dla rachunków:` then the account; a line of labels over a line of values, as
    /// Deutsche Bank writes `Konto;...;IBAN;Währung`): the account masked (and in full, for
    /// import keys only), the currency a known code.
    static func preambleFacts(_ table: DelimitedTable, records: Range<Int>) -> PreambleFacts {
        var facts = PreambleFacts()
        var previous: [String] = []
        for record in records {
            var fields = table.strings(of: record).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            defer { previous = fields }
            if fields.count == 1, let colon = fields[0].firstIndex(of: ":") {
                let value = String(fields[0][fields[0].index(after: colon)...]).trimmingWhitespace()
                fields = [String(fields[0][..<colon])] + (value.isEmpty ? [] : [value])
            }
            // A label alone on the line before.
            if previous.count == 1, fields.count >= 1 {
                let label = HeaderName.normalizedKey(previous[0])
                if accountLabels.contains(label) || currencyLabels.contains(label) {
                    facts.take(label: label, value: fields[0], line: table.line(of: record))
                }
            }
            // A line of labels over this line of values.
            if previous.count >= 2, previous.count == fields.count, !previous.contains(where: { $0.contains(where: \.isNumber) }) {
                for (label, value) in zip(previous, fields) {
                    facts.take(label: HeaderName.normalizedKey(label), value: value, line: table.line(of: record))
                }
            }
            guard fields.count >= 2 else { continue }
            facts.take(label: HeaderName.normalizedKey(fields[0]), value: fields[1], line: table.line(of: record))
        }
        return facts
    }

    static let accountLabels: Set<String> = [
        "account", "account number", "account no", "konto", "kontonummer", "iban", "auftragskonto", "girokonto", "compte",
        "numero de compte", "cuenta", "numero de cuenta", "conto", "numero conto", "rekening", "rekeningnummer", "conta",
        "numero da conta", "account name", "account details for", "dla rachunkow", "rachunek", "numer rachunku", "cislo uctu",
        "ucet", "szamlaszam", "kontonummer iban",
    ]
    static let currencyLabels: Set<String> = [
        "currency", "wahrung", "waehrung", "devise", "moneda", "divisa", "valuta", "munt", "moeda", "waluta", "mena", "penznem",
        "currency code",
    ]

    /// What the lines before a bank CSV's header say of the whole file.
    struct PreambleFacts {
        var account: String?
        var accountIdentity: String?
        var accountLine: Int?
        var currency: Currency?

        /// Takes a label's value when it names the account (with digits; `Account name` too)
        /// or the currency, and none is known yet. An account written `DE89... / Girokonto`
        /// keeps its number only.
        mutating func take(label: String, value: String, line: Int) {
            if account == nil && BankCSVReader.accountLabels.contains(label), value.contains(where: \.isNumber) || label == "account name" {
                var number = value
                if let slash = value.range(of: " / "), value[..<slash.lowerBound].contains(where: \.isNumber) {
                    number = String(value[..<slash.lowerBound]).trimmingWhitespace()
                }
                account = BankCSVReader.maskedIfNumber(BankCSVReader.joiningDigitGroups(number))
                accountIdentity = number
                accountLine = line
            } else if currency == nil && BankCSVReader.currencyLabels.contains(label), let code = CurrencyCodes.currency(value) {
                currency = code
            }
        }
    }

    /// An account or card as kept: every number in it with five or more digits masked to its
    /// last four (`DE89 3704 0044 0532 0130 00` → `****3000`, `Checking 0001234567` →
    /// `Checking ****4567`), the rest as written (`Main`, `Visa 4242`).
    static func maskedIfNumber(_ text: String) -> String {
        maskingNumbers(text.trimmingWhitespace(), minimumDigits: 5, minimumLength: 5)
    }

    /// The text with hyphens between digits taken out (`000-000000-001` → `000000000001`), so
    /// that an account number written in groups is masked as one number.
    static func joiningDigitGroups(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        for (index, character) in characters.enumerated() {
            if character == "-", index > 0, index + 1 < characters.count, characters[index - 1].isNumber, characters[index + 1].isNumber {
                continue
            }
            output.append(character)
        }
        return output
    }

    /// A line's text for a report, with account-like numbers masked (eight or more characters,
    /// six or more digits), cut to 120 characters.
    static func maskedLineText(_ fields: [String], delimiter: UInt8) -> String {
        let output = maskingNumbers(fields.joined(separator: String(UnicodeScalar(delimiter))), minimumDigits: 6, minimumLength: 8)
        return output.count > 120 ? String(output.prefix(117)) + "..." : output
    }

    /// The text with each account-like number masked by `AccountMask`: a run of words that all
    /// hold digits, joined by single spaces (`DE89 3704 0044 0532 0130 00`), with at least
    /// `minimumLength` letters and digits, `minimumDigits` of them digits.
    static func maskingNumbers(_ text: String, minimumDigits: Int, minimumLength: Int) -> String {
        // Words (letters and digits) and what separates them.
        var pieces: [(text: String, isWord: Bool)] = []
        for character in text {
            let isWord = character.isLetter || character.isNumber
            if let last = pieces.last, last.isWord == isWord {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), isWord))
            }
        }
        var output = ""
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            guard piece.isWord, piece.text.contains(where: \.isNumber) else {
                output += piece.text
                index += 1
                continue
            }
            var end = index + 1  // one past the last word of the run
            while end + 1 < pieces.count, pieces[end].text == " ", pieces[end + 1].text.contains(where: \.isNumber) { end += 2 }
            let run = pieces[index..<end].map(\.text).joined()
            let compact = run.filter { $0 != " " }
            let isNumber = compact.count >= minimumLength && compact.filter(\.isNumber).count >= minimumDigits
            if isNumber {
                while output.hasSuffix("*") { output.removeLast() }  // `****12345` was masked already
                output += StatementEntry.maskedAccount(compact)
            } else {
                output += run
            }
            index = end
        }
        return output
    }
}

extension HeaderName {
    /// The folded name with its currency, for matching a name the options give.
    var fullKey: String { HeaderName.normalizedKey(original) }
}
